"""Two serving processes behind HAProxy (``--processes 2``, what ``make serve`` runs): every
page is built once, by the process its websocket reaches, and plays through either process; a
process that dies is started again (with mimalloc, as the first) while the other serves the
new pages; a browser's pages all go to the process of its token, and a room's pages to the
process that holds it."""

from __future__ import annotations

import re
import secrets
import signal
import time
from pathlib import Path
from types import SimpleNamespace

import psutil
import pytest
from playwright.sync_api import expect

from cole_panel.circle.board import BOARD_NAME
from cole_panel.core.browser_cookie import COOKIE
from cole_panel.core.routing import drawn_for, process_of
from cole_panel.haproxy import haproxy_command

from ..haproxy import free_port, haproxy_server
from .conftest import BokehFigure
from .test_circle import click, wait_for_stones
from .test_rooms import make_room, sit

pytestmark = pytest.mark.browser

PROCESSES = ("--processes", "2")
LAUNCHES = r"Session \d+ launching"
"""Panel's log line (at INFO) for each page document a serving process builds."""


@pytest.fixture(autouse=True)
def _haproxy_installed() -> None:
    """Without HAProxy the launcher serves one process: these tests then fail, saying why."""
    if haproxy_command() is None:
        pytest.fail(
            "HAProxy is not installed: the process tests need Debian's haproxy "
            "(`make haproxy` or `apt-get install -y haproxy`).",
            pytrace=False,
        )


def _log(server) -> str:
    return server.log_path.read_text(errors="replace")


def _serving(server) -> list[psutil.Process]:
    """The launcher's serving processes (not HAProxy)."""
    children = psutil.Process(server.pid).children()
    return [child for child in children if "cole_panel.serve" in child.cmdline()]


@pytest.mark.console_errors(
    "a page asked for while the two processes start may be answered 500 and its websocket refused, then loaded again"
)
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
    for page in pages[-2:]:  # one page on each process (HAProxy's fewest connections first)
        click(BokehFigure(page, BOARD_NAME), "E5")  # Black, a bot, answers on that process
        wait_for_stones(page, 2)


@pytest.mark.console_errors("a process is killed under its open pages: their websockets fail")
def test_a_process_that_dies_is_started_again_and_pages_go_on(open_page, own_server):
    server = own_server("circle", extra_args=PROCESSES)
    children = _serving(server)
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
    alive = _serving(server)
    assert len(alive) == 2 and children[0].pid not in {p.pid for p in alive}
    # Both run with mimalloc (make test installs it), the one started again too: a class's
    # memory is handed back after its wave (cole_panel.core.allocator).
    for child in alive:
        assert "libmimalloc" in Path(f"/proc/{child.pid}/maps").read_text(), child


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
        for _ in range(3):
            again = context.new_page()
            again.goto(server.url)
            BokehFigure(again, BOARD_NAME).wait_ready()
        # The first page too: its process drew the token so that it leads back there.
        opened = re.findall(r"\[process (\d)\] WebSocket connection opened", _log(server))
        assert opened == [str(process_of(token, 2))] * 4, server.log_tail()
    finally:
        context.close()


def test_the_pages_of_a_room_meet_in_one_process_and_count_everyone(browser, own_server):
    """A guest whose own pages go to the other process still joins the room where it is held:
    both pages read "2 people here" (each process would count only its own page)."""
    server = own_server("circle", extra_args=PROCESSES)
    host_context, host, link = make_room(browser, server)
    guest_context = browser.new_context()
    try:
        host_token = next(c["value"] for c in host_context.cookies() if c["name"] == COOKIE)
        room = link.split("room=")[1]
        assert process_of(room, 2) == process_of(host_token, 2)  # made where it is held
        other = drawn_for(1 - process_of(host_token, 2), 2, lambda: secrets.token_urlsafe(24))
        guest_context.add_cookies([{"name": COOKIE, "value": other, "url": server.url}])
        guest = guest_context.new_page()
        guest.goto(link)
        expect(guest.locator(".cole-room-you")).to_have_text("You are watching", timeout=60_000)
        for page in (host, guest):
            expect(page.locator(".cole-room-people")).to_have_text("2 people here")
    finally:
        guest_context.close()
        host_context.close()


def test_one_haproxy_fronts_processes_started_apart_on_postgresql(
    browser, own_server, monkeypatch, postgres_url
):
    """The set-up of several machines (docs/deploy.md): processes started on their own with
    their place, one database, HAProxy from ``python -m cole_panel.haproxy``'s configuration.
    A guest whose own pages go to the other process joins the host's room, where it is held,
    and a move crosses."""
    front = free_port()
    monkeypatch.setenv("COLE_DATABASE_URL", postgres_url)
    monkeypatch.setenv("COLE_PROCESSES", "2")
    servers = []
    for index in (0, 1):
        monkeypatch.setenv("COLE_PROCESS", str(index))
        origin = ("--allow-websocket-origin", f"127.0.0.1:{front}")
        servers.append(
            own_server("circle", extra_args=("--processes", "1", "--use-xheaders", *origin))
        )
    addresses = [f"127.0.0.1:{server.port}" for server in servers]
    with haproxy_server(addresses, port=front):
        site = SimpleNamespace(url=f"http://127.0.0.1:{front}/circle")
        host_context, host, link = make_room(browser, site)
        guest_context = browser.new_context()
        try:
            host_token = next(c["value"] for c in host_context.cookies() if c["name"] == COOKIE)
            held = process_of(link.split("room=")[1], 2)
            assert held == process_of(host_token, 2)
            other = drawn_for(1 - held, 2, lambda: secrets.token_urlsafe(24))
            guest_context.add_cookies([{"name": COOKIE, "value": other, "url": site.url}])
            guest = guest_context.new_page()
            guest.goto(link)
            sit(guest, 1)
            for page in (host, guest):
                expect(page.locator(".cole-room-people")).to_have_text("2 people here")
            click(BokehFigure(host, BOARD_NAME).wait_ready(), "E5")
            wait_for_stones(guest, 1)
            opened = re.findall(r"WebSocket connection opened", _log(servers[held]))
            assert len(opened) >= 3, servers[held].log_tail()  # the host's two pages, the guest's
        finally:
            guest_context.close()
            host_context.close()
