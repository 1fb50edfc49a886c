"""The Puzzles tab in a real browser: one puzzle solved, one failed with its explanation."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from cole_panel.circle.geometry import cell_center
from cole_panel.circle.puzzle_model import shipped_puzzles
from cole_panel.circle.puzzles import PUZZLE_PREFIX
from engines.circle import parse_label

from .conftest import BokehFigure, artifact

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(panel_server):
    return panel_server("circle")


def first(theme: str, level: str):
    return next(p for p in shipped_puzzles() if p.theme == theme and p.difficulty == level)


def open_puzzles(open_page, server):
    page = open_page(server)
    page.locator(".bk-tab", has_text="Puzzles").click()
    board = BokehFigure(page, f"{PUZZLE_PREFIX}-board").wait_ready()
    return page, board


_SCROLL_JS = """name => {
    const view = Bokeh.index.query_one(v => v.model && v.model.name === name && v.frame);
    const el = view.canvas_view ? view.canvas_view.el : view.el;
    el.scrollIntoView({block: "center", behavior: "instant"});
}"""


def play(board: BokehFigure, cell: str) -> None:
    # The trainer's board sits low in the side column: bring it on screen as a user would, and
    # click once it stands still (a page still laying out would move it under the pointer).
    board.page.evaluate(_SCROLL_JS, board.name)
    xy = cell_center(parse_label(cell))
    deadline = time.monotonic() + 20
    where = board.pixel(*xy)
    while time.monotonic() < deadline:
        board.page.wait_for_timeout(150)
        now = board.pixel(*xy)
        if now == where:
            break
        where = now
    board.click(*xy)


def test_a_puzzle_solved_then_failed_with_the_explanation(open_page, server):
    page, board = open_puzzles(open_page, server)
    puzzle = first("feast", "easy")
    goal = page.locator(".cole-puzzle-goal")
    feedback = page.locator(".cole-puzzle-feedback")
    expect(goal).to_contain_text(puzzle.goal)
    expect(goal).to_contain_text("Puzzle 1 of 8 (feast, easy)")
    play(board, puzzle.answers[0])
    expect(feedback).to_contain_text("Right!")
    expect(feedback).to_contain_text("the most any move eats")
    expect(goal).to_contain_text("solved 1 of 1 tried")

    page.get_by_role("button", name="Try again").click()
    expect(feedback).to_contain_text("Click the cell you would play.")
    state = puzzle.state()
    wrong = next(
        state.label(c) for c in state.legal_actions() if state.label(c) not in puzzle.answers
    )
    play(board, wrong)
    expect(feedback).to_contain_text("Not this one.")
    expect(feedback).to_contain_text(f"{wrong} eats 0 stones; the best move eats")
    expect(feedback).to_contain_text(f"The answer is {puzzle.answers[0]}")
    page.screenshot(path=str(artifact("circle-puzzle-failed.png")), full_page=True)


def test_another_theme_and_level_loads_its_puzzle(open_page, server):
    page, _ = open_puzzles(open_page, server)
    page.locator(".cole-puzzle-theme").get_by_text("Save your critter").click()
    page.locator(".cole-puzzle-level").get_by_text("Hard").click()
    puzzle = first("rescue", "hard")
    expect(page.locator(".cole-puzzle-goal")).to_contain_text("(rescue, hard)")
    expect(page.locator(".cole-puzzle-goal")).to_contain_text(puzzle.goal)
    board = BokehFigure(page, f"{PUZZLE_PREFIX}-board").wait_ready()
    play(board, puzzle.answers[0])
    expect(page.locator(".cole-puzzle-feedback")).to_contain_text("has nothing to eat")
