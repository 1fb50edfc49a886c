"""How a served room's bots move: in the server's shared pool of worker processes, the move
applied on the server's event loop.

Panel-free (the registry imports it at its top; :mod:`.pages` builds on the registry).
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from ..core import BotJob, Pause
from ..core.botpool import BotPool, shared_pool

_log = logging.getLogger(__name__)


class PoolScheduler:
    """Bot jobs of one room in the server's shared pool of worker processes
    (:func:`~cole_panel.core.botpool.shared_pool`, the pool every page's bots use): bounded,
    fair between rooms and pages (the room is one client), and a cancel stops the search
    itself.  The result is applied on the server's event loop (``post``)."""

    def __init__(self, post: Any, pool: BotPool | None = None):
        self._post = post
        self._pool = pool
        self._lock = threading.Lock()
        self._generation = 0
        self._job: int | None = None
        self._pause: Pause | None = None

    @classmethod
    def for_current_loop(cls) -> PoolScheduler:
        """A scheduler applying results on the server's event loop, even for a room made on
        the page-build thread (a room read from the database when its page opens)."""
        return cls(server_loop().add_callback)

    @property
    def pool(self) -> BotPool:
        return self._pool or shared_pool()

    def submit(self, job: BotJob) -> int:
        """Queue ``job.request`` in the pool (after ``job.delay`` seconds); its result is
        applied unless another job or a cancel came since."""
        self._stop("replaced")
        with self._lock:
            self._generation += 1
            generation = self._generation
        request = job.request
        if request is None:  # every model's bot job carries its request; nothing to run
            _log.error("A room's bot job came without a request: %s", job.task)
            return generation

        def finished(result: Any, error: BaseException | None) -> None:
            if error is not None:  # a bot failing must not take the server down
                _log.error("A room's bot failed: %r", error)
                if job.fail is not None:  # the room's game says so, as a sentence
                    self._post(lambda: self._current(generation) and job.fail(error))
                return
            self._post(lambda: self._current(generation) and job.apply(result))

        def start() -> None:
            with self._lock:
                if generation == self._generation:
                    self._job = self.pool.submit(self, request, finished)

        pause = Pause(job.delay, start, name="room-bot-pause")
        with self._lock:
            self._pause = pause
        return generation

    def _current(self, generation: int) -> bool:
        with self._lock:
            return generation == self._generation

    def _stop(self, reason: str) -> None:
        with self._lock:
            job, self._job = self._job, None
            pause, self._pause = self._pause, None
        if pause is not None:
            pause.cancel()
        if job is not None:
            self.pool.cancel(job, reason)

    def cancel(self, handle: Any = None) -> None:
        """Drop the room's bot job: not applied, and its search stops (undo, new game, the
        room removed)."""
        with self._lock:
            self._generation += 1
        self._stop("room's game changed or the room closed")


_loops: list[Any] = []


def server_loop() -> Any:
    """The server's event loop: the first one seen running on the calling thread (the
    registry is made on it, by the first page), remembered for the build thread's calls."""
    from tornado.ioloop import IOLoop

    if not _loops:
        loop = IOLoop.current(instance=False)
        if loop is not None:
            _loops.append(loop)
    return _loops[0] if _loops else IOLoop.current()
