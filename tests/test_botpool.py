"""The shared pool of bot-search processes: cancels stop the search, queueing is fair, and a
seeded game replays the same whatever was cancelled along the way."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator

import psutil
import pytest

from cole_panel.circle import CircleModel
from cole_panel.core.botpool import WORKER_NICE, BotPool, BotRequest, PoolEvent
from cole_panel.core.reviewing import ReviewRequest
from engines.ecosystem import new_game as new_draft
from engines.review import PositionJob

WAIT = 120.0  # seconds; only a generous guard against a hang, never a measurement


class Recorder:
    """Collects the pool's events and lets a test wait for one."""

    def __init__(self, pool: BotPool):
        self.events: list[PoolEvent] = []
        self._changed = threading.Condition()
        pool.listeners.append(self)

    def __call__(self, event: PoolEvent) -> None:
        with self._changed:
            self.events.append(event)
            self._changed.notify_all()

    def wait_for(self, kind: str, job: int) -> PoolEvent:
        """The event ``kind`` of ``job`` (``kind`` may list several: 'stopped|done')."""

        def found() -> PoolEvent | None:
            kinds = kind.split("|")
            return next((e for e in self.events if e.kind in kinds and e.job == job), None)

        with self._changed:
            assert self._changed.wait_for(lambda: found() is not None, WAIT), (kind, job)
            return found()

    def started(self) -> list[object]:
        return [e.client for e in self.events if e.kind == "started"]


@pytest.fixture(scope="module")
def pool() -> Iterator[BotPool]:
    pool = BotPool(workers=1)
    yield pool
    pool.shutdown()


def slow_request() -> BotRequest:
    """The slowest search there is: the strongest Ecosystem bot (many seconds of CPU)."""
    state = new_draft(seed=1)
    return BotRequest("ecosystem", "MCTS", 5, seed=1, ply=0, state_json=state.to_json())


def quick_request(seed: int) -> BotRequest:
    model = CircleModel(seed=seed, radius=2)
    return BotRequest("circle", "Random", 1, seed, 0, model.state.to_json())


def test_a_cancelled_search_stops_itself_and_its_result_is_never_applied(pool):
    rec, applied = Recorder(pool), []
    job = pool.submit("page", slow_request(), lambda result, error: applied.append(result))
    rec.wait_for("started", job)
    pool.cancel(job, "new game")
    stopped = rec.wait_for("stopped", job)
    assert stopped.early, "the search ran on to its budget instead of stopping on the cancel"
    assert stopped.reason == "new game"
    # The worker is free again: the next job runs and its result arrives.
    done = threading.Event()
    pool.submit("page", quick_request(1), lambda result, error: done.set())
    assert done.wait(WAIT)
    assert applied == []


def test_waiting_sessions_are_served_in_turn_one_job_each(pool):
    rec, results = Recorder(pool), []
    blocker = pool.submit("busy", slow_request(), lambda *_: None)
    rec.wait_for("started", blocker)
    again = threading.Event()

    def a_done(result, error):  # a bot-vs-bot page asks again at once
        results.append(("A", error))
        if not again.is_set():
            again.set()
            pool.submit("A", quick_request(4), a_done)

    pool.submit("A", quick_request(1), a_done)
    replaced = pool.submit("B", quick_request(2), lambda r, e: results.append(("B", e)))
    pool.submit("B", quick_request(2), lambda r, e: results.append(("B", e)))  # replaces it
    last = pool.submit("C", quick_request(3), lambda r, e: results.append(("C", e)))
    assert pool.waiting == 3
    pool.cancel(blocker)
    rec.wait_for("replaced", replaced)
    rec.wait_for("done", last)
    rec.wait_for("done", last + 1)
    assert rec.started() == ["busy", "A", "B", "C", "A"]
    assert results == [("A", None), ("B", None), ("C", None), ("A", None)]


def test_a_seeded_game_replays_the_same_after_cancelled_searches(pool):
    inline = CircleModel(seat0="MCTS", seat1="Greedy", strength0=1, seed=7, radius=2)
    inline.run_bots()
    expected = [turn.state.to_json() for turn in inline.history]

    rec = Recorder(pool)
    model = CircleModel(seat0="MCTS", seat1="Greedy", strength0=1, seed=7, radius=2)
    while model.bot_to_move:
        request = model.bot_request()
        abandoned = pool.submit("page", request, lambda *_: None)
        pool.cancel(abandoned, "undo")  # e.g. the person pressed undo while it searched
        rec.wait_for("cancelled|stopped|done", abandoned)  # a quick bot may finish first
        assert model.play(_result_of(pool, request))
    assert [turn.state.to_json() for turn in model.history] == expected


def _result_of(pool: BotPool, request: BotRequest) -> object:
    got, done = [], threading.Event()
    pool.submit("page", request, lambda result, error: (got.append(result), done.set()))
    assert done.wait(WAIT)
    return got[0]


def test_searches_run_below_the_servers_priority(pool):
    """A search must not take the CPU from the server's event loop (and visitors' clicks)."""
    done = threading.Event()
    pool.submit("nice", quick_request(2), lambda result, error: done.set())
    assert done.wait(WAIT)
    own = os.getpriority(os.PRIO_PROCESS, 0)
    niceness = {p.nice() for p in psutil.Process().children(recursive=True)}
    assert min(19, own + WORKER_NICE) in niceness, (own, niceness)


def slow_review(seed: int) -> ReviewRequest:
    """A review's batch that searches for many seconds: Ecosystem's start at a deep budget."""
    job = PositionJob("ecosystem", new_draft(seed=1).to_json(), (), 0, 100_000, seed, 1)
    return ReviewRequest((job,))


def test_a_reviews_two_lanes_search_at_once_while_bot_moves_keep_to_the_one_worker():
    """On 2 cores the pool keeps one worker for bot moves and lends its spare process to a
    review's second batch; a cancel stops a review's search like a bot's."""
    pool = BotPool(workers=1, wide=2)
    try:
        rec = Recorder(pool)
        lanes = [pool.submit(f"lane {n}", slow_review(n), lambda *_: None) for n in (1, 2)]
        for job in lanes:
            rec.wait_for("started", job)
        assert pool.busy == 2
        for job in lanes:
            pool.cancel(job, "Stop")
            assert rec.wait_for("stopped", job).early
        first = pool.submit("page A", slow_request(), lambda *_: None)
        second = pool.submit("page B", slow_request(), lambda *_: None)
        rec.wait_for("started", first)
        assert (pool.busy, pool.waiting) == (1, 1), "a second bot move took the spare process"
        pool.cancel(second)
        pool.cancel(first)
        rec.wait_for("stopped", first)
    finally:
        pool.shutdown()
