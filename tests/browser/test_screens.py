"""Every page on a phone, a tablet, a school laptop and a desktop, and for a screen reader.

Each page is opened at 390 x 844 (a phone: mobile, touch), 768 x 1,024 (a tablet), 1,024 x 768
and 1,280 x 900: laid out at the window's own width (the viewport tag), the sidebar closed
under 1,024 px, nothing scrolling sideways, a screenshot saved as
``tests/artifacts/screen-<page>-<size>.png``.  At 1,280 px Deque's axe-core (``make axe``
fetches it) checks the page and each of its tabs: no serious or critical violation.
"""

from __future__ import annotations

import contextlib

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from cole_panel.ecosystem.explorer_view import EXPLORER_BOARD
from cole_panel.ui.screens import NARROW, SITE_NAME
from cole_panel.ui.shell import PAGES

from .conftest import PAGE_LOAD_TIMEOUT_MS, ROOT, artifact
from .test_layout import NO_SIDEWAYS_SCROLL, WIDTHS

pytestmark = pytest.mark.browser

AXE = ROOT / "tests" / ".npm" / "axe-core" / "axe.min.js"
SIZES = {
    "390x844": ({"width": 390, "height": 844}, True),
    "768x1024": ({"width": 768, "height": 1024}, True),
    "1024x768": ({"width": 1024, "height": 768}, False),
    "1280x900": ({"width": 1280, "height": 900}, False),
}
GAMES = ("circle", "ecosystem", "savannah")
# Known, not yet met (issue 25, Deliver 1): the scoring explorer's park is drawn at a fixed
# ~462 px, so on a 390 px phone the page scrolls sideways.  The test below records it and
# turns red (strict xfail) once the explorer fits.
TOO_WIDE = {("ecosystem", "390x844")}
SERIOUS = """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
    .filter(v => v.impact === "serious" || v.impact === "critical")
    .map(v => [v.id, v.nodes.length, v.nodes.slice(0, 2).map(n => n.html.slice(0, 160))])"""
SIDEBAR_OPEN = "() => document.getElementById('sidebar').classList.contains('show')"
# The page's controls are named once it is drawn (cole_panel.ui.named_controls).
NAMED = "() => typeof window.coleNameControls === 'function'"
# Visible text drawn smaller than 12 px in the main area, shadow roots included.
SMALL_TEXT = """() => {
    const small = [];
    const walk = root => {
        for (const el of root.querySelectorAll("*")) {
            if (el.shadowRoot) walk(el.shadowRoot);
            const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
            if (!own || el.getClientRects().length === 0) continue;
            const size = parseFloat(getComputedStyle(el).fontSize);
            if (size < 12) small.push([el.textContent.trim().slice(0, 40), size]);
        }
    };
    walk(document.getElementById("main"));
    return small;
}"""


def _open(browser, server, size: str):
    viewport, mobile = SIZES[size]
    context = browser.new_context(viewport=viewport, is_mobile=mobile, has_touch=mobile)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.goto(server.url, timeout=PAGE_LOAD_TIMEOUT_MS)
    expect(page.get_by_role("navigation", name="Pages")).to_be_visible(timeout=PAGE_LOAD_TIMEOUT_MS)
    if server.app in GAMES:
        page.locator("canvas").first.wait_for(state="visible", timeout=PAGE_LOAD_TIMEOUT_MS)
    page.wait_for_function(NAMED, timeout=PAGE_LOAD_TIMEOUT_MS)
    page.wait_for_timeout(500)  # the controls drawn last are named too
    return context, page


def _settled_problems(page, tries: int = 5) -> list:
    """Serious problems once the tab has been drawn and its controls named (a table drawn on
    becoming visible is named a moment later): asked again, a second apart, until none."""
    for _ in range(tries):
        page.wait_for_timeout(1000)
        problems = page.evaluate(SERIOUS)
        if not problems:
            break
    return problems


def _axe_problems(page) -> dict[str, list]:
    """Serious or critical violations on the first screen and on each tab, by tab."""
    page.add_script_tag(path=str(AXE))
    found = {"first screen": page.evaluate(SERIOUS)}
    tabs = page.locator(".bk-tab")
    for i in range(tabs.count()):
        tab = tabs.nth(i)
        if tab.is_visible():
            label = tab.inner_text()
            tab.click()
            found[label] = _settled_problems(page)
    return {where: problems for where, problems in found.items() if problems}


@pytest.mark.parametrize("name", [name for name, _ in PAGES])
def test_every_screen_size_and_no_serious_axe_violation(browser, panel_server, name):
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: `make axe` fetches axe-core from npm", pytrace=False)
    server = panel_server(name)
    for size, (viewport, _) in SIZES.items():
        context, page = _open(browser, server, size)
        try:
            assert page.evaluate("() => window.innerWidth") == viewport["width"], (
                "the page is not laid out at the window's width (no viewport tag?)"
            )
            assert SITE_NAME in page.title()
            expect(page.locator("#header .title").first).to_contain_text(SITE_NAME)
            if page.locator("#sidebar").count():
                assert page.evaluate(SIDEBAR_OPEN) == (viewport["width"] >= NARROW), size
            with contextlib.suppress(PlaywrightTimeout):
                page.wait_for_function(NO_SIDEWAYS_SCROLL, timeout=10_000)
            page.screenshot(path=str(artifact(f"screen-{name}-{size}.png")))
            if (name, size) not in TOO_WIDE:
                assert page.evaluate(NO_SIDEWAYS_SCROLL), (size, page.evaluate(WIDTHS))
            if size == "1280x900":
                assert _axe_problems(page) == {}
        finally:
            context.close()


# The board's figure, and the line that says whose turn it is (the explorer has no turns).
BOARDS = {
    "circle": ("circle-board", ".cole-turn"),
    "ecosystem": (EXPLORER_BOARD, None),
    "savannah": ("savannah-hand", ".cole-turn"),
}


@pytest.mark.xfail(strict=True, reason="the explorer's park is ~462 px wide (issue 25)")
def test_the_scoring_explorer_fits_a_phone(browser, panel_server):
    context, page = _open(browser, panel_server("ecosystem"), "390x844")
    try:
        assert page.evaluate(NO_SIDEWAYS_SCROLL), page.evaluate(WIDTHS)
    finally:
        context.close()


PHONE_GAMES = [
    "circle",
    pytest.param(
        "ecosystem",
        marks=pytest.mark.xfail(strict=True, reason="the explorer's park is ~462 px wide"),
    ),
    "savannah",
]


@pytest.mark.parametrize("name", PHONE_GAMES)
def test_a_phone_shows_the_board_across_the_screen_and_the_turn(browser, panel_server, name):
    """390 x 844, touch: the board as wide as the screen (less a margin), no text under 12 px
    in the page (the board's canvas aside), the turn line shown."""
    figure, turn = BOARDS[name]
    context, page = _open(browser, panel_server(name), "390x844")
    try:
        box = page.evaluate(
            "name => { const v = Bokeh.index.query_one(v => v.model && v.model.name === name);"
            " const r = v.el.getBoundingClientRect(); return {x: r.x, width: r.width}; }",
            figure,
        )
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        assert box["width"] >= 340, f"the board is {box['width']:.0f} px wide on a 390 px phone"
        assert page.evaluate(SMALL_TEXT) == []
        if turn is not None:
            expect(page.locator(turn).first).to_be_visible()
        page.screenshot(path=str(artifact(f"phone-{name}.png")))
    finally:
        context.close()
