"""Shareable positions and small fixes in a real browser: links, double click, Stones to win."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from cole_panel.circle.board import BOARD_NAME
from cole_panel.circle.geometry import cell_center
from engines.circle import parse_label

from .conftest import BokehFigure
from .test_circle import click, message, open_game, wait_for_position, wait_for_stones

pytestmark = pytest.mark.browser

AFTER_CAPTURE = {"E7": "Black", "A1": "Orange", "E6": "Black"}


@pytest.fixture(scope="module")
def server(panel_server):
    return panel_server("circle")


def test_a_shared_link_reopens_the_position_in_another_browser(open_page, server):
    page, board = open_game(open_page, server)
    for n, cell in enumerate(["E5", "E7", "A1", "E6"], start=1):
        click(board, cell)
        if n < 4:
            wait_for_stones(page, n)
    wait_for_position(page, AFTER_CAPTURE)
    page.wait_for_function("() => window.location.search === '?moves=E5,E7,A1,E6'")
    link = page.locator(".cole-link input")
    expect(link).to_have_value(f"{server.url}?moves=E5,E7,A1,E6")
    page.get_by_role("button", name="Copy link").click()
    expect(page.get_by_role("button", name="Copied")).to_be_visible()

    other = open_page(server)  # a second browser context: its own session
    other.goto(link.input_value())
    BokehFigure(other, BOARD_NAME).wait_ready()
    wait_for_position(other, AFTER_CAPTURE)
    expect(message(other)).to_contain_text("Opened a shared position after 4 moves")
    expect(other.locator(".cole-eaten-1")).to_contain_text("1 / 20")
    expect(other.locator(".cole-turn")).to_contain_text("Orange to play")
    other.locator(".bk-tab", has_text="Moves").click()
    other.locator(".cole-moves select").select_option("1. Orange E5")
    wait_for_position(other, {"E5": "Orange"})


def test_bad_link_parameters_are_each_named_and_the_rest_applies(open_page, server):
    page = open_page(server)
    page.goto(f"{server.url}?moves=E5,E5&radius=abc&first_player=black&%3Cb%3Ehi%3C/b%3E=1")
    BokehFigure(page, BOARD_NAME).wait_ready()
    wait_for_position(page, {"E5": "Black"})  # Black started (first_player applied)
    box = message(page)
    expect(box).to_contain_text("radius: 'abc' is not a whole number.")
    expect(box).to_contain_text("<b>hi</b>: there is no such parameter")  # shown, not rendered
    expect(box).to_contain_text("moves: move 2 (E5) cannot be played: E5 is already taken")


def test_a_double_click_places_one_stone_without_an_error(open_page, server):
    page, board = open_game(open_page, server)
    x, y = board.pixel(*cell_center(parse_label("C3")))
    page.mouse.dblclick(x, y)
    assert wait_for_stones(page, 1) == {"C3": "Orange"}
    page.wait_for_timeout(500)
    expect(message(page)).to_contain_text("Orange placed a stone at C3.")
    expect(message(page)).not_to_contain_text("already taken")


def test_stones_to_win_out_of_range_is_refused_with_a_sentence(open_page, server):
    page, _ = open_game(open_page, server)
    page.locator(".bk-tab", has_text="New game").click()
    field = page.locator(".cole-target input")
    for bad in ("0", "5000"):
        field.fill(bad)
        field.press("Enter")
        expect(message(page)).to_contain_text(
            f"Stones to win must be a whole number from 1 to 1000, not {bad}; it stays 20."
        )
        expect(field).to_have_value("20")
    field.fill("1")
    field.press("Enter")
    expect(message(page)).to_contain_text("The next new game is won by eating 1 stone.")
    page.get_by_role("button", name="New game").click()
    expect(message(page)).to_contain_text("eat 1 stone to win.")
