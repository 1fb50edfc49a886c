"""Rooms in real browsers: one game, several Playwright contexts (each its own cookies, so its
own browser token and Panel session) on one `panel serve` process."""

from __future__ import annotations

import json
import re
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from cole_panel.circle.board import BOARD_NAME
from cole_panel.circle.geometry import cell_center
from engines.circle import new_game as new_circle
from engines.circle.bots import GreedyBot

from .conftest import PAGE_LOAD_TIMEOUT_MS, VIEWPORT, BokehFigure, artifact

pytestmark = pytest.mark.browser

LOAD_MS = 3 * PAGE_LOAD_TIMEOUT_MS  # three pages of a heavy dashboard load at once on 2 cores

STONES_JS = """
() => {
  const d = Bokeh.documents[0].get_model_by_name('circle-stones').data;
  return Array.from(d.x).map((x, i) => [Math.round(x * 1000), Math.round(d.y[i] * 1000)]);
}
"""

DOCUMENT_JS = """
() => {
  const plain = (k, v) => {
    if (k !== "" && v && typeof v === "object" && v.attributes !== undefined && v.id !== undefined)
      return "ref:" + v.id;  // another model: listed on its own
    if (ArrayBuffer.isView(v)) return Array.from(v);
    if (v instanceof Map) return Object.fromEntries(v);
    if (v instanceof Set) return Array.from(v);
    if (typeof v === "function") return undefined;
    return v;
  };
  const out = [];
  for (const doc of Bokeh.documents)
    for (const model of doc.all_models)
      out.push(model.type + " " + (model.name || "") + " " + JSON.stringify({...model.attributes}, plain));
  return out.join("\\n");
}
"""
"""Everything the browser's Bokeh documents hold (every model and property), as text."""


def open_context(browser, url: str, wait_for: str = ".cole-room-status", viewport=VIEWPORT):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.goto(url, timeout=LOAD_MS)
    page.locator(wait_for).first.wait_for(state="visible", timeout=LOAD_MS)
    return context, page


def make_room(browser, server) -> tuple[object, object, str]:
    """The host opens the game, presses "Play with others" and follows the link."""
    context, page = open_context(browser, server.url, wait_for=".cole-room-create")
    page.locator(".cole-room-create button").click()
    link = page.locator(".cole-room-made a.cole-room-link")
    expect(link).to_be_visible(timeout=30_000)
    href = link.get_attribute("href")
    # a whole link, so that copying the text shown opens the room
    assert href.startswith(f"{server.url}?room="), href
    expect(link).to_have_text(href)
    # not this page's position: the sentence says so
    expect(page.locator(".cole-room-made")).to_contain_text("The room starts a new game")
    page.goto(href, timeout=PAGE_LOAD_TIMEOUT_MS)
    expect(page.locator(".cole-room-you")).to_be_visible(timeout=PAGE_LOAD_TIMEOUT_MS)
    return context, page, href


def sit(page, seat: int) -> None:
    mine = page.locator(f".cole-room-seat-{seat}")
    button = page.locator(f".cole-room-sit-{seat} button")
    for attempt in range(3):  # a click can be lost while a just-opened page is wired up
        if attempt == 0 or button.is_visible():
            button.click()
        try:
            expect(mine).to_contain_text("— you", timeout=20_000)
            return
        except AssertionError:
            print(f"sitting at seat {seat}: the click was not answered, again")
    expect(mine).to_contain_text("— you", timeout=20_000)


def expected_stones(state) -> list[list[int]]:
    out = []
    for critter in state.critters():
        for cell in critter.cells:
            x, y = cell_center(cell)
            out.append([round(x * 1000), round(y * 1000)])
    return sorted(out)


def wait_for_board(page, state, timeout: float = 30.0) -> None:
    want = expected_stones(state)
    deadline = time.monotonic() + timeout
    while (seen := sorted(page.evaluate(STONES_JS))) != want:
        assert time.monotonic() < deadline, f"board shows {len(seen)} stones, expected {len(want)}"
        page.wait_for_timeout(30)


@pytest.fixture(scope="module")
def circle_server(panel_server):
    return panel_server("circle")


def test_two_people_play_a_whole_circle_game_in_two_browsers(browser, circle_server):
    host_ctx, host, link = make_room(browser, circle_server)
    guest_ctx, guest = open_context(browser, link)
    try:
        expect(guest.locator(".cole-room-you")).to_have_text("You are watching")
        sit(guest, 1)
        expect(host.locator(".cole-room-seat-1")).to_contain_text("Guest 2", timeout=30_000)
        pages = [host, guest]
        boards = [BokehFigure(p, BOARD_NAME).wait_ready() for p in pages]
        state, bot = new_circle(), GreedyBot(seed=3)
        moves = 0
        while not state.is_over:
            mover = state.current_player
            cell = bot.choose(state.clone())
            other = pages[1 - mover]
            # the other person cannot play for the mover: the room refuses and nothing changes
            if moves == 1:
                boards[1 - mover].click(*cell_center(cell))
                expect(other.locator(".cole-message")).to_contain_text("turn", timeout=30_000)
            boards[mover].click(*cell_center(cell))
            state.apply(cell)
            moves += 1
            for page in pages:
                wait_for_board(page, state)
            if moves <= 2 and not state.is_over:  # each page says whose move it is, for it
                waiting = "Waiting for Guest 2" if state.current_player == 1 else "Waiting for Host"
                expect(pages[state.current_player].locator(".cole-turn")).to_contain_text(
                    "Your move", timeout=30_000
                )
                expect(pages[1 - state.current_player].locator(".cole-turn")).to_contain_text(
                    waiting, timeout=30_000
                )
        for page in pages:
            expect(page.locator(".cole-game-over").first).to_contain_text(
                state.outcome.describe()[:20], timeout=30_000
            )
        assert moves >= 10
    finally:
        guest_ctx.close()
        host_ctx.close()


def test_a_reload_returns_to_the_same_seat_and_nobody_else_can_take_it(browser, circle_server):
    host_ctx, host, link = make_room(browser, circle_server)
    guest_ctx, guest = open_context(browser, link)
    other_ctx = None
    try:
        sit(guest, 1)
        guest.reload(timeout=PAGE_LOAD_TIMEOUT_MS)
        expect(guest.locator(".cole-room-you")).to_have_text("Black", timeout=PAGE_LOAD_TIMEOUT_MS)
        expect(guest.locator(".cole-room-seat-1")).to_contain_text("— you")
        other_ctx, other = open_context(browser, link)
        expect(other.locator(".cole-room-you")).to_have_text("You are watching")
        expect(other.locator(".cole-room-seat-1")).to_contain_text("Guest 2")
        assert other.locator(".cole-room-sit-1").count() == 0  # no way to sit there
        board = BokehFigure(other, BOARD_NAME).wait_ready()
        board.click(*cell_center((0, 0)))  # a spectator's click plays nothing
        expect(other.locator(".cole-message")).to_contain_text("watching", timeout=30_000)
        assert other.evaluate(STONES_JS) == []
        other.goto(link.split("?")[0] + "?room=" + "x" * 22, timeout=LOAD_MS)
        expect(other.locator(".cole-room-error")).to_contain_text("There is no such room")
    finally:
        for ctx in (other_ctx, guest_ctx, host_ctx):
            if ctx is not None:
                ctx.close()


def test_after_a_move_both_addresses_still_name_the_room_and_a_reload_comes_back(
    browser, circle_server
):
    """The page's position link must not take over a room's address: it used to rewrite
    ``?room=…`` into ``?moves=E5`` after the first move (a reload then left the room), and a
    guest joining read 'Not used: room: there is no such parameter'."""
    host_ctx, host, link = make_room(browser, circle_server)
    guest_ctx, guest = open_context(browser, link)
    try:
        expect(guest.locator(".cole-message")).not_to_contain_text("no such parameter")
        sit(guest, 1)
        state = new_circle()
        BokehFigure(host, BOARD_NAME).wait_ready().click(*cell_center((0, 0)))
        state.apply((0, 0))
        for page in (host, guest):
            wait_for_board(page, state)
            assert "?room=" in page.url and "moves=" not in page.url
        guest.reload(timeout=PAGE_LOAD_TIMEOUT_MS)
        expect(guest.locator(".cole-room-you")).to_have_text("Black", timeout=PAGE_LOAD_TIMEOUT_MS)
        wait_for_board(guest, state)
    finally:
        guest_ctx.close()
        host_ctx.close()


@pytest.fixture(scope="module")
def savannah_server(panel_server):
    return panel_server("savannah")


HAND_JS = "() => Array.from(Bokeh.documents[0].get_model_by_name('savannah-hand-cards').data.card)"
SETTLED_HAND_JS = """
() => {
  const doc = Bokeh.documents[0];
  const cards = (name) => Array.from(doc.get_model_by_name(name).data.card);
  const hand = cards('savannah-hand-cards');
  const out = new Set([...cards('savannah-row-cards'), ...cards('savannah-minis')]);
  const stealing = [...doc.all_models].some(
    (m) => m.css_classes && m.css_classes.includes('cole-steal') && m.visible);
  const size = stealing ? 2 : 3;
  return hand.length === size && hand.every((c) => !out.has(c)) ? hand : null;
}
"""
"""The page's hand once it is redrawn for the position on show, else null.  The hand is
redrawn a moment after the row (the row goes out first), so for an instant the mover's page
still shows the card it just played in its hand as well as in the row: reading the hand then
would blame another page for holding a card that is public by now.  A player who must take a
card from a kill pile (a scavenger's kill, "Take it" on show) holds two: the hand is refilled
once the steal is made."""
SAVANNAH_TURNS = 5

PUBLIC_MINIS_JS = """() => {
  const data = Bokeh.documents[0].get_model_by_name('savannah-minis').data;
  return Array.from(data.card).filter((c, i) => c && !String(data.zone[i]).startsWith('hand-'));
}"""
"""The cards a page shows face up in a kill pile or the discard pile: public there.  A card a
scavenger has just taken from a kill pile into her hand may still lie in another page's kill
pile for a moment (that page redraws its players a tick after its move count), which is no
hand seen: everyone saw the card taken.  A hand drawn face up (zone ``hand-``) still counts."""


def moves_played(page) -> int:
    return int(page.locator(".cole-room-moves").inner_text().split()[0])


def wait_for_moves(page, n: int, timeout: int = 60_000) -> None:
    expect(page.locator(".cole-room-moves")).to_have_text(f"{n} moves played", timeout=timeout)


def take_a_turn(page, n: int) -> None:
    """The mover's page makes one move, as a person would: a steal if one is due, else the
    first card of the hand that can be played (or discarded).  A room's deal is random (its
    seed is never taken from the address): about one game in eighteen has a steal due within
    the moves played here."""
    take = page.get_by_role("button", name="Take it")
    if take.is_visible():
        take.click()
        wait_for_moves(page, n + 1)
        return
    for index, card in enumerate(page.evaluate(HAND_JS)):
        name = card.split("#")[0]
        page.locator(f".cole-hand-{index} button").click()
        play = page.locator(".cole-play button")
        # the page's verdict on this card, on its action button: "Play the X", "Discard the X"
        # or "The X is blocked" (the message box may still say something about an earlier X)
        verdict = re.compile(f"^(Play the|Discard the|The) {re.escape(name)}( is blocked)?$")
        expect(play).to_have_text(verdict, timeout=30_000)
        if play.inner_text().endswith("is blocked"):
            continue
        for _attempt in range(4):  # a click can be lost while the page redraws its buttons
            expect(play).to_be_enabled(timeout=30_000)
            play.click()
            try:
                wait_for_moves(page, n + 1, timeout=20_000)
                return
            except AssertionError:
                if page.locator(".cole-message").inner_text().startswith("It is"):
                    raise
        raise AssertionError(
            f"playing {card} did nothing: {page.locator('.cole-message').inner_text()}"
        )
    raise AssertionError("no card of the hand could be played")


def check_score_line(page, seat: int, moves: int) -> None:
    """The live score counts this seat's hand only: every other player's hand penalty and
    total read "?" with the card count (issue 26: they were made up from invented cards)."""
    for q in range(3):
        row = page.locator(f".cole-live-score tr[data-player='{q}']").first
        total = row.locator(".cole-total").inner_text().strip()
        hand = row.locator(".cole-part-hand").inner_text()
        if q == seat:
            assert total.lstrip("-").isdigit() and "?" not in hand, (seat, q, total, hand)
        else:
            assert total == "?" and "hidden" in hand, f"after {moves} moves page {seat}: {q}"


SHOWN_CARDS_JS = """
() => Object.fromEntries(['savannah-hand-cards', 'savannah-row-cards', 'savannah-minis']
  .map((name) => [name, Array.from(Bokeh.documents[0].get_model_by_name(name).data.card)]))
"""


def settled_hand(page, seat: int, turn: int) -> list:
    """The hand ``seat``'s page shows once it is redrawn (see :data:`SETTLED_HAND_JS`); if
    it never settles, the failure says what the hand, the row and the small cards held."""
    try:
        return page.wait_for_function(SETTLED_HAND_JS, timeout=30_000).json_value()
    except PlaywrightTimeout:
        shown = page.evaluate(SHOWN_CARDS_JS)
        raise AssertionError(
            f"after {turn} moves page {seat}'s hand never settled: {shown}"
        ) from None


def test_three_people_play_savannah_and_no_page_ever_holds_another_hand(browser, savannah_server):
    server = savannah_server
    context, host = open_context(
        browser, f"{server.url}?players=3&speed=0", wait_for=".cole-room-create"
    )
    contexts = [context]
    try:
        host.locator(".cole-room-create button").click()
        href = host.locator(".cole-room-made a.cole-room-link").get_attribute(
            "href", timeout=30_000
        )
        host.goto(href, timeout=LOAD_MS)
        pages = [host]
        for seat in (1, 2):
            ctx, page = open_context(browser, href)
            contexts.append(ctx)
            sit(page, seat)
            pages.append(page)
        for turn in range(SAVANNAH_TURNS + 1):
            for page in pages:
                wait_for_moves(page, turn)
            for page in pages:  # the turn's playback is over: the hand shown is the new one
                expect(page.get_by_role("button", name="Skip »")).to_be_disabled(timeout=60_000)
            hands = [settled_hand(page, seat, turn) for seat, page in enumerate(pages)]
            for seat, page in enumerate(pages):
                check_score_line(page, seat, turn)
                held = page.evaluate(DOCUMENT_JS)
                public = set(page.evaluate(PUBLIC_MINIS_JS))
                assert all(json.dumps(c) in held for c in hands[seat])
                for other, hand in enumerate(hands):
                    if other != seat:
                        leaked = [c for c in hand if json.dumps(c) in held and c not in public]
                        where = [
                            line[:200]
                            for line in held.splitlines()
                            if any(json.dumps(c) in line for c in leaked)
                        ]
                        assert not leaked, (
                            f"after {turn} moves page {seat} holds {leaked} of seat {other} "
                            f"in {where}"
                        )
            if turn < SAVANNAH_TURNS:
                mover = next(
                    p for p in range(3) if "▶" in host.locator(f".cole-room-seat-{p}").inner_text()
                )
                take_a_turn(pages[mover], turn)
    finally:
        for ctx in contexts:
            ctx.close()


SIDEBAR_WIDTH_WINDOW = {"width": 1024, "height": 800}
OUTSIDE_SIDEBAR_JS = """el => {
  const side = document.getElementById('sidebar').getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(el.shadowRoot || el);
  const cut = [];
  let lines = 0;
  for (const r of range.getClientRects()) {
    if (r.width === 0 || r.height === 0) continue;
    lines += 1;
    if (r.left < side.left - 0.5 || r.right > side.right + 0.5)
      cut.push([Math.round(r.left), Math.round(r.right)]);
  }
  return {side: [Math.round(side.left), Math.round(side.right)], cut: cut, boxes: lines,
          clipped: el.scrollWidth > el.clientWidth + 1};
}"""
"""Where the element's text and link boxes leave the settings sidebar (none: all on show)."""


def test_the_room_link_and_its_sentence_show_whole_in_the_sidebar_at_1024_px(
    browser, circle_server
):
    context, page = open_context(
        browser, circle_server.url, ".cole-room-create", viewport=SIDEBAR_WIDTH_WINDOW
    )
    try:
        page.locator(".cole-room-create button").click()
        link = page.locator(".cole-room-made a.cole-room-link")
        expect(link).to_be_visible(timeout=30_000)
        sidebar = page.locator("#sidebar").bounding_box()
        box = link.bounding_box()
        assert (
            sidebar["x"] <= box["x"] and box["x"] + box["width"] <= sidebar["x"] + sidebar["width"]
        ), f"the room link {box} leaves the sidebar {sidebar}"
        said = page.locator(".cole-room-made")
        expect(said).to_contain_text("send this link to the others")
        where = said.evaluate(OUTSIDE_SIDEBAR_JS)
        assert where["boxes"] > 0, f"no text measured: {where}"
        assert where["cut"] == [] and not where["clipped"], f"the sentence is cut: {where}"
        page.screenshot(path=str(artifact("room-link-sidebar-1024.png")))
    finally:
        context.close()


def test_each_page_of_a_room_sees_what_it_can_use_and_hears_what_is_its_own(browser, circle_server):
    """People counted, not pages; an undo vote shown to the other player with who asked; no
    settings sidebar and no "Pause bots" for a watcher; the host's refused file is the
    host's to read."""
    host_ctx, host, link = make_room(browser, circle_server)
    guest_ctx, guest = open_context(browser, link)
    try:
        expect(guest.locator(".cole-room-you")).to_have_text("You are watching")
        assert guest.locator(".cole-settings, #sidebar .bk-tab").count() == 0
        expect(guest.get_by_role("button", name="Pause bots")).to_have_count(0)
        expect(host.get_by_role("button", name="Pause bots")).to_have_count(0)
        sit(guest, 1)
        for _ in range(2):
            guest.reload(timeout=LOAD_MS)
            expect(guest.locator(".cole-room-you")).to_have_text("Black", timeout=LOAD_MS)
        expect(host.locator(".cole-room-people")).to_have_text("2 people here", timeout=60_000)
        state = new_circle()
        for mover, cell in ((host, (0, 0)), (guest, (1, 0))):
            BokehFigure(mover, BOARD_NAME).wait_ready().click(*cell_center(cell))
            state.apply(cell)
            wait_for_board(host, state)
            wait_for_board(guest, state)
        host.get_by_role("button", name="Undo").click()
        expect(guest.locator(".cole-room-undo")).to_contain_text(
            "Host asked to undo the last move: press Undo to agree", timeout=30_000
        )
        host.locator(".bk-tab", has_text="Save / load").first.click()
        host.locator("input[type=file]").first.set_input_files(
            files=[{"name": "secret.json", "mimeType": "application/json", "buffer": b"{}"}]
        )
        expect(host.locator(".cole-load-status").first).to_contain_text(
            "Could not load", timeout=30_000
        )
        guest.get_by_role("button", name="Undo").click()  # after the refusal, in order
        state = new_circle()
        state.apply((0, 0))
        wait_for_board(guest, state)
        expect(guest.locator(".cole-message")).not_to_contain_text("Could not load")
        expect(guest.locator(".cole-message")).not_to_contain_text("secret")
    finally:
        guest_ctx.close()
        host_ctx.close()
