"""Firefox ESR and WebKitGTK (Safari's engine, as on a school's iPads): every page's layout
checks at 1,280 px and at the narrowest width each engine allows, and one move in each game
with no console error and nothing asked of another host (issue 38, Deliver 7).

The engines are Debian's, driven by :mod:`tests.browser.engines` (Playwright's own builds cannot
be downloaded here).  A missing engine FAILS these tests with what to install: a skipped
browser test would let a page break there unseen.  WebKit has no console log: its pages get a
collector as soon as they open, so an error logged before that is missed.  Screenshots:
``tests/artifacts/engine-<engine>-<page>-<width>.png``.
"""

from __future__ import annotations

import contextlib
import time

import pytest

from cole_panel.circle.board import BOARD_NAME
from cole_panel.circle.geometry import cell_center
from cole_panel.ecosystem.draft.view import DRAFT_BOARD, HAND_NAMES
from cole_panel.savannah.hand import HAND_NAME, slot_x
from cole_panel.ui.shell import PAGES
from engines.circle import parse_label

from .conftest import DOUBLE_TAP_GAP, artifact, server_log
from .engines import ENGINES, INSTALL, NARROWEST, Xvfb, missing, open_engine, wait_until
from .test_layout import CUT_MENU_CHOICES, NO_SIDEWAYS_SCROLL, WIDTHS

pytestmark = pytest.mark.browser

WIDE = 1280
HEIGHT = 800
LOAD = 120.0  # seconds: a page's first load on a machine busy with other tests

# Every element matching a CSS selector, inside every shadow root (Panel draws in them); each
# space of the selector may cross into shadow roots, as Playwright's selectors do.
DEEP_JS = """
window.__coleDeep = (selector, text) => {
    const within = (root, part) => {
        const found = [];
        const walk = r => {
            r.querySelectorAll(part).forEach(e => found.push(e));
            r.querySelectorAll("*").forEach(e => { if (e.shadowRoot) walk(e.shadowRoot); });
        };
        walk(root);
        if (root.shadowRoot) walk(root.shadowRoot);
        return found;
    };
    let found = [document];
    for (const part of selector.trim().split(/\\s+/)) {
        found = [...new Set(found.flatMap(root => within(root, part)))];
    }
    return found.filter(e => text == null || __coleText(e).trim().includes(text));
};
// An element's text with its shadow root's (textContent stops at a shadow root).
window.__coleText = e => {
    const inner = n => n.nodeType === Node.TEXT_NODE ? n.textContent
        : n.nodeType === Node.ELEMENT_NODE && n.tagName !== "STYLE" && n.tagName !== "SCRIPT"
        ? __coleText(n) : "";
    return (e.shadowRoot ? [...e.shadowRoot.childNodes].map(inner).join("") : "") +
        [...e.childNodes].map(inner).join("");
};
"""
# The page box of the first shown element matching (selector, text), or null.
BOX_JS = f"""(selector, text) => {{
    {DEEP_JS}
    const shown = __coleDeep(selector, text).map(e => e.getBoundingClientRect())
        .filter(r => r.width > 0 && r.height > 0);
    return shown.length ? {{x: shown[0].x, y: shown[0].y, width: shown[0].width,
                            height: shown[0].height}} : null;
}}"""
TEXT_JS = (
    f"""selector => {{ {DEEP_JS} return __coleDeep(selector).map(__coleText).join(" | "); }}"""
)
MENUS_JS = f"""() => {{ {DEEP_JS} return ({CUT_MENU_CHOICES})(__coleDeep("select")); }}"""
FIGURE_JS = """([name, points]) => {
    const view = window.Bokeh && Bokeh.index.query_one(v => v.model && v.model.name === name && v.frame);
    if (view == null) return null;
    const box = (view.canvas_view ? view.canvas_view.el : view.el).getBoundingClientRect();
    return points.map(([x, y]) => [box.left + view.frame.x_scale.compute(x),
                                   box.top + view.frame.y_scale.compute(y)]);
}"""
SHOWN_JS = """name => {
    const view = window.Bokeh && Bokeh.index.query_one(v => v.model && v.model.name === name && v.frame);
    if (view == null) return null;
    const r = (view.canvas_view ? view.canvas_view.el : view.el).getBoundingClientRect();
    return r.width > 0 && r.height > 0 ? [r.x, r.y, r.width, r.height] : null;
}"""
DATA_JS = """([name, column]) => {
    const m = window.Bokeh && Bokeh.documents[0] && Bokeh.documents[0].get_model_by_name(name);
    return m ? Array.from(m.data[column]) : null;
}"""

CONTROLS = {
    "index": [
        (".cole-game-card a", name)
        for name in ("Circle of Life", "Ecosystem: Savanna", "On the Savannah")
    ],
    "circle": [
        ("canvas", None),
        ("button", "Hint"),
        ("button", "Undo"),
        (".bk-tab", "New game"),
        (".bk-tab", "Narration"),
        (".cole-turn", None),
        (".cole-eaten-1", None),
    ],
    "ecosystem": [("canvas", None), ("button", "Clear park")],
    "savannah": [(".cole-turn", None), (".cole-play button", None)],
    "learn": [
        (".cole-learn-course a", title)
        for title in ("Your first stone", "Your first card", "A turn: play, then draw")
    ],
    "lab": [("button", "Start"), (".lab-game select", None)],
    "classroom": [("button", "Make the tables"), (".cole-class-seat-1", None)],
}
"""What must be shown within the window on each page: (CSS selector, text it contains)."""


@pytest.fixture(scope="module", params=ENGINES)
def engine(request):
    """One Firefox or WebKit (in an Xvfb of its own) for this module; fails if missing."""
    lacking = missing(request.param)
    if lacking:
        pytest.fail(
            f"{request.param} cannot run: {', '.join(lacking)} missing ({INSTALL})", pytrace=False
        )
    display = Xvfb()
    try:
        page = open_engine(request.param, display.display, server_log(f"engine-{request.param}"))
        yield page
        page.close()
    finally:
        display.stop()


def open_app(engine, panel_server, app: str, query: str = "", width: int = WIDE):
    """``app`` opened afresh at ``width`` x 800, its controls shown; what it logged is reset."""
    engine.resize(width, HEIGHT)
    engine.goto("about:blank")  # the last page's own going-away errors stay with it
    engine.errors.clear()
    engine.outside.clear()
    engine.goto(panel_server(app).url + (f"?{query}" if query else ""))
    for selector, text in CONTROLS[app]:
        engine.wait_for(BOX_JS, selector, text, timeout=LOAD, what=f"{app}: no {selector} {text}")
    return engine


def check_layout(engine, app: str, width: int) -> None:
    """test_layout.py's checks: every control within the window, no sideways scroll, no menu
    choice cut; the header's links on one line at 1,280 px."""

    def outside():
        boxes = {
            f"{sel} {text or ''}": engine.evaluate(BOX_JS, sel, text) for sel, text in CONTROLS[app]
        }
        return {
            what: box
            for what, box in boxes.items()
            if not (box and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5)
        }

    # The layout settles after a resize: wait for it, then require it.
    with contextlib.suppress(TimeoutError):
        wait_until(lambda: not outside(), 30, "")
    assert not outside(), f"{engine.engine} {app} at {width} px, outside: {outside()}"
    links = [engine.evaluate(BOX_JS, "nav a", name) for _, name in PAGES]
    assert all(links), f"{engine.engine} {app}: a header link is missing: {links}"
    if width >= WIDE:
        middles = [box["y"] + box["height"] / 2 for box in links]
        assert max(middles) - min(middles) < 8, f"the header's links run over two lines: {links}"
    with contextlib.suppress(TimeoutError):  # the layout settles after the last model
        engine.wait_for(NO_SIDEWAYS_SCROLL, timeout=10)
    engine.screenshot(artifact(f"engine-{engine.engine}-{app}-{width}.png"))
    assert engine.evaluate(NO_SIDEWAYS_SCROLL), (
        f"{engine.engine}: {app} scrolls sideways at {width} px: {engine.evaluate(WIDTHS)}"
    )
    assert engine.evaluate(MENUS_JS) == [], f"{engine.engine} {app}: menu choices cut"


def click_figure(engine, name: str, x: float, y: float) -> None:
    """A mouse click where data point (x, y) of Bokeh figure ``name`` is drawn, once the
    figure is shown and has held still for three looks (a click lands where it is drawn)."""
    seen: list = []

    def still():
        box = engine.evaluate(SHOWN_JS, name)
        seen.append(box)
        return box is not None and seen[-3:] == [box] * 3

    wait_until(still, LOAD, f"{engine.engine}: the figure {name} is not shown still: {seen[-1:]}")
    points = engine.evaluate(FIGURE_JS, [name, [[x, y]]])
    engine.click(*points[0])
    time.sleep(DOUBLE_TAP_GAP)  # the next click on it must not make a double tap


def click_box(engine, selector: str, text: str | None = None) -> None:
    box = engine.wait_for(BOX_JS, selector, text, timeout=LOAD)
    engine.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def move_circle(engine) -> None:
    click_figure(engine, BOARD_NAME, *cell_center(parse_label("E5")))
    engine.wait_for(
        "n => { const d = Bokeh.documents[0].get_model_by_name('circle-stones'); "
        "return d && d.data.x.length >= n; }",
        1,
        timeout=LOAD,
        what="circle: the click placed no stone",
    )


def move_ecosystem(engine) -> None:
    click_box(engine, ".bk-tab", "Draft table")
    legal = engine.wait_for(
        "([name]) => { const m = Bokeh.documents[0].get_model_by_name(name + '-legal'); "
        "return m && m.data.x.length ? Array.from(m.data.x).map((x, i) => [x, m.data.y[i]]) : null; }",
        [DRAFT_BOARD],
        timeout=LOAD,
    )
    engine.wait_for(DATA_JS, [f"{HAND_NAMES[0]}-cards", "x"], timeout=LOAD)
    click_figure(engine, HAND_NAMES[0], 0.5, 0.0)
    click_figure(engine, DRAFT_BOARD, *legal[len(legal) // 2])
    engine.wait_for(
        "name => Bokeh.documents[0].get_model_by_name(name + '-pending').data.x.length === 1",
        DRAFT_BOARD,
        timeout=LOAD,
        what="ecosystem: the two clicks placed no card",
    )


def move_savannah(engine) -> None:
    hand = engine.wait_for(DATA_JS, [f"{HAND_NAME}-cards", "card"], timeout=LOAD)
    before = engine.evaluate(TEXT_JS, ".cole-log")
    click_figure(engine, HAND_NAME, slot_x(0), 0.0)
    engine.wait_for(TEXT_JS, ".cole-reason", timeout=LOAD)
    click_box(engine, ".cole-play button")
    engine.wait_for(
        "([sel, before]) => { " + DEEP_JS + " const t = __coleDeep(sel).map(__coleText)"
        ".join(' | '); return t !== before && t.includes('Player 1'); }",
        [".cole-log", before],
        timeout=LOAD,
        what=f"savannah: playing {hand[0]} was not narrated",
    )


MOVES = {"circle": ("", move_circle), "ecosystem": ("", move_ecosystem)}
MOVES["savannah"] = ("players=2&seed=4&speed=0", move_savannah)


@pytest.mark.parametrize("app", [name for name, _ in PAGES])
def test_every_page_fits_and_a_move_plays_in_firefox_and_webkit(engine, panel_server, app):
    """The layout checks at 1,280 px, then at the narrowest width the engine allows (the page
    narrowed under the player); then, back at 1,280 px, one move in each game."""
    query, move = MOVES.get(app, ("", None))
    open_app(engine, panel_server, app, query)
    check_layout(engine, app, WIDE)
    engine.resize(NARROWEST[engine.engine], HEIGHT)
    check_layout(engine, app, NARROWEST[engine.engine])
    if move is not None:
        engine.resize(WIDE, HEIGHT)
        try:
            move(engine)
        finally:
            engine.screenshot(artifact(f"engine-{engine.engine}-{app}-after-a-move.png"))
    engine.check()
