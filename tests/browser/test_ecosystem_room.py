"""An Ecosystem draft in a room, in real browsers: two Playwright contexts (two browser tokens,
two Panel sessions) on one `panel serve` process pick in turn, each from its own hand."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from cole_panel.ecosystem.draft.view import DRAFT_BOARD, HAND_NAMES

from .conftest import BokehFigure
from .test_rooms import DOCUMENT_JS, make_room, open_context, sit, wait_for_moves

pytestmark = pytest.mark.browser

PICKS = 4  # two turns of a two-player draft: the hands pass twice
HAND_JS = (
    f"() => Array.from(Bokeh.documents[0].get_model_by_name('{HAND_NAMES[0]}-cards').data.code)"
)
LEGAL_JS = f"""() => {{
  const d = Bokeh.documents[0].get_model_by_name('{DRAFT_BOARD}-legal').data;
  return Array.from(d.x).map((x, i) => [x, d.y[i]]);
}}"""


def marks(codes: list[str]) -> list[str]:
    """How a whole hand shows in a document (its code column, or codes in a row)."""
    return [json.dumps(codes, separators=(",", ":"))[1:-1], " ".join(codes)]


@pytest.fixture(scope="module")
def ecosystem_server(panel_server):
    return panel_server("ecosystem")


def open_draft(page):
    """A room's page opens on the draft table (not the scoring explorer)."""
    expect(page.locator(".eco-draft")).to_be_visible(timeout=30_000)
    return BokehFigure(page, HAND_NAMES[0]).wait_ready(), BokehFigure(
        page, DRAFT_BOARD
    ).wait_ready()


def test_two_people_draft_in_an_ecosystem_room_each_from_their_own_hand(browser, ecosystem_server):
    host_ctx, host, link = make_room(browser, ecosystem_server)
    guest_ctx, guest = open_context(browser, link)
    try:
        sit(guest, 1)
        expect(host.locator(".cole-room-seat-1")).to_contain_text("Guest 2", timeout=30_000)
        pages = [host, guest]
        figures = [open_draft(page) for page in pages]
        names = ["Host", "Guest 2"]
        for n in range(PICKS):
            mover = n % 2
            me, other = pages[mover], pages[1 - mover]
            for page in pages:
                wait_for_moves(page, n)
            me.wait_for_function(
                f"() => Bokeh.documents[0].get_model_by_name('{DRAFT_BOARD}-legal').data.x.length > 0",
                timeout=30_000,
            )
            expect(other.locator(".eco-turn")).to_contain_text(
                f"Waiting for {names[mover]} to pick", timeout=30_000
            )
            # each page shows its own hand: 11 cards less one per turn, less the card the
            # host has picked already in this turn
            sizes = [11 - n // 2 - (n % 2 if seat == 0 else 0) for seat in (0, 1)]
            hands = [
                page.wait_for_function(
                    f"() => {{ const h = ({HAND_JS})(); return h.length === {size} ? h : null; }}",
                    timeout=30_000,
                ).json_value()
                for page, size in zip(pages, sizes, strict=True)
            ]
            if n < 2:  # the first turn: neither has held the other's hand yet
                for seat, page in enumerate(pages):
                    held = page.evaluate(DOCUMENT_JS)
                    assert marks(hands[seat])[0] in held  # the search can find a hand
                    for mark in marks(hands[1 - seat]):
                        assert mark not in held, f"page {seat} holds the other hand: {mark}"
            if n == 0:  # the one waiting cannot pick: the page says who it waits for
                figures[1][0].click(0.5, 0.0)
                expect(other.locator(".cole-message")).to_contain_text(
                    "Host) is picking", timeout=30_000
                )
            hand, board = figures[mover]
            legal = me.evaluate(LEGAL_JS)
            hand.click(0.5, 0.0)
            board.click(*legal[len(legal) // 2])
            pass_button = me.get_by_role("button", name="Pass hands ▶")
            expect(pass_button).to_be_enabled(timeout=30_000)
            assert other.locator(".cole-room-moves").inner_text().startswith(f"{n} ")
            pass_button.click()
            for page in pages:
                wait_for_moves(page, n + 1)
            expect(other.locator(".cole-log")).to_contain_text(f"Player {mover + 1} placed")
        for page in pages:  # two passes: each holds a hand of 9 again
            page.wait_for_function(f"() => ({HAND_JS})().length === 9", timeout=30_000)
        expect(host.locator(".eco-turn")).to_contain_text("Round 1 of 2, pick 3 of 10")
    finally:
        guest_ctx.close()
        host_ctx.close()
