"""The Review tab in a real browser: finish a game, review it, click the worst move and see the
better move drawn on the board."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from cole_panel.circle.board import BOARD_NAME
from cole_panel.circle.geometry import cell_center
from engines.circle import parse_label

from .conftest import BokehFigure

pytestmark = pytest.mark.browser

# A game on the smallest board, one move from its end: Orange's E2 leaves Black no legal cell.
MOVES = "A2,C2,B1,B4,A3,C3,C1,D3,B2,D2,C5,A1,D1,B4"

MARKED_JS = """
(name) => Bokeh.documents[0].get_model_by_name(name).data.label
"""


def test_finish_a_game_review_it_and_see_the_better_move_on_the_board(panel_server, open_page):
    server = panel_server("circle")
    page = open_page(server, f"{server.url}?moves={MOVES}&radius=2")
    board = BokehFigure(page, BOARD_NAME).wait_ready()
    board.click(*cell_center(parse_label("E2")))
    expect(page.get_by_text("cannot place a stone").first).to_be_visible(timeout=30_000)

    page.locator(".bk-tab", has_text="Review").click()
    page.get_by_role("button", name="Review this game").click()
    status = page.locator(".cole-review-status")
    expect(status).to_contain_text("Reviewed", timeout=240_000)
    worst = page.locator(".cole-turning-points button").first
    text = worst.inner_text()
    assert "better " in text  # the worst move has a better one
    better = text.rsplit("better ", 1)[1].rstrip(".")
    worst.click()
    expect(page.locator(".cole-review-why")).to_contain_text(text.split(":")[0])
    page.wait_for_function(f"() => ({MARKED_JS})('review-better').length === 1", timeout=20_000)
    assert page.evaluate(MARKED_JS, "review-better") == [better]
    played = text.split(":")[0].split()[-1]
    assert page.evaluate(MARKED_JS, "review-played") == [played]
