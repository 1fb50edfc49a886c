"""What one seat of a Circle of Life game may see: everything (the game hides nothing)."""

from __future__ import annotations

from engines.protocol import check_seat

from .state import State

__all__ = ["player_view"]


def player_view(state: State, seat: int | None) -> State:
    """``state`` as ``seat`` (0, 1, or None for a spectator) may see it: ``state`` itself, as
    every stone is on the board for all to see.

    >>> from engines.circle import new_game
    >>> game = new_game()
    >>> player_view(game, 1) is game
    True
    """
    check_seat(state, seat)
    return state
