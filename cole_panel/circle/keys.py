"""Circle of Life without a pointer: the cursor walks the cells, Enter places, and every move,
capture and score change is said in the engine's sentences (see :mod:`cole_panel.ui.keyboard`).

>>> from engines.circle import replay
>>> print(position_text(replay(["E5", "A1", "D5"])))
Black to play. Eaten: Orange 0, Black 0 (20 wins).
Orange: a pair at D5 E5.
Black: a singleton at A1.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from engines.circle import PLAYER_NAMES, State
from engines.text import article

from ..ui.keyboard import BoardKeys, Shortcut, Spot, typed_move
from .board import CircleBoard
from .geometry import board_cells, cell_center

__all__ = ["CircleKeys", "position_text"]


def position_text(state: State) -> str:
    """Whose turn, the eaten stones, and each player's critters by species, as plain lines."""
    lines = [state.status()]
    for q in (0, 1):
        critters = sorted(
            (c for c in state.critters() if c.player == q),
            key=lambda c: (c.species, sorted(map(state.label, c.cells))),
        )
        words = [
            f"{article(c.species)} at {' '.join(sorted(state.label(x) for x in c.cells))}"
            for c in critters
        ]
        lines.append(f"{PLAYER_NAMES[q]}: {'; '.join(words) if words else 'no stones'}.")
    return "\n".join(lines)


def score_text(state: State) -> str:
    """The eaten stones as one sentence (said when it changes)."""
    return (
        f"Eaten: {PLAYER_NAMES[0]} {state.eaten[0]}, {PLAYER_NAMES[1]} {state.eaten[1]} "
        f"of {state.rules.capture_target}."
    )


class CircleKeys:
    """The :class:`~cole_panel.ui.keyboard.KeyGame` of one :class:`CircleBoard`, and its keys.

    ``shortcuts`` are the dashboard's own buttons' actions (Undo, Hint, New game).
    """

    def __init__(self, board: CircleBoard, shortcuts: Sequence[Shortcut]):
        self.board = board
        self.model = board.model
        self.keys = BoardKeys.beside(
            self, board, "Circle of Life board", shortcuts, board.place, margin=(4, 0)
        )
        board.param.watch(self._on_pending, ["pending"])
        self.model.param.watch(self._on_position, ["state", "view_index"])
        # Every message, even one said before (a refusal repeated is news to the listener).
        self.model.param.watch(self._on_message, ["message"], onlychanged=False)
        self._on_position()

    # ------------------------------------------------------------------ the KeyGame
    def spots(self) -> list[Spot]:
        radius = self.model.shown_state.rules.radius
        # The centre first: where the cursor starts.
        cells = sorted(board_cells(radius), key=lambda c: c != (0, 0))
        return [Spot(c, c[1], cell_center(c)[0]) for c in cells]

    def describe(self, key: Hashable) -> str:
        return self.board.cell_words(key)

    def activate(self, key: Hashable) -> None:
        self.model.human_play(key)

    def show_cursor(self, key: Hashable | None) -> None:
        self.board.show_cursor(key)

    def play_text(self, text: str) -> str | None:
        return typed_move(self.model, text, self.model.human_play)

    def position_text(self) -> str:
        return position_text(self.model.shown_state)

    # ------------------------------------------------------------------ announcing
    def _on_message(self, event: Any) -> None:
        self.keys.say(event.new)

    def _on_position(self, *_: Any) -> None:
        self.keys.moved(score_text(self.model.shown_state))

    def _on_pending(self, event: Any) -> None:
        cell = event.new
        if cell is None:
            self.keys.place_label = ""
            return
        self.keys.place_label = f"Place at {self.model.shown_state.label(cell)}"
        self.keys.say(self.board.cell_words(cell))
