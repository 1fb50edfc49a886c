"""Rooms and kept games in the database, in real browsers: a server killed with SIGKILL and
started again brings back a room (game, seats, the undo vote) and a browser's own game; two
`panel serve` processes on one database (a SQLite file, or a PostgreSQL server started by the
test) serve one room, a move made through either reaching the pages on the other."""

from __future__ import annotations

import contextlib
import os
import signal

import pytest
from playwright.sync_api import expect

from cole_panel.circle.board import BOARD_NAME
from engines.circle import new_game as new_circle

from .conftest import PAGE_LOAD_TIMEOUT_MS, BokehFigure, PanelServer
from .test_circle import click, stones, wait_for_position, wait_for_stones
from .test_rooms import LOAD_MS, make_room, open_context, sit, wait_for_board

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
