"""A page opened while bots play shows no console error (issue 12: "zero console errors while
bots play").

The bots' moves reach a page while it is still being drawn; on a slow machine (a loaded 2-core
CI runner, here a browser slowed down on purpose) that window is wide.  A change sent to a view
BokehJS has built but not yet drawn throws ``Cannot set properties of undefined (setting
'value')`` in the page, and the page misses the change.
"""

from __future__ import annotations

import contextlib
import os

import pytest

from cole_panel.circle.board import BOARD_NAME

from .conftest import PAGE_LOAD_TIMEOUT_MS, VIEWPORT, PanelServer

pytestmark = pytest.mark.browser

BOTS_APP = os.path.join(os.path.dirname(__file__), "apps", "bots_circle.py")
SLOWDOWN = 6.0
"""How many times slower than this machine the page's browser runs (a slow laptop or phone)."""
MOVES_WATCHED = 6
"""Moves the bots play on the page after it has appeared."""

_MOVES_JS = """() => {
  for (const doc of Bokeh.documents)
    for (const m of doc.all_models)
      if (m.css_classes && m.css_classes.includes("cole-moves")) return m.options.length - 1;
  return -1; }"""
"""How many moves the page's move list shows (-1 before it exists)."""


@pytest.fixture(scope="module")
def bots_server():
    server = PanelServer("bots_circle", script=BOTS_APP).start()
    yield server
    server.stop()


@contextlib.contextmanager
def slow_page(browser):
    """A page in its own browser context, its CPU slowed ``SLOWDOWN`` times, and the list of
    its console errors and uncaught exceptions (collected from before it loads)."""
    context = browser.new_context(viewport=VIEWPORT)
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOWDOWN})
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda exc: errors.append(f"uncaught: {exc}"))
        yield page, errors
    finally:
        context.close()


@pytest.mark.parametrize("visit", [1, 2])
def test_a_page_opened_while_bots_play_shows_no_console_error(browser, bots_server, visit):
    with slow_page(browser) as (page, errors):
        page.goto(bots_server.url, timeout=PAGE_LOAD_TIMEOUT_MS)
        page.wait_for_function(
            "name => !!(window.Bokeh && Bokeh.index.query_one(v => v.model && v.model.name === name))",
            arg=BOARD_NAME,
            timeout=PAGE_LOAD_TIMEOUT_MS,
        )
        shown = page.evaluate(_MOVES_JS)
        assert shown >= 0, "the page has no move list"
        # The bots go on playing on the page the visitor sees.
        page.wait_for_function(
            f"n => ({_MOVES_JS})() >= n", arg=shown + MOVES_WATCHED, timeout=PAGE_LOAD_TIMEOUT_MS
        )
        assert errors == [], f"{len(errors)} console errors while bots played:\n" + "\n".join(
            e.splitlines()[0] for e in errors[:5]
        )
