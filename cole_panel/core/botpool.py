"""Bot searches in a bounded pool of worker processes shared by every session of a server.

A served page must not search on the server's own thread: a strength-5 move is many seconds of
pure-Python CPU, and every visitor's clicks wait behind it for the interpreter lock.  A model
describes a move to compute as a :class:`BotRequest` (plain data: the game, the bot's kind,
strength and seed, the position as the engine's JSON); :class:`BotPool` runs requests in worker
processes, one job per worker at a time, at most ``workers`` at once.

Wide: a request whose ``wide`` is true (a review's positions, :mod:`.reviewing`) may also run
on the pool's spare processes, ``wide`` in all (on 2 cores: 2, where bot moves get 1), so a
review judges two positions at a time; a bot move still waits at most for one batch.

Fair: each *client* (one page's runner) has at most one job waiting, and waiting clients are
served in the order they asked, so a bot-vs-bot game that asks again the moment its move is done
goes behind everyone already waiting (round robin).

Stoppable: each worker has a flag in shared memory that the search polls between iterations
(``should_stop``), so :meth:`BotPool.cancel` stops a running search within milliseconds; the
worker is busy until then and gets no new job.  Every search also stops at
:data:`MAX_SEARCH_SECONDS`, so a search nobody cancels cannot run forever.

Background: the workers run at a lower CPU priority than the server (``os.nice``,
:data:`WORKER_NICE` steps, ``$COLE_BOT_NICE`` to change it), so on a machine with few cores
the server's event loop and the visitors' clicks get the CPU first and a search takes what is
left; a search is never more than a few seconds late because of it, a click would be.

Replayable: a seeded bot's random generator is derived from the game's seed, the seat and the
ply (:meth:`BotRequest.bot_seed`), never kept between moves, so a cancelled or repeated search
cannot shift a seeded game's later moves.

>>> from engines.games import GAMES
>>> game = next(iter(GAMES.values()))
>>> request = BotRequest(game.name, "Greedy", 1, seed=3, ply=0, state_json=game.new_game(seed=1).to_json())
>>> request.compute() == request.compute()
True
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import itertools
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from engines.games import GAMES as RECORDS
from engines.games import load_added_games

from .seats import game_record, make_seat_bot

__all__ = [
    "MAX_SEARCH_SECONDS",
    "WIDE_WORKERS",
    "WORKER_NICE",
    "BotPool",
    "BotRequest",
    "PoolEvent",
    "shared_pool",
]

log = logging.getLogger("cole_panel.bots")

MAX_SEARCH_SECONDS = 120.0
"""A search still running after this long stops with its best move so far (orphan guard)."""

WORKER_NICE = 10
"""How many steps below the server's priority a worker searches (``$COLE_BOT_NICE`` overrides;
0 keeps the server's priority)."""

WIDE_WORKERS = 2
"""Processes a wide job (a review's positions) may use at once by default, up to the cores: on
2 cores a review takes both, one position each (its searches are independent and seeded
alone, so the review is the same in any order)."""

_STOP_POLL_SECONDS = 0.02
"""How often a worker's stop flag is read (the search asks far more often; reading is cheap)."""


@dataclass(frozen=True)
class BotRequest:
    """One bot move to compute, as plain data that can travel to another process."""

    game: str
    """The game's name (its engine record, :mod:`engines.games`)."""
    kind: str
    """'Random', 'Greedy' or 'MCTS'."""
    strength: int
    """The search bot's strength (1–5; ignored by the other kinds)."""
    seed: int | None
    """The game's seed (None: an unseeded game, the bot draws fresh randomness)."""
    ply: int
    """Turns played before this move (with the seat, it picks the seeded bot's stream)."""
    state_json: str
    """The position, as the engine's ``State.to_json()``."""
    player: int = 0
    """The seat whose move it is (part of the derived seed)."""

    def bot_seed(self) -> int | None:
        """The bot's seed for this move: a function of the game seed, the seat and the ply."""
        if self.seed is None:
            return None
        text = f"{self.game}:{self.seed}:{self.player}:{self.ply}".encode()
        return int.from_bytes(hashlib.sha256(text).digest()[:4], "big")

    def compute(self, should_stop: Callable[[], bool] | None = None) -> Any:
        """The bot's choice (runs anywhere: inline, on a thread or in a worker process)."""
        state = game_record(self.game).state_type.from_json(self.state_json)
        bot = make_seat_bot(self.game, self.kind, self.strength, self.bot_seed())
        if should_stop is not None and hasattr(bot, "search"):
            return bot.choose(state, should_stop)
        return bot.choose(state)


# ---------------------------------------------------------------------- worker side
_stop_flags: Any = None


def _init_worker(flags: Any, nice: int = 0) -> None:
    global _stop_flags
    _stop_flags = flags
    if nice > 0:
        with contextlib.suppress(OSError):  # a platform without priorities: search anyway
            os.nice(nice)


def _work(request: BotRequest, slot: int) -> Any:
    deadline = time.monotonic() + MAX_SEARCH_SECONDS
    flags = _stop_flags
    next_look = 0.0
    stop = False

    def should_stop() -> bool:
        nonlocal next_look, stop
        now = time.monotonic()
        if now >= next_look:
            next_look = now + _STOP_POLL_SECONDS
            stop = bool(flags[slot]) or now >= deadline
        return stop

    result = request.compute(should_stop)
    return result, stop and bool(flags[slot])


def _warm_up() -> None:
    load_added_games()  # the games named in $COLE_GAMES join this worker's records too
    for game in list(RECORDS.values()):
        importlib.import_module(game.module + ".bots")


# ---------------------------------------------------------------------- server side
@dataclass(frozen=True)
class PoolEvent:
    """What happened to a job, for listeners (tests, logs, benches)."""

    kind: str
    """'queued', 'started', 'replaced', 'cancelled' (never started), 'stopping',
    'stopped' (a cancelled search has ended), 'done' or 'failed'."""
    job: int
    client: Any
    reason: str = ""
    seconds: float = 0.0
    """For 'stopped': seconds from the cancel to the worker being free."""
    early: bool = False
    """For 'stopped': whether the search itself ended on the cancel (not at its budget)."""


@dataclass
class _Job:
    id: int
    client: Any
    request: BotRequest
    on_done: Callable[[Any, BaseException | None], None]
    slot: int | None = None
    cancelled_at: float | None = None
    reason: str = ""
    future: Future | None = field(default=None, repr=False)


class BotPool:
    """A bounded, fair, cancellable pool of bot-search worker processes.

    ``submit(client, request, on_done)`` queues a job (replacing the client's waiting one);
    ``on_done(result, error)`` is called from a pool thread when the job finishes and was not
    cancelled.  ``cancel(job)`` / ``cancel_client(client)`` drop waiting jobs and stop running
    searches.
    """

    def __init__(
        self,
        workers: int | None = None,
        context: str | None = None,
        nice: int | None = None,
        wide: int | None = None,
    ):
        cores = os.cpu_count() or 2
        self.workers = workers or max(1, cores - 1)
        """Jobs that may run at once (bot moves): the cores but one, kept for the server."""
        # A pool given its workers (tests, benches) gets no spare process unless asked.
        spare = min(WIDE_WORKERS, cores) if workers is None else 0
        self.wide = max(self.workers, spare if wide is None else wide)
        """Processes in all: a wide job (a review's positions) may run on any of them."""
        self.nice = _worker_nice() if nice is None else nice
        """Priority steps below the server's at which the workers search (see WORKER_NICE)."""
        methods = multiprocessing.get_all_start_methods()
        self._context = multiprocessing.get_context(
            context or ("forkserver" if "forkserver" in methods else "spawn")
        )
        self._flags = self._context.RawArray("b", self.wide)
        self._lock = threading.RLock()
        self._ids = itertools.count(1)
        self._waiting: OrderedDict[Any, _Job] = OrderedDict()
        self._running: dict[int, _Job] = {}
        self._free = list(range(self.wide))
        self._executor: ProcessPoolExecutor | None = None
        self.listeners: list[Callable[[PoolEvent], None]] = []
        """Called with every :class:`PoolEvent` (from whichever thread it happens on)."""

    # -------------------------------------------------------------- public
    def submit(
        self,
        client: Any,
        request: BotRequest,
        on_done: Callable[[Any, BaseException | None], None],
    ) -> int:
        """Queue ``request`` for ``client``; returns the job's number for :meth:`cancel`."""
        with self._lock:
            job = _Job(next(self._ids), client, request, on_done)
            old = self._waiting.pop(client, None)
            if old is not None:
                self._emit("replaced", old)
            self._waiting[client] = job
            self._emit("queued", job)
            self._dispatch()
        return job.id

    def cancel(self, job_id: int, reason: str = "cancelled") -> None:
        """Drop a waiting job or stop a running one; its ``on_done`` is never called."""
        with self._lock:
            for client, job in list(self._waiting.items()):
                if job.id == job_id:
                    del self._waiting[client]
                    job.reason = reason
                    self._emit("cancelled", job, reason)
                    return
            job = self._running.get(job_id)
            if job is not None and job.cancelled_at is None:
                job.cancelled_at, job.reason = time.monotonic(), reason
                self._flags[job.slot] = 1
                self._emit("stopping", job, reason)

    def cancel_client(self, client: Any, reason: str = "cancelled") -> None:
        """Cancel every job of ``client`` (e.g. its session has closed)."""
        with self._lock:
            ids = [j.id for j in self._waiting.values() if j.client == client]
            ids += [j.id for j in self._running.values() if j.client == client]
            for job_id in ids:
                self.cancel(job_id, reason)

    def warm(self) -> None:
        """Start the worker processes now (they import the engines), not at the first search."""
        with self._lock:
            if self._executor is None:
                executor = self._executor_now()
                for _ in range(self.wide):
                    executor.submit(_warm_up)

    @property
    def busy(self) -> int:
        """Jobs running or stopping right now."""
        with self._lock:
            return len(self._running)

    @property
    def waiting(self) -> int:
        """Jobs queued and not started."""
        with self._lock:
            return len(self._waiting)

    def shutdown(self) -> None:
        """Stop every search and the worker processes (tests, benches, server exit)."""
        with self._lock:
            self._waiting.clear()
            for job_id in list(self._running):
                self.cancel(job_id, "shutdown")
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)

    # -------------------------------------------------------------- internals
    def _emit(
        self, kind: str, job: _Job, reason: str = "", seconds: float = 0.0, early: bool = False
    ) -> None:
        event = PoolEvent(kind, job.id, job.client, reason, seconds, early)
        if kind in ("stopped", "cancelled"):
            log.info("bot job %d %s (%s) after %.3f s", job.id, kind, reason, seconds)
        else:
            log.debug("bot job %d %s %s", job.id, kind, reason)
        for listener in list(self.listeners):
            with contextlib.suppress(Exception):
                listener(event)

    def _executor_now(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                self.wide,
                mp_context=self._context,
                initializer=_init_worker,
                initargs=(self._flags, self.nice),
            )
        return self._executor

    def _dispatch(self) -> None:
        while self._free and self._waiting:
            narrow = sum(not _is_wide(j.request) for j in self._running.values())
            job = next(
                (j for j in self._waiting.values() if narrow < self.workers or _is_wide(j.request)),
                None,
            )
            if job is None:  # only bot moves wait, and their workers are all busy
                return
            del self._waiting[job.client]
            job.slot = self._free.pop(0)
            self._flags[job.slot] = 0
            self._running[job.id] = job
            try:
                job.future = self._executor_now().submit(_work, job.request, job.slot)
            except (BrokenProcessPool, RuntimeError) as err:  # a worker died: start afresh
                self._executor = None
                job.future = Future()
                job.future.set_exception(err)
            self._emit("started", job)
            job.future.add_done_callback(lambda f, job=job: self._finished(job, f))

    def _finished(self, job: _Job, future: Future) -> None:
        error = future.exception()
        result, early = (None, False) if error else future.result()
        with self._lock:
            self._running.pop(job.id, None)
            self._flags[job.slot] = 0
            self._free.append(job.slot)
            if isinstance(error, BrokenProcessPool):
                self._executor = None
            cancelled = job.cancelled_at is not None
            if cancelled:
                seconds = time.monotonic() - job.cancelled_at
                self._emit("stopped", job, job.reason, seconds, early)
            else:
                self._emit("failed" if error else "done", job, repr(error) if error else "")
            self._dispatch()
        if not cancelled:
            job.on_done(result, error)


def _is_wide(request: Any) -> bool:
    """Whether ``request`` may run on the pool's spare processes (a review's positions)."""
    return bool(getattr(request, "wide", False))


def _worker_nice() -> int:
    text = os.environ.get("COLE_BOT_NICE", "")
    try:
        return max(0, min(19, int(text))) if text.strip() else WORKER_NICE
    except ValueError:
        log.warning("COLE_BOT_NICE=%r is not a whole number; using %d", text, WORKER_NICE)
        return WORKER_NICE


_shared: BotPool | None = None
_shared_lock = threading.Lock()


def shared_pool() -> BotPool:
    """The process's one pool (created on first use; every session of a server shares it)."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _log_to_stderr()
            _shared = BotPool()
        return _shared


def _log_to_stderr() -> None:
    """Cancels and stops go to the server's log (``$COLE_BOT_LOG=debug``: every job's steps)."""
    if log.handlers:
        return
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    log.addHandler(handler)
    log.setLevel(os.environ.get("COLE_BOT_LOG", "info").upper())
    log.propagate = False
