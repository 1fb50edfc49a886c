"""The test-only fourth game (tests/nim) served and played in a room by two browsers: a game
joins the site by its two records alone (``COLE_GAMES=tests.nim.record``), with no change to
the shared code or the apps."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PAGE_LOAD_TIMEOUT_MS, ROOT, PanelServer
from .test_rooms import open_context, sit

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def nim_server():
    server = PanelServer(
        "nim", script=ROOT / "tests" / "nim" / "nim.py", env={"COLE_GAMES": "tests.nim.record"}
    ).start()
    yield server
    server.stop()


def take(page, pile: int, count: int) -> None:
    page.locator(f".nim-take-{pile}-{count} button").click()


def test_nim_is_served_and_two_browsers_play_it_in_a_room(browser, nim_server):
    # Its own page: the site's frame names it, and its Greedy bot answers in a worker process.
    host_ctx, host = open_context(browser, nim_server.url, wait_for=".nim-piles")
    guest_ctx = None
    try:
        nav = host.get_by_role("navigation", name="Pages")
        expect(nav.get_by_role("link", name="Nim", exact=True)).to_have_attribute("href", "./nim")
        take(host, 3, 3)
        expect(host.locator(".nim-message")).to_contain_text("Player 2 takes", timeout=60_000)
        expect(host.locator(".nim-piles")).to_contain_text("Your move")
        # A room: the host plays Player 1, a second browser sits as Player 2; each sees the other.
        host.locator(".cole-room-create button").click()
        link = host.locator(".cole-room-made a.cole-room-link")
        expect(link).to_be_visible(timeout=30_000)
        href = link.get_attribute("href")
        host.goto(href, timeout=PAGE_LOAD_TIMEOUT_MS)
        expect(host.locator(".cole-room-you")).to_have_text(
            "Player 1", timeout=PAGE_LOAD_TIMEOUT_MS
        )
        guest_ctx, guest = open_context(browser, href)
        sit(guest, 1)
        take(host, 1, 2)
        expect(guest.locator(".nim-piles")).to_contain_text("pile 1: 1 ·", timeout=30_000)
        expect(guest.locator(".nim-piles")).to_contain_text("Your move")
        take(host, 2, 1)  # not the host's turn: the room refuses, nothing changes
        expect(host.locator(".nim-message")).to_contain_text("turn")
        take(guest, 2, 3)
        expect(host.locator(".nim-piles")).to_contain_text("pile 2: 1 ·", timeout=30_000)
        expect(host.locator(".nim-piles")).to_contain_text("Your move")
    finally:
        for context in (guest_ctx, host_ctx):
            if context is not None:
                context.close()
