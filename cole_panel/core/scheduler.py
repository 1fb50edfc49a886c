"""How a model's bot moves get computed: a small protocol the view layer implements.

A :class:`BotJob` is a slow ``compute()`` (a bot choosing, on a copy of the position) and an
``apply(result)`` that changes the model.  A page runs ``compute`` off its event loop and
``apply`` back on the document's thread (``cole_panel.ui.BotRunner``, which sends a job's
``request`` to the shared worker-process pool of :mod:`cole_panel.core.botpool`); notebooks and tests use
:class:`InlineScheduler`, which simply runs both in turn.

>>> done = []
>>> InlineScheduler().submit(BotJob(compute=lambda: 6 * 7, apply=done.append))
1
>>> done
[42]
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable


@dataclass(frozen=True)
class BotJob:
    """One piece of bot work: compute a result, then apply it to the model."""

    compute: Callable[[], Any]
    """The slow part; must not touch the model (it may run on another thread)."""
    apply: Callable[[Any], Any]
    """Applies the result; runs where the model may be changed."""
    task: str = "Thinking"
    """What the job is doing, for a page to show (e.g. 'Black is thinking')."""
    delay: float = 0.0
    """Seconds to wait before computing (lets a page show the previous move first)."""
    request: Any = None
    """The same work as plain data (a :class:`~cole_panel.core.botpool.BotRequest`), so a
    page can compute it in a worker process instead of calling ``compute``."""
    fail: Callable[[BaseException], Any] | None = None
    """Called, where ``apply`` would have been, with the error when ``compute`` raises (None:
    the scheduler reports the error its own way)."""


class Pause:
    """The short pause before a bot's move: ``then()`` runs ``seconds`` from now on a thread of
    its own (at once on that thread with no pause), so the event loop never waits; until it
    runs, :meth:`cancel` (undo, a new game, a closed page or room) drops it for good.

    Every scheduler that runs bot jobs off the loop (a page's ``BotRunner``, a room's
    ``PoolScheduler``) waits ``BotJob.delay`` with this, and does the job's work in ``then``.

    >>> done = []
    >>> pause = Pause(3600, lambda: done.append("moved"))
    >>> pause.pending
    True
    >>> pause.cancel()
    >>> pause.pending, done
    (False, [])
    """

    def __init__(self, seconds: float, then: Callable[[], Any], name: str = "bot-pause"):
        self._timer = threading.Timer(max(0.0, seconds), then)
        self._timer.name = name
        self._timer.daemon = True
        self._timer.start()

    @property
    def pending(self) -> bool:
        """Whether the pause is still on: neither cancelled nor over (``then`` returned)."""
        return not self._timer.finished.is_set()

    def cancel(self) -> None:
        """Drop the pause and what was to follow it, unless that has already started."""
        self._timer.cancel()

    def join(self, timeout: float | None = None) -> None:
        """Wait until the pause is over and ``then`` (if it ran) has returned."""
        self._timer.join(timeout)


@runtime_checkable
class BotScheduler(Protocol):
    """Runs bot jobs; at most the latest one submitted may still apply its result."""

    def submit(self, job: BotJob) -> Any:
        """Start ``job``; returns a handle for :meth:`cancel`."""

    def cancel(self, handle: Any = None) -> None:
        """Drop the job of ``handle`` (None: whatever is running) so its result is not applied."""


class InlineScheduler:
    """Runs each job at once, in the caller's thread.

    A job submitted while another one is applying its result is queued rather than nested, so
    a game between bots is a loop, not an ever deeper recursion.
    """

    def __init__(self) -> None:
        self._queue: list[tuple[int, BotJob]] = []
        self._cancelled: set[int] = set()
        self._count = 0
        self._draining = False

    def submit(self, job: BotJob) -> int:
        self._count += 1
        self._queue.append((self._count, job))
        if not self._draining:
            self._draining = True
            try:
                while self._queue:
                    handle, queued = self._queue.pop(0)
                    if handle not in self._cancelled:
                        _run(queued)
            finally:
                self._draining = False
        return self._count

    def cancel(self, handle: Any = None) -> None:
        if handle is None:
            self._cancelled.update(h for h, _ in self._queue)
        else:
            self._cancelled.add(handle)


def _run(job: BotJob) -> None:
    """Compute ``job`` and apply its result (or hand its error to ``job.fail``)."""
    try:
        result = job.compute()
    except Exception as error:
        if job.fail is None:
            raise
        job.fail(error)
        return
    job.apply(result)
