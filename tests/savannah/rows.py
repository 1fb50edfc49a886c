"""Playing a named card on a hand-built Savannah row, and reading what the turn reported."""

from __future__ import annotations

from typing import Any

from engines.savannah import Play, load_deck, make_state, name_of

DECK = load_deck()


def card_in_hand(state, name):
    hand = state.hand(state.current_player)
    return next(c for c in hand if name_of(c) == name)


def play(state, name):
    return state.apply(Play(card_in_hand(state, name)))


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def names(ids):
    return [name_of(c) for c in ids]


def cards(text: str) -> list[str]:
    """Card names as a row reads, left to right: ``"zebra, dung beetle, lion@1"``."""
    return [name.strip() for name in text.split(",")]


def played(row: list[str], card: str, other: str, **setup: Any) -> tuple[Any, list]:
    """Player 1 plays ``card`` on ``row`` (Player 2 holds ``other``): the state after it and the
    turn's events. ``setup`` goes to :func:`make_state` (``rules``, ``kills``…)."""
    state = make_state(row=row, hands=[[card], [other]], **setup)
    return state, play(state, card)
