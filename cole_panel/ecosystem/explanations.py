"""What the scoring explorer says about the shown step: highlights, tooltips, the lion's choice.

:class:`ScoringExplanations` is mixed into
:class:`~cole_panel.ecosystem.explorer.ScoringExplorerModel`; it only reads the model (``parks``,
``sheet``, ``shown_lines``, ``new_lines``, ``shown_step``, ``step``, ``player``...), never
changes it.
"""

from __future__ import annotations

from engines.ecosystem import CardType, LionChoice

from .park_text import ROW_NOTE, Cell, where_label
from .style import CATEGORY_TITLES


class ScoringExplanations:
    """Sentences and highlights for the shown player's scoring (read-only)."""

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
