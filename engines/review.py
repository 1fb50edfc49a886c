"""Game review, once for every game: where a game was won and lost, move by move.

For each position of a game the review asks the one search (:mod:`engines.search`) for each
player's *win chance*: the search's root value at the review's budget, from the **mover's
information set** (every iteration deals the cards the mover could not see at random, through
the game's ``determinize``), so a review never uses what the mover could not see.  The chances
are normalised to add up to 1 over the players (in two-player games they already do).  The
search's best move gets its value from that search; the move played, when it is another,
gets its own search restricted to it (:meth:`~engines.search.ISMCTS.analyse` with ``only``).

The move's class is by its *drop*: the mover's win chance with the best move minus her win
chance with the move played (never below 0).  The thresholds (:class:`Thresholds`, after the
win-chance drops lichess uses) are:

=============  ==========================================================
class          drop in the mover's win chance
=============  ==========================================================
``best``       the search's own choice, or within 0.03 of it (search noise)
``good``       below 0.10
``inaccuracy`` 0.10 to below 0.20
``mistake``    0.20 to below 0.30
``blunder``    0.30 or more
=============  ==========================================================

The review is *progressive*: a first pass over the whole game at a quarter of the budget, then
the positions where the value moved most (the largest drops, ``deep`` of them) again at the
full budget, largest first.  ``progress(done, total, review)`` hears after every position;
``should_stop()`` ends the review with what it has (``GameReview.stopped``).  Each position's
searches are seeded from the review's seed and the position's number, so a review is the same
for a seed and a budget, whatever the order it ran in.

>>> from engines.circle import Rules, State
>>> start = State.from_position({0: "C3", 1: "D3"}, to_move=0, rules=Rules(radius=2))
>>> done = review_game(start, ["B2", "C2", "A1"], iterations=120, seed=1)
>>> done.complete, len(done.moves), [m.move for m in done.moves]
(True, 3, ['B2', 'C2', 'A1'])
>>> first = done.moves[0]
>>> first.player, 0.0 <= first.before[0] <= 1.0, round(sum(first.before), 6)
(0, True, 1.0)
>>> first.label in CLASSES and first.drop >= 0
True
>>> review_game(start, ["B2", "C2", "A1"], iterations=120, seed=1) == done
True
>>> Thresholds().classify(0.35, is_best=False), Thresholds().classify(0.0, is_best=True)
('blunder', 'best')
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from . import IllegalAction
from .games import GAMES, Game
from .search import ISMCTS

__all__ = [
    "CLASSES",
    "THRESHOLDS",
    "GameReview",
    "MoveReview",
    "Reviewer",
    "Thresholds",
    "default_iterations",
    "game_of",
    "review_game",
]

CLASSES: tuple[str, ...] = ("best", "good", "inaccuracy", "mistake", "blunder")
"""The classes of a move, best first."""

REVIEW_STRENGTH = 3
"""The bot strength whose search budget (the game's ``ITERATIONS``) a review uses by default."""

Progress = Callable[[int, int, "GameReview"], None]


@dataclass(frozen=True)
class Thresholds:
    """The drops in the mover's win chance that divide the classes (see the module).

    >>> Thresholds().classify(0.12, is_best=False)
    'inaccuracy'
    >>> Thresholds(blunder=0.5).classify(0.4, is_best=False)
    'mistake'
    """

    best: float = 0.03
    """Drops up to this are the best move within the search's noise."""
    inaccuracy: float = 0.10
    """Drops from this are inaccuracies."""
    mistake: float = 0.20
    """Drops from this are mistakes."""
    blunder: float = 0.30
    """Drops from this are blunders."""

    def __post_init__(self) -> None:
        steps = (0.0, self.best, self.inaccuracy, self.mistake, self.blunder, 1.0)
        if any(not isinstance(x, (int, float)) for x in steps) or list(steps) != sorted(steps):
            raise ValueError(
                "thresholds must rise: 0 <= best <= inaccuracy <= mistake <= blunder <= 1."
            )

    def classify(self, drop: float, is_best: bool) -> str:
        """The class of a move that drops the mover's win chance by ``drop``."""
        if is_best or drop <= self.best:
            return "best"
        for name, low in (("blunder", self.blunder), ("mistake", self.mistake)):
            if drop >= low:
                return name
        return "inaccuracy" if drop >= self.inaccuracy else "good"


THRESHOLDS = Thresholds()
"""The default thresholds."""


def _drop(best: float, played: float) -> float:
    """The win chance given away, rounded so that a move's class and its ``drop`` agree (0.975
    - 0.875 is 0.0999…: classed "good" while its drop read 0.1, an inaccuracy)."""
    return round(max(0.0, best - played), 6)


@dataclass(frozen=True)
class MoveReview:
    """One move judged: the win chances with the best move and with the move played.

    >>> m = MoveReview(3, 1, "E7", "F3", (0.4, 0.6), (0.8, 0.2), "blunder", "…", 400, ("Orange", "Black"))
    >>> m.drop, m.best_value, m.played_value
    (0.4, 0.6, 0.2)
    >>> m.describe()
    '3. Black E7: blunder (win chance 60% → 20%); better F3.'
    """

    number: int
    """The move's number in the game, from 1."""
    player: int
    """Who moved."""
    move: str
    """The move played, as the game writes it (``action_to_str``)."""
    best: str
    """The search's best move in the position (the move itself when it was the best)."""
    before: tuple[float, ...]
    """Each player's win chance in the position, with the best move (0 to 1)."""
    after: tuple[float, ...]
    """Each player's win chance after the move played, seen from the mover's information set."""
    label: str
    """The move's class, one of :data:`CLASSES`."""
    why: str
    """Why, in the game's own words."""
    iterations: int
    """The search budget the values come from (more after the deep pass)."""
    names: tuple[str, ...] = field(default=(), compare=False, repr=False)
    """The players' names for sentences (``"Orange"``, ``"Player 2"``)."""

    @property
    def best_value(self) -> float:
        """The mover's win chance with the best move."""
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
        """Whether the move played is the search's best."""
        return self.move == self.best

    def mover_name(self) -> str:
        """The mover's name (``"Player 2"`` when the review has none)."""
        names = self.names or _default_names(len(self.before))
        return names[self.player]

    def describe(self) -> str:
        """One line: number, mover, move, class, the mover's chance before and after, better."""
        text = (
            f"{self.number}. {self.mover_name()} {self.move}: {self.label} "
            f"(win chance {_pct(self.best_value)} → {_pct(self.played_value)})"
        )
        return text + ("." if self.is_best else f"; better {self.best}.")


@dataclass(frozen=True)
class GameReview:
    """A whole game judged: a :class:`MoveReview` per move reviewed so far, and the end.

    >>> a = MoveReview(1, 0, "A1", "A1", (0.5, 0.5), (0.5, 0.5), "best", "", 100)
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
    """The numbers of the moves searched again at the full budget."""

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
        """One flat record per move (for tables, CSV and Parquet)."""
        return [
            {
                "number": m.number,
                "mover": m.mover_name(),
                "move": m.move,
                "before": round(m.best_value, 4),
                "after": round(m.played_value, 4),
                "class": m.label,
                "better": "" if m.is_best else m.best,
                "drop": m.drop,
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
    """The review's default budget in ``game``: its bots' search at :data:`REVIEW_STRENGTH`.

    >>> default_iterations("circle")
    1000
    """
    game = GAMES[game] if isinstance(game, str) else game
    return game.bots.ITERATIONS[REVIEW_STRENGTH]


def _search(game: Game, iterations: int, seed: int) -> ISMCTS:
    return game.bots.MCTSBot(iterations=max(1, iterations), seed=seed).search


def _chances(values: Sequence[float], players: int) -> tuple[float, ...]:
    total = sum(values)
    if len(values) != players or total <= 0:
        return (1.0 / players,) * players
    return tuple(round(v / total, 6) for v in values)


@dataclass(frozen=True)
class _Job:
    """One position to judge and what the review needs to say about it."""

    number: int
    state: Any
    action: Any
    game: Game
    names: tuple[str, ...]
    thresholds: Thresholds


def _judge(job: _Job, iterations: int, seed: int, should_stop: Callable[[], bool] | None):
    """The :class:`MoveReview` of one position, or None when stopped before it was judged.

    A search at ``iterations`` finds the best move; when the move played is another, a second
    search at half the budget over those two moves alone values both side by side (values from
    one search, so the best move's is not the luckiest of many estimates)."""
    state, game = job.state, job.game
    players = state.players
    search = _search(game, iterations, seed)
    top = search.analyse(state, should_stop=should_stop)
    if top.stopped:
        return None
    hooks = search.game
    key = hooks.move_of(state, job.action)
    best = top.best_action
    same = hooks.move_of(state, best) == key
    before = after = _chances(top.returns, players)
    if not same:
        duel = _search(game, iterations // 2, seed + 1).analyse(
            state, only=[best, job.action], should_stop=should_stop
        )
        if duel.stopped:
            return None
        values = {hooks.move_of(state, a): r for a, r in duel.action_returns}
        before = _chances(values.get(hooks.move_of(state, best), ()), players)
        after = _chances(values.get(key, ()), players)
    mover = state.current_player
    if after[mover] >= before[mover]:  # side by side, the move played came out no worse
        same, before = True, after
    drop = _drop(before[mover], after[mover])
    return MoveReview(
        number=job.number,
        player=mover,
        move=state.action_to_str(job.action),
        best=state.action_to_str(job.action if same else best),
        before=before,
        after=after,
        label=job.thresholds.classify(drop, same),
        why=game.reasons.why(state, job.action, None if same else best),
        iterations=iterations,
        names=job.names,
    )


def _seed(seed: int, number: int, deep: bool) -> int:
    return (seed * 1_000_003 + number * 4 + (2 if deep else 0)) % 2**63


class Reviewer:
    """The review of one game, a position at a time: what :func:`review_game` runs in a loop
    and a page runs one position per job on its worker pool.

    >>> from engines.circle import Rules, new_game
    >>> r = Reviewer(new_game(Rules(radius=2)), ["A1", "C3"], iterations=40)
    >>> r.total, r.judge(1).iterations, r.judge(1, deep=True).iterations
    (3, 10, 40)
    """

    def __init__(
        self,
        start: Any,
        actions: Sequence[Any],
        *,
        iterations: int | None = None,
        seed: int = 0,
        deep: float = 0.25,
        thresholds: Thresholds = THRESHOLDS,
        names: Sequence[str] | None = None,
    ):
        self.game = game_of(start)
        """The game reviewed."""
        budget = default_iterations(self.game) if iterations is None else iterations
        if isinstance(budget, bool) or not isinstance(budget, int) or budget < 4:
            raise ValueError(f"iterations must be a whole number of at least 4, not {budget!r}.")
        if not isinstance(deep, (int, float)) or not 0 <= deep <= 1:
            raise ValueError(f"deep must be a share from 0 to 1, not {deep!r}.")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be a whole number, not {seed!r}.")
        self.budget = budget
        """Iterations per position in the deep pass (the first pass uses a quarter)."""
        self.seed = seed
        self.names = _names(self.game, start.players, names)
        """The players' names in sentences."""
        self._jobs, end = _jobs(start, actions, self.game, thresholds, self.names)
        self.deep_count = math.ceil(deep * len(self._jobs))
        """How many moves the deep pass searches again."""
        self.empty = GameReview(
            self.game.name,
            start.players,
            (),
            tuple(end.returns()) if end.is_over else (),
            len(self._jobs),
        )
        """The review before any move is judged (its ``final`` and ``total`` are set)."""

    @property
    def total(self) -> int:
        """Positions to judge in both passes."""
        return len(self._jobs) + self.deep_count

    def judge(
        self, number: int, deep: bool = False, should_stop: Callable[[], bool] | None = None
    ) -> MoveReview | None:
        """Move ``number`` (from 1) judged in the first pass or the deep one; None if stopped."""
        job = self._jobs[number - 1]
        budget = self.budget if deep else self.budget // 4
        return _judge(job, budget, _seed(self.seed, number, deep), should_stop)

    def deep_order(self, moves: Sequence[MoveReview]) -> list[int]:
        """The numbers of the moves to search again: the largest drops first."""
        ranked = sorted(moves, key=lambda m: (-m.drop, m.number))
        return [m.number for m in ranked[: self.deep_count]]


def review_game(
    start: Any,
    actions: Sequence[Any],
    *,
    should_stop: Callable[[], bool] | None = None,
    progress: Progress | None = None,
    **options: Any,
) -> GameReview:
    """Review the game played by ``actions`` (values or their text) from ``start``.

    ``options`` are :class:`Reviewer`'s: ``iterations``, the full budget per position (default
    :func:`default_iterations`; the first pass uses a quarter of it); ``seed``; ``deep``, the
    share of moves searched again at the full budget (0 to 1, default 0.25); ``thresholds``;
    ``names``, the players' names for sentences.  Raises :class:`engines.IllegalAction` naming
    the first illegal action; ``start`` is not changed.
    """
    reviewer = Reviewer(start, actions, **options)
    review = reviewer.empty
    judged: list[MoveReview] = []
    for number in range(1, review.total + 1):
        move = reviewer.judge(number, False, should_stop)
        if move is None:
            return replace(review, stopped=True)
        judged.append(move)
        review = replace(review, moves=tuple(judged))
        if progress is not None:
            progress(number, reviewer.total, review)
    for done, number in enumerate(reviewer.deep_order(judged), start=review.total + 1):
        move = reviewer.judge(number, True, should_stop)
        if move is None:
            return replace(review, stopped=True)
        judged[number - 1] = move
        review = replace(review, moves=tuple(judged), deepened=(*review.deepened, number))
        if progress is not None:
            progress(done, reviewer.total, review)
    return review


def _names(game: Game, players: int, names: Sequence[str] | None) -> tuple[str, ...]:
    names = tuple(names) if names is not None else game.reasons.player_names(players)
    if len(names) != players or not all(isinstance(n, str) for n in names):
        raise ValueError(f"names must give the {players} players' names.")
    return names


def _jobs(
    start: Any,
    actions: Sequence[Any],
    game: Game,
    thresholds: Thresholds,
    names: tuple[str, ...],
) -> tuple[list[_Job], Any]:
    """The positions of the game, each with its move, and the position at the end."""
    jobs = []
    state = start.clone()
    for number, action in enumerate(actions, start=1):
        try:
            value = state.parse_action(action) if isinstance(action, str) else action
            before = state.clone()
            state.apply(value)
        except ValueError as err:  # IllegalAction is a ValueError
            raise IllegalAction(f"Move {number} ({action!r}): {err}") from None
        jobs.append(_Job(number, before, value, game, names, thresholds))
    return jobs, state
