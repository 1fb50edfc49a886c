"""A room counts the pages open on it, no more: joined once built, left when closed or failed.

Unit tests: a room page whose build fails leaves no place behind; creation is limited per
browser and per address, and the refusal names the limit.  Served test: Ecosystem room pages
opened and closed (websocket clients), and asked for and left to expire (plain HTTP GETs), on a
real server in this process: the room's count goes back to 0 and the room is swept.
"""

from __future__ import annotations

import asyncio
import gc
import urllib.request
from contextlib import contextmanager

import pytest
from bokeh.document import Document
from bokeh.io.doc import patch_curdoc

from cole_panel.ecosystem import EcosystemDashboard
from cole_panel.rooms import RoomError, RoomRegistry, shared_registry
from cole_panel.rooms.pages import RoomPage

from ..browser.conftest import APPS
from ..wire import LIFETIME, Wire, served, wait_for

HOST = "h" * 22
GUEST = "g" * 22


class Broken(EcosystemDashboard):
    """A dashboard whose build fails half way (as the score chart's did off the loop)."""

    def __init__(self, **params):
        super().__init__(**params)
        raise RuntimeError("Patched curdoc has been previously destroyed")


def test_a_room_page_whose_build_fails_leaves_no_place_behind():
    room = RoomRegistry(max_viewers=2).create("ecosystem", HOST)
    for _ in range(3):  # more failures than the room has places
        with pytest.raises(RuntimeError):
            RoomPage(room, GUEST, Broken)
    assert room.viewers == 0 and room.is_idle
    pages = [RoomPage(room, who, EcosystemDashboard) for who in (HOST, GUEST)]
    assert room.viewers == 2, "every place was free again"
    for page in pages:
        room.leave(page.listener)
    assert room.is_idle


def test_room_creation_is_limited_per_browser_and_per_address_and_says_so():
    registry = RoomRegistry(rooms_per_browser=2, rooms_per_address=3)
    for _ in range(2):
        registry.create("circle", HOST, address="10.0.0.1")
    with pytest.raises(RoomError, match="This browser already has 2 open rooms, its limit of 2"):
        registry.create("circle", HOST, address="10.0.0.1")
    registry.create("circle", GUEST, address="10.0.0.1")
    with pytest.raises(RoomError, match="network already has 3 open rooms, its limit of 3"):
        registry.create("circle", "k" * 22, address="10.0.0.1")
    registry.create("circle", "k" * 22, address="10.0.0.2")  # another network: its own count
    assert len(registry) == 4


def test_a_class_of_tables_counts_as_one_room_toward_the_limits():
    registry = RoomRegistry(rooms_per_browser=1, rooms_per_address=1)
    tables = [registry.create("circle", HOST, counts_as="class-7b") for _ in range(5)]
    assert len(tables) == 5
    with pytest.raises(RoomError, match="limit of 1"):
        registry.create("circle", HOST)


def test_a_closed_room_no_longer_counts_toward_its_makers_limit():
    clock = [0.0]
    registry = RoomRegistry(rooms_per_browser=1, idle_timeout=60, clock=lambda: clock[0])
    registry.create("circle", HOST)
    clock[0] = 61.0
    assert len(registry.sweep()) == 1
    registry.create("circle", HOST)  # no refusal: the first room is gone


def _ask(url: str) -> int:
    with urllib.request.urlopen(url, timeout=300) as reply:
        reply.read()
        return reply.status


@contextmanager
def ended_session_as_current_document():
    """Bokeh's current document patched to one that has since gone: what a build thread sees
    while the loop runs a callback of a session that has ended (any ``curdoc()`` raises)."""
    gone = Document()
    with patch_curdoc(gone):
        del gone
        gc.collect()
        yield


def test_served_ecosystem_room_pages_leave_when_closed_or_expired():
    registry = shared_registry()
    room = registry.create("ecosystem", HOST)
    serving = served({"ecosystem": APPS / "ecosystem.py"}, **LIFETIME)
    with serving as (base, server), ended_session_as_current_document():
        # A page asked for and never connected: it expires.
        assert _ask(f"{base}/ecosystem?room={room.name}") == 200
        wait_for(lambda: not server.get_sessions("/ecosystem"), "expired the first page")
        wait_for(lambda: room.viewers == 0, "let the expired page go")

        # Later pages are built off the loop once earlier sessions have ended (where the
        # score chart's build used to fail and count its page twice).
        async def open_pages() -> list[int]:
            counts = []
            async with Wire(f"{base}/ecosystem", f"room={room.name}"):
                counts.append(room.viewers)
                async with Wire(f"{base}/ecosystem", f"room={room.name}"):
                    counts.append(room.viewers)
            return counts

        assert asyncio.run(open_pages()) == [1, 2]
        assert _ask(f"{base}/ecosystem?room={room.name}") == 200  # another one left to expire
        wait_for(lambda: not server.get_sessions("/ecosystem"), "ended every session")
        wait_for(lambda: room.viewers == 0 and room.is_idle, "let every page go")
    registry.idle_timeout, saved = 0.0, registry.idle_timeout
    try:
        assert room.name in registry.sweep()
    finally:
        registry.idle_timeout = saved
    with pytest.raises(RoomError, match="no such room"):
        registry.get(room.name)
