"""Keyboard alone and a phone's touch, in a real browser: whole games without a pointer, and
the first tap that previews before a second one plays (issue 25, Deliver 2, 4 and 6)."""

from __future__ import annotations

import contextlib
import re
import time

import pytest
from playwright.sync_api import expect

from cole_panel.circle.board import BOARD_NAME
from cole_panel.circle.geometry import cell_center
from engines.circle import Rules, new_game, parse_label

from .conftest import PAGE_LOAD_TIMEOUT_MS, BokehFigure, artifact

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
FOCUSED_CLASS_JS = """
() => {
  let e = document.activeElement;
  while (e && e.shadowRoot && e.shadowRoot.activeElement) e = e.shadowRoot.activeElement;
  return e ? (e.className || e.tagName) : "";
}
"""
LIVE_JS = """
() => {
  const out = [];
  const walk = (root) => {
    for (const e of root.querySelectorAll("*")) {
      if (e.classList && e.classList.contains("cole-keys-live")) out.push(e.textContent);
      if (e.shadowRoot) walk(e.shadowRoot);
    }
  };
  walk(document);
  return out.join(" | ");
}
"""


@pytest.fixture(scope="module")
def circle(panel_server):
    return panel_server("circle")


@pytest.fixture
def phone(browser):
    contexts = []

    def open_(server, query: str = ""):
        context = browser.new_context(**PHONE)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.goto(server.url + query, timeout=PAGE_LOAD_TIMEOUT_MS)
        page.locator("canvas").first.wait_for(state="visible", timeout=PAGE_LOAD_TIMEOUT_MS)
        return page

    yield open_
    for context in contexts:
        with contextlib.suppress(Exception):
            context.close()


def focused(page) -> str:
    return page.evaluate(FOCUSED_CLASS_JS)


def tab_to_board(page, limit: int = 80) -> None:
    """Press Tab until the board's key element has the focus (as a keyboard user does)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if "cole-keys-board" in focused(page):
            return
    raise AssertionError(f"Tab never reached the board; the focus is on {focused(page)!r}")


def live(page) -> str:
    return page.evaluate(LIVE_JS)


def wait_live(page, text: str, timeout: float = 30.0) -> None:
    """Wait until the live region has said ``text``."""
    deadline = time.monotonic() + timeout
    while text not in live(page):
        if time.monotonic() > deadline:
            raise AssertionError(f"never announced {text!r}; heard {live(page)!r}")
        time.sleep(0.2)


def cursor(page) -> str:
    return page.locator(".cole-keys-cursor").inner_text()


def said(page) -> int:
    """How many things the live region has said so far."""
    return int(page.locator(".cole-keys-live").get_attribute("data-said") or 0)


def press(page, key: str) -> str:
    """Press an arrow on the board, wait until the cursor's words are said, return them."""
    before = said(page)
    page.keyboard.press(key)
    deadline = time.monotonic() + 30
    while said(page) == before:
        assert time.monotonic() < deadline, f"{key} was not answered"
        time.sleep(0.05)
    return cursor(page)


# ---------------------------------------------------------------------- Circle of Life
def test_circle_whole_game_by_keyboard(open_page, circle):
    """A whole game at radius 2 (two people on one keyboard: a shared address seats two), with
    Tab, arrows, Enter, the Move box, U and T only."""
    page = open_page(circle, circle.url + "?radius=2")
    BokehFigure(page, BOARD_NAME).wait_ready()
    tab_to_board(page)
    # The first arrow puts the cursor on the centre; each spot is read out with its preview.
    assert press(page, "ArrowDown").startswith("C3, empty: Orange here makes a singleton")
    assert press(page, "ArrowRight").startswith("C4, empty: Orange here makes")
    assert press(page, "ArrowLeft").startswith("C3, empty: Orange here makes")
    page.keyboard.press("Enter")
    wait_live(page, "Orange placed a stone at C3")
    page.keyboard.press("u")
    wait_live(page, "Took back 1 move")
    expect(page.locator(".cole-keys-text")).to_contain_text("Orange: no stones")
    # A typed move in the engine's notation; a bad one gets the engine's sentence.
    page.keyboard.press("m")
    page.keyboard.type("zz")
    page.keyboard.press("Enter")
    expect(page.locator(".cole-keys-error")).to_contain_text("'zz' is not a cell label")
    state = new_game(Rules(radius=2))
    while not state.is_over:
        # The players choose as people might; the engine only says which cells are legal.
        move = state.action_to_str(sorted(state.legal_actions())[len(state.moves) % 3 - 3])
        page.keyboard.press("Control+a")
        page.keyboard.type(move)
        page.keyboard.press("Enter")
        wait_live(page, f"placed a stone at {move}")
        expect(page.locator(".cole-keys-error")).to_be_empty()
        state.apply(state.parse_action(move))
    expect(page.locator(".cole-turn")).to_contain_text("Game over")
    wait_live(page, "wins")
    # Escape leaves the Move box for the board; T shows the position as text.
    page.keyboard.press("Escape")
    assert "cole-keys-board" in focused(page)
    page.keyboard.press("t")
    expect(page.locator(".cole-keys-text")).to_be_visible()
    expect(page.locator(".cole-keys-text")).to_contain_text("The game is over.")
    page.keyboard.press("Escape")
    assert "cole-keys-board" in focused(page)
    page.screenshot(path=str(artifact("keys-circle-keyboard.png")))


def test_circle_phone_tap_previews_then_places(phone, circle):
    page = phone(circle)
    board = BokehFigure(page, BOARD_NAME).wait_ready()
    x, y = board.pixel(*cell_center(parse_label("E5")))
    page.touchscreen.tap(x, y)
    place = page.locator(".cole-keys-place")
    expect(place).to_have_text("Place at E5")
    expect(page.locator(".circle-info")).to_contain_text("E5 · Orange here makes a singleton")
    assert page.evaluate(
        "() => Bokeh.documents[0].get_model_by_name('circle-stones').data.x.length"
    ) == 0, "the first tap placed a stone"
    time.sleep(0.4)  # two taps closer than 300 ms would be a double tap
    page.touchscreen.tap(x, y)
    expect(page.locator(".cole-message")).to_contain_text("Orange placed a stone at E5")
    expect(place).to_be_hidden()
    page.screenshot(path=str(artifact("keys-circle-phone.png")))
