"""A flood of page requests or of new rooms does not keep a fresh visitor waiting.

On a real server in this process: twenty plain HTTP GETs of the Ecosystem page at once (no
browser, no websocket), with at most two page builds allowed to wait; a fresh visitor of the
Circle page is answered within seconds (by a small page that asks again by itself) and, asking
again as that page does, gets the Circle page.  Then one browser presses "Play with others" 60
times: it makes the few rooms a browser may have, and a fresh visitor can still make one.
"""

from __future__ import annotations

import asyncio
import re
import threading
import time
import urllib.request

import pytest
from bokeh.models import Button

from cole_panel.rooms import shared_registry
from cole_panel.ui import page_build

from .browser.conftest import APPS
from .wire import Wire, served, wait_for

FLOOD = 20
LIMIT = 2
ANSWERED_WITHIN = 30.0
"""Seconds a fresh visitor may wait for an answer during the flood: loose, for a loaded
machine (well under 1 s on a quiet one; the twenty builds it would otherwise wait behind take
25 s there, and minutes on a loaded one)."""


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=600) as reply:
        return reply.read().decode()


@pytest.fixture
def few_builds(monkeypatch):
    monkeypatch.setenv(page_build.QUEUE_VARIABLE, str(LIMIT))
    page_build.queue_limit.cache_clear()
    yield
    monkeypatch.undo()
    page_build.queue_limit.cache_clear()


def _flood(url: str) -> list[threading.Thread]:
    threads = [threading.Thread(target=_get, args=(url,), daemon=True) for _ in range(FLOOD)]
    for thread in threads:
        thread.start()
    return threads


def test_a_flood_of_page_requests_leaves_a_fresh_visitor_answered(few_builds):
    apps = {"circle": APPS / "circle.py", "ecosystem": APPS / "ecosystem.py"}
    with served(apps) as (base, _server):
        for app in apps:  # each app's first page is built on the loop, as usual
            assert "cole-busy" not in _get(f"{base}/{app}")
        flood = _flood(f"{base}/ecosystem")
        wait_for(lambda: page_build.queued_builds() >= LIMIT, "filled the build queue")

        start = time.perf_counter()
        page = _get(f"{base}/circle")
        waited = time.perf_counter() - start
        assert waited <= ANSWERED_WITHIN, f"a fresh visitor waited {waited:.1f} s"
        assert "cole-busy" in page and len(page) < 2000, "a small page that asks again"
        for _ in range(200):  # as the busy page does: ask again after the seconds it says
            seconds = re.search(r'http-equiv="refresh" content="(\d+)"', page)
            if seconds is None:
                break
            time.sleep(int(seconds.group(1)))
            page = _get(f"{base}/circle")
        assert "Circle of Life" in page and "cole-busy" not in page
        for thread in flood:
            thread.join(600)


def _said(doc) -> str:
    """What the page's HTML panes say about rooms."""
    texts = (getattr(m, "text", None) for m in doc.models)
    return " ".join(t for t in texts if isinstance(t, str) and "room" in t.lower())


def test_one_browser_pressing_play_with_others_60_times_leaves_rooms_for_others():
    registry = shared_registry()
    registry.close_all()
    with served({"circle": APPS / "circle.py"}) as (base, server):

        def doc_of(wire: Wire):
            return next(
                s for s in server.get_sessions("/circle") if s.id == wire.session_id
            ).document

        async def press(times: int) -> str:
            async with Wire(f"{base}/circle") as wire:
                doc = doc_of(wire)
                button = next(
                    m for m in doc.models if isinstance(m, Button) and m.label == "Play with others"
                )
                for _ in range(times):
                    await wire.model_event("button_click", button.id)
                await wire.read_for(1.0)
                return _said(doc)

        flooder = asyncio.run(press(60))
        assert len(registry) == registry.rooms_per_browser
        assert f"its limit of {registry.rooms_per_browser}" in flooder
        assert "Room made" in asyncio.run(press(1)), "a fresh visitor makes a room"
        assert len(registry) == registry.rooms_per_browser + 1
    registry.close_all()
