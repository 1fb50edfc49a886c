"""Every move on one screen (issue 38): each game and variant, at a phone's, a tablet's, a
school laptop's and a desktop's size, before a move, between a touch preview and its
confirming tap, and after the move.

What one screen must hold, without scrolling: the board (park, row), the hand or palette, the
line that says whose turn it is (or what a click does, in the scoring explorer), the last
event's sentence and the move's buttons.  Each part's box is measured where the page stands
(never scrolled by the test between the looks) and must lie inside the window.  On a touch
screen the move is two taps (a preview, then the confirming tap on the same spot), and the
part tapped must not move between them.  Screenshots go to
``tests/artifacts/move-<case>-<size>-<when>.png``.

The whole matrix is one parametrised test (``-k test_every_move_on_one_screen``); see
docs/findings.md for its time.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import expect

from cole_panel.circle.board import BOARD_NAME
from cole_panel.circle.geometry import cell_center as circle_cell
from cole_panel.ecosystem.draft.view import DRAFT_BOARD, HAND_NAMES
from cole_panel.ecosystem.explorer.view import EXPLORER_BOARD
from cole_panel.ecosystem.geometry import cell_center as park_cell
from cole_panel.savannah.hand import HAND_NAME, slot_x
from cole_panel.savannah.model import SavannahModel
from cole_panel.savannah.row import ROW_NAME
from engines.circle import parse_label
from engines.ecosystem import parse_cell_label

from .conftest import PAGE_LOAD_TIMEOUT_MS, BokehFigure, artifact

pytestmark = pytest.mark.browser

WAIT = 60_000
SIZES = {
    "390x844": ({"width": 390, "height": 844}, True),
    "768x1024": ({"width": 768, "height": 1024}, True),
    "1024x768": ({"width": 1024, "height": 768}, False),
    "1280x800": ({"width": 1280, "height": 800}, False),
}
# A figure's box; for one in a box that scrolls sideways (Savannah's row on a narrow screen),
# that box's (its newest card kept in view: test_savannah_row.py).
FIGURE_BOX_JS = """name => {
    const v = Bokeh.index.query_one(v => v.model && v.model.name === name && v.frame);
    if (!v) return null;
    let box = v.el;
    while (box && !(box.classList && box.classList.contains("cole-sideways")))
        box = box.parentNode && (box.parentNode.host || box.parentNode);
    const r = (box || v.el).getBoundingClientRect();
    return {x: r.x, y: r.y, width: r.width, height: r.height};
}"""
BOXES_JS = """els => els.map(e => {
    const r = e.getBoundingClientRect();
    return {x: r.x, y: r.y, width: r.width, height: r.height};
})"""
HEADER_LINE_PX = 56
"""The highest a phone's header may be: one line of links (it was 93 px, on three)."""
PART_WAIT_S = 15.0
"""How long a part may take to be drawn before it counts as not shown."""
SETTLE_JS = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


@dataclass
class Screen:
    """One case at one size: its page, what it found wrong, its screenshots' names."""

    page: object
    case: str
    size: str
    touch: bool
    problems: list[str] = field(default_factory=list)

    @property
    def width(self) -> int:
        return SIZES[self.size][0]["width"]

    @property
    def height(self) -> int:
        return SIZES[self.size][0]["height"]

    def box(self, part: str) -> dict | None:
        """The window box of ``part``: a Bokeh figure's name, or ``css:`` and a selector."""
        if not part.startswith("css:"):
            return self.page.evaluate(FIGURE_BOX_JS, part)
        # One look at every match at a time (a look per match, each with its own timeout, said
        # "not shown" of a part on the screen when a busy machine answered one late); a part a
        # view is drawing again has no box for a moment, so look again until a deadline.
        deadline = time.monotonic() + PART_WAIT_S
        while True:
            boxes = self.page.locator(part[4:]).evaluate_all(BOXES_JS)
            box = next((b for b in boxes if b["width"] > 0 and b["height"] > 0), None)
            if box is not None or time.monotonic() > deadline:
                return box
            self.page.wait_for_timeout(200)

    def check(self, when: str, parts: dict[str, str]) -> None:
        """Every part inside the window (1 px to spare), and a screenshot."""
        self.page.evaluate(SETTLE_JS)
        for label, part in parts.items():
            box = self.box(part)
            if box is None:
                self.problems.append(f"{when}: {label} not shown")
                continue
            x, y, w, h = box["x"], box["y"], box["width"], box["height"]
            if x < -1 or y < -1 or x + w > self.width + 1 or y + h > self.height + 1:
                self.problems.append(
                    f"{when}: {label} at x {x:.0f}..{x + w:.0f}, y {y:.0f}..{y + h:.0f}"
                )
        self.page.screenshot(path=str(artifact(f"move-{self.case}-{self.size}-{when}.png")))

    def press(self, figure: str, x: float, y: float, twice: bool) -> None:
        """Tap (touch) or click data point (x, y) of ``figure`` where the page stands; on a
        touch screen twice when ``twice`` (preview, then confirm), the spot not moving between.
        A spot outside the window is a problem (then scrolled to, to go on)."""
        board = BokehFigure(self.page, figure).wait_ready()
        px, py = self._in_reach(figure, board, x, y, "the spot pressed")
        if not self.touch:
            self.page.mouse.click(px, py)
            return
        self.page.touchscreen.tap(px, py)
        if twice:
            self.between()
            time.sleep(0.4)  # two taps closer than 300 ms would be a double tap
            qx, qy = board.pixel(x, y)
            if abs(qx - px) > 1 or abs(qy - py) > 1:
                self.problems.append(
                    f"preview: the spot moved from ({px:.0f}, {py:.0f}) to ({qx:.0f}, {qy:.0f})"
                )
            qx, qy = self._in_reach(figure, board, x, y, "the confirming spot")
            self.page.touchscreen.tap(qx, qy)

    def between(self) -> None:
        """After a preview tap: wait for what the case shows then (set by the case)."""

    def _in_reach(self, figure, board, x, y, what) -> tuple[float, float]:
        px, py = board.pixel(x, y)
        if 0 <= px <= self.width and 0 <= py <= self.height:
            return px, py
        self.problems.append(f"{what} on {figure} at ({px:.0f}, {py:.0f}) is off the screen")
        self.page.evaluate(
            "name => Bokeh.index.query_one(v => v.model && v.model.name === name && v.frame)"
            ".el.scrollIntoView({block: 'center'})",
            figure,
        )
        self.page.evaluate(SETTLE_JS)
        return board.pixel(x, y)

    def tap_button(self, locator) -> None:
        """Press a button as this screen does (a tap, or a click)."""
        if self.touch:
            locator.tap()
        else:
            locator.click()


# ---------------------------------------------------------------------- the games
def circle(screen: Screen, room: bool = False) -> None:
    parts = {
        "board": BOARD_NAME,
        "turn": "css:.cole-turn",
        "last event": "css:.cole-message",
    }  # a click plays; a tap previews, then Place (or a second tap) plays
    screen.check("before", parts)
    place = screen.page.locator(".cole-keys-place")

    def between() -> None:
        expect(place).to_have_text("Place at E5", timeout=WAIT)
        screen.check("preview", {**parts, "Place": "css:.cole-keys-place"})

    screen.between = between
    screen.press(BOARD_NAME, *circle_cell(parse_label("E5")), twice=True)
    expect(screen.page.locator(".cole-message")).to_contain_text(
        "Orange placed a stone at E5", timeout=WAIT
    )
    screen.check("after", parts)


def _draft_parts(two: bool) -> dict[str, str]:
    hands = {f"hand {k + 1}": HAND_NAMES[k] for k in range(2 if two else 1)}
    return {
        "park": DRAFT_BOARD,
        **hands,
        "turn": "css:.eco-turn",
        "last event": "css:.cole-message",
        "Pass hands": "css:.eco-pass",
        "Pick for me": "css:.bk-btn >> text=Pick for me",
    }


def _two_park_draft(screen: Screen) -> None:
    page = screen.page
    toggle = page.locator("#sidebar-toggle")
    closed = "() => !document.getElementById('sidebar').classList.contains('show')"
    opened = page.evaluate(closed)
    if opened:
        toggle.click()
    choice = "Two parks (West and East)"
    menu = page.locator("select", has=page.locator("option", has_text=choice)).first
    menu.select_option(label=choice)
    page.get_by_role("button", name="New game", exact=True).click()
    expect(page.locator(".eco-hand-title-1")).to_contain_text("Your East hand", timeout=WAIT)
    if opened:
        toggle.click()
        page.wait_for_function(closed)
    page.evaluate("() => window.scrollTo(0, 0)")


def draft(screen: Screen, two: bool = False, room: bool = False) -> None:
    page = screen.page
    if not room:
        screen.tap_button(page.locator(".bk-tab", has_text="Draft table"))
    BokehFigure(page, HAND_NAMES[0]).wait_ready()
    if two:
        _two_park_draft(screen)
    parts = _draft_parts(two)
    _wait_still(page, DRAFT_BOARD)
    screen.check("before", parts)
    for slot in range(2 if two else 1):
        screen.press(HAND_NAMES[slot], 0.5, 0.0, twice=False)
        expect(page.locator(".cole-message")).to_contain_text("choose a green cell", timeout=WAIT)
        screen.check(f"card {slot + 1}", parts)
        legal = page.evaluate(
            "name => { const d = Bokeh.documents[0].get_model_by_name(name + '-legal').data;"
            " return Array.from(d.x).map((x, i) => [x, d.y[i]]); }",
            DRAFT_BOARD,
        )
        west = [(x, y) for x, y in legal if x < 5.05 and y > -4.1]
        cell = west[0] if slot == 0 else next(p for p in legal if p not in west)
        time.sleep(0.4)
        screen.press(DRAFT_BOARD, *cell, twice=False)
    expect(page.locator(".cole-message")).to_contain_text("Pass hands", timeout=WAIT)
    screen.check("picked", parts)
    screen.tap_button(page.locator(".eco-pass button"))
    # (in a room the other seat is open: the pick is played, the hands wait for its person)
    played = "Player 1 placed" if room else "assed"
    expect(page.locator(".cole-message")).to_contain_text(played, timeout=90_000)
    screen.check("after", parts)


def explorer(screen: Screen, two: bool = False) -> None:
    page = screen.page
    BokehFigure(page, EXPLORER_BOARD).wait_ready()
    _wait_still(page, EXPLORER_BOARD)
    parts = {
        "park": EXPLORER_BOARD,
        "palette": "css:.eco-palette",
        "what a click does": "css:.eco-brush",
        "score": "css:.eco-total",
        "Clear park": "css:.bk-btn >> text=Clear park",
    }
    screen.check("before", parts)
    screen.tap_button(page.get_by_role("button", name="Eraser", exact=True))
    expect(page.locator(".eco-brush")).to_contain_text("Clicks empty a cell", timeout=WAIT)
    total = page.locator(".eco-total-value").inner_text()
    variant = "two_parks" if two else "classic"
    screen.press(
        EXPLORER_BOARD,
        *park_cell(variant, "west" if two else None, parse_cell_label("B2")),
        twice=False,
    )
    expect(page.locator(".eco-total-value")).not_to_have_text(total, timeout=WAIT)
    screen.check("after", parts)


def _playable(players: int) -> tuple[int, int, str]:
    """(seed, hand slot, card) of the first new game whose Player 1 can play a card."""
    for seed in range(3, 300):
        model = SavannahModel(seed=seed, players=players)
        cards = list(model.hand_cards())
        for i, card in enumerate(cards):
            if model.why_unplayable(card) is None:
                return seed, i, card
    raise AssertionError("no seed found")


def savannah(screen: Screen, players: int = 2, room: bool = False) -> None:
    page = screen.page
    BokehFigure(page, HAND_NAME).wait_ready()
    _wait_still(page, HAND_NAME)
    parts = {
        "row": ROW_NAME,
        "hand": HAND_NAME,
        "turn": "css:.cole-turn",
        "last event": "css:.cole-message",
        "Play": "css:.cole-play",
    }
    screen.check("before", parts)
    slot, name = 0, None
    if not room:
        _, slot, card = _playable(players)
        name = card.split("#")[0]
    else:  # a room deals at random: the first card that can be played ("✓" under it)
        cards, status = page.evaluate(
            "() => ['savannah-hand-cards', 'savannah-hand-status'].map(n => Array.from("
            "Bokeh.documents[0].get_model_by_name(n).data[n.endsWith('cards') ? 'card' : 'text']))"
        )
        slot = next((i for i, text in enumerate(status) if text.startswith("✓")), 0)
        name = cards[slot].split("#")[0]

    def between() -> None:
        expect(page.locator(".cole-play button")).to_contain_text(f"Play the {name}", timeout=WAIT)
        screen.check("preview", parts)

    screen.between = between
    screen.press(HAND_NAME, slot_x(slot), 0.0, twice=True)
    if not screen.touch:
        between()
        screen.tap_button(page.locator(".cole-play button"))
    # (a bot at speed 0 may already have answered)
    expect(page.locator(".cole-message")).to_contain_text(PLAYED, timeout=90_000)
    screen.check("after", parts)


PLAYED = re.compile(r"Player \d played")


def _wait_still(page, name: str, looks: int = 3, timeout: float = 30.0) -> None:
    """Until the figure's box has held still for ``looks`` looks 150 ms apart."""
    deadline, last, same = time.monotonic() + timeout, None, 0
    while same < looks and time.monotonic() < deadline:
        box = page.evaluate(FIGURE_BOX_JS, name)
        same = same + 1 if box == last and box is not None else 0
        last = box
        page.wait_for_timeout(150)


# ---------------------------------------------------------------------- the matrix
SAVANNAH_QUERY = "?seed={seed}&players={players}&speed=0"
CASES = {
    # case: (app, query or None for a room, how a move goes)
    "circle": ("circle", "", circle),
    "ecosystem-draft": ("ecosystem", "", draft),
    "ecosystem-two-parks": ("ecosystem", "", lambda s: draft(s, two=True)),
    "explorer": ("ecosystem", "", explorer),
    "explorer-two-parks": ("ecosystem", "?variant=two_parks", lambda s: explorer(s, two=True)),
    "savannah-2": ("savannah", "players=2", lambda s: savannah(s, 2)),
    "savannah-5": ("savannah", "players=5", lambda s: savannah(s, 5)),
    "circle-room": ("circle", None, lambda s: circle(s, room=True)),
    "ecosystem-room": ("ecosystem", None, lambda s: draft(s, room=True)),
    "savannah-room": ("savannah", None, lambda s: savannah(s, room=True)),
}


def _address(server, case: str, query: str | None) -> str:
    if query and query.startswith("players="):
        players = int(query.split("=")[1])
        seed, _, _ = _playable(players)
        return server.url + SAVANNAH_QUERY.format(seed=seed, players=players)
    return server.url + (query or "")


def _open_room(page, server) -> None:
    """Make a room from the game's page and follow its link (the maker sits at seat 1)."""
    closed = "() => !document.getElementById('sidebar').classList.contains('show')"
    if page.evaluate(closed):  # "Play with others" is in the sidebar
        page.locator("#sidebar-toggle").click()
    page.locator(".cole-room-create button").click()
    link = page.locator(".cole-room-made a.cole-room-link")
    expect(link).to_be_visible(timeout=WAIT)
    page.goto(link.get_attribute("href"), timeout=PAGE_LOAD_TIMEOUT_MS)
    expect(page.locator(".cole-room-seat-0")).to_contain_text("— you", timeout=WAIT)


_WIDE_FIRST = (
    "drawn before the browser says its width, the buttons beside the park widen the column it "
    "measures: they stay beside, x 388..528, and the hand ends 967 px down"
)
STILL_OFF_SCREEN: dict[tuple[str, str], tuple[str, bool]] = {
    # Not strict: whether the browser's width or the table's first drawing comes first is
    # timing; drawn first, the table keeps the wide layout (it passed alone, failed under load).
    ("ecosystem-draft", "390x844"): (_WIDE_FIRST, False),
    ("ecosystem-room", "390x844"): (_WIDE_FIRST, False),
    ("ecosystem-two-parks", "390x844"): (
        "two parks one under the other (660 px): the hands end 1,386 px down",
        True,
    ),
    ("ecosystem-room", "1024x768"): ("under the bar's 3 lines the hand ends 802 px down", True),
    ("savannah-room", "1024x768"): (
        "under the room's bar (to 185 px) the hand ends 779 px down and the message 784 "
        "(804 with a card tried)",
        True,
    ),
}
"""The cases that do not yet fit one screen, what is off it, and whether that was measured
(strict: a case that comes to pass must leave this list)."""


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("case", list(CASES))
def test_every_move_on_one_screen(browser, panel_server, request, case, size):
    if (case, size) in STILL_OFF_SCREEN:
        reason, strict = STILL_OFF_SCREEN[case, size]
        request.applymarker(pytest.mark.xfail(reason=reason, strict=strict))
    app, query, move = CASES[case]
    server = panel_server(app)
    viewport, touch = SIZES[size]
    context = browser.new_context(viewport=viewport, is_mobile=touch, has_touch=touch)
    try:
        page = context.new_page()
        page.set_default_timeout(WAIT)
        page.goto(_address(server, case, query), timeout=PAGE_LOAD_TIMEOUT_MS)
        page.locator("canvas").first.wait_for(state="visible", timeout=PAGE_LOAD_TIMEOUT_MS)
        if query is None:
            _open_room(page, server)
            page.locator("canvas").first.wait_for(state="visible", timeout=PAGE_LOAD_TIMEOUT_MS)
        page.wait_for_function("() => typeof window.coleNameControls === 'function'")
        page.evaluate("() => window.scrollTo(0, 0)")
        screen = Screen(page, case, size, touch)
        header = page.evaluate("() => document.getElementById('header').offsetHeight")
        if viewport["width"] < 600 and header > HEADER_LINE_PX:  # a phone's header: one line
            screen.problems.append(f"the header is {header} px high")
        try:
            move(screen)
        finally:
            found = "\n".join(screen.problems) or "none"
            artifact(f"move-{case}-{size}.txt").write_text(found + "\n")
        assert screen.problems == [], "\n".join(screen.problems)
    finally:
        context.close()
