"""Ecosystem's Puzzles tab: the puzzle's park and hand on the draft's own views, a pick made by
taps or keyboard, the engine's verdict on it.

Tap (or Enter on) a card of the hand, then a green cell of the park: the first pick is judged.
In a ``place`` puzzle the card is chosen already.  The other player's gazelles, which count for
the majority, are named under the hand.
"""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from engines.ecosystem import CardType, player_name
from engines.text import article

from ...ui import MessageBox
from ...ui.puzzle_controls import PuzzleControls
from ..board import ParkBoard
from .hand_view import HandView
from .keys import EcosystemKeys
from .puzzle_model import EcosystemPuzzles

__all__ = ["HAND_PER_ROW", "PUZZLE_BOARD", "PUZZLE_HAND", "EcosystemPuzzleView"]

PUZZLE_BOARD = "eco-puzzle-park"
"""Bokeh name of the puzzle's park."""
PUZZLE_HAND = "eco-puzzle-hand"
"""Bokeh name of the puzzle's hand."""
HAND_PER_ROW = 6
"""Cards on one line of the puzzle's hand: two lines of 56 px cards fit a 390 px phone."""


class EcosystemPuzzleView(pn.viewable.Viewer):
    """The puzzle trainer: its controls, the park, the hand, its keys and the other gazelles."""

    model = param.ClassSelector(class_=EcosystemPuzzles, doc="The puzzle trainer shown.")
    chosen = param.Integer(
        default=None, allow_None=True, bounds=(0, None), doc="The hand card chosen (an index)."
    )

    def __init__(self, **params: Any):
        params.setdefault("model", EcosystemPuzzles())
        super().__init__(**params)
        game = self.model.game
        self.board = ParkBoard(on_cell=self._on_cell, figure_name=PUZZLE_BOARD, fits_width=True)
        self.hand = HandView(
            on_card=self._on_card, figure_name=PUZZLE_HAND, cell_px=56, per_row=HAND_PER_ROW
        )
        self.keys = EcosystemKeys(
            game,
            self.board,
            [self.hand],
            choose=lambda _slot, i: self._on_card(i),
            place=lambda _park, cell: self._on_cell(None, cell),
            chosen=lambda _park: self.chosen,
            shortcuts=[],
        ).keys
        self._others = pn.pane.HTML("", margin=(4, 5), css_classes=["cole-puzzle-table"])
        self.model.param.watch(self._on_puzzle, ["puzzle"])
        game.param.watch(self._draw, ["state"])
        self.param.watch(self._draw, ["chosen"])
        self._on_puzzle()
        self._layout = pn.Column(
            PuzzleControls(model=self.model),
            self.board,
            MessageBox(model=game),
            self.hand,
            self.keys,
            self._others,
            margin=0,
            sizing_mode="stretch_width",
            css_classes=["cole-puzzles"],
        )

    # ------------------------------------------------------------------ acting
    def _cards(self) -> tuple[CardType, ...]:
        state = self.model.puzzle.state()
        return state.hand(state.current_player)

    def _on_puzzle(self, *_: Any) -> None:
        puzzle = self.model.puzzle
        hand = self._cards()
        codes = [c.code for c in hand]
        self.chosen = codes.index(puzzle.card) if puzzle.card in codes else None
        self._draw()

    def _on_card(self, index: int) -> None:
        game = self.model.game
        if self.model.solved is not None:
            game.refuse("This puzzle is done: Try again, or Next puzzle.")
            return
        cards = self._cards()
        if not 0 <= index < len(cards):
            return
        self.chosen = index
        game.param.update(
            message=f"Picked {article(cards[index].label)}: now choose a green cell of your park.",
            message_is_error=False,
        )

    def _on_cell(self, _park: str | None, cell: tuple[int, int]) -> None:
        game = self.model.game
        if self.model.solved is not None:
            game.refuse("This puzzle is done: Try again, or Next puzzle.")
            return
        if self.chosen is None:
            game.refuse("First click a card in your hand, then a green cell.")
            return
        game.pick(self._cards()[self.chosen], cell)

    # ------------------------------------------------------------------ drawing
    def _draw(self, *_: Any) -> None:
        m = self.model
        player = m.player
        state = m.game.state
        done = m.solved is not None or state.current_player != player
        legal = [] if done else m.game.legal_cells(None)
        last = m.game.last_cells(player) if m.game.history else []
        self.board.show([state.park(player)], legal=legal, last=last)
        cards = state.hand(player) if not done else self._cards()
        self.hand.show(cards, None if done else self.chosen, enabled=not done)
        gazelles = [
            f"{player_name(q)}: {state.park(q).count('GZ')}"
            for q in range(state.players)
            if q != player
        ]
        self._others.object = "Gazelles in the other parks (for the majority): " + ", ".join(
            gazelles
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
