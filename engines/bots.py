"""What every game's bots share: the random bot, the search bot and ``make_bot``.

Each ``engines.<game>.bots`` module exposes ``RandomBot``, ``GreedyBot`` and ``MCTSBot`` (the
strongest, an :class:`~engines.search.ISMCTS` with the game's hooks), an ``ITERATIONS`` table
from strength 1..5 to the search budget, and ``make_bot(kind, strength, seed)``.

>>> from engines.circle import new_game
>>> from engines.circle.bots import make_bot
>>> bot = make_bot("MCTS", strength=1, seed=0)
>>> bot.choose(new_game()) in new_game().legal_actions(), bot.iterations
(True, 150)
>>> make_bot("wizard")
Traceback (most recent call last):
...
ValueError: Unknown bot 'wizard': the bots are random, greedy and mcts.
>>> make_bot("gredy")
Traceback (most recent call last):
...
ValueError: Unknown bot 'gredy': did you mean 'greedy'? The bots are random, greedy and mcts.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from .search import ISMCTS, SearchGame, SearchStats
from .text import unknown

__all__ = ["BOT_KINDS", "STRENGTHS", "RandomBot", "SearchBot", "bot_maker", "build_bot"]

BOT_KINDS: tuple[str, ...] = ("random", "greedy", "mcts")
"""The kinds of bot every game offers, weakest first (``make_bot`` ignores case)."""

STRENGTHS: tuple[int, ...] = (1, 2, 3, 4, 5)
"""Search strengths, weakest first; each game's ``ITERATIONS`` maps them to a budget."""


def _check_playable(state: Any) -> None:
    if state.current_player is None:
        raise ValueError("The game is over; there is no move to choose.")


class RandomBot:
    """Plays a legal action chosen uniformly at random."""

    name = "Random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        """The bot's own random generator."""

    def choose(self, state: Any) -> Any:
        """A uniformly random legal action."""
        _check_playable(state)
        return self.rng.choice(state.legal_actions())

    def __repr__(self) -> str:
        return "RandomBot()"


class SearchBot:
    """A bot that searches with :class:`~engines.search.ISMCTS` and its game's hooks.

    Subclasses set ``hooks`` (a :class:`~engines.search.SearchGame` type) and the search
    settings that play that game best (``exploration``, ``bias``, ``widening``).
    """

    name = "MCTS"
    hooks: type[SearchGame] = SearchGame
    default_iterations = 1000
    exploration = 0.7
    bias = 0.0
    widening: float | None = None

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        seed: int | None = None,
        **settings: Any,
    ):
        if iterations is None and seconds is None:
            iterations = self.default_iterations
        options = {"exploration": self.exploration, "bias": self.bias, "widening": self.widening}
        unknown = set(settings) - set(options)
        if unknown:
            raise TypeError(f"unknown search setting(s): {', '.join(sorted(unknown))}")
        options.update(settings)
        self.search = ISMCTS(
            self.make_hooks(), iterations=iterations, seconds=seconds, seed=seed, **options
        )
        """The search itself (its ``stats`` describe the last choice)."""

    def make_hooks(self) -> SearchGame:
        """The game hooks for a new search (override to pass settings)."""
        return self.hooks()

    @property
    def iterations(self) -> int | None:
        """Iterations per move (``None``: only ``seconds`` counts)."""
        return self.search.iterations

    @property
    def seconds(self) -> float | None:
        """Seconds per move (``None``: only ``iterations`` counts)."""
        return self.search.seconds

    @property
    def stats(self) -> SearchStats:
        """What the last :meth:`choose` did."""
        return self.search.stats

    def choose(self, state: Any, should_stop: Callable[[], bool] | None = None) -> Any:
        """The searched action for the player to move (the state is left unchanged)."""
        _check_playable(state)
        return self.search.choose(state, should_stop)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(iterations={self.iterations!r}, seconds={self.seconds!r})"


def build_bot(
    kind: str,
    strength: int,
    seed: int | None,
    makers: Mapping[str, Callable[..., Any]],
    iterations: Mapping[int, int],
) -> Any:
    """The ``make_bot`` of one game: ``makers`` builds each kind from ``seed``; the search bot
    gets ``iterations[strength]``."""
    if not isinstance(kind, str) or kind.lower() not in BOT_KINDS:
        raise ValueError(unknown("bot", kind, BOT_KINDS))
    if isinstance(strength, bool) or strength not in iterations:
        raise ValueError(f"strength must be a whole number from 1 to 5, not {strength!r}.")
    kind = kind.lower()
    if kind == "mcts":
        return makers[kind](iterations=iterations[strength], seed=seed)
    return makers[kind](seed=seed)


def bot_maker(
    random_bot: Callable[..., Any],
    greedy_bot: Callable[..., Any],
    search_bot: Callable[..., Any],
    iterations: Mapping[int, int],
) -> Callable[..., Any]:
    """The ``make_bot(kind, strength=3, seed=None)`` of one game, from its three bot classes and
    its strength table."""
    makers = {"random": random_bot, "greedy": greedy_bot, "mcts": search_bot}

    def make_bot(kind: str, strength: int = 3, seed: int | None = None) -> Any:
        """A ``"random"``, ``"greedy"`` or ``"mcts"`` bot (any case); strength 1..5 is the
        search budget: the search gets the game's ``ITERATIONS[strength]``."""
        return build_bot(kind, strength, seed, makers, iterations)

    return make_bot
