"""Every served page at 1,024 px: no sideways scroll, the main controls on screen, a screenshot.

Screenshots go to ``tests/artifacts/layout-<page>-1024.png`` (git-ignored) so a person can see what was checked.
"""

from __future__ import annotations

import contextlib
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from cole_panel.ecosystem.explorer.view import EXPLORER_BOARD
from cole_panel.ecosystem.geometry import cell_center
from cole_panel.savannah.hand import CARD_W, HAND_NAME, slot_x
from cole_panel.savannah.scores import CHART_WIDTH
from cole_panel.ui.shell import PAGES
from engines.ecosystem import parse_cell_label

from .conftest import PAGE_LOAD_TIMEOUT_MS, BokehFigure, artifact, show_settings

pytestmark = pytest.mark.browser

WIDTH = 1024
NO_SIDEWAYS_SCROLL = """() =>
    document.documentElement.scrollWidth <= window.innerWidth &&
    ["main", "sidebar"].map(id => document.getElementById(id)).filter(e => e != null)
        .every(e => e.scrollWidth <= e.clientWidth + 1)"""
WIDTHS = """() => Object.fromEntries(["main", "sidebar"].map(id => document.getElementById(id))
    .filter(e => e != null).map(e => [e.id, [e.scrollWidth, e.clientWidth]])
    .concat([["page", [document.documentElement.scrollWidth, window.innerWidth]]]))"""
# Every choice of every menu on screen that is wider than the menu's text box (cut off).
CUT_MENU_CHOICES = """els => els.filter(e => e.getClientRects().length > 0).flatMap(e => {
    const css = getComputedStyle(e);
    const ctx = document.createElement("canvas").getContext("2d");
    ctx.font = css.font;
    const room = e.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight);
    return [...e.options].map(o => [o.text, Math.ceil(ctx.measureText(o.text).width), room])
        .filter(([, width, room]) => width > room);
})"""
# The hand's labels under the cards are drawn in the canvas in this font (hand.py).
HAND_LABEL_FONT = "bold 13px helvetica"
TEXT_WIDTHS = """([font, texts]) => {
    const ctx = document.createElement("canvas").getContext("2d");
    ctx.font = font;
    return texts.map(t => ctx.measureText(t).width);
}"""
# A figure's page box and the width of its drawing area (0 when it draws nothing).
FIGURE_BOX = """test => {
    const view = Bokeh.index.query_one(v => v.model && v.frame && test(v));
    if (!view) return null;
    const r = view.el.getBoundingClientRect();
    return {x: r.x, width: r.width, frame: view.frame.bbox.width};
}"""


def _in_window(page, label: str, box: dict | None) -> None:
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, (
        f"{label} is not within the {WIDTH} px window: {box}"
    )


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
    cards = page.locator(".cole-game-card")
    return [cards.get_by_role("link", name=title, exact=True) for title in GAME_TITLES]


def _ecosystem(page):
    return [page.locator("canvas").first, page.get_by_role("button", name="Clear park")]


def _savannah(page):
    return [page.locator(".cole-turn"), page.locator(".cole-play button")]


def _learn(page):
    courses = page.locator(".cole-learn-course")
    return [courses.get_by_role("link", name=title, exact=True).first for title in LEARN_FIRST]


def _lab(page):
    return [page.get_by_role("button", name="Start"), page.locator(".lab-game select")]


def _classroom(page):
    return [page.get_by_role("button", name="Make the tables"), page.locator(".cole-class-seat-1")]


GAME_TITLES = ("Circle of Life", "Ecosystem: Savanna", "On the Savannah")
LEARN_FIRST = ("Your first stone", "Your first card", "A turn: play, then draw")
"""The first stage of each course, a link on /learn."""
CONTROLS = {
    "index": _index,
    "circle": _circle,
    "ecosystem": _ecosystem,
    "savannah": _savannah,
    "learn": _learn,
    "lab": _lab,
    "classroom": _classroom,
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
        links = [nav.get_by_role("link", name=text, exact=True) for _, text in PAGES]
        for link in links:
            expect(link).to_be_visible()
            # WCAG 2.2's touch target (24 px), the same when a phone wraps the links.
            assert link.bounding_box()["height"] >= 24, link.bounding_box()
        # One line of links beside the title ("Lab" once wrapped under them on /ecosystem).
        tops = [link.bounding_box()["y"] for link in links]
        assert max(tops) - min(tops) < 8, f"the header's links run over two lines: {tops}"
        for control in CONTROLS[name](page):
            expect(control).to_be_visible(timeout=PAGE_LOAD_TIMEOUT_MS)
            _in_window(page, str(control), control.bounding_box())
        # The layout settles after the last model arrives: give it time to, then require it.
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(NO_SIDEWAYS_SCROLL, timeout=10_000)
        page.screenshot(path=str(artifact(f"layout-{name}-{WIDTH}.png")), full_page=True)
        # The page, and the template's main area and sidebar (which scroll on their own).
        assert page.evaluate(NO_SIDEWAYS_SCROLL), (
            f"the {name} page scrolls sideways; (scroll width, visible width): "
            f"{page.evaluate(WIDTHS)}"
        )
        # Every menu shows each of its choices whole ("fixed (the park's 4 × 5 cells)" was cut).
        cut = page.locator("select").evaluate_all(CUT_MENU_CHOICES)
        assert cut == [], f"menu choices cut off (text, its width, the room in the menu): {cut}"
    finally:
        context.close()


def _open(browser, panel_server, app: str, query: str = ""):
    """(context, page): ``app`` served, opened in a 1,024 x 768 window."""
    server = panel_server(app)
    context = browser.new_context(viewport={"width": WIDTH, "height": 768})
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.goto(server.url + (f"?{query}" if query else ""), timeout=PAGE_LOAD_TIMEOUT_MS)
    return context, page


def test_the_draft_tables_controls_fit_1024_px(browser, panel_server):
    """Pass hands, Undo, Redo, Pick for me and the 'Wait for Pass hands' sentence all inside
    the window (the sentence used to run off its right edge)."""
    context, page = _open(browser, panel_server, "ecosystem")
    try:
        page.locator(".bk-tab", has_text="Draft table").click(timeout=PAGE_LOAD_TIMEOUT_MS)
        controls = [
            page.get_by_role("button", name=name)
            for name in ("Pass hands ▶", "Undo", "Redo", "Pick for me")
        ] + [page.get_by_text("Wait for “Pass hands” (lets you undo)")]
        for control in controls:
            expect(control).to_be_visible(timeout=PAGE_LOAD_TIMEOUT_MS)  # not scrolled to: x kept
            _in_window(page, str(control), control.bounding_box())
        page.screenshot(path=str(artifact(f"layout-ecosystem-draft-{WIDTH}.png")))
    finally:
        context.close()


def test_the_explorers_park_is_beside_the_cards_on_the_first_screen_at_1024_by_768(
    browser, panel_server
):
    """The park's column started at its text's natural width and wrapped under the card
    palette: a 1,024 x 768 window showed the 11 card buttons and no park."""
    context, page = _open(browser, panel_server, "ecosystem")
    try:
        board = BokehFigure(page, EXPLORER_BOARD).wait_ready()
        palette = page.get_by_role("button", name="Watering hole", exact=True).bounding_box()
        corners = [cell_center("classic", None, parse_cell_label(c)) for c in ("A1", "D5")]
        (left, top), (right, bottom) = board.to_pixels(corners)
        page.screenshot(path=str(artifact(f"layout-ecosystem-explorer-{WIDTH}x768.png")))
        assert left >= palette["x"] + palette["width"], f"not beside the cards: {left}, {palette}"
        assert top > 0 and bottom <= 768, f"the park is not on the first screen: {top}-{bottom}"
        assert right <= WIDTH
    finally:
        context.close()


def _open_savannah(browser, panel_server, query: str = "players=2&seed=4&speed=0"):
    return _open(browser, panel_server, "savannah", query)


@pytest.mark.parametrize(
    ("query", "cards"),
    [("players=2&seed=4&speed=0", 3), ("players=4&hand_size=5&seed=4&speed=0", 5)],
)
def test_savannah_hand_labels_stay_under_their_own_cards_at_1024_px(
    browser, panel_server, query, cards
):
    """The hand's picture keeps its size beside (or above) its buttons: each "✓ can be played"
    lies under its own card, apart from its neighbours' (they overlapped in a squeezed picture,
    and a wrapping layout once left the picture blank); a hand of five puts the buttons under
    the cards instead of pushing the page sideways."""
    context, page = _open_savannah(browser, panel_server, query)
    try:
        hand = BokehFigure(page, HAND_NAME).wait_ready()
        page.wait_for_function(
            "n => Bokeh.documents[0].get_model_by_name('savannah-hand-status')"
            ".data.text.filter(t => t === '✓ can be played').length === n",
            arg=cards,
            timeout=PAGE_LOAD_TIMEOUT_MS,
        )
        texts = page.evaluate(
            "() => Bokeh.documents[0].get_model_by_name('savannah-hand-status').data.text"
        )
        widths = page.evaluate(TEXT_WIDTHS, [HAND_LABEL_FONT, texts])
        boxes = []
        for i, (text, width) in enumerate(zip(texts, widths, strict=True)):
            (left, _), (centre, _), (right, _) = hand.to_pixels(
                [(slot_x(i) - CARD_W / 2, 0), (slot_x(i), 0), (slot_x(i) + CARD_W / 2, 0)]
            )
            label = (centre - width / 2, centre + width / 2)
            assert left <= label[0] and label[1] <= right, (
                f"{text!r} under card {i} spans {label}, the card {(left, right)}"
            )
            assert left >= 0 and right <= WIDTH, f"card {i} is off the window: {(left, right)}"
            boxes.append(label)
        for (_, end), (start, _) in zip(boxes, boxes[1:], strict=False):
            assert end <= start, f"labels overlap: {boxes}"
        expect(page.locator(".cole-play button")).to_be_visible()
        _in_window(page, "the Play button", page.locator(".cole-play button").bounding_box())
        page.screenshot(path=str(artifact(f"layout-savannah-hand-{cards}-{WIDTH}.png")))
        assert page.evaluate(NO_SIDEWAYS_SCROLL), page.evaluate(WIDTHS)
    finally:
        context.close()


def test_savannah_final_scores_fit_1024_px(browser, panel_server):
    """After "Let bots finish the game": the score table and the "Points per category" chart
    both inside the window (the chart under the table), the chart drawn at its own size; no
    sideways scroll."""
    context, page = _open_savannah(browser, panel_server)
    try:
        BokehFigure(page, HAND_NAME).wait_ready()
        show_settings(page)
        page.get_by_role("button", name="Let bots finish the game").click()
        table = page.locator(".cole-scores")
        expect(table.locator(".tabulator-row").first).to_be_visible(timeout=PAGE_LOAD_TIMEOUT_MS)
        _in_window(page, "the score table", table.bounding_box())
        chart = "v => v.model.title && v.model.title.text === 'Points per category'"
        page.wait_for_function(f"() => Bokeh.index.query_one({chart}) !== null")
        box = page.evaluate(f"() => ({FIGURE_BOX})({chart})")
        _in_window(page, "the points chart", box)
        # Drawn at its own size (the legend takes half): squeezed beside the table its bars
        # and legend overlapped (300 px, a 103 px frame); blank in a FlexBox (a 0 px frame).
        assert box["width"] >= CHART_WIDTH and box["frame"] > CHART_WIDTH / 3, (
            f"the points chart is squeezed (page box, frame width): {box}"
        )
        table.scroll_into_view_if_needed()
        page.screenshot(path=str(artifact(f"layout-savannah-scores-{WIDTH}.png")))
        assert page.evaluate(
            "() => document.scrollingElement.scrollWidth <= window.innerWidth"
        ) and page.evaluate(NO_SIDEWAYS_SCROLL), page.evaluate(WIDTHS)
    finally:
        context.close()


ON_SCREEN_JS = """name => {
    const v = Bokeh.index.query_one(v => v.model && v.model.name === name && v.frame);
    const r = v.el.getBoundingClientRect();
    return {x: r.x, y: r.y, width: r.width, height: r.height};
}"""


def _on_first_screen(label: str, box: dict | None) -> None:
    """``box`` wholly inside the 1,024 x 768 window as the page opened (nothing scrolled)."""
    assert box is not None and box["width"] > 0, f"{label} is not shown"
    assert box["x"] >= 0 and box["x"] + box["width"] <= WIDTH, f"{label}: {box}"
    assert box["y"] >= 0 and box["y"] + box["height"] <= 768, f"{label} is below the fold: {box}"


@pytest.mark.parametrize("game", ["savannah", "ecosystem"])
def test_the_first_screen_at_1024_by_768_shows_board_turn_narration_and_buttons(
    browser, panel_server, game
):
    """Issue 25, Deliver 3: the board, whose turn it is, the last move's narration and the main
    buttons, all without scrolling (the sidebar open, as it is at 1,024 px).  Savannah after a
    bot's first turn (its steps are the narration); Ecosystem's draft, then its narration after
    a pick (a click scrolls to the button it presses: the page is put back at its top)."""
    # Savannah: a bot plays first (its turn is the narration), then the person's turn.
    query = "players=3&seed=4&speed=0&seat0=greedy&seat1=human" if game == "savannah" else ""
    context, page = _open(browser, panel_server, game, query)
    try:
        if game == "savannah":
            figures = ["savannah-row", HAND_NAME]
            BokehFigure(page, HAND_NAME).wait_ready()
            expect(page.locator(".cole-turn")).to_contain_text(
                re.compile("your turn", re.IGNORECASE), timeout=PAGE_LOAD_TIMEOUT_MS
            )
            parts = {
                "the turn": page.locator(".cole-turn"),
                "Play": page.locator(".cole-play button"),
                "Undo my turn": page.get_by_role("button", name="Undo my turn"),
            }
            narration = page.locator(".cole-step")
        else:
            page.locator(".bk-tab", has_text="Draft table").click(timeout=PAGE_LOAD_TIMEOUT_MS)
            figures = ["eco-draft-park", "eco-hand-0"]
            BokehFigure(page, "eco-hand-0").wait_ready()
            parts = {
                "the turn": page.locator(".eco-turn"),
                "Pass hands": page.get_by_role("button", name="Pass hands ▶"),
                "Pick for me": page.get_by_role("button", name="Pick for me"),
            }
            narration = page.locator(".cole-message").first
        for part in parts.values():
            expect(part).to_be_visible(timeout=PAGE_LOAD_TIMEOUT_MS)
        page.screenshot(path=str(artifact(f"layout-{game}-first-screen-{WIDTH}x768.png")))
        for name in figures:
            _on_first_screen(name, page.evaluate(ON_SCREEN_JS, name))
        for label, part in parts.items():
            _on_first_screen(label, part.bounding_box())
        if game == "ecosystem":
            parts["Pick for me"].click()
            page.evaluate("() => document.getElementById('main').scrollTo(0, 0)")
        expect(narration).to_contain_text(re.compile(r"\w{3}"), timeout=PAGE_LOAD_TIMEOUT_MS)
        _on_first_screen("the narration", narration.bounding_box())
    finally:
        context.close()
