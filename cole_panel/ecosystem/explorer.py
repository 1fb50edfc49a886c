"""The scoring explorer as a Param model: build parks, score them, step through the scoring.

The model holds a *table*: one entry per player, each a tuple of her parks (one park in the
classic game, West and East with two parks). One player's parks are shown and edited at a time
(:attr:`~ScoringExplorerModel.player`); everyone on the table takes part in the gazelle
majority, plus the gazelle counts of players who are not on the table
(:attr:`~ScoringExplorerModel.other_gazelles`). After every change the whole table is scored
step by step with :func:`engines.ecosystem.score_steps`; views read the result and redraw when
:attr:`~ScoringExplorerModel.revision` changes.

>>> explorer = ScoringExplorerModel()
>>> explorer.total, explorer.message[:41]
(86, "This is Esther's park, the rulebook's exa")
>>> explorer.load_text("GR GR ZB .. ..\\n.. .. .. .. ..\\n.. .. .. .. ..\\n.. .. .. .. ..")
True
>>> explorer.total, [line.points for line in explorer.shown_lines]
(7, [4, 3])
>>> explorer.load_text("GR GR ZZ .. ..")
False
>>> explorer.message
"Park text not applied: row 1, column 3: unknown card code 'ZZ'. The park is unchanged."
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from typing import Any

import param

from engines import ScoreLine, ScoreSheet
from engines.ecosystem import (
    CATEGORIES,
    CELLS,
    CODES,
    ROWS,
    CardType,
    LionChoice,
    Park,
    Rules,
    ScoringStep,
    State,
    card_from_code,
    cell_label,
    score_steps,
)

from .model import a
from .options import ScoringOptions
from .style import CATEGORY_TITLES

BRUSHES: tuple[str, ...] = (*CODES, "eraser")
"""What a click on a cell can put there: a card code, or the eraser (empty the cell)."""

PARK_FORMAT = "cole-panel/ecosystem-park"
"""The ``format`` field of a saved park file."""
PARK_VERSION = 1
GAME_FORMAT = "cole-panel/ecosystem-game"
"""The ``format`` of a saved draft (its parks can be opened here too)."""

ESTHER = """\
EL GZ EL WH LI
GR ZB CH GZ GR
GR GR ZB TR GF
TR GF WH HY GZ"""
"""The rulebook's worked example: Esther's park scores 86 against a player with 2 gazelles."""

Cell = tuple
_ROW_NOTE = re.compile(r"row ([A-D]): (.*)")


def _line_cell(park: str | None, cell: tuple[int, int]) -> Cell:
    return tuple(cell) if park is None else (park, *cell)


def where_label(cell: Cell) -> str:
    """``"B2"`` or ``"West B2"`` for a score-line cell."""
    if len(cell) == 3:
        return f"{cell[0].capitalize()} {cell_label(cell[1:])}"
    return cell_label(cell)


def parse_counts(text: str, what: str = "gazelle counts") -> list[int]:
    """Whole numbers separated by commas or spaces; ValueError naming the bad one.

    >>> parse_counts("2, 3  0")
    [2, 3, 0]
    >>> parse_counts("2, x")
    Traceback (most recent call last):
    ...
    ValueError: gazelle counts: 'x' is not a whole number from 0 to 99.
    """
    out = []
    for token in text.replace(",", " ").split():
        if not token.isdigit() or int(token) > 99:
            raise ValueError(f"{what}: {token!r} is not a whole number from 0 to 99.")
        out.append(int(token))
    if len(out) > 5:
        raise ValueError(f"{what}: at most 5 other players, not {len(out)}.")
    return out


def parse_parks(text: str, variant: str) -> tuple[tuple[Park, ...], bool]:
    """Park text for one player: ``(parks, had_face_down)``; ValueError names row, column, token.

    Classic: 4 lines of 5 codes (``..`` empty). Two parks: 4 lines ``West | East`` (5 codes
    each side), or the West park's 4 lines followed by the East park's.
    """
    if variant == "classic":
        park = Park.parse(text)
        return (park.face_up(),), bool(park.flipped)
    lines = [line for line in text.split("\n") if line.strip()]
    if any("|" in line for line in lines):
        if len(lines) != ROWS:
            raise ValueError(f"two parks need {ROWS} lines of 'West | East', not {len(lines)}")
        west, east = [], []
        for r, line in enumerate(lines, start=1):
            halves = line.split("|")
            if len(halves) != 2:
                raise ValueError(f"row {r}: put one '|' between the West and the East cards")
            west.append(halves[0])
            east.append(halves[1])
    elif len(lines) == 2 * ROWS:
        west, east = lines[:ROWS], lines[ROWS:]
    else:
        raise ValueError(
            "two parks: write 4 lines of 'West | East' (5 cards on each side), or the West "
            "park's 4 lines followed by the East park's 4 lines"
        )
    parks = []
    for name, rows in (("West", west), ("East", east)):
        try:
            parks.append(Park.parse("\n".join(rows)))
        except ValueError as exc:
            raise ValueError(f"{name} park: {exc}") from None
    return tuple(p.face_up() for p in parks), any(p.flipped for p in parks)


def parks_text(parks: Sequence[Park]) -> str:
    """The text :func:`parse_parks` reads back (``West | East`` lines for two parks)."""
    if len(parks) == 1:
        return str(parks[0])
    west, east = (str(p).split("\n") for p in parks)
    return "\n".join(f"{w} | {e}" for w, e in zip(west, east, strict=True))


class ScoringExplorerModel(ScoringOptions):
    """Parks to build and score, the score sheet, and a cursor for stepping through scoring."""

    table = param.List(
        default=[], doc=("Per player, her parks: a tuple of one Park (classic) or of (West, East).")
    )
    names = param.List(default=[], item_type=str, doc="Per player on the table, a name to show.")
    player = param.Integer(
        default=0,
        bounds=(0, 5),
        doc=("Whose parks are shown, edited and explained (index into the table)."),
    )
    other_gazelles = param.List(
        default=[2],
        item_type=int,
        doc=(
            "Gazelle counts of other players not on the table (classic park, or Park West): they "
            "take part in the gazelle majority."
        ),
    )
    other_gazelles_east = param.List(
        default=[2],
        item_type=int,
        doc=("The same players' gazelle counts in Park East (two parks)."),
    )
    brush = param.Selector(
        default="GR",
        objects=list(BRUSHES),
        doc=("What a click on a cell puts there: a card code, or 'eraser' to empty the cell."),
    )
    lion_choices = param.Dict(
        default={},
        doc=("{player: {lion cell: prey cell}}: prey chosen by hand (others follow lion_choice)."),
    )
    stepping = param.Boolean(
        default=False, doc=("Step-by-step mode: the board shows the scoring up to step `step`.")
    )
    step = param.Integer(
        default=0,
        bounds=(0, None),
        doc=("Scoring steps done in step-by-step mode (0: before scoring starts)."),
    )
    selected_line = param.Integer(
        default=None,
        allow_None=True,
        bounds=(0, None),
        doc=("Index (in shown_lines) of the score line whose cells are highlighted, or None."),
    )
    seed = param.Integer(
        default=None,
        allow_None=True,
        doc=("Seed of the random-park button (None: different parks every time)."),
    )
    message = param.String(default="", doc="The last error or explanation, as sentences.")
    message_is_error = param.Boolean(default=False, doc="Whether the message reports a refusal.")
    revision = param.Integer(
        default=0,
        bounds=(0, None),
        doc=("Bumped after every change of what is shown; views redraw when it changes."),
    )

    def __init__(self, **params: Any):
        parks = parks_given = params.pop("parks", None)
        if "table" in params:
            parks_given = params["table"]
        else:
            if parks is None:
                parks = Park.parse(ESTHER)
                if params.get("variant") == "two_parks":
                    parks = (parks, Park())
            params["table"] = [self._as_entry(parks, params.get("variant", "classic"))]
        count = len(params["table"])
        params.setdefault(
            "names", ["Your park"] if count == 1 else [f"Player {i + 1}" for i in range(count)]
        )
        super().__init__(**params)
        self._rng = random.Random(self.seed)
        self._busy = False
        self._steps: list[ScoringStep] = []
        self._view: list[ScoringStep] = []
        self._rescore()
        if not self.message:
            what = (
                "This is Esther's park, the rulebook's example"
                if parks_given is None
                else self.names[self.player]
            )
            self.param.update(
                message=(
                    f"{what}: {self.final_total} points. Choose a card on the left and click cells "
                    "to change the park, or step through the scoring."
                ),
                message_is_error=False,
            )

    @staticmethod
    def _as_entry(parks: Any, variant: str) -> tuple[Park, ...]:
        if isinstance(parks, str):
            return parse_parks(parks, variant)[0]
        if isinstance(parks, Park):
            parks = (parks,)
        parks = tuple(p.face_up() for p in parks)
        if len(parks) != (1 if variant == "classic" else 2):
            raise ValueError(
                f"the {variant} variant needs {1 if variant == 'classic' else 2} "
                f"park(s) per player, not {len(parks)}"
            )
        return parks

    # ------------------------------------------------------------------ scoring
    @property
    def rules(self) -> Rules:
        """The rules the options describe."""
        return self.make_rules()

    @property
    def park_names(self) -> tuple[str | None, ...]:
        """``(None,)`` classic, ``("west", "east")`` two parks."""
        return self.rules.park_names

    def _score_input(self) -> list[Any]:
        if self.variant == "classic":
            return [entry[0] for entry in self.table]
        return [tuple(entry) for entry in self.table]

    def _others(self) -> list[Any]:
        if self.variant == "classic":
            return list(self.other_gazelles)
        west, east = list(self.other_gazelles), list(self.other_gazelles_east)
        n = max(len(west), len(east))
        west += [0] * (n - len(west))
        east += [0] * (n - len(east))
        return list(zip(west, east, strict=True))

    def _rescore(self, message: str | None = None, error: bool = False) -> str:
        """Score the table again; returns a note when hand-picked prey had to be dropped."""
        rules = self.rules
        choices = {p: dict(m) for p, m in self.lion_choices.items() if m}
        note = ""
        try:
            steps = list(
                score_steps(
                    self._score_input(),
                    rules,
                    other_gazelles=self._others(),
                    lion_choices=choices or None,
                )
            )
        except ValueError:
            # A hand-picked prey no longer fits this park: lions choose by the rules again.
            steps = list(score_steps(self._score_input(), rules, other_gazelles=self._others()))
            choices = {}
            note = " Lions choose their prey by the rules again."
        self._steps = steps
        self._view = self._view_steps(steps)
        updates: dict[str, Any] = dict(
            step=min(self.step, len(self._view)),
            selected_line=None,
            lion_choices=choices,
            revision=self.revision + 1,
        )
        if message is not None or note:
            updates.update(message=(message or "").strip() + note, message_is_error=error)
        self._busy = True
        try:
            self.param.update(**updates)
        finally:
            self._busy = False
        return note

    def _view_steps(self, steps: list[ScoringStep]) -> list[ScoringStep]:
        """The steps that matter to the shown player: every card type, and her own lions."""
        p = self.player
        out, lion_kept, last_lion = [], False, None
        for step in steps:
            if step.category == "lion":
                last_lion = step
                if step.lion is None or step.lion.player != p:
                    continue
                lion_kept = True
            elif step.category == "elephant" and not lion_kept and last_lion is not None:
                out.append(last_lion)  # "Lions: nothing for you" still gets its step
                lion_kept = True
            out.append(step)
        return out

    @param.depends(
        "elephant_floor",
        "lion_scores_without_prey",
        "lion_choice",
        "majority_needs_gazelles",
        "other_gazelles",
        "other_gazelles_east",
        "player",
        watch=True,
    )
    def _options_changed(self) -> None:
        if not self._busy:
            self._rescore()

    @param.depends("variant", watch=True)
    def _variant_changed(self) -> None:
        if self._busy:
            return
        if self.variant == "classic":
            table = [(entry[0],) for entry in self.table]
            text = "Classic game: one park each (Park West kept)."
        else:
            table = [(entry[0], entry[1] if len(entry) > 1 else Park()) for entry in self.table]
            text = "Two parks: the park became Park West; build Park East beside it."
        self._busy = True
        try:
            self.param.update(table=table, lion_choices={})
        finally:
            self._busy = False
        self._rescore(text)

    @param.depends("stepping", "step", watch=True)
    def _cursor_moved(self) -> None:
        if not self._busy:
            self._busy = True
            try:
                self.param.update(selected_line=None, revision=self.revision + 1)
            finally:
                self._busy = False

    # ------------------------------------------------------------------ reading
    @property
    def parks(self) -> tuple[Park, ...]:
        """The shown player's parks as built (face up)."""
        return self.table[self.player]

    @property
    def sheet(self) -> ScoreSheet:
        """The final score sheet of the whole table."""
        return self._steps[-1].sheet if self._steps else ScoreSheet()

    @property
    def view_steps(self) -> list[ScoringStep]:
        """The scoring steps of the shown player, in the rulebook's order."""
        return list(self._view)

    @property
    def shown_step(self) -> ScoringStep | None:
        """The step on display in step-by-step mode (None before scoring or when building)."""
        if not self.stepping or self.step == 0:
            return None
        return self._view[self.step - 1]

    @property
    def shown_parks(self) -> tuple[Park, ...]:
        """The parks on the board: as built, or with the flips made so far when stepping."""
        step = self.shown_step
        if step is None:
            return self.parks
        entry = step.parks[self.player]
        return (entry,) if isinstance(entry, Park) else tuple(entry)

    @property
    def shown_lines(self) -> list[ScoreLine]:
        """The shown player's score lines: all of them, or those scored so far when stepping."""
        if not self.stepping:
            return list(self.sheet.for_player(self.player))
        step = self.shown_step
        return [] if step is None else list(step.sheet.for_player(self.player))

    @property
    def new_lines(self) -> list[int]:
        """Indices in :attr:`shown_lines` of the lines the shown step just scored."""
        step = self.shown_step
        if step is None:
            return []
        lines = self.shown_lines
        fresh = [line for line in step.lines if line.player == self.player]
        return list(range(len(lines) - len(fresh), len(lines)))

    @property
    def total(self) -> int:
        """The shown player's total (so far, when stepping)."""
        return sum(line.points for line in self.shown_lines)

    @property
    def final_total(self) -> int:
        return self.sheet.total(self.player)

    @property
    def categories(self) -> tuple[str, ...]:
        """Score categories of the variant, in scoring order."""
        return CATEGORIES if self.variant == "two_parks" else CATEGORIES[:-1]

    def by_category(self) -> dict[str, int]:
        """Points per category of :attr:`shown_lines`, every category of the variant listed."""
        out = dict.fromkeys(self.categories, 0)
        for line in self.shown_lines:
            out[line.category] += line.points
        return out

    @property
    def highlight(self) -> tuple[list[Cell], list[Cell]]:
        """``(scoring cards, cards that earned them)`` to highlight: the selected line, or the
        lines of the shown step."""
        lines = self.shown_lines
        if self.selected_line is not None and self.selected_line < len(lines):
            chosen = [lines[self.selected_line]]
        else:
            chosen = [lines[i] for i in self.new_lines]
        scorers, helpers = [], []
        for line in chosen:
            if line.cells:
                scorers.append(line.cells[0] if line.category != "rows" else None)
                helpers.extend(line.cells[1:] if line.category != "rows" else line.cells)
        return [c for c in scorers if c is not None], helpers

    def final_flips(self) -> dict[Cell, str]:
        """Cells of the shown player's parks that end face down, with what flips them."""
        out: dict[Cell, str] = {}
        for line in self.sheet.for_player(self.player):
            if line.category == "cheetah" and line.points > 0:
                for cell in line.cells[1:]:
                    out.setdefault(cell, f"the cheetah at {where_label(line.cells[0])}")
            elif line.category == "lion" and len(line.cells) == 2:
                out[line.cells[1]] = f"the lion at {where_label(line.cells[0])}"
        return out

    def cell_notes(self) -> dict[Cell, list[str]]:
        """For each cell, the shown lines it takes part in (for hover tooltips)."""
        notes: dict[Cell, list[str]] = {}
        for line in self.shown_lines:
            for n, cell in enumerate(line.cells):
                head = f"{line.points:+d}" if n == 0 and line.category != "rows" else "helps"
                notes.setdefault(cell, []).append(f"{head}: {line.note}")
        return notes

    def row_notes(self) -> dict[int, tuple[int, str]]:
        """Two parks: row index → (points, note) of the shown row lines."""
        out = {}
        for line in self.shown_lines:
            match = _ROW_NOTE.match(line.note) if line.category == "rows" else None
            if match:
                out["ABCD".index(match[1])] = (line.points, match[2])
        return out

    @property
    def lion(self) -> LionChoice | None:
        """The lion's choice of the shown step, when it is a lion of the shown player."""
        step = self.shown_step
        if step is None or step.lion is None or step.lion.player != self.player:
            return None
        return step.lion

    def lion_text(self) -> str:
        """The lion's choice and its alternatives, as sentences."""
        lion = self.lion
        if lion is None:
            return ""
        where = where_label(lion.lion)
        if lion.reason == "no_grassland":
            return f"The lion at {where} is not next to a grassland, so it does not hunt."
        if lion.reason == "no_prey":
            return f"The lion at {where} has no face-up gazelle or zebra left to flip."
        prey_card = self.card_at(lion.prey)
        why = {
            "best": "the prey that gives the best final total",
            "reading_order": "the first face-up prey in reading order",
            "chosen": "the prey you chose",
        }[lion.reason]
        text = (
            f"The lion at {where} flips the {prey_card.label} at {where_label(lion.prey)}: {why}."
        )
        if len(lion.options) > 1:
            alts = "; ".join(
                f"{self.card_at(c).label} at {where_label(c)} → {v} points" for c, v in lion.options
            )
            text += f" Its choices, with your final total: {alts}."
        return text

    def card_at(self, cell: Cell) -> CardType:
        """The card (as built) at a score-line cell of the shown player's parks."""
        park, rc = (None, cell) if len(cell) == 2 else (cell[0], cell[1:])
        return self.parks[self.park_names.index(park)][rc]

    def describe_step(self) -> str:
        """Where the step-by-step cursor is, in a sentence."""
        if not self.stepping:
            return f"Total {self.final_total} points."
        n = len(self._view)
        step = self.shown_step
        if step is None:
            return (
                f"Step 0 of {n}: before scoring, every card is face up. Press Next to score "
                "the watering holes."
            )
        points = sum(line.points for line in step.lines if line.player == self.player)
        title = CATEGORY_TITLES[step.category]
        flips = [
            c
            for c in step.flipped[self.player]
            if self.step == 1 or c not in self._view[self.step - 2].flipped[self.player]
        ]
        text = f"Step {self.step} of {n}: {title} {points:+d} (total {self.total})."
        if flips:
            text += " Flipped face down: " + ", ".join(sorted(where_label(c) for c in flips)) + "."
        return text

    def park_text(self) -> str:
        """The shown player's parks as text (what :meth:`load_text` reads)."""
        return parks_text(self.parks)

    # ------------------------------------------------------------------ editing
    def _refuse(self, sentence: str) -> bool:
        self.param.update(message=sentence, message_is_error=True)
        return False

    def _set_parks(self, parks: tuple[Park, ...], message: str) -> str:
        table = list(self.table)
        table[self.player] = parks
        self._busy = True
        try:
            self.table = table
        finally:
            self._busy = False
        return self._rescore(message)

    def paint(self, park: str | None, cell: tuple[int, int]) -> bool:
        """What a click on a cell does: put the brush's card there (or empty it)."""
        return self.set_card(park, cell, None if self.brush == "eraser" else self.brush)

    def set_card(self, park: str | None, cell: tuple[int, int], code: str | None) -> bool:
        """Put a card (a code; None empties the cell) in a cell of the shown player's park."""
        names = self.park_names
        if park not in names:
            return self._refuse(f"There is no {park!r} park in the {self.variant} game.")
        cell = tuple(cell)
        if cell not in CELLS:
            return self._refuse(f"There is no cell {cell_label(cell)} in a park.")
        slot = names.index(park)
        old = self.parks[slot]
        cards = dict(old.cards())
        where = where_label(_line_cell(park, cell))
        if code is None:
            if cell not in cards:
                return self._refuse(f"{where} is already empty.")
            gone = cards.pop(cell)
            text = f"Removed the {gone.label} at {where}."
        else:
            card = card_from_code(code)
            if cards.get(cell) is card:
                self.param.update(
                    message=f"{where} already holds {a(card.label)}.", message_is_error=False
                )
                return True
            cards[cell] = card
            text = f"Put {a(card.label)} at {where}."
        parks = list(self.parks)
        parks[slot] = Park(cards)
        before = self.final_total
        note = self._set_parks(tuple(parks), "")
        after = self.final_total
        self.param.update(
            message=f"{text} Total {after} points ({after - before:+d}).{note}",
            message_is_error=False,
        )
        return True

    def clear(self) -> bool:
        """Empty the shown player's parks."""
        self._set_parks(tuple(Park() for _ in self.park_names), "Cleared the park.")
        return True

    def random_park(self) -> bool:
        """Fill the shown player's parks with cards a real draft could give: 20 cards per park
        drawn from one deck (at most 12 of a type), in random cells."""
        deck = [CardType(code) for code, n in self.rules.deck for _ in range(n)]
        parks = []
        for _ in self.park_names:
            cards = self._rng.sample(deck, len(CELLS))
            for card in cards:
                deck.remove(card)
            parks.append(Park(dict(zip(CELLS, cards, strict=True))))
        self._set_parks(tuple(parks), "")
        self.param.update(
            message=f"A random park: {self.final_total} points.", message_is_error=False
        )
        return True

    def load_text(self, text: str) -> bool:
        """Replace the shown player's parks by park text; a mistake changes nothing but
        :attr:`message`, which names the row, the column and the token."""
        try:
            parks, had_face_down = parse_parks(text, self.variant)
        except ValueError as exc:
            return self._refuse(f"Park text not applied: {exc}. The park is unchanged.")
        note = (
            " Face-down marks (*) were ignored: scoring starts with every card face up."
            if had_face_down
            else ""
        )
        self._set_parks(parks, "")
        self.param.update(
            message=f"Park text applied: {self.final_total} points.{note}", message_is_error=False
        )
        return True

    def set_other_gazelles(self, text: str, park: str | None = None) -> bool:
        """Set the other players' gazelle counts from text such as ``"3, 1"``."""
        try:
            counts = parse_counts(text, "Other players' gazelles")
        except ValueError as exc:
            return self._refuse(f"{exc} The counts are unchanged.")
        name = "other_gazelles_east" if park == "east" else "other_gazelles"
        setattr(self, name, counts)
        self.param.update(
            message=f"Other players' gazelles: {', '.join(map(str, counts)) or 'none'}"
            f". Your total: {self.final_total} points.",
            message_is_error=False,
        )
        return True

    # ------------------------------------------------------------------ stepping
    def go(self, step: int | None) -> None:
        """Show the scoring after ``step`` steps (None: leave step-by-step mode)."""
        if step is None:
            self.stepping = False
            return
        step = max(0, min(int(step), len(self._view)))
        self.param.update(stepping=True, step=step)

    def next_step(self) -> bool:
        if not self.stepping:
            self.go(0)
            return True
        if self.step >= len(self._view):
            return self._refuse("Scoring is over: that was the last step.")
        self.go(self.step + 1)
        return True

    def previous_step(self) -> bool:
        if not self.stepping or self.step == 0:
            return self._refuse("This is the start: nothing has been scored yet.")
        self.go(self.step - 1)
        return True

    def choose_lion(self, prey: Cell | None) -> bool:
        """Make the shown lion flip ``prey`` (None: let the rules choose again)."""
        lion = self.lion
        if lion is None:
            return self._refuse("Step to one of your lions to choose its prey.")
        choices = {p: dict(m) for p, m in self.lion_choices.items()}
        mine = choices.setdefault(self.player, {})
        if prey is None:
            mine.pop(lion.lion, None)
            text = f"The lion at {where_label(lion.lion)} chooses by the rules again."
        else:
            prey = tuple(prey)
            if prey not in [c for c, _ in lion.options]:
                return self._refuse(
                    f"The lion at {where_label(lion.lion)} cannot flip {where_label(prey)}."
                )
            mine[lion.lion] = prey
            text = f"The lion at {where_label(lion.lion)} now flips {where_label(prey)}."
        self._busy = True
        try:
            self.lion_choices = choices
        finally:
            self._busy = False
        self._rescore("")
        self.param.update(
            message=f"{text} Final total {self.final_total} points.", message_is_error=False
        )
        return True

    # ------------------------------------------------------------------ a whole table
    def load_table(
        self,
        parks: Sequence[Any],
        rules: Rules | None = None,
        names: Sequence[str] | None = None,
        player: int = 0,
        stepping: bool = True,
    ) -> None:
        """Show a table of parks (e.g. a finished draft: ``state.parks``), stepping from 0."""
        rules = rules or Rules(variant="classic" if isinstance(parks[0], Park) else "two_parks")
        table = [self._as_entry(entry, rules.variant) for entry in parks]
        names = list(names) if names else [f"Player {i + 1}" for i in range(len(table))]
        self._busy = True
        try:
            self.param.update(
                **self.options_from(rules),
                table=table,
                names=names,
                player=player,
                other_gazelles=[],
                other_gazelles_east=[],
                lion_choices={},
                stepping=stepping,
                step=0,
            )
        finally:
            self._busy = False
        self._rescore(
            f"The final parks of {len(table)} players: step through the scoring of {names[player]}."
        )

    # ------------------------------------------------------------------ saving
    def save(self) -> str:
        """The table as JSON text: options, parks as text, other gazelles, lion choices."""
        data = {
            "format": PARK_FORMAT,
            "version": PARK_VERSION,
            "rules": {name: getattr(self, name) for name in self.OPTION_NAMES},
            "names": list(self.names),
            "player": self.player,
            "parks": [[str(p) for p in entry] for entry in self.table],
            "other_gazelles": list(self.other_gazelles),
            "other_gazelles_east": list(self.other_gazelles_east),
            "lion_choices": [
                [p, list(lion), list(prey)]
                for p, mapping in sorted(self.lion_choices.items())
                for lion, prey in mapping.items()
            ],
        }
        return json.dumps(data, indent=1)

    def load(self, text: str) -> bool:
        """Load a saved park (or the parks of a saved draft). A bad file changes nothing but
        :attr:`message`. Returns whether it loaded."""
        try:
            loaded = _parse_park_file(text)
        except ValueError as exc:
            return self._refuse(f"Could not load the file: {exc} The current park is unchanged.")
        rules, table, names, player, others, others_east, choices, what = loaded
        self._busy = True
        try:
            self.param.update(
                **rules,
                table=table,
                names=names,
                player=player,
                other_gazelles=others,
                other_gazelles_east=others_east,
                lion_choices=choices,
                stepping=False,
                step=0,
            )
        finally:
            self._busy = False
        self._rescore()
        self.param.update(
            message=f"Loaded {what}: {names[player]} scores {self.final_total} points.",
            message_is_error=False,
        )
        return True


def _parse_park_file(text: str) -> tuple:
    if not isinstance(text, str):
        raise ValueError("a saved park is text.")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ValueError(
            f"it is not valid JSON ({err.msg} at line {err.lineno}, column {err.colno})."
        ) from None
    if not isinstance(data, dict):
        raise ValueError("it is not a saved park (expected a JSON object).")
    fmt = data.get("format")
    if fmt == GAME_FORMAT or fmt == "ecosystem-savanna-state":
        return _parks_of_game(data)
    if fmt != PARK_FORMAT:
        raise ValueError(f"it is not a saved Ecosystem park (the 'format' field is {fmt!r}).")
    if data.get("version") != PARK_VERSION:
        raise ValueError(
            f"it is a save of version {data.get('version')!r}; this app reads "
            f"version {PARK_VERSION}."
        )
    for key in ("rules", "parks"):
        if key not in data:
            raise ValueError(f"the save has no '{key}' field.")
    raw_rules = data["rules"]
    if not isinstance(raw_rules, dict):
        raise ValueError("its 'rules' must be an object of options.")
    unknown = sorted(set(raw_rules) - set(ScoringOptions.OPTION_NAMES))
    if unknown:
        raise ValueError(f"its 'rules' has an unknown option {unknown[0]!r}.")
    try:
        rules = Rules(**raw_rules)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"its 'rules' are wrong: {exc}") from None
    slots = len(rules.park_names)
    parks = data["parks"]
    if not isinstance(parks, list) or not 1 <= len(parks) <= 6:
        raise ValueError("its 'parks' must list 1 to 6 players' parks.")
    table = []
    for p, entry in enumerate(parks):
        if not isinstance(entry, list) or len(entry) != slots:
            raise ValueError(
                f"parks[{p}] must hold {slots} park text(s) for the {rules.variant} game."
            )
        row = []
        for s, park_text in enumerate(entry):
            try:
                row.append(Park.parse(park_text).face_up())
            except ValueError as exc:
                raise ValueError(f"parks[{p}][{s}]: {exc}.") from None
        table.append(tuple(row))
    names = data.get("names", [f"Player {i + 1}" for i in range(len(table))])
    if (
        not isinstance(names, list)
        or len(names) != len(table)
        or not all(isinstance(n, str) for n in names)
    ):
        raise ValueError("its 'names' must give one name per player.")
    player = data.get("player", 0)
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(table):
        raise ValueError(f"its 'player' must be 0 to {len(table) - 1}, not {player!r}.")
    counts = []
    for key in ("other_gazelles", "other_gazelles_east"):
        value = data.get(key, [])
        if (
            not isinstance(value, list)
            or len(value) > 5
            or not all(
                isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 99 for n in value
            )
        ):
            raise ValueError(f"its '{key}' must list up to 5 whole numbers from 0 to 99.")
        counts.append(value)
    choices: dict[int, dict[Cell, Cell]] = {}
    raw_choices = data.get("lion_choices", [])
    if not isinstance(raw_choices, list):
        raise ValueError("its 'lion_choices' must be a list of [player, lion cell, prey cell].")
    for n, entry in enumerate(raw_choices):
        try:
            p, lion, prey = entry
            lion, prey = tuple(lion), tuple(prey)
            park = None if len(lion) == 2 else lion[0]
            slot = rules.park_names.index(park)
            ok = table[p][slot][lion[-2:]] is CardType.LION and table[p][slot][prey[-2:]] in (
                CardType.GAZELLE,
                CardType.ZEBRA,
            )
        except (TypeError, ValueError, IndexError, KeyError):
            ok = False
        if not ok:
            raise ValueError(
                f"lion_choices[{n}] is not [player, lion cell, gazelle or zebra "
                "cell] of a lion on the table."
            )
        choices.setdefault(p, {})[lion] = prey
    options = {name: getattr(rules, name) for name in ScoringOptions.OPTION_NAMES}
    return options, table, names, player, counts[0], counts[1], choices, "the park file"


def _parks_of_game(data: dict) -> tuple:
    state_data = data.get("state") if data.get("format") == GAME_FORMAT else data
    try:
        state = State.from_dict(state_data)
    except ValueError as exc:
        raise ValueError(f"its game position is damaged ({exc}).") from None
    rules = state.rules
    table = [(entry,) if isinstance(entry, Park) else tuple(entry) for entry in state.parks]
    names = [f"Player {p + 1}" for p in range(state.players)]
    options = {name: getattr(rules, name) for name in ScoringOptions.OPTION_NAMES}
    return options, table, names, 0, [], [], {}, "the parks of a saved draft"


__all__ = [
    "BRUSHES",
    "ESTHER",
    "PARK_FORMAT",
    "ScoringExplorerModel",
    "parks_text",
    "parse_counts",
    "parse_parks",
    "where_label",
]
