"""Every served page at 1,024 px: no sideways scroll, the main controls on screen, a screenshot.

Screenshots go to ``tests/artifacts/layout-<page>-1024.png`` (git-ignored) so a person can see what was checked.
"""

from __future__ import annotations

import contextlib

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from cole_panel.ui.shell import PAGES

from .conftest import PAGE_LOAD_TIMEOUT_MS, artifact

pytestmark = pytest.mark.browser

WIDTH = 1024
NO_SIDEWAYS_SCROLL = """() =>
    document.documentElement.scrollWidth <= window.innerWidth &&
    ["main", "sidebar"].map(id => document.getElementById(id)).filter(e => e != null)
        .every(e => e.scrollWidth <= e.clientWidth + 1)"""
WIDTHS = """() => Object.fromEntries(["main", "sidebar"].map(id => document.getElementById(id))
    .filter(e => e != null).map(e => [e.id, [e.scrollWidth, e.clientWidth]])
    .concat([["page", [document.documentElement.scrollWidth, window.innerWidth]]]))"""


def _circle(page):
    return [
        page.locator("canvas").first,
        page.get_by_role("button", name="Hint"),
        page.get_by_role("button", name="Undo"),
        page.locator(".bk-tab", has_text="New game"),
        page.locator(".bk-tab", has_text="Narration"),
        page.locator(".cole-turn"),
        page.locator(".cole-eaten-1"),
    ]


def _index(page):
    return [page.get_by_role("link", name=f"Play {title}") for title in GAME_TITLES]


def _ecosystem(page):
    return [page.locator("canvas").first, page.get_by_role("button", name="Clear park")]


def _savannah(page):
    return [page.locator(".cole-turn"), page.locator(".cole-play button")]


def _lab(page):
    return [page.get_by_role("button", name="Start"), page.locator(".lab-game select")]


GAME_TITLES = ("Circle of Life", "Ecosystem: Savanna", "On the Savannah")
CONTROLS = {
    "index": _index,
    "circle": _circle,
    "ecosystem": _ecosystem,
    "savannah": _savannah,
    "lab": _lab,
}


@pytest.mark.parametrize("name", [name for name, _ in PAGES])
def test_page_fits_1024_px_with_every_control_on_screen(browser, panel_server, name):
    assert set(CONTROLS) == {n for n, _ in PAGES}
    server = panel_server(name)
    context = browser.new_context(viewport={"width": WIDTH, "height": 900})
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.goto(server.url, timeout=PAGE_LOAD_TIMEOUT_MS)
        nav = page.get_by_role("navigation", name="Pages")
        expect(nav).to_be_visible(timeout=PAGE_LOAD_TIMEOUT_MS)
        for _, text in PAGES:
            expect(nav.get_by_role("link", name=text, exact=True)).to_be_visible()
        for control in CONTROLS[name](page):
            expect(control).to_be_visible(timeout=PAGE_LOAD_TIMEOUT_MS)
            box = control.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, (
                f"{control} is not within the {WIDTH} px window: {box}"
            )
        # The layout settles after the last model arrives: give it time to, then require it.
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(NO_SIDEWAYS_SCROLL, timeout=10_000)
        page.screenshot(path=str(artifact(f"layout-{name}-{WIDTH}.png")), full_page=True)
        # The page, and the template's main area and sidebar (which scroll on their own).
        assert page.evaluate(NO_SIDEWAYS_SCROLL), (
            f"the {name} page scrolls sideways; (scroll width, visible width): "
            f"{page.evaluate(WIDTHS)}"
        )
    finally:
        context.close()


def test_the_draft_tables_controls_fit_1024_px(browser, panel_server):
    """Pass hands, Undo, Redo, Pick for me and the 'Wait for Pass hands' sentence all inside
    the window (the sentence used to run off its right edge)."""
    server = panel_server("ecosystem")
    context = browser.new_context(viewport={"width": WIDTH, "height": 768})
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.goto(server.url, timeout=PAGE_LOAD_TIMEOUT_MS)
        page.locator(".bk-tab", has_text="Draft table").click(timeout=PAGE_LOAD_TIMEOUT_MS)
        controls = [
            page.get_by_role("button", name=name)
            for name in ("Pass hands ▶", "Undo", "Redo", "Pick for me")
        ] + [page.get_by_text("Wait for “Pass hands” (lets you undo)")]
        for control in controls:
            expect(control).to_be_visible(timeout=PAGE_LOAD_TIMEOUT_MS)  # not scrolled to: x kept
            box = control.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, (
                f"{control} is not within the {WIDTH} px window: {box}"
            )
        page.screenshot(path=str(artifact(f"layout-ecosystem-draft-{WIDTH}.png")))
    finally:
        context.close()
