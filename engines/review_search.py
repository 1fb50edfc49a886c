"""The review's searches: one value per position of a game, with its own uncertainty.

A position is valued by several independent searches (:class:`Sample`, each seeded from the
review's seed, the position's number and the sample's number), always from the **mover's
information** (the search deals the cards she could not see at random).  Its value is the mean
of the samples' values, each the mean return of all its iterations; its *uncertainty* is the
standard error of that mean, measured two ways and the larger taken: the spread of the samples,
and the binomial bound of all their playouts.  A game whose ``reasons`` module has
``solve(state)`` (Circle) first tries to prove the position exactly; a proof replaces the
searches (its uncertainty is 0).

In a game with hidden cards the position after a move is seen by the next mover, who knows
other cards; so the move played is valued in its own position, from its mover's information:
searches of that move alone (``played``).

>>> from engines.circle import Rules, new_game
>>> job = PositionJob("circle", new_game(Rules(radius=2)).to_json(), ("A1",), 0, 40, 1, 2)
>>> value = job.compute()
>>> value.number, value.player, len(value.samples), value.exact
(0, 0, 2, False)
>>> round(sum(value.chances), 4), 0 < value.uncertainty < 0.5
(1.0, True)
>>> job.compute() == value
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from . import IllegalAction
from .games import GAMES, Game

__all__ = [
    "PositionJob",
    "PositionValue",
    "Runner",
    "Sample",
    "positions",
    "run_in_order",
    "standard_error",
]

Stop = Callable[[], bool] | None


@dataclass(frozen=True)
class Sample:
    """One search of a position: each player's win chance, the mean return of all its
    iterations, and the root visits per move.

    >>> Sample((0.25, 0.75), (("E5", 30), ("E6", 10))).best
    'E5'
    """

    chances: tuple[float, ...]
    """Each player's win chance: the mean return over every iteration of the search (they add
    up to 1)."""
    visits: tuple[tuple[str, int], ...]
    """Root visits per move (as the game writes it), most visited first."""

    @property
    def best(self) -> str:
        """The move this search chose."""
        return self.visits[0][0]

    @property
    def playouts(self) -> int:
        """The iterations behind :attr:`chances`."""
        return sum(n for _, n in self.visits)


def standard_error(values: Sequence[float], visits: int) -> float:
    """The standard error of the mean of ``values`` (win chances, each a search's): the larger
    of their spread's and the binomial bound of ``visits`` playouts at their mean.

    >>> round(standard_error([0.4, 0.6], 100), 4), round(standard_error([0.5, 0.5], 100), 4)
    (0.1, 0.0502)
    """
    k = len(values)
    mean = sum(values) / k
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (k - 1) / k) if k > 1 else 0.0
    n = max(1, visits)
    return max(spread, math.sqrt((mean * (1 - mean) + 0.25 / n) / n))


@dataclass(frozen=True)
class PositionValue:
    """One position of a game valued for its mover (position 0 is the start, position n the
    one after move n)."""

    number: int
    """The position's number."""
    player: int
    """Who moves in it."""
    samples: tuple[Sample, ...] = ()
    """The searches of the position (none when it is :attr:`exact`)."""
    played: tuple[Sample, ...] = ()
    """Searches of the move played alone, from this mover's information (games with hidden
    cards; none when the move played is the searches' best)."""
    proof: tuple[int, int, tuple[str, ...]] | None = None
    """A forced win (winner, plies, the line as moves), or None."""

    @property
    def exact(self) -> bool:
        """Whether the value is proved, not searched."""
        return self.proof is not None

    @property
    def players(self) -> int:
        """How many players the values are for."""
        return len(self.samples[0].chances) if self.samples else 2

    @property
    def chances(self) -> tuple[float, ...]:
        """Each player's win chance in the position: the samples' mean, or the proof's."""
        if self.proof is not None:
            return tuple(1.0 if p == self.proof[0] else 0.0 for p in range(self.players))
        return _mean(self.samples)

    @property
    def uncertainty(self) -> float:
        """The standard error of the mover's chance (0 when exact)."""
        return 0.0 if self.proof is not None else _error(self.samples, self.player)

    @property
    def best(self) -> str:
        """The best move: the proof's first, or the most visited over every sample."""
        if self.proof is not None:
            return self.proof[2][0]
        return _most_visited(self.samples)

    @property
    def played_chances(self) -> tuple[float, ...]:
        """Each player's chance after the move played, from this mover's information."""
        return _mean(self.played) if self.played else self.chances

    @property
    def played_uncertainty(self) -> float:
        """The standard error of the mover's :attr:`played_chances`."""
        return _error(self.played, self.player) if self.played else self.uncertainty

    def more(self, other: PositionValue) -> PositionValue:
        """This value with ``other``'s searches added (a deeper look at the same position)."""
        if self.proof is not None:
            return self
        return PositionValue(
            self.number, self.player, self.samples + other.samples, self.played + other.played
        )


def _mean(samples: Sequence[Sample]) -> tuple[float, ...]:
    players = len(samples[0].chances)
    return tuple(
        round(sum(s.chances[p] for s in samples) / len(samples), 6) for p in range(players)
    )


def _error(samples: Sequence[Sample], player: int) -> float:
    return standard_error([s.chances[player] for s in samples], sum(s.playouts for s in samples))


def _most_visited(samples: Sequence[Sample]) -> str:
    totals: dict[str, int] = {}
    for sample in samples:
        for move, n in sample.visits:
            totals[move] = totals.get(move, 0) + n
    return max(totals, key=lambda m: (totals[m], -list(totals).index(m)))


def _chances(values: Sequence[float], players: int) -> tuple[float, ...]:
    total = sum(values)
    if len(values) != players or total <= 0:
        return (1.0 / players,) * players
    return tuple(round(v / total, 6) for v in values)


def _root_mean(stats: Any) -> list[float]:
    """Every player's mean return over all the search's iterations: the value of the position
    under the search's own play.  Not its best move's mean: picking the most visited of some
    60 moves after a few thousand iterations biases that one upward (docs/findings.md)."""
    total = [0.0] * len(stats.returns)
    visits = dict(stats.visits)
    for action, means in stats.action_returns:
        for p, mean in enumerate(means):
            total[p] += visits[action] * mean
    return total


def _seed(seed: int, number: int, k: int) -> int:
    return (seed * 1_000_003 + number * 1_024 + k) % 2**63


@dataclass(frozen=True)
class PositionJob:
    """One position of a review to value, as plain data that travels to another process (a
    page's worker pool, a Dask worker): the game's start as JSON and the moves as text."""

    game: str
    """The game's name (:mod:`engines.games`)."""
    start_json: str
    """The game's start, as the engine's JSON."""
    actions: tuple[str, ...]
    """The moves played, as text."""
    number: int
    """The position to value: 0 the start, n after move n."""
    iterations: int
    """Iterations of each search."""
    seed: int
    """The review's seed."""
    samples: int
    """Independent searches to run."""
    first: int = 0
    """The number of the first sample (a deeper look goes on from the samples before)."""

    def state(self) -> Any:
        """The position (the move played in it is ``actions[number]``, if any)."""
        state = GAMES[self.game].state_type.from_json(self.start_json)
        for text in self.actions[: self.number]:
            state.apply(state.parse_action(text))
        return state

    def compute(self, should_stop: Stop = None) -> PositionValue | None:
        """The position valued (None when ``should_stop()`` ended a search first)."""
        return value_position(self, should_stop)


def value_position(job: PositionJob, should_stop: Stop = None) -> PositionValue | None:
    """Value ``job``'s position: a proof if the game finds one, else ``job.samples`` searches
    (and, with hidden cards, as many of the move played alone when it is not their best)."""
    game = GAMES[job.game]
    state = job.state()
    player = state.current_player
    solve = getattr(game.reasons, "solve", None)
    if solve is not None and job.first == 0:
        proof = solve(state)
        if proof is not None:
            return PositionValue(job.number, player, proof=proof)
    played = job.actions[job.number] if job.number < len(job.actions) else None
    samples = _samples(game, state, job, None, should_stop)
    if samples is None:
        return None
    value = PositionValue(job.number, player, samples)
    if not game.hidden_information or played is None or played == value.best:
        return value
    alone = _samples(game, state, job, played, should_stop)
    return None if alone is None else PositionValue(job.number, player, samples, alone)


def _samples(
    game: Game, state: Any, job: PositionJob, only: str | None, should_stop: Stop
) -> tuple[Sample, ...] | None:
    out = []
    offset = 512 if only is not None else 0
    for k in range(job.first, job.first + job.samples):
        seed = _seed(job.seed, job.number, k + offset)
        search = game.bots.MCTSBot(iterations=job.iterations, seed=seed).search
        wanted = None if only is None else [state.parse_action(only)]
        stats = search.analyse(state, only=wanted, should_stop=should_stop)
        if stats.stopped:
            return None
        chances = _chances(_root_mean(stats), state.players)
        visits = tuple((state.action_to_str(a), n) for a, n in stats.visits)
        out.append(Sample(chances, visits))
    return tuple(out)


def run_in_order(
    jobs: Sequence[PositionJob], should_stop: Stop = None
) -> Iterator[PositionValue | None]:
    """Value ``jobs`` one after the other in this process (:func:`review_game`'s default)."""
    for job in jobs:
        yield job.compute(should_stop)


Runner = Callable[[Sequence[PositionJob], Stop], Iterable[PositionValue | None]]
"""Values jobs in their order: ``run(jobs, should_stop)`` yields each one's value (None: stopped)."""


def positions(start: Any, actions: Sequence[Any]) -> tuple[list[Any], list[Any], Any]:
    """The positions of the game (each before its move), the moves as values, and the end."""
    states, values = [], []
    state = start.clone()
    for number, action in enumerate(actions, start=1):
        try:
            value = state.parse_action(action) if isinstance(action, str) else action
            before = state.clone()
            state.apply(value)
        except ValueError as err:  # IllegalAction is a ValueError
            raise IllegalAction(f"Move {number} ({action!r}): {err}") from None
        states.append(before)
        values.append(value)
    return states, values, state
