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
from cole_panel.ecosystem.draft.view import DRAFT_BOARD
from cole_panel.savannah import SavannahModel
from cole_panel.savannah.hand import HAND_CARDS, HAND_NAME, slot_x
from engines.circle import Rules, new_game, parse_label
from engines.text import article

from ..colours import near
from .conftest import PAGE_LOAD_TIMEOUT_MS, BokehFigure, artifact
from .test_circle import stones

pytestmark = pytest.mark.browser

WAIT = 30_000
"""Milliseconds a check waits for the page (the machine may be loaded)."""
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
FOCUSED_CLASS_JS = """
() => {
  let e = document.activeElement;
  while (e && e.shadowRoot && e.shadowRoot.activeElement) e = e.shadowRoot.activeElement;
  return e ? (e.className || e.tagName) : "";
}
"""
DATA_JS = "([name, column]) => Array.from(Bokeh.documents[0].get_model_by_name(name).data[column])"
XY_JS = """([name, key]) => {
  const d = Bokeh.documents[0].get_model_by_name(name + '-' + key).data;
  return Array.from(d.x).map((x, i) => [x, d.y[i]]);
}"""
FOCUSED_TEXT_JS = """
() => {
  let e = document.activeElement;
  while (e && e.shadowRoot && e.shadowRoot.activeElement) e = e.shadowRoot.activeElement;
  return e ? e.textContent : "";
}
"""
IN_DISABLED_JS = """
() => {
  let e = document.activeElement;
  while (e && e.shadowRoot && e.shadowRoot.activeElement) e = e.shadowRoot.activeElement;
  if (!e || !e.classList.contains("noUi-handle")) return "";
  return e.closest(".noUi-target").hasAttribute("disabled") ? "disabled" : "enabled";
}
"""
SCROLL_JS = """
name => Bokeh.index.query_one(v => v.model && v.model.name === name && v.frame)
  .el.scrollIntoView({block: "center"})
"""
BOX_JS = """
name => {
  const r = Bokeh.index.query_one(v => v.model && v.model.name === name && v.frame)
    .el.getBoundingClientRect();
  return [r.x, r.y, r.width, r.height];
}
"""
LAST_SAID_JS = """
() => {
  const find = (root) => {
    const e = root.querySelector(".cole-keys-live");
    if (e) return e;
    for (const host of root.querySelectorAll("*")) {
      const inner = host.shadowRoot && find(host.shadowRoot);
      if (inner) return inner;
    }
    return null;
  };
  const live = find(document);
  const line = live && live.lastElementChild;
  return line ? line.textContent : "";
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


def touch(page, figure: BokehFigure, x: float, y: float) -> None:
    """Tap data point (x, y) of ``figure`` with a finger, scrolled into view first (a tap
    outside the screen reaches nothing)."""
    page.evaluate(SCROLL_JS, figure.name)
    settled(page, figure.name)
    page.touchscreen.tap(*figure.pixel(x, y))


def settled(page, name: str, still_for: int = 3, timeout: float = 15.0) -> None:
    """Wait until the figure's box has held still for ``still_for`` looks 100 ms apart: a
    finger lands where the board is, not where it was before the page's last layout."""
    deadline, last, same = time.monotonic() + timeout, None, 0
    while same < still_for:
        box = page.evaluate(BOX_JS, name)
        same = same + 1 if box == last else 0
        last = box
        assert time.monotonic() < deadline, f"the figure {name!r} never held still: {box}"
        page.wait_for_timeout(100)


def focused(page) -> str:
    return page.evaluate(FOCUSED_CLASS_JS)


def tab_to_board(page, limit: int = 80) -> None:
    """Press Tab until the board's key element has the focus (as a keyboard user does)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if "cole-keys-board" in focused(page):
            return
    raise AssertionError(f"Tab never reached the board; the focus is on {focused(page)!r}")


def tab_header(classes: str) -> bool:
    """Whether the focused element is a tab's header (Bokeh's) or its jump before the tabs."""
    return "bk-tab" in classes or "cole-tab-jump" in classes


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


def last_said(page) -> str:
    """The live region's latest line."""
    return page.evaluate(LAST_SAID_JS)


def press(page, key: str) -> str:
    """Press an arrow on the board, wait until the cursor's words are said, return them.

    The line said and the cursor's text reach the page as two messages whose order is not
    fixed (under load the line came first, and the cursor still read the spot before): wait
    for a new line and for the cursor to show that line."""
    before = said(page)
    page.keyboard.press(key)
    deadline = time.monotonic() + 30
    while said(page) == before or cursor(page).split() != last_said(page).split():
        assert time.monotonic() < deadline, f"{key} was not answered: heard {live(page)!r}"
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
    expect(page.locator(".cole-keys-text")).to_contain_text("Orange: no stones", timeout=WAIT)
    # A typed move in the engine's notation; a bad one gets the engine's sentence.
    page.keyboard.press("m")
    page.keyboard.type("zz")
    page.keyboard.press("Enter")
    expect(page.locator(".cole-keys-error")).to_contain_text(
        "'zz' is not a cell label", timeout=WAIT
    )
    state = new_game(Rules(radius=2))
    while not state.is_over:
        # The players choose as people might; the engine only says which cells are legal.
        legal = sorted(state.legal_actions())
        move = state.action_to_str(legal[len(state.moves) * 7 % len(legal)])
        page.keyboard.press("Control+a")
        page.keyboard.type(move)
        page.keyboard.press("Enter")
        wait_live(page, f"placed a stone at {move}")
        expect(page.locator(".cole-keys-error")).to_be_empty(timeout=WAIT)
        state.apply(state.parse_action(move))
    expect(page.locator(".cole-turn")).to_contain_text("Game over", timeout=WAIT)
    wait_live(page, "wins")
    # Escape leaves the Move box for the board; T shows the position as text.
    page.keyboard.press("Escape")
    assert "cole-keys-board" in focused(page)
    page.keyboard.press("t")
    expect(page.locator(".cole-keys-text")).to_be_visible(timeout=WAIT)
    expect(page.locator(".cole-keys-text")).to_contain_text(" wins: ", timeout=WAIT)  # who, and why
    page.keyboard.press("Escape")
    assert "cole-keys-board" in focused(page)
    page.screenshot(path=str(artifact("keys-circle-keyboard.png")))


def test_circle_phone_tap_previews_then_places(phone, circle):
    page = phone(circle)
    board = BokehFigure(page, BOARD_NAME).wait_ready()
    touch(page, board, *cell_center(parse_label("E5")))
    place = page.locator(".cole-keys-place")
    expect(place).to_have_text("Place at E5", timeout=WAIT)
    expect(page.locator(".circle-info")).to_contain_text(
        "E5 · Orange here makes a singleton", timeout=WAIT
    )
    assert (
        page.evaluate("() => Bokeh.documents[0].get_model_by_name('circle-stones').data.x.length")
        == 0
    ), "the first tap placed a stone"
    time.sleep(0.4)  # two taps closer than 300 ms would be a double tap
    touch(page, board, *cell_center(parse_label("E5")))
    # The second tap placed Orange's stone at E5 (the message may already tell the bot's
    # answer, which can follow within one look at the page).
    page.wait_for_function(
        "() => Bokeh.documents[0].get_model_by_name('circle-stones').data.x.length >= 1",
        timeout=WAIT,
    )
    assert stones(page).get("E5") == "Orange", stones(page)
    expect(place).to_be_hidden(timeout=WAIT)
    page.screenshot(path=str(artifact("keys-circle-phone.png")))


# ---------------------------------------------------------------------- On the Savannah
@pytest.fixture(scope="module")
def savannah(panel_server):
    return panel_server("savannah")


def test_savannah_turn_by_keyboard(open_page, savannah):
    """Tab to the row and hand, arrow to a card that can be played (its preview is read out),
    Enter plays it; the engine's sentences are announced."""
    page = open_page(savannah, savannah.url + "?seed=3&players=2")
    BokehFigure(page, HAND_NAME).wait_ready()
    tab_to_board(page)
    text = press(page, "ArrowDown")
    assert text.startswith("Hand: "), text
    for _ in range(4):
        if "Enter plays it" in text or "Enter discards it" in text:
            break
        text = press(page, "ArrowRight")
    assert "Enter plays it" in text or "Enter discards it" in text, text
    card = re.search(r"\((\w+#\d+)\)", text).group(1)
    assert press(page, "ArrowUp").startswith("Row, "), "the row is the line above the hand"
    assert press(page, "ArrowDown") == text
    page.keyboard.press("Enter")
    wait_live(page, f"Player 1 played {article(card.split('#')[0])}")
    wait_live(page, "Scores: ")
    page.keyboard.press("t")
    expect(page.locator(".cole-keys-text")).to_contain_text("Row, left to right:", timeout=WAIT)
    page.screenshot(path=str(artifact("keys-savannah-keyboard.png")))


@pytest.mark.parametrize("app", ["circle", "savannah"])
def test_shortcuts_listed_and_hint_by_key(open_page, circle, savannah, app):
    """With the keyboard alone: the page lists U (Undo), H (Hint) and N (New game) beside the
    board, and H gives the hint (Savannah: the search bot's card, chosen in the hand)."""
    server = {"circle": circle, "savannah": savannah}[app]
    page = open_page(server, server.url + "?seed=3&players=2" * (app == "savannah"))
    BokehFigure(page, BOARD_NAME if app == "circle" else HAND_NAME).wait_ready()
    tab_to_board(page)
    help_ = page.locator(".cole-keys-help")
    for listed in ("U Undo", "H Hint", "N New game"):
        expect(help_).to_contain_text(listed, timeout=WAIT)
    page.keyboard.press("h")
    wait_live(page, "Hint (strength ", timeout=90)
    assert "cole-keys-board" in focused(page), "the hint keeps the focus on the board"


FOCUSED_BUTTON_JS = """() => {
    let el = document.activeElement;
    while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
    if (!el || !el.classList.contains("bk-btn")) return null;
    // A button drawn a moment ago may still be in Bootstrap's 0.15 s colour transition: read
    // the colour it settles on, not one on the way.
    for (const a of el.getAnimations()) a.finish();
    const style = getComputedStyle(el);
    return [el.textContent.trim(), [...el.classList].join(" "),
            style.outlineStyle, parseFloat(style.outlineWidth), style.backgroundColor];
}"""
BOOTSTRAP_WARNING = "rgb(255, 202, 44)"
"""Bootstrap's warning button when focused (its amber ``#ffc107`` a shade lighter, dark words;
Panel's own design: white on orange, too faint to read): the ring is added to the design, never
in its place."""


@pytest.mark.parametrize("app", ["circle", "ecosystem", "savannah"])
def test_a_focused_button_shows_a_ring_of_its_own(open_page, circle, ecosystem, savannah, app):
    """Keyboard at 1,024 px: every button Tab reaches is ringed (Bootstrap gave a white
    "default" button no mark at all, a "light" one 5 % of grey: WCAG 2.4.7)."""
    server = {"circle": circle, "ecosystem": ecosystem, "savannah": savannah}[app]
    page = open_page(server)
    if app == "savannah":  # the sidebar's settings come a moment later: wait for the last
        expect(page.get_by_role("button", name="Let bots finish the game")).to_be_attached(
            timeout=WAIT
        )
    page.wait_for_timeout(1000)  # the controls drawn last are in the tab order too
    seen = {}
    for _ in range(60):
        page.keyboard.press("Tab")
        button = page.evaluate(FOCUSED_BUTTON_JS)
        if button:
            seen[button[0] or button[1]] = button
    kinds = {kind for _, classes, *_ in seen.values() for kind in classes.split()}
    assert "bk-btn-default" in kinds, seen  # the kind that had no mark
    unringed = [b for b in seen.values() if b[2] != "solid" or b[3] < 2]
    assert not unringed, unringed
    warning = [b[4] for b in seen.values() if "bk-btn-warning" in b[1]]
    assert all(near(colour, BOOTSTRAP_WARNING) for colour in warning), seen
    assert warning or app != "savannah", seen  # ("Let bots finish the game")


@pytest.mark.parametrize("app", ["circle", "ecosystem", "savannah"])
def test_the_first_tab_stop_skips_to_the_game(open_page, circle, ecosystem, savannah, app):
    """Tab once: "Skip to the game" shows; Enter, and Tab goes on in the game, not through the
    header's links and the sidebar's settings (Circle's board was the 24th stop, Savannah's
    the 47th)."""
    server = {"circle": circle, "ecosystem": ecosystem, "savannah": savannah}[app]
    page = open_page(server)
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to the game")
    expect(skip).to_be_focused()
    box = skip.bounding_box()
    assert box is not None and box["x"] >= 0 and box["y"] >= 0, box  # on screen once focused
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("() => Boolean(document.activeElement.closest('#main'))"), focused(page)
    if app == "circle":
        for _ in range(5):
            if "cole-keys-board" in focused(page):
                break
            page.keyboard.press("Tab")
        assert "cole-keys-board" in focused(page), "the board is not within 5 stops"


def test_the_eaten_stones_bars_are_named(open_page, circle):
    """A screen reader hears what each bar under the board counts (it said "progress bar")."""
    page = open_page(circle)
    for player in ("Orange", "Black"):
        bar = page.get_by_role("progressbar", name=f"Stones {player} has eaten")
        expect(bar).to_have_count(1, timeout=WAIT)


def test_savannah_phone_tap_previews_then_plays(phone, savannah):
    page = phone(savannah, "?seed=3&players=2")
    hand = BokehFigure(page, HAND_NAME).wait_ready()
    cards = page.evaluate(DATA_JS, [HAND_CARDS, "card"])
    model = SavannahModel(seed=3, players=2)
    assert cards == list(model.hand_cards())
    index = next(i for i, c in enumerate(cards) if model.why_unplayable(c) is None)
    touch(page, hand, slot_x(index), 0.0)
    name = cards[index].split("#")[0]
    expect(page.locator(".cole-play button")).to_have_text(f"Play the {name}", timeout=WAIT)
    expect(page.locator(".cole-message")).not_to_contain_text("Player 1 played")
    time.sleep(0.4)
    touch(page, hand, slot_x(index), 0.0)
    # Said when the move is made (the message box waits for the turn's playback).
    wait_live(page, f"Player 1 played {article(name)}")
    page.screenshot(path=str(artifact("keys-savannah-phone.png")))


# ---------------------------------------------------------------------- Ecosystem
@pytest.fixture(scope="module")
def ecosystem(panel_server):
    return panel_server("ecosystem")


def test_ecosystem_pick_by_keyboard(open_page, ecosystem):
    """Tab to the Draft table tab (its jump, before the explorer's controls) and open it with
    Enter, Tab to the park and hand, choose a card with Enter, move up to a cell of the park
    and place it, pass the hands with P."""
    page = open_page(ecosystem)
    seen = []
    for _ in range(60):
        page.keyboard.press("Tab")
        seen.append(page.evaluate(FOCUSED_TEXT_JS).strip()[:40])
        if tab_header(focused(page)) and seen[-1] == "Draft table":
            break
    assert seen[-1] == "Draft table", f"Tab never reached the Draft table tab: {seen}"
    assert "Random park" not in seen, "the tabs came only after the whole scoring explorer"
    bar = page.locator(".cole-tab-jumps").bounding_box()
    assert bar and bar["width"] > 200 and bar["height"] > 20, (
        f"the focused jump is not shown: {bar}"
    )
    page.keyboard.press("Enter")
    BokehFigure(page, DRAFT_BOARD).wait_ready()
    tab_to_board(page)
    text = press(page, "ArrowDown")
    assert text.startswith("Hand, card 1: "), text
    page.keyboard.press("Enter")
    wait_live(page, "Picked a")
    assert press(page, "ArrowUp").startswith("D1, empty: Enter puts your")
    page.keyboard.press("Enter")
    wait_live(page, "You put a")
    page.keyboard.press("p")
    wait_live(page, "Scores: Player 1 (you) ", timeout=90)
    page.keyboard.press("t")
    expect(page.locator(".cole-keys-text")).to_contain_text("D: ", timeout=WAIT)
    page.screenshot(path=str(artifact("keys-ecosystem-keyboard.png")))


def test_ecosystem_tab_order_loses_no_stop(open_page, ecosystem):
    """Tab from the top of the page through the whole scoring explorer to the tab headers:
    every stop keeps the focus on something (no read-only table cell that drops it)."""
    page = open_page(ecosystem)
    stops = []
    for _ in range(90):
        page.keyboard.press("Tab")
        stops.append(focused(page))
        if "bk-tab" in stops[-1] and page.evaluate(FOCUSED_TEXT_JS) == "Review":
            break
    assert "bk-tab" in stops[-1], f"Tab never reached the tab headers: {stops}"
    lost = [i for i, s in enumerate(stops) if s in ("BODY", "") or "tabulator-cell" in s]
    assert not lost, f"stops {lost} of {len(stops)} left the focus on nothing: {stops}"


def test_ecosystem_phone_pick(phone, ecosystem):
    """On a phone a pick is two taps (a card, then a cell) and stays pending until "Pass
    hands": Ecosystem has no cell preview, so its tap places (the pass is the confirmation)."""
    page = phone(ecosystem)
    page.locator(".bk-tab", has_text="Draft table").tap()
    board = BokehFigure(page, DRAFT_BOARD).wait_ready()
    hand = BokehFigure(page, "eco-hand-0").wait_ready()
    touch(page, hand, 0.5, 0.0)
    expect(page.locator(".cole-message")).to_contain_text("now choose a green cell", timeout=WAIT)
    legal = page.evaluate(XY_JS, [DRAFT_BOARD, "legal"])
    touch(page, board, *legal[0])
    expect(page.locator(".cole-message")).to_contain_text("Press “Pass hands”", timeout=WAIT)
    page.locator(".eco-pass button").tap()
    wait_live(page, "Hands passed", timeout=90)


def test_disabled_slider_takes_no_tab_stop(open_page, circle):
    """Orange is a person, so her MCTS strength slider is disabled: Tab must pass it by."""
    page = open_page(circle)
    expect(page.locator(".noUi-target[disabled]").first).to_be_attached()
    stops = []
    for _ in range(100):
        page.keyboard.press("Tab")
        stops.append(page.evaluate(IN_DISABLED_JS))
    assert "disabled" not in stops, "a disabled slider's handle took the focus"
    assert "enabled" in stops, "no slider handle was reached at all"


def finger(page, figure: BokehFigure, x: float, y: float) -> None:
    """A finger's tap on data point (x, y) of ``figure`` sent as touch input (Chrome's
    ``Input.dispatchTouchEvent``), on any screen: a laptop's that hovers too."""
    settled(page, figure.name)
    px, py = figure.pixel(x, y)
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": px, "y": py}]}
        )
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()


@pytest.mark.parametrize(
    ("screen", "first"),
    [
        ({"viewport": {"width": 1280, "height": 800}}, "touch"),
        (
            {"viewport": {"width": 820, "height": 1180}, "has_touch": True, "is_mobile": True},
            "mouse",
        ),
    ],
    ids=["touch-screen-laptop", "tablet-with-a-mouse"],
)
def test_each_press_previews_or_plays_by_its_own_pointer(browser, circle, screen, first):
    """Issue 38, Deliver 1: a tap previews and a mouse click plays, whatever the screen
    guessed before any press, the first press too.  The page sent the kind of its latest
    press apart from the press, and the server heard it after: a touch-screen laptop's first
    tap played at once, a tablet's (no hover) first mouse click only previewed."""
    context = browser.new_context(**screen)
    try:
        page = context.new_page()
        page.set_default_timeout(WAIT)
        page.goto(circle.url, timeout=PAGE_LOAD_TIMEOUT_MS)
        board = BokehFigure(page, BOARD_NAME).wait_ready()
        hover_none = page.evaluate("() => matchMedia('(hover: none)').matches")
        assert hover_none == bool(screen.get("is_mobile")), "the screen is not the one meant"
        place = page.locator(".cole-keys-place")
        presses = ["touch", "mouse"] if first == "touch" else ["mouse", "touch"]
        for kind in presses:
            page.wait_for_function(  # Orange's turn (Black, a bot, answers a stone)
                "() => Bokeh.documents[0].get_model_by_name('circle-stones')"
                ".data.x.length % 2 === 0",
                timeout=WAIT,
            )
            cell = next(c for c in ("E5", "C3", "G5", "B2") if c not in stones(page))
            if kind == "touch":
                finger(page, board, *cell_center(parse_label(cell)))
                expect(place).to_have_text(f"Place at {cell}", timeout=WAIT)
                assert stones(page).get(cell) is None, f"a first tap on {cell} played at once"
            else:
                settled(page, board.name)
                before = len(stones(page))
                board.click(*cell_center(parse_label(cell)))
                page.wait_for_function(
                    "n => Bokeh.documents[0].get_model_by_name('circle-stones').data.x.length > n",
                    arg=before,
                    timeout=WAIT,
                )
                assert stones(page).get(cell) == "Orange", f"a click on {cell}: {stones(page)}"
                expect(place).to_be_hidden()
            time.sleep(0.4)  # two presses closer than 300 ms would be a double tap
        page.screenshot(path=str(artifact(f"keys-circle-pointer-{first}-first.png")))
    finally:
        context.close()
