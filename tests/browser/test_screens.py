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

from cole_panel.circle.board import BOARD_NAME
from cole_panel.circle.geometry import SQRT3, board_cells, cell_center
from cole_panel.circle.zoom import ZOOM_CLASS, ZOOM_IN, ZOOM_OUT
from cole_panel.ecosystem.draft.view import DRAFT_BOARD, HAND_NAMES
from cole_panel.ecosystem.explorer.view import EXPLORER_BOARD
from cole_panel.savannah import players, row
from cole_panel.ui.screens import NARROW, SITE_NAME
from cole_panel.ui.shell import PAGES
from engines.circle import parse_label

from .conftest import PAGE_LOAD_TIMEOUT_MS, ROOT, BokehFigure, artifact
from .test_ecosystem import COUNT_JS
from .test_keys import SCROLL_JS, WAIT, XY_JS, settled, touch, wait_live
from .test_layout import NO_SIDEWAYS_SCROLL, WIDTHS

pytestmark = pytest.mark.browser

AXE = ROOT / "tests" / ".npm" / "axe-core" / "axe.min.js"
SIZES = {
    "390x844": ({"width": 390, "height": 844}, True),
    "768x1024": ({"width": 768, "height": 1024}, True),
    "1024x768": ({"width": 1024, "height": 768}, False),
    "1280x900": ({"width": 1280, "height": 900}, False),
}
# The narrowest and widest phones of issue 25 (360-430 px), beside the 390 px one above.
PHONES = {
    "360x780": ({"width": 360, "height": 780}, True),
    "430x932": ({"width": 430, "height": 932}, True),
}
GAMES = ("circle", "ecosystem", "savannah")
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


# The site's name and the busy sign (the spinner at the header's right) do not overlap.
TITLE_CLEARS_BUSY_SIGN = """() => {
    const title = document.querySelector("#header .title").getBoundingClientRect();
    const busy = document.querySelector("#header .pn-busy-container").getBoundingClientRect();
    return title.right <= busy.left || title.bottom <= busy.top || busy.bottom <= title.top;
}"""


def _open(browser, server, size: str, query: str = ""):
    viewport, mobile = {**SIZES, **PHONES}[size]
    context = browser.new_context(viewport=viewport, is_mobile=mobile, has_touch=mobile)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.goto(server.url + query, timeout=PAGE_LOAD_TIMEOUT_MS)
    expect(page.get_by_role("navigation", name="Pages")).to_be_visible(timeout=PAGE_LOAD_TIMEOUT_MS)
    if server.app in GAMES:
        page.locator("canvas").first.wait_for(state="visible", timeout=PAGE_LOAD_TIMEOUT_MS)
    page.wait_for_function(NAMED, timeout=PAGE_LOAD_TIMEOUT_MS)
    page.wait_for_timeout(500)  # the controls drawn last are named too
    return context, page


def _settled_problems(page, tries: int = 5, first_wait_ms: int = 1000) -> list:
    """Serious problems once the screen has been drawn and its controls named (a part drawn
    late, such as a table on becoming visible or a sidebar on a busy machine, is named 150 ms
    after it appears): asked again, a second apart, until none."""
    page.wait_for_timeout(first_wait_ms)
    for attempt in range(tries):
        problems = page.evaluate(SERIOUS)
        if not problems or attempt == tries - 1:
            break
        page.wait_for_timeout(1000)
    return problems


def _axe_problems(page) -> dict[str, list]:
    """Serious or critical violations on the first screen and on each tab, by tab."""
    page.add_script_tag(path=str(AXE))
    found = {"first screen": _settled_problems(page, first_wait_ms=0)}
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
            assert page.evaluate(TITLE_CLEARS_BUSY_SIGN), size
            if page.locator("#sidebar").count():
                assert page.evaluate(SIDEBAR_OPEN) == (viewport["width"] >= NARROW), size
            with contextlib.suppress(PlaywrightTimeout):
                page.wait_for_function(NO_SIDEWAYS_SCROLL, timeout=10_000)
            page.screenshot(path=str(artifact(f"screen-{name}-{size}.png")))
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


FIGURE_BOX_JS = """name => {
    const v = Bokeh.index.query_one(v => v.model && v.model.name === name);
    const r = v.el.getBoundingClientRect();
    return {x: r.x, width: r.width};
}"""


FIGURE_BOTTOM_JS = (
    "name => Bokeh.index.query_one(v => v.model && v.model.name === name)"
    ".el.getBoundingClientRect().bottom"
)


def _board_across_the_screen(page, figure: str, width: int) -> None:
    """The figure ``figure`` inside the window and as wide as it less a 50 px margin, no text
    under 12 px in the page (the canvases aside), nothing scrolling sideways."""
    box = page.evaluate(FIGURE_BOX_JS, figure)
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
    assert box["width"] >= width - 50, (
        f"the board is {box['width']:.0f} px wide on a {width} px phone"
    )
    assert page.evaluate(SMALL_TEXT) == []
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(NO_SIDEWAYS_SCROLL, timeout=10_000)
    assert page.evaluate(NO_SIDEWAYS_SCROLL), page.evaluate(WIDTHS)


@pytest.mark.parametrize(
    ("size", "query"),
    [
        ("390x844", ""),
        ("360x780", ""),
        ("430x932", ""),
        ("360x780", "?variant=two_parks"),
        ("430x932", "?variant=two_parks"),
    ],
)
def test_the_scoring_explorer_fits_a_phone(browser, panel_server, size, query):
    """One park or two, on the narrowest to the widest phone: the park across the screen."""
    context, page = _open(browser, panel_server("ecosystem"), size, query)
    try:
        figure = BokehFigure(page, EXPLORER_BOARD).wait_ready()
        if query:  # two parks: West and East (with the row points) side by side
            page.wait_for_function(
                "name => Bokeh.documents[0].get_model_by_name(name + '-links').data.y.length",
                arg=figure.name,
            )
        viewport = {**SIZES, **PHONES}[size][0]
        _board_across_the_screen(page, EXPLORER_BOARD, viewport["width"])
        # The whole park on the first screen: the card palette above it lies in rows.
        page.screenshot(path=str(artifact(f"phone-explorer-first-{size}{query[1:]}.png")))
        bottom = page.evaluate(FIGURE_BOTTOM_JS, EXPLORER_BOARD)
        assert bottom <= viewport["height"], f"the park ends {bottom:.0f} px down the page"
        page.evaluate(SCROLL_JS, EXPLORER_BOARD)  # the park, for the screenshot
        page.screenshot(path=str(artifact(f"phone-explorer-{size}{query[1:]}.png")))
    finally:
        context.close()


@pytest.mark.parametrize("name", GAMES)
def test_a_phone_shows_the_board_across_the_screen_and_the_turn(browser, panel_server, name):
    """390 x 844, touch: the board as wide as the screen (less a margin), no text under 12 px
    in the page (the board's canvas aside), the turn line shown."""
    figure, turn = BOARDS[name]
    context, page = _open(browser, panel_server(name), "390x844")
    try:
        box = page.evaluate(FIGURE_BOX_JS, figure)
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
        assert box["width"] >= 340, f"the board is {box['width']:.0f} px wide on a 390 px phone"
        assert page.evaluate(SMALL_TEXT) == []
        if turn is not None:
            expect(page.locator(turn).first).to_be_visible()
        page.screenshot(path=str(artifact(f"phone-{name}.png")))
    finally:
        context.close()


# Each ring label's left and right edge on the canvas, against the figure's frame: the text's
# width measured in the font Bokeh draws it in.
RING_LABELS_JS = """name => {
    const v = Bokeh.index.query_one(v => v.model && v.model.name === name && v.frame);
    const r = v.model.renderers.find(r => r.data_source && "species" in r.data_source.data
                                          && "align" in r.data_source.data);
    const d = r.data_source.data, g = r.glyph;
    const ctx = document.createElement("canvas").getContext("2d");
    const size = g.text_font_size.value, font = g.text_font.value;
    const f = v.frame.bbox, out = [];
    for (let i = 0; i < d.text.length; i++) {
        ctx.font = `${d.weight[i]} ${size} ${font}`;
        const w = ctx.measureText(d.text[i]).width, sx = v.frame.x_scale.compute(d.x[i]);
        const left = d.align[i] === "left" ? sx : d.align[i] === "right" ? sx - w : sx - w / 2;
        out.push([d.text[i], left - f.left, f.right - (left + w)]);
    }
    return out;
}"""


def test_every_ring_label_is_whole_on_the_narrowest_phone(browser, panel_server):
    """360 x 780, radius 4: no species' name on the ring runs past the board's edge (the
    widest two, 'diamond' and '3-line', once lost their last letters there)."""
    context, page = _open(browser, panel_server("circle"), "360x780")
    try:
        labels = page.evaluate(RING_LABELS_JS, BOARDS["circle"][0])
        assert len(labels) == 12
        cut = [
            (text, round(left), round(right))
            for text, left, right in labels
            if min(left, right) < 0
        ]
        assert cut == [], f"past the board's edge (px to spare on the left, right): {cut}"
    finally:
        context.close()


# The box around a figure named ``name``: its width, what it scrolls, and its role and name.
SIDEWAYS_JS = """name => {
    const v = Bokeh.index.query_one(v => v.model && v.model.name === name && v.frame);
    let box = v.el;
    while (box && !(box.classList && box.classList.contains("cole-sideways")))
        box = box.parentNode && (box.parentNode.host || box.parentNode);
    return {figure: v.el.getBoundingClientRect().width, box: box.clientWidth,
            scrolls: box.scrollWidth, role: box.getAttribute("role"),
            label: box.getAttribute("aria-label"), tabindex: box.getAttribute("tabindex")};
}"""


FIGURE_SHOWN_JS = """name => Boolean(
    Bokeh.index.query_one(v => v.model && v.model.name === name && v.frame))"""


@pytest.mark.parametrize("size", ["390x844", "1024x768", "1280x900"])
def test_the_savannah_row_and_players_keep_legible_sizes(browser, panel_server, size):
    """The row of cards and the players' bands keep the width their words need: where the
    page is narrower (a phone) they scroll sideways in a named region, one Tab stop, and the
    page does not; where it is wide enough they fit and are no Tab stop.  (At 390 px the row's
    13 card places were 25 px each, their names overlapping; the players' names ran into their
    tokens under 884 px.)"""
    context, page = _open(browser, panel_server("savannah"), size)
    try:
        for figure, least, label in (
            (row.ROW_NAME, row.MIN_W, "The row of the savannah"),
            (players.PLAYERS_NAME, players.MIN_W, "The players"),
        ):
            # The players come when scrolled near on a phone (under its first screen)
            page.locator(".cole-near-note", has_text=label).evaluate_all(
                "found => found.forEach(e => e.scrollIntoView())"
            )
            page.wait_for_function(f"() => ({FIGURE_SHOWN_JS})({figure!r})", timeout=20_000)
            box = page.evaluate(SIDEWAYS_JS, figure)
            # the row is as wide as its cards need (at least MIN_W): it scrolls when wider
            narrow = box["box"] < max(least, box["figure"] - 1)
            assert narrow == (size == "390x844") or size == "1024x768", box
            page.wait_for_function(
                f"() => ({SIDEWAYS_JS})({figure!r}).role === " + ("'region'" if narrow else "null"),
                timeout=20_000,
            )
            box = page.evaluate(SIDEWAYS_JS, figure)
            assert box["figure"] >= least - 1, box
            if narrow:
                assert box["scrolls"] > box["box"], box
                assert (box["label"], box["tabindex"]) == (label, "0"), box
            else:
                assert box["scrolls"] <= box["box"] + 1, box
                assert (box["label"], box["tabindex"]) == (None, None), box
        assert page.evaluate(NO_SIDEWAYS_SCROLL), page.evaluate(WIDTHS)
        page.screenshot(path=str(artifact(f"savannah-legible-{size}.png")))
    finally:
        context.close()


# Where the header ends and the main area starts: the same before the scripts and once drawn.
FRAME_TOPS = """() => ["header", "main"].map(id => document.getElementById(id))
    .map(e => Math.round(e.getBoundingClientRect().bottom * 10) / 10)"""
FIRST_PAINT = {"index": SITE_NAME, "circle": "Circle of Life", "lab": "Simulation lab"}
"""The pages checked before their scripts run, and the heading each shows meanwhile."""


@pytest.mark.parametrize("name", FIRST_PAINT)
def test_a_phone_reads_the_page_before_its_scripts_and_nothing_moves_once_drawn(
    browser, panel_server, name
):
    """390 x 844 on a slow phone: before any script runs, the page's name, its picture(s), a
    line on it and the header's links are on screen; once drawn, that first paint is gone, the
    links are there once, and the header and main area have not moved (a layout shift)."""
    server = panel_server(name)
    viewport, _ = SIZES["390x844"]
    still = browser.new_context(viewport=viewport, is_mobile=True, java_script_enabled=False)
    try:
        page = still.new_page()
        page.goto(server.url, timeout=PAGE_LOAD_TIMEOUT_MS)
        expect(page.get_by_role("heading", name=FIRST_PAINT[name], level=1)).to_be_visible()
        pictures = page.locator("#main img[alt]")
        expect(pictures.first).to_be_visible()
        assert all(alt.strip() for alt in pictures.evaluate_all("els => els.map(e => e.alt)"))
        nav = page.get_by_role("navigation", name="Pages")
        for _, text in PAGES:
            expect(nav.get_by_role("link", name=text, exact=True)).to_be_visible()
        before = page.evaluate(FRAME_TOPS)
        page.screenshot(path=str(artifact(f"phone-{name}-before-scripts.png")))
    finally:
        still.close()
    context, page = _open(browser, server, "390x844")
    try:
        assert page.locator("#cole-first-paint").count() == 0
        expect(page.get_by_role("navigation", name="Pages")).to_have_count(1)
        assert page.evaluate(FRAME_TOPS) == before
    finally:
        context.close()


# Stamps, in the page, whether Bokeh had run when the page was parsed and how many animation
# frames the browser had made since then when Bokeh's bundle defined ``window.Bokeh``.
FRAMES_BEFORE_BOKEH_JS = """
window.__cole = {framesAfterParsing: 0};
document.addEventListener("DOMContentLoaded", () => {
  window.__cole.bokehAtParsed = window.Bokeh !== undefined;
  const count = () => { window.__cole.framesAfterParsing++; requestAnimationFrame(count); };
  requestAnimationFrame(count);
});
let bokeh;
Object.defineProperty(window, "Bokeh", {configurable: true, get: () => bokeh, set: (value) => {
  if (window.__cole.framesAtBokeh === undefined)
    window.__cole.framesAtBokeh = window.__cole.framesAfterParsing;
  bokeh = value;
}});
"""


def test_a_repeat_visit_paints_the_first_paint_before_bokeh_runs(browser, panel_server):
    """A second visit (Bokeh's and Panel's 1 MB of scripts in the cache, as on a fast
    network): the browser paints the page's first paint before those scripts run, so the phone
    shows the lab's name, words and chart at once instead of a blank page until Bokeh has
    built it (deferred, the cached scripts ran as soon as the page was parsed, before any
    frame); the page is then drawn as before."""
    server = panel_server("lab")
    context = browser.new_context(viewport=SIZES["390x844"][0], is_mobile=True)
    try:
        page = context.new_page()
        page.goto(server.url, timeout=PAGE_LOAD_TIMEOUT_MS)
        page.wait_for_function("() => window.Bokeh && Bokeh.documents.length")
        page.add_init_script(FRAMES_BEFORE_BOKEH_JS)
        page.reload(timeout=PAGE_LOAD_TIMEOUT_MS)
        page.wait_for_function("() => window.Bokeh && Bokeh.documents.length")
        stamps = page.evaluate("window.__cole")
        assert stamps["bokehAtParsed"] is False, stamps
        assert stamps["framesAtBokeh"] >= 1, stamps
        expect(page.locator("#cole-first-paint")).to_have_count(0)
        expect(page.locator("canvas").first).to_be_visible()  # the chart, drawn
    finally:
        context.close()


# Stamps, in the page, when the browser reported (once it was on screen) the paint of the
# first paint's picture, the page's largest paint.
PICTURE_SHOWN_JS = """
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    if (window.__shown === undefined && entry.element && entry.element.closest
        && entry.element.closest("#cole-first-paint") && entry.element.tagName === "IMG")
      window.__shown = performance.now();
}).observe({type: "largest-contentful-paint", buffered: true});
"""
SCRIPT_REQUESTS_JS = """() => performance.getEntriesByType("resource")
  .filter((e) => e.initiatorType === "script").map((e) => [e.name, e.startTime])"""


def test_a_phone_shows_the_games_picture_before_asking_for_the_scripts(browser, panel_server):
    """390 x 844, a CPU four times slower: the game's picture (the largest thing a phone shows
    while the page loads) is on screen before the browser asks for any of Bokeh's and Panel's
    scripts, so their 1 MB never holds or competes with that first view.  Asked for in the
    frame after the page was parsed, the scripts were often asked for a few milliseconds
    before that frame reached the screen."""
    server = panel_server("circle")
    context = browser.new_context(viewport=SIZES["390x844"][0], is_mobile=True)
    try:
        page = context.new_page()
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
        page.add_init_script(PICTURE_SHOWN_JS)
        page.goto(server.url, timeout=PAGE_LOAD_TIMEOUT_MS)
        page.wait_for_function("() => window.Bokeh && Bokeh.documents.length")
        shown = page.evaluate("window.__shown")
        requests = page.evaluate(SCRIPT_REQUESTS_JS)
        assert shown is not None and requests, (shown, requests)
        early = [(url, start) for url, start in requests if start < shown]
        assert not early, (shown, early)
        expect(page.locator("#cole-first-paint")).to_have_count(0)
        expect(page.locator("canvas").first).to_be_visible()  # the board, drawn
    finally:
        context.close()


MODEL_COUNTS_JS = """names => { const counts = Object.fromEntries(names.map(n => [n, 0]));
  for (const m of Bokeh.documents[0].all_models)
    if (m.constructor.__name__ in counts) counts[m.constructor.__name__]++;
  return counts; }"""


def test_a_boards_glyphs_share_one_filter_and_one_selection_policy(browser, panel_server):
    """The browser reads and sets up every model of a page before drawing it (at 4x CPU
    about a third of a second on Savannah for its ~500 models): the stateless filter of each
    glyph and selection policy of each data source come once for the page, while every glyph
    keeps its own data and view."""
    context, page = _open(browser, panel_server("circle"), "390x844")
    try:
        names = ["AllIndices", "UnionRenderers", "CDSView", "ColumnDataSource"]
        counts = page.evaluate(MODEL_COUNTS_JS, names)
        assert counts["AllIndices"] == 1 and counts["UnionRenderers"] == 1, counts
        assert counts["CDSView"] > 1 and counts["ColumnDataSource"] > 1, counts
        types = page.evaluate("() => [...Bokeh.documents[0].all_models].map(m => m.type)")
        assert "panel.models.location.Location" in types  # Panel's own models are there
        # ... but not the browser's details, which no page reads (a long task's ~20 ms)
        assert not [t for t in types if "BrowserInfo" in t], types
    finally:
        context.close()


MIN_TAP_PX = 40
"""Issue 25: a cell a finger can tap is 40 px across or more (radius 4, on a phone)."""
FRAME_JS = """name => {
    const v = Bokeh.index.query_one(v => v.model && v.model.name === name && v.frame);
    const box = (v.canvas_view ? v.canvas_view.el : v.el).getBoundingClientRect();
    const f = v.frame.bbox;
    return {left: box.left + f.left, right: box.left + f.right,
            top: box.top + f.top, bottom: box.top + f.bottom};
}"""


def _cell_width(board: BokehFigure, label: str) -> float:
    """A Circle cell's width on the screen, side to side (CSS px)."""
    x, y = cell_center(parse_label(label))
    (left, _), (right, _) = board.to_pixels([(x - SQRT3 / 2, y), (x + SQRT3 / 2, y)])
    return right - left


def test_a_phone_zooms_circle_to_cells_a_finger_can_tap(browser, panel_server):
    """390 x 844, touch, radius 4: "Zoom in" makes every cell 40 px across or more, all of them
    on the screen (no pan needed at this width), and a tap there still previews first, then a
    second tap places; "Zoom out" shows the board and its ring again."""
    context, page = _open(browser, panel_server("circle"), "390x844")
    try:
        board = BokehFigure(page, BOARD_NAME).wait_ready()
        whole = _cell_width(board, "E5")
        zoom = page.locator(f".{ZOOM_CLASS} button")
        expect(zoom).to_have_text(ZOOM_IN)
        zoom.tap()
        expect(zoom).to_have_text(ZOOM_OUT)
        page.wait_for_function(
            "name => Bokeh.documents[0].get_model_by_name(name).x_range.end < 10", arg=BOARD_NAME
        )
        width = _cell_width(board, "E5")
        assert width >= MIN_TAP_PX, f"cells {width:.1f} px across (zoomed out: {whole:.1f})"
        # Every cell's centre on the zoomed board and on the screen: each one a tap away.
        frame = page.evaluate(FRAME_JS, BOARD_NAME)
        cells = board_cells(4)
        off = [
            cell
            for cell, (x, y) in zip(cells, board.to_pixels(map(cell_center, cells)), strict=True)
            if not (max(frame["left"], 0) < x < min(frame["right"], 390))
            or not frame["top"] < y < frame["bottom"]
        ]
        assert off == [], f"cells off the zoomed board: {off}"
        page.screenshot(path=str(artifact("phone-circle-zoomed.png")))
        touch(page, board, *cell_center(parse_label("E5")))
        place = page.locator(".cole-keys-place")
        expect(place).to_have_text("Place at E5", timeout=30_000)
        stones = "() => Bokeh.documents[0].get_model_by_name('circle-stones').data.x.length"
        assert page.evaluate(stones) == 0, "the first tap placed a stone"
        page.wait_for_timeout(400)  # two taps closer than 300 ms would be a double tap
        touch(page, board, *cell_center(parse_label("E5")))
        expect(page.locator(".cole-message")).to_contain_text(
            "Orange placed a stone at E5", timeout=30_000
        )
        expect(page.locator(".cole-turn")).to_be_visible()
        zoom.tap()
        expect(zoom).to_have_text(ZOOM_IN)
        page.wait_for_function(
            "name => Bokeh.documents[0].get_model_by_name(name).x_range.end > 10", arg=BOARD_NAME
        )
        assert abs(_cell_width(board, "E5") - whole) < 1
        assert page.evaluate(NO_SIDEWAYS_SCROLL), page.evaluate(WIDTHS)
    finally:
        context.close()


# ---------------------------------------------------------------------- Ecosystem's draft
# The on-screen size (CSS px) of the card names on a figure: the name glyph's font size times
# the figure's drawn width over its own width (a figure shrunk to fit draws its text smaller).
NAME_PX_JS = """name => {
    const v = Bokeh.index.query_one(v => v.model && v.model.name === name && v.frame);
    const names = v.model.renderers.map(r => r.glyph)
        .filter(g => g.type === "Text" && g.text && g.text.field === "text");
    const size = names[0].text_font_size;
    const px = parseFloat(typeof size === "string" ? size : size.value);
    return px * v.el.getBoundingClientRect().width / v.model.width;
}"""
BOX_OF_JS = """name => {
    const r = Bokeh.index.query_one(v => v.model && v.model.name === name && v.frame)
        .el.getBoundingClientRect();
    return {x: r.x, y: r.y, width: r.width, height: r.height, bottom: r.bottom};
}"""
HAND_TITLE = ".eco-hand-title-{}"


def _start_two_parks(page) -> None:
    """The sidebar opened by its toggle, two parks chosen, New game, the sidebar closed."""
    page.locator("#sidebar-toggle").tap()
    choice = "Two parks (West and East)"
    menu = page.locator("select", has=page.locator("option", has_text=choice)).first
    menu.select_option(label=choice)
    expect(menu).to_have_value(choice)
    east = page.locator(HAND_TITLE.format(1))
    page.get_by_role("button", name="New game", exact=True).tap()
    expect(east).to_contain_text("Your East hand", timeout=30_000)  # a new draft, under load
    page.locator("#sidebar-toggle").tap()
    page.wait_for_function("() => !document.getElementById('sidebar').classList.contains('show')")


def _draft_fits(page, width: int, two: bool) -> None:
    """Nothing past the right edge, Pass hands and Pick for me on the screen (under the park on
    a phone), the park as wide as a phone with cells a finger can tap, card names and every
    other text at least 12 px, the park, the buttons and the hands one under the other."""
    figures = (DRAFT_BOARD, *HAND_NAMES[: 2 if two else 1])
    # The page is drawn first as in a wide window, then sized to the width the browser reports.
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(
            f"names => ({NAME_PX_JS})(names[0]) >= 12 && names.every(n => ({NAME_PX_JS})(n) >= 12)"
            f" && ({NO_SIDEWAYS_SCROLL})()",
            arg=list(figures),
            timeout=30_000,
        )
    settled(page, DRAFT_BOARD)
    board = page.evaluate(BOX_OF_JS, DRAFT_BOARD)
    assert board["x"] >= 0 and board["x"] + board["width"] <= width, board
    phone = width < 500
    if phone:
        assert board["width"] >= width - 50, f"the park is {board['width']:.0f} px wide"
    (left, _), (right, _) = BokehFigure(page, DRAFT_BOARD).to_pixels([(0.5, -0.5), (1.5, -0.5)])
    assert right - left >= MIN_TAP_PX, f"cells {right - left:.1f} px apart"
    buttons = [page.get_by_role("button", name=n) for n in ("Pass hands ▶", "Pick for me")]
    for button in buttons:
        expect(button).to_be_visible()
        box = button.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
        if phone:
            assert box["y"] >= board["bottom"], f"a button beside the park: {box}, {board}"
    hands = [page.evaluate(BOX_OF_JS, name) for name in HAND_NAMES[: 2 if two else 1]]
    lowest = max(b.bounding_box()["y"] + b.bounding_box()["height"] for b in buttons)
    for hand in hands:
        assert hand["x"] >= 0 and hand["x"] + hand["width"] <= width, hand
        assert hand["y"] >= max(board["bottom"], lowest), (hand, board, lowest)
        lowest = hand["bottom"]
    assert page.evaluate(NO_SIDEWAYS_SCROLL), page.evaluate(WIDTHS)
    for name in figures:
        size = page.evaluate(NAME_PX_JS, name)
        assert size >= 12, f"card names of {name} are {size:.1f} px on the screen"
    assert page.evaluate(SMALL_TEXT) == []


def _pick(page, slot: int) -> None:
    """Tap the first card of hand ``slot``, then the first green cell of its park."""
    hand = BokehFigure(page, HAND_NAMES[slot]).wait_ready()
    touch(page, hand, 0.5, 0.0)
    expect(page.locator(".cole-message")).to_contain_text("now choose a green cell", timeout=WAIT)
    legal = page.evaluate(XY_JS, [DRAFT_BOARD, "legal"])
    # West (or the one park): left of the track side by side, above East when stacked.
    west = [(x, y) for x, y in legal if x < 5.05 and y > -4.1]
    cell = west[0] if slot == 0 else next(p for p in legal if p not in west)
    page.wait_for_timeout(400)  # two taps closer than 300 ms would be a double tap
    touch(page, BokehFigure(page, DRAFT_BOARD), *cell)


@pytest.mark.parametrize(
    ("size", "variant"),
    [
        ("390x844", "classic"),
        ("390x844", "two_parks"),
        ("360x780", "two_parks"),  # the narrowest phone of issue 25
        ("768x1024", "classic"),
        ("768x1024", "two_parks"),
    ],
)
def test_the_draft_table_fits_a_phone_and_a_tablet_and_a_pick_is_two_taps(
    browser, panel_server, size, variant
):
    """Issue 25, Deliver 1: the draft at 390 x 844 (mobile, touch) and 768 x 1,024, one park
    and two (two parks also at 360 x 780): the whole table inside the screen's width (see :func:`_draft_fits`); then a pick
    by touch, a card then a cell (with two parks one for each), pending until "Pass hands"."""
    viewport = {**SIZES, **PHONES}[size][0]
    context, page = _open(browser, panel_server("ecosystem"), size)
    try:
        page.locator(".bk-tab", has_text="Draft table").tap()
        BokehFigure(page, HAND_NAMES[0]).wait_ready()
        two = variant == "two_parks"
        if two:
            _start_two_parks(page)
        _draft_fits(page, viewport["width"], two)
        page.screenshot(path=str(artifact(f"phone-draft-{variant}-{size}.png")))
        for slot in range(2 if two else 1):
            _pick(page, slot)
        expect(page.locator(".cole-message")).to_contain_text("Press “Pass hands”", timeout=WAIT)
        page.wait_for_function(  # the picks drawn as pending on the park
            f"args => ({COUNT_JS})(args) === {2 if two else 1}", arg=[DRAFT_BOARD, "pending"]
        )
        page.locator(".eco-pass button").tap()
        wait_live(page, "hands passed" if two else "Hands passed", timeout=90)
        _draft_fits(page, viewport["width"], two)
        page.evaluate(SCROLL_JS, HAND_NAMES[0])
        page.screenshot(path=str(artifact(f"phone-draft-{variant}-{size}-hand.png")))
    finally:
        context.close()


def test_a_newcomer_finds_the_labs_start_on_a_phone(browser, panel_server):
    """390 x 844: the lab's settings start hidden in the menu; the page says so, and the menu
    it names opens them with Start on the screen."""
    context, page = _open(browser, panel_server("lab"), "390x844")
    try:
        start = page.get_by_role("button", name="Start")
        expect(start).not_to_be_in_viewport()
        expect(page.locator("#main")).to_contain_text("the ☰ menu at the top left opens them")
        toggle = page.locator("#sidebar-toggle")
        box = toggle.bounding_box()
        assert box["x"] < 390 / 4 and box["y"] < 100, box  # where the page says it is
        toggle.tap()
        expect(start).to_be_in_viewport()
    finally:
        context.close()


def test_the_savannah_cards_tab_wraps_its_words_and_scrolls_its_table_on_a_phone(
    browser, panel_server
):
    """390 x 844, the Cards tab: its sentences wrap inside the screen (the table's width once
    widened the whole tab, cutting them), and the table's own box scrolls sideways to its last
    column."""
    context, page = _open(browser, panel_server("savannah"), "390x844")
    try:
        page.locator(".bk-tab", has_text="Cards").click()
        for words in ("cards in the deck", "killed cards score their level"):
            text = page.get_by_text(words)
            expect(text).to_be_visible()
            box = text.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (words, box)
        last = page.locator(".cole-deck .tabulator-col-title", has_text="Killed")
        expect(last).not_to_be_in_viewport()
        page.get_by_role("region", name="Cards table").evaluate(
            "box => { box.scrollLeft = box.scrollWidth; }"
        )
        expect(last).to_be_in_viewport()
        assert page.evaluate(NO_SIDEWAYS_SCROLL), page.evaluate(WIDTHS)
    finally:
        context.close()


TABS_HEIGHTS_JS = """() => {
    const v = Bokeh.index.query_one(v => v.model.type === "panel.models.tabs.Tabs");
    const shown = v.child_views[v.model.active];
    return [v.el.getBoundingClientRect().height, shown.el.getBoundingClientRect().height,
            Math.max(...v.child_views.map(c => c.el.scrollHeight))];
}"""


def test_circles_tabs_are_as_tall_as_the_tab_shown(browser, panel_server):
    """390 px: under the short Narration the tabs ended in some 600 px of blank page, the
    height of the hidden How to play (Panel hides a tab by its visibility alone)."""
    context, page = _open(browser, panel_server("circle"), "390x844")
    try:
        page.keyboard.press("Tab")  # a keyboard's first Tab sends for every part still to come
        page.wait_for_function(
            "() => Bokeh.index.query_one(v => v.model.type === 'panel.models.tabs.Tabs')"
        )
        page.wait_for_timeout(500)
        tabs, shown, tallest = page.evaluate(TABS_HEIGHTS_JS)
        assert tallest > shown + 200, (tabs, shown, tallest)  # (How to play is longer)
        assert tabs < shown + 150, (tabs, shown, tallest)
        page.locator(".bk-tab", has_text="How to play").click()
        page.wait_for_timeout(500)
        tabs, shown, _ = page.evaluate(TABS_HEIGHTS_JS)
        assert shown > 300 and tabs >= shown, (tabs, shown)  # shown whole once chosen
        expect(page.get_by_text("Keyboard and touch.")).to_be_visible()
    finally:
        context.close()


def test_a_phone_builds_the_explorers_lower_tabs_when_scrolled_to_a_laptop_at_once(
    browser, panel_server
):
    """Ecosystem's explorer: the tabs under the score (the park's text, other players,
    options...) are far under a phone's first screen and wait until scrolled near; a laptop
    has them at once."""
    server = panel_server("ecosystem")
    for size, at_once in (("390x844", False), ("1280x900", True)):
        context, page = _open(browser, server, size)
        try:
            tab = page.locator(".bk-tab", has_text="Park text")
            if not at_once:
                page.wait_for_timeout(1500)  # time enough for a part that would come at once
                assert tab.count() == 0
                waiting = page.get_by_text("Park text, other players, options: loading…")
                expect(waiting).to_have_count(1)
                waiting.scroll_into_view_if_needed()
            expect(tab).to_be_visible(timeout=30_000)
            tab.click()
            expect(page.locator(".eco-park-text textarea")).to_be_visible()
        finally:
            context.close()


def test_a_phone_builds_the_savannah_players_and_score_when_scrolled_to_a_laptop_at_once(
    browser, panel_server
):
    """Under a phone's first screen the players' bands and the live score wait until the
    person scrolls near them (issue 24: every model built before a tap is answered freezes
    the page); a laptop's page, read whole, has them at once."""
    server = panel_server("savannah")
    shown = f"() => ({FIGURE_SHOWN_JS})({players.PLAYERS_NAME!r})"
    for size, at_once in (("390x844", False), ("1280x900", True)):
        context, page = _open(browser, server, size)
        try:
            score = page.locator(".cole-live-score")
            if at_once:
                expect(score).to_contain_text("Big Five", timeout=30_000)
                page.wait_for_function(shown, timeout=30_000)
                continue
            page.wait_for_timeout(1500)  # time enough for a part that would come at once
            assert score.count() == 0
            assert not page.evaluate(shown)
            labels = ("The players", "The score as the game goes")
            waiting = [page.get_by_text(f"{label}: loading…") for label in labels]
            for placeholder in waiting:
                expect(placeholder).to_have_count(1)
            for placeholder in waiting:  # the second may come with the first: it is near
                placeholder.evaluate_all("found => found.forEach(e => e.scrollIntoView())")
                expect(placeholder).to_have_count(0, timeout=30_000)
            page.wait_for_function(shown, timeout=30_000)
            expect(score).to_contain_text("Big Five", timeout=30_000)
        finally:
            context.close()
