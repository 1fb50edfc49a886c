"""A served page is built off the event loop: while one visitor's page is being built, the
server answers everyone else (cole_panel.ui.page_build).

The app below holds its second build until the test lets it go; a request made meanwhile is
answered only if that build is not running on the server's event loop.
"""

from __future__ import annotations

import logging
import threading
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import panel as pn
import pytest

from cole_panel.ui.page_build import BUILD_THREAD

from .browser.conftest import APPS
from .wire import served

BUILDS: list[str] = []
"""The thread each build of the app below ran on, in order."""
RELEASE = threading.Event()
FAIL_OFF_LOOP = threading.Event()


def gated_page() -> pn.viewable.Viewable:
    """The app's page: its second and later builds off the loop wait for ``RELEASE`` (or fail,
    with ``FAIL_OFF_LOOP`` set)."""
    thread = threading.current_thread().name
    BUILDS.append(thread)
    if len(BUILDS) > 1 and thread.startswith(BUILD_THREAD):
        if FAIL_OFF_LOOP.is_set():
            raise RuntimeError("this page cannot be built off the loop")
        RELEASE.wait(60)
    return pn.pane.Markdown(f"page {len(BUILDS)}")


# As an app should: the page's function comes from an importable module (here, this one).
APP = """
from cole_panel.ui.shell import serve_page
from tests.test_page_build import gated_page

serve_page(gated_page, title="Gated", page="index")
"""


def _status(url: str, timeout: float = 60) -> int:
    with urllib.request.urlopen(url, timeout=timeout) as reply:
        reply.read()
        return reply.status


def _wait_for(condition, what: str) -> None:
    for _ in range(600):
        if condition():
            return
        threading.Event().wait(0.05)
    raise AssertionError(f"never {what}")


@contextmanager
def _served(app: str, script: Path, **options: Any) -> Iterator[tuple[str, Any]]:
    """``panel serve`` of one app script on a loop thread of this process: (address, server)."""
    with served({app: script}, **options) as running:
        try:
            yield running
        finally:
            RELEASE.set()  # no build left waiting


@pytest.fixture
def gated(tmp_path: Path):
    BUILDS.clear()
    RELEASE.clear()
    FAIL_OFF_LOOP.clear()
    script = tmp_path / "gated.py"
    script.write_text(APP)
    with _served("gated", script) as (base, _server):
        _wait_for(lambda: _answers(base + "/gated"), "answered")
        yield base


def _answers(url: str) -> bool:
    try:
        return _status(url, timeout=5) == 200
    except OSError:
        return False


def test_while_a_page_is_built_the_server_answers_other_requests(gated):
    assert BUILDS and not BUILDS[0].startswith(BUILD_THREAD), "an app's first page: on the loop"
    second: list[int] = []
    visitor = threading.Thread(target=lambda: second.append(_status(gated + "/gated")))
    visitor.start()
    _wait_for(lambda: len(BUILDS) == 2, "started the second page")
    assert BUILDS[1].startswith(BUILD_THREAD)

    # The second build is waiting for RELEASE; another visitor's request is answered anyway.
    assert _status(gated + "/static/js/bokeh.min.js", timeout=20) == 200
    assert visitor.is_alive(), "the second page waits for its build"

    RELEASE.set()
    visitor.join(60)
    assert second == [200]


def test_a_page_that_fails_off_the_loop_is_built_again_on_it(gated):
    FAIL_OFF_LOOP.set()
    assert _status(gated + "/gated") == 200
    off_loop, on_loop = BUILDS[-2:]
    assert off_loop.startswith(BUILD_THREAD) and not on_loop.startswith(BUILD_THREAD)


def test_an_apps_pages_are_built_off_the_loop_after_its_first_visitor_left(caplog):
    """Bokeh clears a closed session's script module: the builder must not live there (the
    first page's did, and every later page failed over to the loop)."""
    caplog.set_level(logging.DEBUG, logger="cole_panel.ui.page_build")
    lifetime = {
        "check_unused_sessions_milliseconds": 100,
        "unused_session_lifetime_milliseconds": 100,
    }
    with _served("circle", APPS / "circle.py", **lifetime) as (base, server):
        assert _status(base + "/circle") == 200
        _wait_for(lambda: not server.get_sessions("/circle"), "closed the first session")
        assert _status(base + "/circle") == 200
    records = [r for r in caplog.records if r.name == "cole_panel.ui.page_build"]
    assert [r.levelname for r in records] == ["DEBUG"], [r.getMessage() for r in records]
    assert records[0].threadName.startswith(BUILD_THREAD)
    assert "built off the event loop" in records[0].getMessage()


@pytest.mark.parametrize(("value", "limit"), [("", 8), ("3", 3), ("0", 8), ("many", 8)])
def test_the_build_queue_limit_is_read_from_its_variable(monkeypatch, value, limit):
    from cole_panel.ui import page_build

    monkeypatch.setenv(page_build.QUEUE_VARIABLE, value)
    page_build.queue_limit.cache_clear()
    try:
        assert page_build.queue_limit() == limit
    finally:
        monkeypatch.undo()
        page_build.queue_limit.cache_clear()


def test_a_server_building_pages_walks_the_collectors_oldest_generation_seldom():
    # Each walk of the oldest generation visits every live session's objects: with 30 pages
    # open it took an eighth of their builds (cole_panel.ui.memory.collect_oldest_seldom).
    import gc

    from cole_panel.ui.memory import OLDEST_EVERY
    from cole_panel.ui.page_build import build_thread

    young, middle, _ = gc.get_threshold()
    build_thread()
    assert gc.get_threshold() == (young, middle, OLDEST_EVERY)
