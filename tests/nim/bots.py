"""Nim's bots: random, the perfect player (``GreedyBot``: leaves a position of Grundy value 0
when it can), and the shared search over the engine protocol.

>>> from tests.nim import Rules, new_game
>>> GreedyBot(seed=1).choose(new_game(Rules(piles=(1, 2, 2))))
(0, 1)
"""

from __future__ import annotations

import random
from functools import reduce
from operator import xor
from typing import Any

from engines.bots import RandomBot, SearchBot, bot_maker
from engines.search import SearchGame

__all__ = ["ITERATIONS", "GreedyBot", "MCTSBot", "RandomBot", "make_bot"]


def grundy(piles: tuple[int, ...], max_take: int) -> int:
    """The position's Grundy value: zero when the player to move loses against best play."""
    return reduce(xor, (n % (max_take + 1) for n in piles), 0)


class GreedyBot:
    """Takes what leaves the other player lost, if anything does; else a random move."""

    name = "Greedy"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, state: Any) -> Any:
        moves = state.legal_actions()
        if not moves:
            raise ValueError("The game is over; there is no move to choose.")
        k = state.rules.max_take
        for pile, n in moves:
            after = list(state.piles)
            after[pile] -= n
            if grundy(tuple(after), k) == 0:
                return (pile, n)
        return self.rng.choice(moves)


class MCTSBot(SearchBot):
    """The shared search (:mod:`engines.search`) with its default hooks."""

    hooks = SearchGame


ITERATIONS: dict[int, int] = {1: 20, 2: 50, 3: 100, 4: 200, 5: 400}
"""Search iterations per move at strengths 1 to 5."""

make_bot = bot_maker(RandomBot, GreedyBot, MCTSBot, ITERATIONS)
