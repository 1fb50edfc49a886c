"""The Puzzles tabs of On the Savannah and Ecosystem in a real browser: a puzzle of each game
solved by taps, one by keyboard alone, and a wrong answer explained."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from cole_panel.ecosystem.draft.hand_view import LINE
from cole_panel.ecosystem.draft.puzzle_model import shipped_puzzles as ecosystem_puzzles
from cole_panel.ecosystem.draft.puzzles import HAND_PER_ROW, PUZZLE_BOARD, PUZZLE_HAND
from cole_panel.ecosystem.geometry import cell_center
from cole_panel.savannah.puzzle_model import shipped_puzzles as savannah_puzzles
from engines.ecosystem.park import parse_cell_label
from engines.ecosystem.puzzles import solve
from engines.savannah.cards import name_of
from engines.savannah.lookahead import card_choices

from .conftest import BokehFigure, artifact
from .test_keys import press, tab_to_board

pytestmark = pytest.mark.browser

WAIT = 30_000
"""Milliseconds a check waits for the page (the machine may be loaded)."""


@pytest.fixture(scope="module")
def savannah(panel_server):
    return panel_server("savannah")


@pytest.fixture(scope="module")
def ecosystem(panel_server):
    return panel_server("ecosystem")


def first(puzzles, theme: str, level: str = "easy"):
    return next(p for p in puzzles() if p.theme == theme and p.difficulty == level)


def open_puzzles(open_page, server):
    page = open_page(server)
    page.locator(".bk-tab", has_text="Puzzles").click()
    expect(page.locator(".cole-puzzle-goal")).to_be_visible(timeout=WAIT)
    return page


def tap_card(page, puzzle, name: str) -> None:
    """Tap the card's button in the puzzle's hand, then the play button (as on a phone)."""
    hand = puzzle.state().hand(puzzle.to_move)
    index = next(i for i, c in enumerate(hand) if name_of(c) == name)
    page.locator(f".cole-puzzles .cole-hand-{index} button").click()
    play = page.locator(".cole-puzzles .cole-play button")
    expect(play).to_contain_text(name, timeout=WAIT)
    play.click()


def test_savannah_puzzle_failed_then_solved_by_taps(open_page, savannah):
    page = open_puzzles(open_page, savannah)
    puzzle = first(savannah_puzzles, "gain")
    goal, feedback = page.locator(".cole-puzzle-goal"), page.locator(".cole-puzzle-feedback")
    expect(goal).to_contain_text(puzzle.goal, timeout=WAIT)
    expect(goal).to_contain_text("(gain, easy)")
    wrong = next(n for n in card_choices(puzzle.state()) if n not in puzzle.answers)
    tap_card(page, puzzle, wrong)
    expect(feedback).to_contain_text("Not this one.", timeout=WAIT)
    expect(feedback).to_contain_text(f"The {wrong} gains you")
    expect(feedback).to_contain_text(f"The answer is the {puzzle.answers[0]}.")
    page.get_by_role("button", name="Try again").click()
    expect(feedback).to_contain_text("Choose the card you would play", timeout=WAIT)
    tap_card(page, puzzle, puzzle.answers[0])
    expect(feedback).to_contain_text("Right!", timeout=WAIT)
    expect(goal).to_contain_text("solved 1 of 1 tried")
    page.screenshot(path=str(artifact("savannah-puzzle-solved.png")), full_page=True)


def test_ecosystem_keep_puzzle_solved_by_taps(open_page, ecosystem):
    page = open_puzzles(open_page, ecosystem)
    page.locator(".cole-puzzle-theme").get_by_text("Which card to keep").click()
    puzzle = first(ecosystem_puzzles, "keep")
    expect(page.locator(".cole-puzzle-goal")).to_contain_text("(keep, easy)", timeout=WAIT)
    state = puzzle.state()
    codes = [c.code for c in state.hand(state.current_player)]
    hand = BokehFigure(page, PUZZLE_HAND).wait_ready()
    board = BokehFigure(page, PUZZLE_BOARD).wait_ready()
    line, column = divmod(codes.index(puzzle.answers[0]), HAND_PER_ROW)
    hand.click(column + 0.5, -line * LINE)
    expect(page.locator(".cole-puzzles .cole-message")).to_contain_text("Picked a", timeout=WAIT)
    cell = solve(state, "keep").cells[puzzle.answers[0]]
    board.click(*cell_center("classic", None, parse_cell_label(cell)))
    feedback = page.locator(".cole-puzzle-feedback")
    expect(feedback).to_contain_text("Right!", timeout=WAIT)
    expect(feedback).to_contain_text(f"at {cell} makes your park worth")
    page.screenshot(path=str(artifact("ecosystem-puzzle-solved.png")), full_page=True)


def test_ecosystem_place_puzzle_solved_by_keyboard(open_page, ecosystem):
    page = open_puzzles(open_page, ecosystem)
    puzzle = first(ecosystem_puzzles, "place")
    expect(page.locator(".cole-puzzle-goal")).to_contain_text(puzzle.goal, timeout=WAIT)
    BokehFigure(page, PUZZLE_BOARD).wait_ready()
    tab_to_board(page)
    assert press(page, "ArrowDown").startswith("Hand, card 1: ")
    row, column = parse_cell_label(puzzle.answers[0])
    text = press(page, "ArrowUp")  # the park's bottom row, first column
    for _ in range(3 - row):
        text = press(page, "ArrowUp")
    for _ in range(column):
        text = press(page, "ArrowRight")
    assert text.startswith(f"{puzzle.answers[0]}, empty: Enter puts your"), text
    page.keyboard.press("Enter")
    feedback = page.locator(".cole-puzzle-feedback")
    expect(feedback).to_contain_text("Right!", timeout=WAIT)
    expect(feedback).to_contain_text(f"at {puzzle.answers[0]} makes your park worth")


def test_savannah_puzzle_solved_by_keyboard(open_page, savannah):
    page = open_puzzles(open_page, savannah)
    page.locator(".cole-puzzle-theme").get_by_text("Force the human").click()
    puzzle = first(savannah_puzzles, "human")
    expect(page.locator(".cole-puzzle-goal")).to_contain_text("(human, easy)", timeout=WAIT)
    expect(page.locator(".cole-puzzle-goal")).to_contain_text(puzzle.goal)
    tab_to_board(page)
    text = press(page, "ArrowDown")
    for _ in range(4):
        if f"({puzzle.answers[0]}#" in text:
            break
        text = press(page, "ArrowRight")
    assert f"({puzzle.answers[0]}#" in text and "Enter plays it" in text, text
    page.keyboard.press("Enter")
    feedback = page.locator(".cole-puzzle-feedback")
    expect(feedback).to_contain_text("Right!", timeout=WAIT)
    expect(feedback).to_contain_text("may only play her")
