"""What the scoring explorer says about the shown step: highlights, tooltips, the lion's choice.

:class:`ScoringExplanations` is mixed into
:class:`~cole_panel.ecosystem.explorer.model.ScoringExplorerModel`; it only reads the model (``parks``,
``sheet``, ``shown_lines``, ``new_lines``, ``shown_step``, ``step``, ``player``...), never
changes it.
"""

from __future__ import annotations

from collections.abc import Iterable

from engines import ScoreLine
from engines.ecosystem import COLS, CardType, LionChoice

from .park_text import ROW_NOTE, Cell, where_label
from .style import CATEGORY_TITLES


def points_word(n: int) -> str:
    """``"point"`` for ±1, else ``"points"``.

    >>> f"1 {points_word(1)}, 0 {points_word(0)}"
    '1 point, 0 points'
    """
    return "point" if abs(n) == 1 else "points"


def flips_of(lines: Iterable[ScoreLine]) -> dict[Cell, str]:
    """Cells that end face down in a player's score lines, with what flips them."""
    out: dict[Cell, str] = {}
    for line in lines:
        if line.category == "cheetah" and line.points > 0:
            for cell in line.cells[1:]:
                out.setdefault(cell, f"the cheetah at {where_label(line.cells[0])}")
        elif line.category == "lion" and len(line.cells) == 2:
            out[line.cells[1]] = f"the lion at {where_label(line.cells[0])}"
    return out


COSTLY: dict[str, int] = {"elephant": 2}
"""Categories whose line lists the cards that *cost* the scoring card points (each face-up
animal next to an elephant takes 2 of its 6), with what each one costs."""


class ScoringExplanations:
    """Sentences and highlights for the shown player's scoring (read-only)."""

    @property
    def highlight(self) -> tuple[list[Cell], list[Cell], list[Cell]]:
        """``(scoring cards, cards that earn them points, cards that cost them points)`` to
        highlight: the selected line, or the lines of the shown step."""
        lines = self.shown_lines
        if self.selected_line is not None and self.selected_line < len(lines):
            chosen = [lines[self.selected_line]]
        else:
            chosen = [lines[i] for i in self.new_lines]
        scorers, helpers, harmers = [], [], []
        for line in chosen:
            if not line.cells:
                continue
            if line.category == "rows":
                helpers.extend(line.cells)
                continue
            scorers.append(line.cells[0])
            (harmers if line.category in COSTLY else helpers).extend(line.cells[1:])
        return scorers, helpers, harmers

    def final_flips(self) -> dict[Cell, str]:
        """Cells of the shown player's parks that end face down, with what flips them."""
        return flips_of(self.sheet.for_player(self.player))

    def line_text(self, line: ScoreLine) -> str:
        """A line's note as a player reads it: two-park lines name their park, row lines name
        the kinds that counted and the face-down cards that did not."""
        if line.category == "rows":
            return self._row_text(line)
        parks = {cell[0] for cell in line.cells if len(cell) == 3}
        if len(parks) == 1:
            name = next(iter(parks)).capitalize()
            if name not in line.note:
                return f"Park {name}: {line.note}"
        return line.note

    def _row_text(self, line: ScoreLine) -> str:
        match = ROW_NOTE.match(line.note)
        if match is None or not self.steps:
            return line.note
        r = "ABCD".index(match[1])
        final = self.steps[-1].parks[line.player]
        kinds: set[CardType] = set()
        down = []
        for name, park in zip(self.park_names, final, strict=True):
            for c in range(COLS):
                card = park[(r, c)]
                if card is None:
                    continue
                if (r, c) in park.flipped:
                    down.append(f"{where_label((name, r, c))} ({card.label})")
                else:
                    kinds.add(card)
        text = line.note
        if kinds:
            text += " (" + ", ".join(card.label for card in CardType if card in kinds) + ")"
        if down:
            text += "; face down, not counted: " + ", ".join(down)
        return text

    def cell_notes(self) -> dict[Cell, list[str]]:
        """For each cell, the shown lines it takes part in (for hover tooltips): what the
        line scores, and whether this card earns it points or costs it points."""
        notes: dict[Cell, list[str]] = {}
        for line in self.shown_lines:
            text = self.line_text(line)
            for n, cell in enumerate(line.cells):
                if line.category == "rows":
                    head = f"counts in {line.points:+d}"
                elif n == 0:
                    head = f"{line.points:+d}"
                elif line.category in COSTLY:
                    head = f"costs it {COSTLY[line.category]} points"
                else:
                    head = "earns it points"
                notes.setdefault(cell, []).append(f"{head}: {text}")
        return notes

    def row_notes(self) -> dict[int, tuple[int, str]]:
        """Two parks: row index → (points, note) of the shown row lines."""
        out = {}
        for line in self.shown_lines:
            match = ROW_NOTE.match(line.note) if line.category == "rows" else None
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
        n = len(self.view_steps)
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
            if self.step == 1 or c not in self.view_steps[self.step - 2].flipped[self.player]
        ]
        text = f"Step {self.step} of {n}: {title} {points:+d} (total {self.total})."
        if flips:
            text += " Flipped face down: " + ", ".join(sorted(where_label(c) for c in flips)) + "."
        return text
