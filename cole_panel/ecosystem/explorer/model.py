"""The scoring explorer as a Param model: build parks, score them, step through the scoring.

The model holds a *table*: one entry per player, each a tuple of her parks (one park in the
classic game, West and East with two parks). One player's parks are shown and edited at a time
(:attr:`~ScoringExplorerModel.player`); everyone on the table takes part in the gazelle
majority, plus the gazelle counts of players who are not on the table
(:attr:`~ScoringExplorerModel.other_gazelles`). After every change the whole table is scored
step by step with :func:`engines.ecosystem.score_steps`; views read the result and redraw when
:attr:`~ScoringExplorerModel.revision` changes. Its other parts are mixins: the stepping cursor
(:mod:`.steps`), what is said about a step (:mod:`..explanations`), the options
(:mod:`.options`) and whole tables in and out: a draft's parks, a link, a file
(:mod:`.tables`).

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

import random
from typing import Any

import param

from engines import ScoreSheet
from engines.ecosystem import (
    CATEGORIES,
    CELLS,
    CODES,
    CardType,
    Park,
    Rules,
    ScoringStep,
    card_from_code,
    cell_label,
    score_steps,
)
from engines.text import article

from ..explanations import ScoringExplanations
from ..options import ScoringOptions
from ..park_text import (
    ESTHER,
    Cell,
    line_cell,
    parks_text,
    parse_counts,
    parse_parks,
    parse_row_points,
    where_label,
)
from .park_file import PARK_FORMAT
from .steps import ScoringSteps
from .tables import ScoringTables, table_as, table_entry

BRUSHES: tuple[str, ...] = (*CODES, "eraser")
"""What a click on a cell can put there: a card code, or the eraser (empty the cell)."""


STEPS_LEFT = " Step-by-step mode is off: the park changed."
"""Added to the message of a park edit made in step-by-step mode."""


class ScoringExplorerModel(ScoringExplanations, ScoringSteps, ScoringTables, ScoringOptions):
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
            params["table"] = [table_entry(parks, params.get("variant", "classic"))]
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

    def _rescore(
        self, message: str | None = None, error: bool = False, restart: bool = True
    ) -> str:
        """Score the table again; returns a note when hand-picked prey had to be dropped.

        ``restart``: step mode starts again from step 0 (after any change of the parks or the
        options the old step number would point into a different scoring)."""
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
        self._view = self._steps_of_player(steps)
        updates: dict[str, Any] = dict(
            step=0 if restart else min(self.step, len(self._view)),
            selected_line=None,
            lion_choices=choices,
            revision=self.revision + 1,
        )
        if restart and self.stepping and self.step:
            note += " The steps start again from step 0."
        if message is not None or note:
            updates.update(message=(message or "").strip() + note, message_is_error=error)
        self._quietly(**updates)
        return note

    @param.depends(
        "elephant_floor",
        "lion_scores_without_prey",
        "lion_choice",
        "majority_needs_gazelles",
        "row_points",
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
            text = "Classic game: one park each (Park West kept)."
        else:
            text = "Two parks: the park became Park West; build Park East beside it."
        self.rescore_with(text, table=table_as(self.table, self.variant), lion_choices={})

    def _quietly(self, **values: Any) -> None:
        """Set parameters without the watchers rescoring (the caller rescores once)."""
        self._busy = True
        try:
            self.param.update(**values)
        finally:
            self._busy = False

    def rescore_with(self, message: str | None = None, /, **values: Any) -> str:
        """Set ``values`` (parameters) at once, then score the table again from step 0 and
        say ``message``; returns the note added when hand-picked prey had to be dropped."""
        self._quietly(**values)
        return self._rescore(message)

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

    def park_text(self) -> str:
        """The shown player's parks as text (what :meth:`load_text` reads)."""
        return parks_text(self.parks)

    # ------------------------------------------------------------------ stepping
    @property
    def steps(self) -> list[ScoringStep]:
        """Every scoring step of the whole table, in the rulebook's order."""
        return list(self._steps)

    @property
    def view_steps(self) -> list[ScoringStep]:
        """The scoring steps of the shown player, in the rulebook's order."""
        return list(self._view)

    def _steps_of_player(self, steps: list[ScoringStep]) -> list[ScoringStep]:
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

    @param.depends("stepping", "step", watch=True)
    def _cursor_moved(self) -> None:
        if not self._busy:
            self._busy = True
            try:
                self.param.update(selected_line=None, revision=self.revision + 1)
            finally:
                self._busy = False

    def next_step(self) -> bool:
        if not self.stepping:
            self.go(0)
            return True
        if self.step >= len(self._view):
            return self.refuse("Scoring is over: that was the last step.")
        self.go(self.step + 1)
        return True

    def previous_step(self) -> bool:
        if not self.stepping or self.step == 0:
            return self.refuse("This is the start: nothing has been scored yet.")
        self.go(self.step - 1)
        return True

    def choose_lion(self, prey: Cell | None) -> bool:
        """Make the shown lion flip ``prey`` (None: let the rules choose again)."""
        lion = self.lion
        if lion is None:
            return self.refuse("Step to one of your lions to choose its prey.")
        choices = {p: dict(m) for p, m in self.lion_choices.items()}
        mine = choices.setdefault(self.player, {})
        if prey is None:
            mine.pop(lion.lion, None)
            text = f"The lion at {where_label(lion.lion)} chooses by the rules again."
        else:
            prey = tuple(prey)
            if prey not in [c for c, _ in lion.options]:
                return self.refuse(
                    f"The lion at {where_label(lion.lion)} cannot flip {where_label(prey)}."
                )
            mine[lion.lion] = prey
            text = f"The lion at {where_label(lion.lion)} now flips {where_label(prey)}."
        self._busy = True
        try:
            self.lion_choices = choices
        finally:
            self._busy = False
        self._rescore("", restart=False)
        self.param.update(
            message=f"{text} Final total {self.final_total} points.", message_is_error=False
        )
        return True

    # ------------------------------------------------------------------ editing
    def refuse(self, sentence: str) -> bool:
        """Say why a request is refused; nothing else changes.  Returns False."""
        self.param.update(message=sentence, message_is_error=True)
        return False

    def _set_parks(self, parks: tuple[Park, ...], message: str) -> str:
        """Put ``parks`` on show; returns the note a caller adds to its own message.

        A changed park leaves step-by-step mode: stepping through a scoring of cards just
        placed showed empty bars at "Step 0" beside the new total."""
        table = list(self.table)
        table[self.player] = parks
        leaving = STEPS_LEFT if self.stepping else ""
        note = self.rescore_with(message, table=table, stepping=False) + leaving
        if message and leaving:
            self._quietly(message=self.message + leaving)
        return note

    def paint(self, park: str | None, cell: tuple[int, int]) -> bool:
        """What a click on a cell does: put the brush's card there (or empty it)."""
        return self.set_card(park, cell, None if self.brush == "eraser" else self.brush)

    def set_card(self, park: str | None, cell: tuple[int, int], code: str | None) -> bool:
        """Put a card (a code; None empties the cell) in a cell of the shown player's park."""
        names = self.park_names
        if park not in names:
            return self.refuse(f"There is no {park!r} park in the {self.variant} game.")
        cell = tuple(cell)
        if cell not in CELLS:
            return self.refuse(f"There is no cell {cell_label(cell)} in a park.")
        slot = names.index(park)
        old = self.parks[slot]
        cards = dict(old.cards())
        where = where_label(line_cell(park, cell))
        if code is None:
            if cell not in cards:
                return self.refuse(f"{where} is already empty.")
            gone = cards.pop(cell)
            text = f"Removed the {gone.label} at {where}."
        else:
            card = card_from_code(code)
            if cards.get(cell) is card:
                self.param.update(
                    message=f"{where} already holds {article(card.label)}.", message_is_error=False
                )
                return True
            cards[cell] = card
            text = f"Put {article(card.label)} at {where}."
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
        note = self._set_parks(tuple(parks), "")
        self.param.update(
            message=f"A random park: {self.final_total} points.{note}", message_is_error=False
        )
        return True

    def load_text(self, text: str) -> bool:
        """Replace the shown player's parks by park text; a mistake changes nothing but
        :attr:`message`, which names the row, the column and the token."""
        try:
            parks, had_face_down = parse_parks(text, self.variant)
        except ValueError as exc:
            return self.refuse(f"Park text not applied: {exc}. The park is unchanged.")
        note = (
            " Face-down marks (*) were ignored: scoring starts with every card face up."
            if had_face_down
            else ""
        )
        note += self._set_parks(parks, "")
        self.param.update(
            message=f"Park text applied: {self.final_total} points.{note}", message_is_error=False
        )
        return True

    def set_other_gazelles(self, text: str, park: str | None = None) -> bool:
        """Set the other players' gazelle counts from text such as ``"3, 1"``."""
        try:
            counts = parse_counts(text, "Other players' gazelles")
        except ValueError as exc:
            return self.refuse(f"{exc} The counts are unchanged.")
        name = "other_gazelles_east" if park == "east" else "other_gazelles"
        setattr(self, name, counts)
        self.param.update(
            message=f"Other players' gazelles: {', '.join(map(str, counts)) or 'none'}"
            f". Your total: {self.final_total} points.",
            message_is_error=False,
        )
        return True

    def set_row_points(self, text: str) -> bool:
        """Set the two-park row table from text such as ``"0 0 0 0 1 3 6 10 15 21 28"``:
        the points of a row for 0, 1, … 10 different face-up card types."""
        try:
            points = parse_row_points(text)
        except ValueError as exc:
            return self.refuse(f"{exc} The row table is unchanged.")
        if points == tuple(self.row_points):
            return True
        before = self.final_total
        self.row_points = points
        after = self.final_total
        self.param.update(
            message=f"Row points for 0 to 10 kinds: {' '.join(map(str, points))}. "
            f"Total {after} points ({after - before:+d}).",
            message_is_error=False,
        )
        return True


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
