"""The Learn page in a real browser: the first three stages of each course, by taps on a phone
and by keyboard alone, the stars seen, and the progress found again after the server is
killed (SIGKILL) and started again."""

from __future__ import annotations

import contextlib
import os
import signal
import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from cole_panel.circle.board import BOARD_NAME
from cole_panel.circle.geometry import cell_center as hex_center
from cole_panel.ecosystem.draft.view import DRAFT_BOARD, HAND_NAMES
from cole_panel.ecosystem.geometry import cell_center as park_center
from cole_panel.savannah.hand import HAND_CARDS, HAND_NAME, slot_x
from engines.circle import parse_label
from engines.ecosystem import parse_cell_label
from engines.learn import load_course

from .conftest import PAGE_LOAD_TIMEOUT_MS, BokehFigure, artifact
from .test_keys import DATA_JS, PHONE, focused, settled, tab_to_board, touch

pytestmark = pytest.mark.browser

WAIT = 30_000
"""Milliseconds a check waits for the page (the machine may be loaded)."""
GAMES = ("circle", "savannah", "ecosystem")
FIRST = {"circle": BOARD_NAME, "savannah": HAND_NAME, "ecosystem": DRAFT_BOARD}
"""The figure each course's page draws first."""


@pytest.fixture
def contexts(browser):
    """Factory ``contexts(phone=False)`` -> a new browser context (a phone's, or 1,024 px
    wide), closed before the test's servers stop (a page left open would log the lost
    connection)."""
    made = []

    def new(phone: bool = False):
        options = PHONE if phone else {"viewport": {"width": 1024, "height": 900}}
        made.append(browser.new_context(**options))
        return made[-1]

    yield new
    for context in made:
        with contextlib.suppress(Exception):
            context.close()


def open_learn(context, server, game: str, stage: str = ""):
    page = context.new_page()
    page.set_default_timeout(WAIT)
    query = f"?game={game}" + (f"&stage={stage}" if stage else "")
    page.goto(server.url + query, timeout=PAGE_LOAD_TIMEOUT_MS)
    BokehFigure(page, FIRST[game]).wait_ready(PAGE_LOAD_TIMEOUT_MS)
    return page


def feedback(page):
    return page.locator(".cole-learn-feedback")


def stage_title(page, game: str, n: int):
    stage = load_course(game).stages[n]
    expect(page.locator(".cole-learn-stage")).to_contain_text(
        f"Stage {n + 1} of {len(load_course(game))}: {stage.title}", timeout=WAIT
    )
    return stage


def done(page, stars: int) -> None:
    expect(page.locator(".cole-learn-done")).to_be_visible(timeout=WAIT)
    expect(page.get_by_role("img", name=f"{stars} stars of 3")).to_be_visible(timeout=WAIT)


# ---------------------------------------------------------------------- taps on a phone
def tap_twice(page, figure: BokehFigure, x: float, y: float) -> None:
    """A first tap previews, a second one plays (a phone's touch preview)."""
    touch(page, figure, x, y)
    time.sleep(0.4)  # two taps closer than 300 ms would be a double tap
    touch(page, figure, x, y)


def tap_circle(page, move: str) -> None:
    tap_twice(page, BokehFigure(page, BOARD_NAME), *hex_center(parse_label(move)))


def tap_savannah(page, move: str) -> None:
    card = move.split(" ", 1)[1]
    page.wait_for_function(
        "([name, card]) => Array.from(Bokeh.documents[0].get_model_by_name(name).data.card)"
        ".includes(card)",
        arg=[HAND_CARDS, card],
    )
    cards = page.evaluate(DATA_JS, [HAND_CARDS, "card"])
    tap_twice(page, BokehFigure(page, HAND_NAME), slot_x(cards.index(card)), 0.0)


def tap_ecosystem(page, move: str) -> None:
    """Tap the card in the hand (it is chosen and previewed), then its cell (placed)."""
    code, cell = move.split()[:2]
    source = f"{HAND_NAMES[0]}-cards"
    page.wait_for_function(
        "([name, code]) => Array.from(Bokeh.documents[0].get_model_by_name(name).data.code)"
        ".includes(code)",
        arg=[source, code],
        timeout=2 * WAIT,
    )
    settled(page, HAND_NAMES[0])  # a phone's hand wraps into lines once laid out
    codes = page.evaluate(DATA_JS, [source, "code"])
    xs, ys = page.evaluate(DATA_JS, [source, "x"]), page.evaluate(DATA_JS, [source, "y"])
    n = codes.index(code)
    chosen = "([name, n]) => Bokeh.documents[0].get_model_by_name(name).data.width[n] > 1"
    # The card chosen is drawn with a wide gold edge. A phone's first tap on a page just drawn
    # may reach no handler yet: tap again only once the first one has been waited for.
    for attempt in range(3):
        touch(page, BokehFigure(page, HAND_NAMES[0]), xs[n], ys[n])
        with contextlib.suppress(PlaywrightTimeout):
            page.wait_for_function(chosen, arg=[source, n], timeout=WAIT)
            break
        assert attempt < 2, f"three taps never chose the {code} card"
        xs, ys = page.evaluate(DATA_JS, [source, "x"]), page.evaluate(DATA_JS, [source, "y"])
    center = park_center("classic", None, parse_cell_label(cell))
    touch(page, BokehFigure(page, DRAFT_BOARD), *center)


TAP = {"circle": tap_circle, "savannah": tap_savannah, "ecosystem": tap_ecosystem}


@pytest.mark.parametrize("game", GAMES)
def test_the_first_three_stages_by_taps_on_a_phone(own_server, contexts, game):
    server = own_server("learn")
    page = open_learn(contexts(phone=True), server, game)
    for n in range(3):
        stage = stage_title(page, game, n)
        if n == 0:  # a wrong try first: undone and explained, then the right one
            for move in stage.wrong[0]:
                TAP[game](page, move)
            expect(page.locator(".cole-learn-missed")).to_contain_text("ry again", timeout=WAIT)
        for move in stage.solution:
            TAP[game](page, move)
        done(page, 2 if n == 0 else 3)
        expect(feedback(page)).to_contain_text(stage.success, timeout=WAIT)
        page.get_by_role("button", name="Next stage").tap()
    stage_title(page, game, 3)
    expect(page.locator(".cole-learn-tally")).to_contain_text("3 of ", timeout=WAIT)
    expect(page.locator(".cole-learn-tally")).to_contain_text("8 stars", timeout=WAIT)
    page.screenshot(path=str(artifact(f"learn-{game}-phone.png")), full_page=True)


# ---------------------------------------------------------------------- keyboard alone
def type_move(page, move: str) -> None:
    """From the board: M opens the Move box, the move in the engine's words, Enter."""
    page.keyboard.press("m")
    page.keyboard.press("Control+a")
    page.keyboard.type(move)
    page.keyboard.press("Enter")


def tab_back_to(page, label: str, limit: int = 40) -> None:
    """Shift+Tab until the button ``label`` has the focus."""
    for _ in range(limit):
        page.keyboard.press("Shift+Tab")
        text = page.evaluate(
            "() => { let e = document.activeElement;"
            " while (e && e.shadowRoot && e.shadowRoot.activeElement) e = e.shadowRoot.activeElement;"
            " return e ? e.textContent.trim() : ''; }"
        )
        if text == label:
            return
    raise AssertionError(f"Shift+Tab never reached {label!r}; the focus is on {focused(page)!r}")


@pytest.mark.parametrize("game", GAMES)
def test_the_first_three_stages_by_keyboard_alone(own_server, contexts, game):
    server = own_server("learn")
    page = open_learn(contexts(), server, game)
    for n in range(3):
        stage = stage_title(page, game, n)
        tab_to_board(page)
        for move in stage.solution:
            type_move(page, move)
            page.keyboard.press("Escape")
        done(page, 3)
        tab_back_to(page, "Next stage")
        page.keyboard.press("Enter")
    stage_title(page, game, 3)
    expect(page.locator(".cole-learn-tally")).to_contain_text("3 of ", timeout=WAIT)
    expect(page.locator(".cole-learn-tally")).to_contain_text("9 stars", timeout=WAIT)
    page.screenshot(path=str(artifact(f"learn-{game}-keyboard.png")), full_page=True)


# ---------------------------------------------------------------------- kept progress
@pytest.mark.console_errors("the server is killed under the page: its websocket fails")
def test_progress_is_found_again_after_the_server_is_killed(own_server, contexts):
    first = own_server("learn")
    page = open_learn(contexts(), first, "circle")
    tab_to_board(page)
    type_move(page, load_course("circle").stages[0].solution[0])
    done(page, 3)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(first.pid, signal.SIGKILL)
    first.proc.wait(timeout=10)
    own_server("learn", port=first.port)
    page.goto(first.url, timeout=PAGE_LOAD_TIMEOUT_MS)
    course = page.locator('.cole-learn-course[data-game="circle"]')
    expect(course).to_contain_text("1 of 21 stages done · 3 stars", timeout=WAIT)
    expect(course.get_by_role("img", name="3 stars of 3")).to_have_count(1, timeout=WAIT)
    # The course opens where it was left: the second stage, the first one's stars kept.
    page.goto(first.url + "?game=circle", timeout=PAGE_LOAD_TIMEOUT_MS)
    stage_title(page, "circle", 1)
    expect(page.locator(".cole-learn-tally")).to_contain_text(
        "1 of 21 stages done · 3 stars", timeout=WAIT
    )
    expect(page.locator(".cole-learn-menu select")).to_contain_text(
        "Your first stone ★★★", timeout=WAIT
    )
    settled(page, BOARD_NAME)
    page.screenshot(path=str(artifact("learn-after-restart.png")), full_page=True)


# ---------------------------------------------------------------------- the stage's address
def test_a_circle_stage_keeps_its_address_and_opens_with_its_instruction(own_server, contexts):
    """The board's own share link once read ``?game=…&stage=…`` as a shared position (so the
    stage opened saying "Try again starts it over" to someone who had done nothing) and wrote
    the position into the address bar (so a reload after a move lost the stage)."""
    server = own_server("learn")
    page = open_learn(contexts(), server, "circle", "critter")
    stage = stage_title(page, "circle", 1)
    expect(page.locator(".cole-learn-start")).to_contain_text("Your move", timeout=WAIT)
    expect(page.locator(".cole-learn-undo")).to_have_count(0)
    tab_to_board(page)
    type_move(page, stage.wrong[0][0])
    expect(page.locator(".cole-learn-missed")).to_contain_text("try again", timeout=WAIT)
    assert page.url.endswith("?game=circle&stage=critter"), page.url
    page.reload(timeout=PAGE_LOAD_TIMEOUT_MS)
    stage_title(page, "circle", 1)
