"""A game's review as it runs on a page: a few positions per bot job, progress, Stop (panel-free).

:class:`ReviewRequest` is a few positions to value as plain data (each an
:class:`~engines.review.PositionJob`: the start as the engine's JSON, the moves as text), so a
page's :class:`~cole_panel.ui.BotRunner` sends it to the server's one worker pool, where a Stop
stops its search.  :class:`ReviewRun` asks for the positions :data:`BATCH` at a time, one job
after the other (the first look at every position, then the deeper look where the uncertainty
decides a class), sending the next job before it works out the review of the last one, and keeps
the :class:`~engines.review.GameReview` so far, so a chart can fill in as it goes; it is the same
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

__all__ = ["BATCH", "ReviewRequest", "ReviewRun"]

BATCH = 4
"""Positions valued in one job: fewer round trips through the pool and fewer reviews worked
out on the event loop than one a job (bench: ``python -m bench review``), while the chart
still fills in every few seconds and a Stop loses at most the batch's search in progress."""


@dataclass(frozen=True)
class ReviewRequest:
    """A few positions of a review to value, as plain data that can travel to another process.

    >>> from engines.circle import Rules, new_game
    >>> from engines.review import Reviewer
    >>> jobs = Reviewer(new_game(Rules(radius=2)), ["A1"], iterations=8, samples=1).jobs()
    >>> [v.number for v in ReviewRequest(tuple(jobs)).compute()]
    [0, 1]
    >>> ReviewRequest(tuple(jobs)).compute(lambda: True)
    (None,)
    """

    jobs: tuple[PositionJob, ...]
    """The positions, with the review's budget and seed."""
    kind: str = "MCTS"
    """What the bot runner reads to send a job to the worker pool (a search)."""
    wide: bool = True
    """The pool may run it on its spare processes too (:class:`~.botpool.BotPool`): a
    review's positions are independent, so two lanes judge them two at a time."""

    def compute(
        self, should_stop: Callable[[], bool] | None = None
    ) -> tuple[PositionValue | None, ...]:
        """Each position valued, in order; when stopped, the values so far and then None."""
        values: list[PositionValue | None] = []
        for job in self.jobs:
            value = job.compute(should_stop)
            values.append(value)
            if value is None:
                break
        return tuple(values)


class ReviewRun(param.Parameterized):
    """One page's review of one game: started, filling in, stopped or complete.

    Its positions go out :data:`BATCH` at a time on each of its lanes (``scheduler`` and
    ``lanes``), a batch per lane at once: a page's two lanes are two clients of the worker
    pool, whose spare process takes a review's second batch (``ReviewRequest.wide``).

    >>> from engines.circle import Rules, new_game
    >>> from cole_panel.core.scheduler import InlineScheduler
    >>> one, two = InlineScheduler(), InlineScheduler()
    >>> run = ReviewRun(iterations=8, scheduler=one, lanes=[two])
    >>> run.start(new_game(Rules(radius=2)), ["A1", "C3", "B2", "A3", "C1"])
    >>> run.review.complete, run.done == run.total, run.running
    (True, True, False)
    """

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
    lanes = param.List(
        default=[],
        doc=(
            "More schedulers, each running a batch beside the scheduler's (a page's second "
            "BotRunner: two positions judged at a time on two cores)."
        ),
    )

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._plan: list[PositionJob] = []
        self._busy: dict[int, Any] = {}  # lane number -> its job's handle (None: submitting)
        self._generation = 0
        self._reviewer: Reviewer | None = None
        self._values: dict[int, PositionValue] = {}
        self._deepened: list[int] = []
        self._looked_again = False
        self._total = 0  # what total will read once this batch's review is on show

    def start(self, start: Any, actions: Sequence[Any], names: Sequence[str] | None = None) -> None:
        """Review the game of ``actions`` from ``start`` (a review already running stops)."""
        self.stop()
        reviewer = Reviewer(start, actions, iterations=self.iterations, seed=self.seed, names=names)
        self._reviewer = reviewer
        self._values, self._deepened, self._looked_again = {}, [], False
        self._generation += 1
        self._plan = reviewer.jobs() if reviewer.empty.total else []
        self._total = reviewer.total
        self.param.update(
            review=reviewer.empty, running=bool(self._plan), done=0, total=reviewer.total
        )
        self._fill()

    def stop(self) -> None:
        """Stop the review: the running searches end, the review keeps what it has."""
        self._generation += 1
        self._plan = []
        busy, self._busy = self._busy, {}
        schedulers = self._schedulers()
        for lane, handle in busy.items():
            if handle is not None:
                schedulers[lane].cancel(handle)
        if self.running:
            review = self.review
            self.param.update(
                running=False, review=None if review is None else replace(review, stopped=True)
            )

    def clear(self) -> None:
        """Stop and forget the review (the game it was of is no longer on show)."""
        self.stop()
        self.param.update(review=None, done=0, total=0)

    def _schedulers(self) -> list[BotScheduler]:
        first = self.scheduler if self.scheduler is not None else InlineScheduler()
        return [first, *self.lanes]

    def _fill(self) -> None:
        """Give every free lane its next batch; the run is over once none is busy."""
        generation = self._generation
        for lane, scheduler in enumerate(self._schedulers()):
            if generation != self._generation or not self._plan:
                break
            if lane in self._busy:
                continue
            jobs, self._plan = tuple(self._plan[:BATCH]), self._plan[BATCH:]
            request = ReviewRequest(jobs)
            numbers = ", ".join(str(job.number) for job in jobs)
            self._busy[lane] = None  # an inline lane finishes inside submit
            handle = scheduler.submit(
                BotJob(
                    compute=request.compute,
                    apply=lambda values, lane=lane, jobs=jobs: self._took(
                        generation, lane, jobs, values
                    ),
                    task=f"Reviewing positions {numbers}",
                    request=request,
                )
            )
            if generation == self._generation and lane in self._busy and not self._busy[lane]:
                self._busy[lane] = handle
        if generation == self._generation and not self._busy and not self._plan:
            self.running = False

    def _took(
        self,
        generation: int,
        lane: int,
        jobs: tuple[PositionJob, ...],
        values: tuple[PositionValue | None, ...],
    ) -> None:
        if generation != self._generation:
            return
        self._busy.pop(lane, None)
        reviewer = self._reviewer
        # A stopped batch has fewer values than jobs (its last None marks the stop).
        done = [(j, v) for j, v in zip(jobs, values, strict=False) if v is not None]
        for job, value in done:
            reviewer.add(self._values, self._deepened, job, value)
        if len(done) < len(jobs):  # stopped in the worker: keep what was valued
            review = reviewer.review(self._values, self._deepened)
            self.param.update(review=review, done=self.done + len(done))
            self.stop()
            return
        if not self._plan and not self._busy and not self._looked_again:
            self._looked_again = True
            self._plan = reviewer.deeper(self._values)
            self._total = self.done + len(done) + len(self._plan)
        more = bool(self._plan)
        if more:  # the workers take the next positions while this thread works out the review
            self._fill()
        if generation != self._generation:  # an inline lane finished the run meanwhile
            return
        review = reviewer.review(self._values, self._deepened)
        self.param.update(review=review, done=self.done + len(done), total=self._total)
        if not more:  # the last review is on show before the run says it is over
            self._fill()
