"""Dealing a game's unseen cards again: a new start that plays the same moves.

A saved game holds its whole deal; whoever wrote the file chose it.  :func:`redeal` keeps every
card a move has named (played, discarded, stolen: all face up) and the row as it was dealt, and
deals again, from ``rng``, the cards still unseen where the moves end: those in the hands and
the draw pile.  Each unseen card takes the place in the deal of another: a card drawn during
the game is then another card drawn at the same moment.  The moves must stay legal (a discard
is one only while no card in hand can be played), so a deal under which they are not is dealt
again; after :data:`TRIES` such deals, the cards in a hand at a discard keep their places too
(the hand is then the same at that discard, and every move stays legal).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engines import IllegalAction
from engines.protocol import play_all

from .moves import Discard, Move
from .state import State

__all__ = ["TRIES", "redeal"]

TRIES = 100
"""Deals of every unseen card tried before only the draw pile is shuffled."""


def _places(data: dict[str, Any], cards: set[str]) -> list[tuple[str, int, int]]:
    """Where in a position's hands and draw pile each of ``cards`` lies."""
    places = [("hands", q, i) for q, hand in enumerate(data["hands"]) for i, c in enumerate(hand)]
    places += [("pile", 0, i) for i in range(len(data["pile"]))]
    return [p for p in places if _at(data, p) in cards]


def _at(data: dict[str, Any], place: tuple[str, int, int]) -> str:
    field, q, i = place
    return data["hands"][q][i] if field == "hands" else data["pile"][i]


def _dealt(data: dict[str, Any], places: list, rng: random.Random) -> State:
    """``data`` (a start's form) with the cards at ``places`` shuffled among them."""
    cards = [_at(data, p) for p in places]
    rng.shuffle(cards)
    hands, pile = [list(h) for h in data["hands"]], list(data["pile"])
    for (field, q, i), card in zip(places, cards, strict=True):
        if field == "hands":
            hands[q][i] = card
        else:
            pile[i] = card
    return State.from_dict({**data, "hands": hands, "pile": pile, "seed": rng.randrange(2**32)})


def redeal(
    start: State, moves: Sequence[Move | str], rng: random.Random, tries: int = TRIES
) -> State:
    """``start`` with the cards still unseen after ``moves`` dealt again from ``rng`` (the
    seed drawn from ``rng`` too); ``moves`` played from it stay legal.  ``tries``: deals of
    every unseen card tried before the hands at discards keep their cards.

    >>> from engines.savannah import new_game
    >>> start = new_game(seed=3)
    >>> moves = [start.legal_actions()[0]]
    >>> again = redeal(start, moves, random.Random(1))
    >>> again.hand(1) != start.hand(1), moves[0].card in again.hand(0)
    (True, True)
    >>> play_all(again.clone(), moves).row == play_all(start.clone(), moves).row
    True
    """
    moves = [start.parse_action(m) if isinstance(m, str) else m for m in moves]
    live = play_all(start.clone(), moves).to_dict()
    state, at_discards = start.clone(), set()
    for move in moves:
        if isinstance(move, Discard):
            at_discards.update(state.hand(state.current_player))
        state.apply(move)
    named = {m.card for m in moves}
    unseen = {c for hand in live["hands"] for c in hand} | set(live["pile"])
    data = start.to_dict()
    places = _places(data, unseen - named)
    for _ in range(tries):
        again = _dealt(data, places, rng)
        try:
            play_all(again.clone(), moves)
        except IllegalAction:
            continue
        return again
    return _dealt(data, _places(data, unseen - named - at_discards), rng)
