"""Game review, once for every game: where a game was won and lost, move by move.

Every position of the game gets **one value**: each player's *win chance*, for the side to
move, from independent searches of the one search (:mod:`engines.review_search`) with their
measured uncertainty, or exact where the game proves it (Circle's late game).  A move's
"before" is the value of the position it was made in (the chance with the best move) and its
"after" the value of the position after it, so in Circle the lines of consecutive moves agree
by construction.  A game with hidden cards judges a move from its **mover's information**: the
position after the move would be valued by the next mover, who sees other cards, so its "after"
is the value of the move played alone, searched from the mover's position.

The move's *drop* is the mover's win chance before minus after (never below 0); its
*uncertainty* is :attr:`Thresholds.confidence` standard errors of that drop.  A class is given
only beyond the uncertainty (:class:`Thresholds`, after the win-chance drops lichess uses):

=============  ==========================================================================
class          the drop in the mover's win chance, less its uncertainty
=============  ==========================================================================
``best``       no move better beyond the uncertainty (or within 0.05): no better move named
``good``       better beyond the uncertainty, but surely below 0.10
``unclear``    better beyond the uncertainty, maybe by 0.10 or more: the search cannot say
``inaccuracy`` 0.10 to below 0.20 even at its least
``mistake``    0.20 to below 0.30 even at its least
``blunder``    0.30 or more even at its least
=============  ==========================================================================

So a seed changes a class only where the drop sits on a threshold within its uncertainty;
there the review looks again (``deep``): the positions of the moves whose class the
uncertainty decides get as many searches again, with new seeds, the largest drops first.
Every search is seeded from the review's seed, its position and its number, so a review is the
same for a seed and a budget, whatever order or process its positions ran in.

>>> from engines.circle import Rules, State
>>> start = State.from_position({0: "C3", 1: "D3"}, to_move=0, rules=Rules(radius=2))
>>> done = review_game(start, ["B2", "C2", "A1"], iterations=30, samples=2, seed=1)
>>> done.complete, len(done.moves), [m.move for m in done.moves]
(True, 3, ['B2', 'C2', 'A1'])
>>> first, second = done.moves[:2]
>>> first.player, 0.0 <= first.before[0] <= 1.0, round(sum(first.before), 4)
(0, True, 1.0)
>>> first.after == second.before and first.label in CLASSES
True
>>> review_game(start, ["B2", "C2", "A1"], iterations=30, samples=2, seed=1) == done
True
>>> Thresholds().classify(0.35, is_best=False), Thresholds().classify(0.35, False, margin=0.2)
('blunder', 'inaccuracy')
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .games import GAMES, Game
from .review_search import PositionJob, PositionValue, Runner, positions, run_in_order

__all__ = [
    "CLASSES",
    "THRESHOLDS",
    "GameReview",
    "MoveReview",
    "PositionJob",
    "PositionValue",
    "Reviewer",
    "Runner",
    "Thresholds",
    "default_iterations",
    "game_of",
    "review_game",
    "run_in_order",
]

CLASSES: tuple[str, ...] = ("best", "good", "unclear", "inaccuracy", "mistake", "blunder")
"""The classes of a move, best first."""

REVIEW_STRENGTH = 3
"""The bot strength whose search budget (the game's ``ITERATIONS``) each search uses."""

SAMPLES = 3
"""Independent searches per position by default (their spread measures the uncertainty)."""

Progress = Callable[[int, int, "GameReview"], None]
Stop = Callable[[], bool] | None


@dataclass(frozen=True)
class Thresholds:
    """The drops in the mover's win chance that divide the classes (see the module).

    >>> Thresholds().classify(0.12, is_best=False)
    'inaccuracy'
    >>> Thresholds(blunder=0.5).classify(0.4, is_best=False)
    'mistake'
    >>> [Thresholds().classify(d, False, margin=0.03) for d in (0.02, 0.06, 0.09, 0.14)]
    ['best', 'good', 'unclear', 'inaccuracy']
    """

    best: float = 0.05
    """Drops up to this are the best move within the search's noise (two standard deviations
    of a drop between reviews of different seeds at the default budget; docs/findings.md)."""
    inaccuracy: float = 0.10
    """Drops from this are inaccuracies."""
    mistake: float = 0.20
    """Drops from this are mistakes."""
    blunder: float = 0.30
    """Drops from this are blunders."""
    confidence: float = 2.0
    """How many standard errors of the drop its uncertainty is."""

    def __post_init__(self) -> None:
        steps = (0.0, self.best, self.inaccuracy, self.mistake, self.blunder, 1.0)
        if any(not isinstance(x, (int, float)) for x in steps) or list(steps) != sorted(steps):
            raise ValueError(
                "thresholds must rise: 0 <= best <= inaccuracy <= mistake <= blunder <= 1."
            )
        if not isinstance(self.confidence, (int, float)) or not 0 <= self.confidence <= 10:
            raise ValueError(
                f"confidence must be 0 to 10 standard errors, not {self.confidence!r}."
            )

    def classify(self, drop: float, is_best: bool, margin: float = 0.0) -> str:
        """The class of a move that drops the mover's win chance by ``drop``, give or take
        ``margin`` (its uncertainty)."""
        if is_best or drop <= max(self.best, margin):
            return "best"
        least = drop - margin
        for name, low in (
            ("blunder", self.blunder),
            ("mistake", self.mistake),
            ("inaccuracy", self.inaccuracy),
        ):
            if least >= low:
                return name
        return "good" if drop + margin < self.inaccuracy else "unclear"


THRESHOLDS = Thresholds()
"""The default thresholds."""


def _drop(best: float, played: float) -> float:
    """The win chance given away, rounded so that a move's class and its ``drop`` agree (0.975
    - 0.875 is 0.0999…: classed "good" while its drop read 0.1, an inaccuracy)."""
    return round(max(0.0, best - played), 6)


@dataclass(frozen=True)
class MoveReview:
    """One move judged: the win chances before it (with the best move) and after it.

    >>> m = MoveReview(3, 1, "E7", "F3", (0.4, 0.6), (0.8, 0.2), "blunder", "…", 400, ("Orange", "Black"))
    >>> m.drop, m.best_value, m.played_value
    (0.4, 0.6, 0.2)
    >>> m.describe()
    '3. Black E7: blunder (win chance 60% → 20%); better F3.'
    >>> replace(m, after=(1.0, 0.0), exact=True).describe()
    '3. Black E7: blunder (win chance 60% → 0%, exact); better F3.'
    """

    number: int
    """The move's number in the game, from 1."""
    player: int
    """Who moved."""
    move: str
    """The move played, as the game writes it (``action_to_str``)."""
    best: str
    """The better move, as the game writes it; the move itself when none is better beyond the
    uncertainty (always so for the class ``best``)."""
    before: tuple[float, ...]
    """Each player's win chance in the position the move was made in (0 to 1)."""
    after: tuple[float, ...]
    """Each player's win chance after the move played, seen from the mover's information."""
    label: str
    """The move's class, one of :data:`CLASSES`."""
    why: str
    """Why, in the game's own words."""
    iterations: int
    """The search iterations behind the value before the move (0 when it is proved)."""
    names: tuple[str, ...] = field(default=(), compare=False, repr=False)
    """The players' names for sentences (``"Orange"``, ``"Player 2"``)."""
    uncertainty: float = 0.0
    """How far the drop may be off: :attr:`Thresholds.confidence` standard errors (0: exact)."""
    exact: bool = False
    """Whether the value after the move is proved (a forced win), not searched."""
    line: tuple[str, ...] = ()
    """When :attr:`exact`: the forced line after the move, as the game writes moves."""
    said: str = ""
    """The move as a player says it (``"played the warthog"``); empty: :attr:`move`."""
    best_said: str = ""
    """The better move as a player says it; empty: :attr:`best`."""

    @property
    def best_value(self) -> float:
        """The mover's win chance before the move (with the best move)."""
        return self.before[self.player]

    @property
    def played_value(self) -> float:
        """The mover's win chance after the move played."""
        return self.after[self.player]

    @property
    def drop(self) -> float:
        """How much win chance the move gave away (0 for the best move)."""
        return _drop(self.best_value, self.played_value)

    @property
    def is_best(self) -> bool:
        """Whether no move is named better than the move played."""
        return self.move == self.best

    def mover_name(self) -> str:
        """The mover's name (``"Player 2"`` when the review has none)."""
        names = self.names or _default_names(len(self.before))
        return names[self.player]

    def describe(self) -> str:
        """One line: number, mover, move, class, the mover's chance before and after, better."""
        exact = ", exact" if self.exact else ""
        text = (
            f"{self.number}. {self.mover_name()} {self.said or self.move}: {self.label} "
            f"(win chance {_pct(self.best_value)} → {_pct(self.played_value)}{exact})"
        )
        return text + ("." if self.is_best else f"; better {self.best_said or self.best}.")


@dataclass(frozen=True)
class GameReview:
    """A whole game judged: a :class:`MoveReview` per move reviewed so far, and the end.

    >>> a = MoveReview(1, 0, "A1", "A1", (0.5, 0.5), (0.4, 0.6), "best", "", 100)
    >>> b = MoveReview(2, 1, "B2", "C3", (0.4, 0.6), (0.9, 0.1), "blunder", "", 100)
    >>> r = GameReview("circle", 2, (a, b), final=(1.0, 0.0), total=2)
    >>> r.complete, r.worst().move, [m.number for m in r.turning_points()]
    (True, 'B2', [2, 1])
    >>> r.chances()
    [(0.5, 0.5), (0.4, 0.6), (1.0, 0.0)]
    """

    game: str
    """The game's machine name (``"circle"``, ``"ecosystem"``, ``"savannah"``)."""
    players: int
    """How many players."""
    moves: tuple[MoveReview, ...]
    """The moves reviewed, in game order (all of them once :attr:`complete`)."""
    final: tuple[float, ...] = ()
    """Each player's result once the game is over (its returns), else empty."""
    total: int = 0
    """How many moves the game has."""
    stopped: bool = False
    """Whether the review was stopped before it finished."""
    deepened: tuple[int, ...] = ()
    """The numbers of the moves whose positions were searched again."""

    @property
    def complete(self) -> bool:
        """Whether every move has been reviewed."""
        return len(self.moves) == self.total

    def worst(self) -> MoveReview | None:
        """The move that gave away the most (the first of equals), or None."""
        return max(self.moves, key=lambda m: m.drop, default=None)

    def turning_points(self, count: int = 3) -> list[MoveReview]:
        """The ``count`` moves that gave away the most, biggest drop first."""
        return sorted(self.moves, key=lambda m: (-m.drop, m.number))[:count]

    def chances(self) -> list[tuple[float, ...]]:
        """Each player's win chance at every position reviewed, then at the end (the chart)."""
        points = [m.before for m in self.moves]
        if self.final and self.complete:
            points.append(self.final)
        return points

    def of_class(self, label: str) -> list[MoveReview]:
        """The moves of one class."""
        if label not in CLASSES:
            raise ValueError(f"A class is one of {', '.join(CLASSES)}; not {label!r}.")
        return [m for m in self.moves if m.label == label]

    def rows(self) -> list[dict[str, Any]]:
        """One flat record per move (for tables, CSV and Parquet): the moves as the game writes
        them (``move``, ``better``) and as a player says them (``said``, ``better_said``)."""
        return [
            {
                "number": m.number,
                "mover": m.mover_name(),
                "move": m.move,
                "before": round(m.best_value, 4),
                "after": round(m.played_value, 4),
                "class": m.label,
                "better": "" if m.is_best else m.best,
                "said": m.said or m.move,
                "better_said": "" if m.is_best else m.best_said or m.best,
                "drop": m.drop,
                "uncertainty": round(m.uncertainty, 4),
                "exact": m.exact,
                "why": m.why,
            }
            for m in self.moves
        ]


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


def _default_names(players: int) -> tuple[str, ...]:
    return tuple(f"Player {p + 1}" for p in range(players))


def game_of(state: Any) -> Game:
    """The :class:`~engines.games.Game` a state belongs to; ValueError for anything else."""
    module = type(state).__module__
    for game in GAMES.values():
        if module.startswith(game.module + "."):
            return game
    raise ValueError(f"{type(state).__name__} is not the state of a game of this family.")


def default_iterations(game: Game | str) -> int:
    """Iterations of each of a review's searches in ``game``: its bots' at
    :data:`REVIEW_STRENGTH`.

    >>> default_iterations("circle")
    1000
    """
    game = GAMES[game] if isinstance(game, str) else game
    return game.bots.ITERATIONS[REVIEW_STRENGTH]


class Reviewer:
    """The review of one game as jobs: the positions to value (:meth:`jobs`), which to value
    again (:meth:`deeper`), and the review their values make (:meth:`review`).  What
    :func:`review_game` runs, and what a page runs a position per job on its worker pool.

    >>> from engines.circle import Rules, new_game
    >>> r = Reviewer(new_game(Rules(radius=2)), ["A1", "C3"], iterations=40, samples=2)
    >>> [j.number for j in r.jobs()], r.total
    ([0, 1, 2], 4)
    >>> values = {j.number: j.compute() for j in r.jobs()}
    >>> r.review(values).complete, r.review({0: values[0]}).moves
    (True, ())
    """

    def __init__(
        self,
        start: Any,
        actions: Sequence[Any],
        *,
        iterations: int | None = None,
        seed: int = 0,
        samples: int = SAMPLES,
        deep: float = 0.25,
        thresholds: Thresholds = THRESHOLDS,
        names: Sequence[str] | None = None,
    ):
        self.game = game_of(start)
        """The game reviewed."""
        budget = default_iterations(self.game) if iterations is None else iterations
        _check(budget, samples, deep, seed)
        self.iterations = budget
        """Iterations of each search."""
        self.samples = samples
        """Independent searches of each position (as many again where it is looked at again)."""
        self.seed = seed
        self.thresholds = thresholds
        self.names = _names(self.game, start.players, names)
        """The players' names in sentences."""
        self.start = start.clone()
        self.states, self.actions, end = positions(start, actions)
        self.texts = tuple(
            s.action_to_str(a) for s, a in zip(self.states, self.actions, strict=True)
        )
        self.final = tuple(end.returns()) if end.is_over else ()
        count = len(self.actions) + (0 if self.final or self.game.hidden_information else 1)
        self.numbers = tuple(range(count))
        """The positions valued: 0 the start, n after move n."""
        self.deep_count = math.ceil(deep * count)
        """How many positions may be looked at again."""
        self.empty = GameReview(self.game.name, start.players, (), self.final, len(self.actions))
        """The review before any move is judged (its ``final`` and ``total`` are set)."""
        self._json = start.to_json()
        self._words: dict[tuple[int, str], str] = {}  # (move, better) -> why: worked out once

    @property
    def total(self) -> int:
        """Position searches to run at most (the first look and the deeper one)."""
        return len(self.numbers) + self.deep_count

    def job(self, number: int, first: int = 0) -> PositionJob:
        """The job that values position ``number`` (samples from ``first`` on)."""
        return PositionJob(
            self.game.name,
            self._json,
            self.texts,
            number,
            self.iterations,
            self.seed,
            self.samples,
            first,
        )

    def jobs(self) -> list[PositionJob]:
        """The first look: one job per position."""
        return [self.job(n) for n in self.numbers]

    def deeper(self, values: Mapping[int, PositionValue]) -> list[PositionJob]:
        """The second look: the positions of the moves whose drop may lie on either side of a
        threshold within its uncertainty (as many searches again, new seeds), largest drop
        first, :attr:`deep_count` positions at most."""
        review = self.review(values)
        t = self.thresholds

        def undecided(m: MoveReview) -> bool:
            top = values[m.number - 1].best == m.move
            ends = {t.classify(m.drop + d, top) for d in (-m.uncertainty, m.uncertainty)}
            return not m.exact and len(ends) > 1

        moves = [m for m in review.moves if undecided(m)]
        wanted: list[int] = []
        for m in sorted(moves, key=lambda m: (-m.drop, m.number)):
            for n in self._sources(m.number):
                if n not in wanted and not values[n].exact:
                    wanted.append(n)
        return [self.job(n, first=self.samples) for n in wanted[: self.deep_count]]

    def add(
        self,
        values: dict[int, PositionValue],
        deepened: list[int],
        job: PositionJob,
        value: PositionValue,
    ) -> None:
        """Put ``job``'s ``value`` into ``values`` (a deeper look adds to the first, and the
        moves before and after its position go into ``deepened``)."""
        if job.first:
            values[job.number] = values[job.number].more(value)
            moves = (m for m in (job.number, job.number + 1) if job.number in self._sources(m))
            deepened.extend(m for m in moves if m not in deepened)
        else:
            values[job.number] = value

    def _sources(self, number: int) -> tuple[int, ...]:
        """The positions whose values judge move ``number``."""
        if self.game.hidden_information or number >= len(self.numbers):
            return (number - 1,)
        return (number - 1, number)

    def review(
        self, values: Mapping[int, PositionValue], deepened: Sequence[int] = ()
    ) -> GameReview:
        """The review the positions valued so far make: every move from the first whose
        positions are all valued."""
        moves = []
        for number in range(1, len(self.actions) + 1):
            if any(n not in values for n in self._sources(number)):
                break
            moves.append(self._judge(number, values))
        looked = sorted(m for m in deepened if 1 <= m <= self.empty.total)
        return replace(self.empty, moves=tuple(moves), deepened=tuple(looked))

    def _judge(self, number: int, values: Mapping[int, PositionValue]) -> MoveReview:
        here = values[number - 1]
        state, action, played = (
            self.states[number - 1],
            self.actions[number - 1],
            self.texts[number - 1],
        )
        mover = state.current_player
        before, error = here.chances, here.uncertainty
        proof = None
        if self.game.hidden_information:
            after, after_error = here.played_chances, here.played_uncertainty
            if here.best == played:
                after, after_error = before, 0.0
        elif number in values:
            there = values[number]
            after, after_error, proof = there.chances, there.uncertainty, there.proof
        else:
            after, after_error = self.final, 0.0
        drop = _drop(before[mover], after[mover])
        margin = self.thresholds.confidence * math.hypot(error, after_error)
        label = self.thresholds.classify(drop, here.best == played, margin)
        better = played if label == "best" else here.best
        words = self.game.reasons
        say = getattr(words, "say", None)
        why = self._words.get((number, better))
        if why is None:  # a game's words may play on (Savannah's points at the end): once
            alt = None if better == played else state.parse_action(better)
            why = self._words[number, better] = words.why(state, action, alt)
        if proof is not None:
            why = f"{_forced(self, number, proof)} {why}"
        said = say(state, action) if say else played
        best_said = say(state, state.parse_action(better)) if say else better
        if better != played:
            why += (
                f" Played out by the search, {self.names[mover]}'s win chance is "
                f"{_pct(before[mover])} with {best_said} and {_pct(after[mover])} after "
                f"{said}, give or take {_pct(margin)}."
            )
        return MoveReview(
            number=number,
            player=mover,
            move=played,
            best=better,
            before=before,
            after=after,
            label=label,
            why=why,
            iterations=0 if here.exact else self.iterations * len(here.samples),
            names=self.names,
            uncertainty=round(margin, 6),
            exact=proof is not None,
            line=proof[2] if proof is not None else (),
            said=said,
            best_said=best_said,
        )


def _forced(reviewer: Reviewer, number: int, proof: tuple[int, int, tuple[str, ...]]) -> str:
    """'After E6 Black wins by force: E7, F3.' for a proved position after move ``number``."""
    winner, _, line = proof
    return (
        f"After {reviewer.texts[number - 1]} {reviewer.names[winner]} wins by force: "
        f"{', '.join(line)}."
    )


def _check(budget: Any, samples: Any, deep: Any, seed: Any) -> None:
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 4:
        raise ValueError(f"iterations must be a whole number of at least 4, not {budget!r}.")
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= 64:
        raise ValueError(f"samples must be a whole number from 1 to 64, not {samples!r}.")
    if not isinstance(deep, (int, float)) or not 0 <= deep <= 1:
        raise ValueError(f"deep must be a share from 0 to 1, not {deep!r}.")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}.")


def review_game(
    start: Any,
    actions: Sequence[Any],
    *,
    should_stop: Stop = None,
    progress: Progress | None = None,
    run: Runner = run_in_order,
    **options: Any,
) -> GameReview:
    """Review the game played by ``actions`` (values or their text) from ``start``.

    ``options`` are :class:`Reviewer`'s: ``iterations``, each search's budget (default
    :func:`default_iterations`); ``samples``, the searches per position (default
    :data:`SAMPLES`); ``seed``; ``deep``, the share of positions that may be looked at again
    (0 to 1, default 0.25); ``thresholds``; ``names``, the players' names for sentences.
    ``run(jobs, should_stop)`` values the jobs in their order (default: one after the other
    here; ``cole review`` passes one that runs them on Dask).  Raises
    :class:`engines.IllegalAction` naming the first illegal action; ``start`` is not changed.
    """
    reviewer = Reviewer(start, actions, **options)
    values: dict[int, PositionValue] = {}
    deepened: list[int] = []
    done = 0
    jobs = reviewer.jobs()
    while jobs:
        for job, value in zip(jobs, run(jobs, should_stop), strict=True):
            if value is None:
                return replace(reviewer.review(values, deepened), stopped=True)
            reviewer.add(values, deepened, job, value)
            done += 1
            if progress is not None:
                progress(done, reviewer.total, reviewer.review(values, deepened))
        jobs = reviewer.deeper(values) if jobs[0].first == 0 else []
    return reviewer.review(values, deepened)


def _names(game: Game, players: int, names: Sequence[str] | None) -> tuple[str, ...]:
    names = tuple(names) if names is not None else game.reasons.player_names(players)
    if len(names) != players or not all(isinstance(n, str) for n in names):
        raise ValueError(f"names must give the {players} players' names.")
    return names
