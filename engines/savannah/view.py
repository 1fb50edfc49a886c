"""What one seat of On the Savannah may see: its own hand, the table, and no other hand.

A seat's view is a full :class:`~.state.State` (what a game's page draws) rebuilt from the
seat's :meth:`~.state.State.observation`: the other hands and the draw pile are refilled with
the cards the seat has not seen, in an order fixed by a constant seed, so they tell nothing of
the real ones.  A spectator holds no hand and so sees none.  Once the game is over the hands
are scored in the open (the pile is empty by then), so the position is shown as it is.
"""

from __future__ import annotations

import dataclasses
import random

from engines.protocol import check_seat

from .setup import determinize
from .state import State

__all__ = ["player_view"]

_UNSEEN_ORDER = 0
"""Seed of the order in which the cards a seat has not seen fill the hands and the pile."""


def player_view(state: State, seat: int | None) -> State:
    """``state`` as ``seat`` (a player, or None for a spectator) may see it.

    >>> from engines.savannah import Rules, new_game
    >>> game = new_game(Rules(players=3), seed=5)
    >>> view = player_view(game, 1)
    >>> view.hand(1) == game.hand(1), view.row == game.row, view.pile_size == game.pile_size
    (True, True, True)
    >>> import random
    >>> other = game.determinize(1, random.Random(9))  # other hands and pile shuffled
    >>> other.hand(0) == game.hand(0), player_view(other, 1).to_dict() == view.to_dict()
    (False, True)
    """
    check_seat(state, seat)
    if state.is_over:
        return state
    seen = state.observation(0 if seat is None else seat)
    if seat is None:  # a spectator: every hand is unseen
        seen = dataclasses.replace(seen, player=-1, hand=())
    return determinize(seen, random.Random(_UNSEEN_ORDER))
