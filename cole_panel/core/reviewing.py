"""A game's review as it runs on a page: one position per bot job, progress, Stop (panel-free).

:class:`ReviewRequest` is one position to value as plain data (an
:class:`~engines.review.PositionJob`: the start as the engine's JSON, the moves as text), so a
page's :class:`~cole_panel.ui.BotRunner` sends it to the server's one worker pool, where a Stop
stops its search.  :class:`ReviewRun` asks for the positions one after the other (the first look
at every position, then the deeper look where the uncertainty decides a class) and keeps the
:class:`~engines.review.GameReview` so far, so a chart can fill in as it goes; it is the same
review :func:`~engines.review.review_game` makes for the seed and budget.

>>> from engines.games import GAMES
>>> start = next(iter(GAMES.values())).new_game(seed=1)
>>> second = start.clone()
>>> _ = second.apply(second.legal_actions()[0])
>>> run = ReviewRun(iterations=8)
>>> run.start(start, [start.legal_actions()[0], second.legal_actions()[0]])   # runs inline
>>> run.review.complete, run.done == run.total, run.running
(True, True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import param

from engines.review import GameReview, PositionJob, PositionValue, Reviewer

from .scheduler import BotJob, BotScheduler, InlineScheduler

__all__ = ["ReviewRequest", "ReviewRun"]


@dataclass(frozen=True)
class ReviewRequest:
    """One position of a review to value, as plain data that can travel to another process."""

    job: PositionJob
    """The position and the review's budget and seed."""
    kind: str = "MCTS"
    """What the bot runner reads to send a job to the worker pool (a search)."""

    def compute(self, should_stop: Callable[[], bool] | None = None) -> PositionValue | None:
        """The position valued (None when stopped first)."""
        return self.job.compute(should_stop)


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
        self._plan: list[PositionJob] = []
        self._handle: Any = None
        self._generation = 0
        self._reviewer: Reviewer | None = None
        self._values: dict[int, PositionValue] = {}
        self._deepened: list[int] = []
        self._looked_again = False

    def start(self, start: Any, actions: Sequence[Any], names: Sequence[str] | None = None) -> None:
        """Review the game of ``actions`` from ``start`` (a review already running stops)."""
        self.stop()
        reviewer = Reviewer(start, actions, iterations=self.iterations, seed=self.seed, names=names)
        self._reviewer = reviewer
        self._values, self._deepened, self._looked_again = {}, [], False
        self._generation += 1
        self._plan = reviewer.jobs() if reviewer.empty.total else []
        self.param.update(
            review=reviewer.empty, running=bool(self._plan), done=0, total=reviewer.total
        )
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
        job = self._plan.pop(0)
        generation = self._generation
        request = ReviewRequest(job)
        self._handle = self._scheduler().submit(
            BotJob(
                compute=request.compute,
                apply=lambda value: self._took(generation, job, value),
                task=f"Reviewing position {job.number}",
                request=request,
            )
        )

    def _took(self, generation: int, job: PositionJob, value: PositionValue | None) -> None:
        if generation != self._generation:
            return
        if value is None:  # stopped in the worker
            self.stop()
            return
        reviewer = self._reviewer
        reviewer.add(self._values, self._deepened, job, value)
        total = self.total
        if not self._plan and not self._looked_again:
            self._looked_again = True
            self._plan = reviewer.deeper(self._values)
            total = self.done + 1 + len(self._plan)
        review = reviewer.review(self._values, self._deepened)
        self.param.update(review=review, done=self.done + 1, total=total)
        self._next()
