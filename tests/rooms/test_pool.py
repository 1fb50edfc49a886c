"""A room's bots run in the server's shared worker-process pool: a bot seat moves once for the
whole room, and removing the room stops its search (the pool's events say so)."""

from __future__ import annotations

import queue
import threading
from dataclasses import replace

import pytest

from cole_panel.circle import CircleModel
from cole_panel.core.botpool import BotPool
from cole_panel.rooms import RoomRegistry, new_token
from cole_panel.rooms.scheduling import PoolScheduler

WAIT = 120  # seconds: generous bounds on a loaded machine (nothing here is timed)


@pytest.fixture(scope="module")
def pool():
    p = BotPool(workers=1)
    yield p
    p.shutdown()


def rooms_on(pool):
    """A registry whose rooms post their bots' results to a queue this test drains (the
    server's event loop, in miniature)."""
    posted: queue.Queue = queue.Queue()
    registry = RoomRegistry(scheduler=lambda: PoolScheduler(posted.put, pool=pool))
    return registry, posted


def test_a_room_bot_moves_through_the_pool_once_for_every_page(pool):
    registry, posted = rooms_on(pool)
    done = []
    pool.listeners.append(lambda e: e.kind == "done" and done.append(e))
    try:
        host = new_token()
        room = registry.create("circle", host)
        room.set_seat(host, 1, "Greedy")
        assert room.play(host, "E5") is None
        posted.get(timeout=WAIT)()  # the bot's move, applied on the "loop"
        assert len(room.model.history) == 2 and room.model.state.current_player == 0
        assert [e.client for e in done] == [room.scheduler]  # one search, by the room
    finally:
        pool.listeners.clear()
        registry.close_all()


def test_removing_a_room_stops_its_bots_search(pool):
    registry, posted = rooms_on(pool)
    started, stopped = threading.Event(), threading.Event()

    def watch(event):
        if event.kind == "started":
            started.set()
        elif event.kind == "stopped":
            stopped.set()

    pool.listeners.append(watch)
    try:
        host = new_token()
        room = registry.create("circle", host)
        room.set_seat(host, 1, "MCTS", strength=5)
        assert room.play(host, "E5") is None
        assert started.wait(WAIT)  # the search runs in the worker
        registry.close_all()  # the room is removed: its search is told to stop
        assert stopped.wait(WAIT)
        assert posted.empty() and len(room.model.history) == 1  # and nothing is applied
    finally:
        pool.listeners.clear()
        registry.close_all()


def test_a_room_closed_during_its_bots_pause_leaves_nothing_waiting_and_nothing_moves(pool):
    events, posted = [], []
    pool.listeners.append(events.append)
    try:
        scheduler = PoolScheduler(posted.append, pool=pool)
        game = CircleModel(seat0="Greedy", radius=2)
        job = game.bot_job()
        scheduler.submit(replace(job, delay=3600))  # the pause before the bot's move
        pauses = [t for t in threading.enumerate() if t.name == "room-bot-pause"]
        assert len(pauses) == 1 and pauses[0].is_alive()
        scheduler.cancel()  # the room closes (or undo, or a new game) during the pause
        pauses[0].join(WAIT)
        assert not pauses[0].is_alive()  # no timer left waiting on the server
        assert events == [] and posted == [] and game.history == []  # and no bot move
    finally:
        pool.listeners.clear()
