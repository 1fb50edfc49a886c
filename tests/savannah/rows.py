"""Playing a named card on a hand-built Savannah row, and reading what the turn reported."""

from __future__ import annotations

from engines.savannah import Play, load_deck, name_of

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
