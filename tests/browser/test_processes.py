"""Two serving processes behind one address (``--processes 2``, what ``make serve`` runs): every
page is built once, by the process its websocket reaches, and plays through either process; a
process that dies is started again while the other serves the new pages; a browser's pages
all go to the process of its token."""

from __future__ import annotations

import re
import signal
import time

import psutil
import pytest

from cole_panel.circle.board import BOARD_NAME
from cole_panel.core.browser_cookie import COOKIE
from cole_panel.front import process_of

from .conftest import BokehFigure
from .test_circle import click, wait_for_stones

pytestmark = pytest.mark.browser

PROCESSES = ("--processes", "2")
LAUNCHES = r"Session \d+ launching"
"""Panel's log line (at INFO) for each page document a serving process builds."""


def _log(server) -> str:
    return server.log_path.read_text(errors="replace")


def test_each_page_is_built_once_and_plays_through_either_process(
    open_page, own_server, monkeypatch
):
    monkeypatch.setenv("PANEL_LOG_LEVEL", "INFO")
    server = own_server("circle", extra_args=PROCESSES)
    pages = []
    for _ in range(4):
        page = open_page(server)
        BokehFigure(page, BOARD_NAME).wait_ready()
        pages.append(page)
    log = _log(server)
    # A websocket reaching the other process would have the page built there a second time.
    assert len(re.findall(LAUNCHES, log)) == 4, server.log_tail()
    for index in (0, 1):
        assert f"[process {index}] WebSocket connection opened" in log, server.log_tail()
    for page in pages[-2:]:  # one page on each process (pages asked in turn alternate)
        click(BokehFigure(page, BOARD_NAME), "E5")  # Black, a bot, answers on that process
        wait_for_stones(page, 2)


def test_a_process_that_dies_is_started_again_and_pages_go_on(open_page, own_server):
    server = own_server("circle", extra_args=PROCESSES)
    children = psutil.Process(server.pid).children()
    assert len(children) == 2, children
    children[0].send_signal(signal.SIGKILL)
    for _ in range(3):  # the other process serves them meanwhile
        page = open_page(server)
        click(BokehFigure(page, BOARD_NAME).wait_ready(), "E5")
        wait_for_stones(page, 2)
    deadline = time.monotonic() + 90
    while len(re.findall(r"Starting Bokeh server with process id", _log(server))) < 3:
        assert time.monotonic() < deadline, server.log_tail()
        time.sleep(0.2)
    alive = psutil.Process(server.pid).children()
    assert len(alive) == 2 and children[0].pid not in {p.pid for p in alive}


def test_a_browsers_pages_all_go_to_the_process_of_its_token(browser, own_server):
    server = own_server("circle", extra_args=PROCESSES)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(server.url)
        BokehFigure(page, BOARD_NAME).wait_ready()
        deadline = time.monotonic() + 30  # the page writes its browser's token once drawn
        while not any(c["name"] == COOKIE for c in context.cookies()):
            assert time.monotonic() < deadline, context.cookies()
            time.sleep(0.1)
        token = next(c["value"] for c in context.cookies() if c["name"] == COOKIE)
        before = len(re.findall(r"WebSocket connection opened", _log(server)))
        for _ in range(3):
            again = context.new_page()
            again.goto(server.url)
            BokehFigure(again, BOARD_NAME).wait_ready()
        opened = re.findall(r"\[process (\d)\] WebSocket connection opened", _log(server))
        assert opened[before:] == [str(process_of(token, 2))] * 3, server.log_tail()
    finally:
        context.close()
