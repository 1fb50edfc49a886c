"""Who sits at a seat, how strong the search bot is, and the one place bots are built.

A seat holds a person or one of the bots of :data:`SEAT_KINDS`; the search bot's strength runs
over :data:`STRENGTH_BOUNDS`.  :func:`make_seat_bot` is the only code in ``cole_panel`` that
constructs an engine bot, so a change to the engines' bot API is made here once.

>>> from engines.games import GAMES
>>> game = next(iter(GAMES))
>>> [iterations_for(game)(s) for s in range(1, 6)] == [GAMES[game].strengths[s] for s in range(1, 6)]
True
>>> make_seat_bot(game, "Greedy", 3, seed=1).__class__.__name__
'GreedyBot'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.games import GAMES as RECORDS
from engines.games import Game, load_added_games

SEAT_KINDS: tuple[str, ...] = ("Human", "Random", "Greedy", "MCTS")
"""What can sit at a seat, in the order a menu shows them."""

BOT_KINDS: tuple[str, ...] = SEAT_KINDS[1:]
"""The seat kinds that are bots."""

STRENGTH_BOUNDS: tuple[int, int] = (1, 5)
"""The search bot's strength setting, weakest to strongest."""

DEFAULT_STRENGTH = 2
"""A seat's search-bot strength until someone changes it."""

GAMES: tuple[str, ...] = tuple(RECORDS)
"""The games whose bots :func:`make_seat_bot` builds (the engine records')."""


def game_record(game: str) -> Game:
    """The engine record of ``game`` (its exact name); ``ValueError`` naming the games."""
    if isinstance(game, str) and game not in RECORDS:
        load_added_games()  # in a worker process: the games named in $COLE_GAMES
    found = RECORDS.get(game) if isinstance(game, str) else None
    if found is None:
        raise ValueError(f"There is no game {game!r}; the games are {', '.join(RECORDS)}.")
    return found


def iterations_for(game: str) -> Callable[[int], int]:
    """The search bot's iterations per move at a strength from 1 to 5, for ``game``."""
    table = game_record(game).strengths  # the engines own the one strength table per game

    def iterations(strength: int) -> int:
        return table[strength]

    iterations.__doc__ = f"Iterations per move of the {game} search bot at a strength from 1 to 5."
    return iterations


def make_seat_bot(game: str, kind: str, strength: int, seed: int | None) -> Any:
    """A new bot of ``kind`` ('Random', 'Greedy' or 'MCTS') for ``game``, with a ``choose``."""
    record = game_record(game)
    if kind in BOT_KINDS:
        return record.make_bot(kind, strength, seed)
    raise ValueError(f"{kind!r} is not a bot kind; use one of {', '.join(BOT_KINDS)}.")


class BotShelf:
    """The bots of one game's seats: one object per (seat, kind, strength), built on demand.

    Keeping the objects lets a seeded bot go on with its own random stream from move to move,
    so a seeded game replays exactly.
    """

    def __init__(self, game: str):
        game_record(game)  # fail now on an unknown game
        self.game = game
        self._shelf: dict[tuple[int, str, int], Any] = {}

    def get(self, player: int, kind: str, strength: int, seed: int | None) -> Any:
        """The bot of ``kind`` for ``player``'s seat (seeded from ``seed`` and the seat)."""
        key = (player, kind, strength if kind == "MCTS" else 0)
        bot = self._shelf.get(key)
        if bot is None:
            seat_seed = None if seed is None else seed * 10 + player
            bot = self._shelf[key] = make_seat_bot(self.game, kind, strength, seat_seed)
        return bot

    def clear(self) -> None:
        """Forget every bot (a new game, or new seeds)."""
        self._shelf.clear()
