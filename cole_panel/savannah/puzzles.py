"""On the Savannah's Puzzles tab: the puzzle's row and hand on the game's own views, a card
played by tap or keyboard, the engine's verdict on it.

The row (:class:`RowView`) shows the position and, for a card chosen, what it would do; the
hand (:class:`HandView`) and the keys (:class:`SavannahKeys`) play as in a game.  A puzzle shows
everything, so the other player's hand and the kill piles are listed under the hand.
"""

from __future__ import annotations

import html
from typing import Any

import panel as pn
import param

from engines.savannah import name_of

from ..ui import MessageBox
from ..ui.puzzle_controls import PuzzleControls
from .hand import HandView
from .keys import SavannahKeys
from .model import player_name
from .narration import preview_marks
from .puzzle_model import SavannahPuzzles
from .row import RowView
from .steps import still_step

__all__ = ["SavannahPuzzleView"]


class SavannahPuzzleView(pn.viewable.Viewer):
    """The puzzle trainer: its controls, the row, the hand, its keys and the other cards."""

    model = param.ClassSelector(class_=SavannahPuzzles, doc="The puzzle trainer shown.")

    def __init__(self, **params: Any):
        params.setdefault("model", SavannahPuzzles())
        super().__init__(**params)
        game = self.model.game
        self.row = RowView()
        self.hand = HandView(model=game)
        self.hand.add_below(MessageBox(model=game))
        self.keys = SavannahKeys(game, self.hand, []).keys
        self._table = pn.pane.HTML("", margin=(4, 5), css_classes=["cole-puzzle-table"])
        game.param.watch(self._draw, ["state", "selected"])
        self._draw()
        self._layout = pn.Column(
            PuzzleControls(model=self.model),
            self.row,
            self.hand,
            self.keys,
            self._table,
            margin=0,
            sizing_mode="stretch_width",
            css_classes=["cole-puzzles"],
        )

    def _draw(self, *_: Any) -> None:
        game = self.model.game
        state = game.state
        self.row.show(still_step(state), preview=_preview(game))
        self._table.object = _table_text(state)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout


def _preview(game: Any) -> dict[str, Any] | None:
    """The chosen card tried at the right end of the row, as the Play tab shows it."""
    card, p = game.selected, game.state.current_player
    if card is None or p is None or game.must_steal or card not in game.state.hand(p):
        return None
    reason = game.why_unplayable(card)
    return {
        "card": card,
        "playable": reason is None,
        "blocker": game.blocker(card),
        "reason": reason,
        **preview_marks(game.state, game.preview(card) if reason is None else []),
    }


def _names(cards: Any) -> str:
    return html.escape(", ".join(name_of(c) for c in cards) or "none")


def _table_text(state: Any) -> str:
    """Every hand and kill pile and the next card drawn: a puzzle hides nothing."""
    lines = []
    for p in range(state.players):
        lines.append(
            f"<b>{player_name(p)}</b>: hand {_names(state.hand(p))}; kill pile "
            f"{_names(state.kill_pile(p))}; {state.tokens_left(p)} tokens left."
        )
    if state.pile:
        lines.append(f"Next card drawn: {_names(state.pile[-1:])}.")
    return "<br>".join(lines)
