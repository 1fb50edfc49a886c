"""Rooms and kept games in the database, in real browsers: a server killed with SIGKILL and
started again brings back a room (game, seats, the undo vote) and a browser's own game; two
`panel serve` processes on one database (a SQLite file, or a PostgreSQL server started by the
test) serve one room, a move made through either reaching the pages on the other."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from cole_panel.circle.board import BOARD_NAME
from engines.circle import new_game as new_circle

from .conftest import PAGE_LOAD_TIMEOUT_MS, BokehFigure, PanelServer, make_tables, open_private_link
from .test_circle import click, stones, wait_for_position, wait_for_stones
from .test_rooms import LOAD_MS, make_room, open_context, sit, wait_for_board

PAGES_AT_MOST = 12
"""Pages opened on a ``--num-procs 2`` server until each of its processes has served one."""

pytestmark = pytest.mark.browser


def played(*labels: str):
    state = new_circle()
    for label in labels:
        state.apply(next(a for a in state.legal_actions() if state.label(a) == label))
    return state


def kill(server: PanelServer) -> None:
    """What a crash or the OOM killer does: SIGKILL to the server and its workers."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGKILL)
    server.proc.wait(timeout=30)


def make_class(browser, server: PanelServer, contexts: list) -> tuple:
    """A teacher's page (its context added to ``contexts``) makes a class on ``server``: the
    page, the teacher's own link and table 1's link."""
    ctx, teacher = open_context(browser, server.url, ".cole-class-make")
    contexts.append(ctx)
    make_tables(teacher)
    own = teacher.locator("a.cole-class-teacher-link")
    open_private_link(teacher)
    expect(own).to_be_visible(timeout=60_000)
    link = teacher.locator("a.cole-class-link").first.get_attribute("href")
    return teacher, own.get_attribute("href"), link


@pytest.mark.console_errors("the server is killed under the pages: their websockets fail")
def test_a_room_and_a_kept_game_survive_a_sigkill_restart(browser, own_server):
    first = own_server("circle")
    host_ctx, host, link = make_room(browser, first)
    guest_ctx, guest = open_context(browser, link)
    solo_ctx, solo = open_context(browser, first.url, wait_for="canvas")
    try:
        sit(guest, 1)
        BokehFigure(host, BOARD_NAME).wait_ready()
        click(BokehFigure(host, BOARD_NAME), "E5")
        wait_for_board(guest, played("E5"))
        click(BokehFigure(guest, BOARD_NAME).wait_ready(), "E6")
        wait_for_board(host, played("E5", "E6"))
        guest.get_by_role("button", name="Undo").click()  # asks; the host has not agreed yet
        expect(guest.locator(".cole-message")).to_contain_text("waiting for Host")
        click(BokehFigure(solo, BOARD_NAME).wait_ready(), "E5")  # Black, the bot, answers
        wait_for_stones(solo, 2)
        kept = stones(solo)

        kill(first)
        own_server(
            "circle", port=first.port
        )  # the same address: the pages reload as a person would

        for page in (host, guest, solo):
            page.goto(page.url, timeout=LOAD_MS)
        expect(host.locator(".cole-room-seat-1")).to_contain_text("Guest 2", timeout=LOAD_MS)
        expect(guest.locator(".cole-room-seat-1")).to_contain_text("— you")
        wait_for_board(guest, played("E5", "E6"))
        BokehFigure(host, BOARD_NAME).wait_ready()
        host.get_by_role("button", name="Undo").click()  # the guest's vote came back too
        wait_for_board(guest, played("E5"))
        wait_for_board(host, played("E5"))
        BokehFigure(solo, BOARD_NAME).wait_ready(PAGE_LOAD_TIMEOUT_MS)
        wait_for_position(solo, kept)
        expect(solo.locator(".cole-message")).to_contain_text("Welcome back")
    finally:
        for context in (host_ctx, guest_ctx, solo_ctx):
            context.close()


@pytest.mark.console_errors("the server is killed under the pages: their websockets fail")
def test_a_teachers_class_survives_a_sigkill_restart_with_its_pauses_and_names(browser, own_server):
    first = own_server("classroom", also=("circle",))
    contexts = []
    try:
        teacher, teacher_link, link = make_class(browser, first, contexts)
        people = {}
        for who, seat in (("Ada", 0), ("Mr <i>Wu</i>", None)):  # a student; a watcher
            ctx, page = open_context(browser, link)
            contexts.append(ctx)
            box = page.locator(".cole-room-name input")
            box.fill(who)
            box.press("Enter")
            if seat is not None:
                sit(page, seat)
                expect(page.locator(".cole-room-seat-0")).to_contain_text("Ada — you")
            people[who] = page
        tables = [teacher.locator(f".cole-class-table-{i}") for i in range(3)]
        expect(tables[0]).to_contain_text("Orange's turn (Ada)", timeout=30_000)
        teacher.locator(".cole-class-pause-1 button").click()
        expect(tables[1]).to_contain_text("Paused", timeout=30_000)
        teacher.locator(".cole-class-close-2 button").click()
        expect(tables[2]).to_contain_text("Closed", timeout=30_000)
        watcher_name = people["Mr <i>Wu</i>"].locator(".cole-room-name input")
        expect(watcher_name).to_have_value("Mr <i>Wu</i>", timeout=30_000)

        kill(first)
        own_server("classroom", port=first.port, also=("circle",))

        teacher.goto(teacher_link, timeout=LOAD_MS)
        expect(teacher.locator("a.cole-class-link")).to_have_count(3, timeout=LOAD_MS)
        expect(tables[0]).to_contain_text("Orange's turn (Ada)", timeout=30_000)
        expect(tables[1]).to_contain_text("Paused")
        expect(tables[2]).to_contain_text("Closed")
        for page in people.values():
            page.goto(page.url, timeout=LOAD_MS)
        expect(people["Ada"].locator(".cole-room-seat-0")).to_contain_text(
            "Ada — you", timeout=LOAD_MS
        )
        expect(watcher_name).to_have_value("Mr <i>Wu</i>", timeout=LOAD_MS)
        expect(people["Mr <i>Wu</i>"].locator(".cole-room-you")).to_have_text("You are watching")
    finally:
        for context in contexts:
            context.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_move_crosses_between_two_server_processes(
    browser, own_server, backend, request, monkeypatch
):
    if backend == "postgresql":  # else both share the test's data folder's SQLite file
        monkeypatch.setenv("COLE_DATABASE_URL", request.getfixturevalue("postgres_url"))
    one, two = own_server("circle"), own_server("circle")
    host_ctx, host, link = make_room(browser, one)
    there = link.replace(f":{one.port}/", f":{two.port}/")
    assert there != link
    guest_ctx, guest = open_context(browser, there)  # the room's link, on the other process
    try:
        sit(guest, 1)
        expect(host.locator(".cole-room-seat-1")).to_contain_text("Guest 2", timeout=30_000)
        click(BokehFigure(host, BOARD_NAME).wait_ready(), "E5")
        wait_for_board(guest, played("E5"))
        click(BokehFigure(guest, BOARD_NAME).wait_ready(), "E6")
        wait_for_board(host, played("E5", "E6"))
        expect(host.locator(".cole-turn")).to_contain_text("Your move", timeout=30_000)
    finally:
        host_ctx.close()
        guest_ctx.close()


def children(pid: int) -> list[int]:
    """The processes ``pid`` forked (Linux ``/proc``)."""
    return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def has_database_open(pid: int) -> bool:
    """Whether process ``pid`` opened the rooms' SQLite file (it has served a page)."""
    with contextlib.suppress(OSError):
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            with contextlib.suppress(OSError):
                if os.readlink(fd).endswith("cole-panel.sqlite3"):
                    return True
    return False


def test_num_procs_2_serves_a_class_and_its_tables_from_either_process(browser, own_server):
    """`panel serve --num-procs 2` forks two processes on one port (before any page opens the
    database), and the system hands each connection to either: every page, the teacher's
    included, must work wherever it lands."""
    server = own_server("classroom", extra_args=("--num-procs", "2"), also=("circle",))
    deadline = time.monotonic() + 30  # it listens once the first is forked: the second next
    while len(kids := children(server.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert len(kids) == 2, kids
    contexts = []
    try:
        teacher, teacher_link, link = make_class(browser, server, contexts)
        pages = []
        for n in range(PAGES_AT_MOST):  # a table's page, then the teacher's, in turn
            if n >= 4 and all(has_database_open(k) for k in kids):
                break
            url, ready = (
                (teacher_link, "a.cole-class-link") if n % 2 else (link, ".cole-room-status")
            )
            ctx, page = open_context(browser, url, ready)
            contexts.append(ctx)
            pages.append((url, page))
        assert all(has_database_open(k) for k in kids), "one process served every page"
        for url, page in pages:
            if url == teacher_link:
                expect(page.locator("a.cole-class-link")).to_have_count(3)
        tables = [page for url, page in pages if url == link]
        first, second = tables[0], tables[1]
        sit(first, 0)
        sit(second, 1)
        click(BokehFigure(first, BOARD_NAME).wait_ready(), "E5")
        for page in tables:
            wait_for_board(page, played("E5"))
        click(BokehFigure(second, BOARD_NAME).wait_ready(), "E6")
        wait_for_board(first, played("E5", "E6"))
        expect(teacher.locator(".cole-class-table-0")).to_contain_text("2 moves", timeout=30_000)
    finally:
        for context in contexts:
            context.close()
