"""A game's review as it runs on a page: one position per bot job, progress, Stop (panel-free).

:class:`ReviewRequest` is one position to judge as plain data (the start as the engine's JSON,
the moves as text), so a page's :class:`~cole_panel.ui.BotRunner` sends it to the server's one
worker pool, where a Stop stops its search.  :class:`ReviewRun` asks for the positions one after
the other (the fast first pass over the whole game, then the deep pass where the value moved
most) and keeps the :class:`~engines.review.GameReview` so far, so a chart can fill in as it
goes.

>>> from engines.games import GAMES
>>> start = next(iter(GAMES.values())).new_game(seed=1)
>>> second = start.clone()
>>> _ = second.apply(second.legal_actions()[0])
>>> run = ReviewRun(iterations=8)
>>> run.start(start, [start.legal_actions()[0], second.legal_actions()[0]])   # runs inline
>>> run.review.complete, run.done, run.total, run.running
(True, 3, 3, False)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import param

from engines.review import GameReview, MoveReview, Reviewer

from .scheduler import BotJob, BotScheduler, InlineScheduler
from .seats import game_record

__all__ = ["ReviewRequest", "ReviewRun"]


@dataclass(frozen=True)
class ReviewRequest:
    """One position of a review to judge, as plain data that can travel to another process."""

    game: str
    """The game's name (its engine record, :mod:`engines.games`)."""
    start_json: str
    """The game's start, as the engine's JSON."""
    actions: tuple[str, ...]
    """The moves played, as text."""
    number: int
    """The move to judge (from 1)."""
    deep: bool
    """Whether this is the deep pass (the full budget) or the first (a quarter)."""
    iterations: int | None
    """The review's budget (None: the game's default)."""
    seed: int
    """The review's seed."""
    names: tuple[str, ...]
    """The players' names for sentences."""
    kind: str = "MCTS"
    """What the bot runner reads to send a job to the worker pool (a search)."""

    def reviewer(self) -> Reviewer:
        """The game's :class:`~engines.review.Reviewer`."""
        start = game_record(self.game).state_type.from_json(self.start_json)
        return Reviewer(
            start, self.actions, iterations=self.iterations, seed=self.seed, names=self.names
        )

    def compute(self, should_stop: Callable[[], bool] | None = None) -> MoveReview | None:
        """The move judged (None when stopped first)."""
        return self.reviewer().judge(self.number, self.deep, should_stop)


class ReviewRun(param.Parameterized):
    """One page's review of one game: started, filling in, stopped or complete."""

    review = param.ClassSelector(
        class_=GameReview, default=None, allow_None=True, doc="The review so far (None: none)."
    )
    running = param.Boolean(default=False, doc="Whether positions are being judged now.")
    done = param.Integer(default=0, bounds=(0, None), doc="Positions judged so far.")
    total = param.Integer(default=0, bounds=(0, None), doc="Positions to judge in both passes.")
    iterations = param.Integer(
        default=None,
        allow_None=True,
        bounds=(4, 100_000),
        doc="Iterations per position in the deep pass (None: the game's default).",
    )
    seed = param.Integer(default=0, bounds=(0, None), doc="The review's seed.")
    scheduler = param.Parameter(
        default=None, doc="Runs the jobs (a BotScheduler; None: inline, for scripts and tests)."
    )

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._plan: list[tuple[int, bool]] = []
        self._handle: Any = None
        self._generation = 0
        self._base: ReviewRequest | None = None
        self._reviewer: Reviewer | None = None

    def start(self, start: Any, actions: Sequence[Any], names: Sequence[str] | None = None) -> None:
        """Review the game of ``actions`` from ``start`` (a review already running stops)."""
        self.stop()
        texts = []
        state = start.clone()
        for action in actions:
            texts.append(state.action_to_str(action) if not isinstance(action, str) else action)
            state.apply(state.parse_action(texts[-1]))
        reviewer = Reviewer(start, texts, iterations=self.iterations, seed=self.seed, names=names)
        self._reviewer = reviewer
        self._base = ReviewRequest(
            reviewer.game.name,
            start.to_json(),
            tuple(texts),
            0,
            False,
            self.iterations,
            self.seed,
            reviewer.names,
        )
        self._generation += 1
        self._plan = [(n, False) for n in range(1, len(texts) + 1)]
        self.param.update(review=reviewer.empty, running=bool(texts), done=0, total=reviewer.total)
        self._next()

    def stop(self) -> None:
        """Stop the review: the running search ends, the review keeps what it has."""
        self._generation += 1
        self._plan = []
        if self._handle is not None:
            self._scheduler().cancel(self._handle)
            self._handle = None
        if self.running:
            review = self.review
            self.param.update(
                running=False, review=None if review is None else replace(review, stopped=True)
            )

    def clear(self) -> None:
        """Stop and forget the review (the game it was of is no longer on show)."""
        self.stop()
        self.param.update(review=None, done=0, total=0)

    def _scheduler(self) -> BotScheduler:
        return self.scheduler if self.scheduler is not None else InlineScheduler()

    def _next(self) -> None:
        if not self._plan:
            self._handle = None
            self.running = False
            return
        number, deep = self._plan.pop(0)
        request = replace(self._base, number=number, deep=deep)
        generation = self._generation
        job = BotJob(
            compute=request.compute,
            apply=lambda move: self._took(generation, move),
            task=f"Reviewing move {number}",
            request=request,
        )
        self._handle = self._scheduler().submit(job)

    def _took(self, generation: int, move: MoveReview | None) -> None:
        if generation != self._generation:
            return
        if move is None:  # stopped in the worker
            self.stop()
            return
        review = self.review
        moves = list(review.moves)
        if move.number <= len(moves):
            moves[move.number - 1] = move
            deepened = (*review.deepened, move.number)
        else:
            moves.append(move)
            deepened = review.deepened
        review = replace(review, moves=tuple(moves), deepened=deepened)
        if not self._plan and len(moves) == review.total and not deepened:
            self._plan = [(n, True) for n in self._reviewer.deep_order(moves)]
        self.param.update(review=review, done=self.done + 1)
        self._next()
