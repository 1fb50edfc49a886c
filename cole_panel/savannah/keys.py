"""On the Savannah without a pointer: the cursor walks the row (top line) and the hand (bottom
line); on a hand card it chooses the card (the row shows its preview) and Enter plays it.
Every move, hunt and score change is said in the engine's sentences (see
:mod:`cole_panel.ui.keyboard`); T shows the row, the piles and the hand on show as text.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from engines.savannah import name_of

from ..ui.keyboard import BoardKeys, Shortcut, Spot, typed_move
from .art import card_of, card_title
from .hand import HandView
from .model import SavannahModel, player_name
from .row import ordinal
from .standings import standing

__all__ = ["SavannahKeys"]


def _owner(model: SavannahModel, card: str) -> str:
    p = model.state.token_on(card)
    return "no token" if p is None else f"{player_name(p)}'s token"


def row_words(model: SavannahModel, index: int) -> str:
    """A row card, counted from the right as the cards' rules count."""
    row = model.state.row
    card = row[index]
    where = ordinal(len(row) - index) + " from right"
    return f"Row, {where}: {card_title(card_of(card))}, {_owner(model, card)}."


def hand_words(model: SavannahModel, card: str) -> str:
    """A hand card and what playing it would do (the engine's sentences), or why it cannot."""
    title = card_title(card_of(card))
    p = model.state.current_player
    if p is None or model.hand_owner != p or model.seat(p) != "Human":
        return f"Hand: {title}."
    if model.must_discard:
        return f"Hand: {title}: no card can be played; Enter discards it ({card})."
    reason = model.why_unplayable(card)
    if reason is not None:
        return f"Hand: {title}: cannot be played: {reason}"
    said = " ".join(e.describe() for e in model.preview(card))
    return f"Hand: {title}: Enter plays it ({card}). {said}".strip()


def position_text(model: SavannahModel) -> str:
    """The row with its tokens, the draw pile, each player's tokens and kill pile, and the hand
    on show (only what this screen may show)."""
    state = model.state
    row = state.row
    lines = []
    cards = [f"{name_of(c)} ({_owner(model, c)})" for c in row]
    lines.append(f"Row, left to right: {', '.join(cards) if cards else 'empty'}.")
    lines.append(f"Draw pile: {state.pile_size} cards.")
    for p in range(state.players):
        kills = ", ".join(name_of(c) for c in state.kill_pile(p)) or "none"
        lines.append(f"{player_name(p)}: {state.tokens_left(p)} tokens left; kill pile: {kills}.")
    owner = model.hand_owner
    if owner is not None:
        hand = ", ".join(name_of(c) for c in model.hand_cards()) or "empty"
        lines.append(f"{player_name(owner)}'s hand: {hand}.")
    return "\n".join(line for line in lines if line)


class SavannahKeys:
    """The :class:`~cole_panel.ui.keyboard.KeyGame` of a Savannah row and hand."""

    def __init__(self, model: SavannahModel, hand: HandView, shortcuts: Sequence[Shortcut]):
        self.model = model
        self.hand = hand
        self.keys = BoardKeys.beside(
            self, hand, "Savannah row and hand", shortcuts, self._place, margin=(4, 5)
        )
        model.param.watch(self._on_position, ["state", "selected"])
        model.param.watch(lambda e: self.keys.say(e.new), ["message"], onlychanged=False)
        self._on_position()

    # ------------------------------------------------------------------ the KeyGame
    def spots(self) -> list[Spot]:
        hand = self.model.hand_cards() if self.model.hand_owner is not None else ()
        # The hand first: where the cursor starts.
        return [Spot(("hand", c), 1, float(i)) for i, c in enumerate(hand)] + [
            Spot(("row", i), 0, float(i)) for i in range(len(self.model.state.row))
        ]

    def describe(self, key: Hashable) -> str:
        where, what = key
        if where == "row":
            return row_words(self.model, what)
        return hand_words(self.model, what)

    def activate(self, key: Hashable) -> None:
        where, what = key
        if where == "row":
            self.keys.say("Row cards are not played from here: choose a card of your hand.")
            return
        if self.model.select(what):
            self.hand.play()

    def show_cursor(self, key: Hashable | None) -> None:
        # On a hand card the cursor chooses it: the row then shows what it would do.
        if key is not None and key[0] == "hand" and key[1] != self.model.selected:
            p = self.model.state.current_player
            if p is not None and self.model.hand_owner == p and self.model.seat(p) == "Human":
                self.model.select(key[1])

    def play_text(self, text: str) -> str | None:
        return typed_move(self.model, text, self.model.human_play)

    def position_text(self) -> str:
        return position_text(self.model)

    # ------------------------------------------------------------------ announcing
    def _score_text(self) -> str:
        rows = standing(self.model.state)  # the live score the page shows
        totals = [f"{player_name(p)} {row['total']}" for p, row in enumerate(rows)]
        return f"Scores: {', '.join(totals)}."

    def _on_position(self, *_: Any) -> None:
        self.keys.moved(self._score_text())

    def _place(self) -> None:
        self.hand.play()
