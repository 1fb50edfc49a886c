"""What a visitor of the served demo notices when sessions come and go: a closed tab stops its
bot's search on the server, a reload brings the game back, and so does a server restart."""

from __future__ import annotations

import os
import re
import time

import pytest
from playwright.sync_api import expect

from cole_panel.circle.board import BOARD_NAME
from cole_panel.circle.link import read_query

from .conftest import PAGE_LOAD_TIMEOUT_MS, BokehFigure, PanelServer
from .test_circle import click, stones, wait_for_position, wait_for_stones

pytestmark = pytest.mark.browser

SLOW_APP = os.path.join(os.path.dirname(__file__), "apps", "slow_circle.py")
ADDRESS_AT_EACH_DRAW_JS = """() => {
  window.coleDrawn = [];
  const stones = Bokeh.documents[0].get_model_by_name('circle-stones');
  stones.connect(stones.change, () => window.coleDrawn.push([stones.data.x.length, location.search]));
}"""
"""Records, each time the board's stones change, how many there are and the address then."""
LOG_WAIT = 90.0  # seconds; a guard against a hang, not a measurement


def wait_for_log(server: PanelServer, pattern: str) -> re.Match:
    """The first line of the server's log matching ``pattern`` (waits for it to appear)."""
    deadline = time.monotonic() + LOG_WAIT
    while True:
        found = re.search(pattern, server.log_path.read_text(errors="replace"), re.MULTILINE)
        if found:
            return found
        assert time.monotonic() < deadline, f"no {pattern!r} in the log:\n{server.log_tail()}"
        time.sleep(0.1)


def test_closing_the_tab_mid_search_stops_the_bot_on_the_server(open_page, own_server):
    server = own_server("slow_circle", script=SLOW_APP)
    page = open_page(server)
    board = BokehFigure(page, BOARD_NAME).wait_ready()
    click(board, "E5")
    expect(page.locator(".cole-thinking")).to_contain_text("Black", timeout=60_000)
    job = wait_for_log(server, r"bot job (\d+) started").group(1)
    page.context.close()
    stopped = wait_for_log(server, rf"bot job {job} stopped \((connection lost|session closed)\)")
    assert not re.search(rf"bot job {job} done", server.log_path.read_text())
    assert stopped


@pytest.mark.console_errors(
    "the server is stopped and started again under the page: its websocket fails"
)
def test_a_reload_brings_back_the_same_game(open_page, own_server):
    server = own_server("circle", script=None)
    page = open_page(server)
    board = BokehFigure(page, BOARD_NAME).wait_ready()
    page.evaluate(ADDRESS_AT_EACH_DRAW_JS)
    click(board, "E5")  # Black is the search bot: it answers
    wait_for_stones(page, 2)
    before = stones(page)
    # A reload the moment a stone shows opens the address bar's position: it must be that one
    drawn = page.evaluate("window.coleDrawn")
    assert [len(read_query(search).moves) for _, search in drawn] == [n for n, _ in drawn], drawn
    page.reload(timeout=PAGE_LOAD_TIMEOUT_MS)
    BokehFigure(page, BOARD_NAME).wait_ready()
    wait_for_position(page, before)
    expect(page.locator(".cole-message")).to_contain_text("Welcome back")
    expect(page.locator(".cole-turn")).to_contain_text("Orange")
    expect(page.locator(".cole-eaten-1")).to_contain_text("Black (MCTS")  # seats came back too


@pytest.mark.console_errors("the server is killed under the page: its websocket fails")
def test_a_server_restart_shows_a_notice_and_a_reload_brings_the_game_back(open_page, own_server):
    first = own_server("circle")
    page = open_page(first)
    board = BokehFigure(page, BOARD_NAME).wait_ready()
    click(board, "E5")
    wait_for_stones(page, 2)
    before = stones(page)
    first.stop()
    expect(page.locator(".notyf__disconnect")).to_contain_text("Lost the connection")
    own_server("circle", port=first.port)
    page.reload(timeout=PAGE_LOAD_TIMEOUT_MS)
    BokehFigure(page, BOARD_NAME).wait_ready()
    wait_for_position(page, before)
    expect(page.locator(".cole-message")).to_contain_text("Welcome back")
