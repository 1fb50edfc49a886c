"""The Review tab in a real browser: finish a game, review it, click the worst move and see the
better move drawn on the board (Circle's Bokeh board; the card games' SVG picture)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from cole_panel.circle.board import BOARD_NAME
from cole_panel.circle.geometry import cell_center
from engines.circle import parse_label

from ..colours import near
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


TURNING_JS = """
() => Bokeh.documents[0].get_model_by_name('review-marks').data.label.length
"""


def _finish_in_a_room(browser, server):
    """Two browsers in one Circle room at radius 2 play MOVES, then E2 ends the game."""
    from engines.circle import Rules
    from engines.circle import new_game as new_circle

    from .test_rooms import LOAD_MS, open_context, sit, wait_for_board

    host_ctx, host = open_context(browser, f"{server.url}?radius=2", wait_for=".cole-room-create")
    host.locator(".cole-room-create button").click()
    link = host.locator(".cole-room-made a.cole-room-link")
    expect(link).to_be_visible(timeout=30_000)
    href = link.get_attribute("href")
    host.goto(href, timeout=LOAD_MS)
    expect(host.locator(".cole-room-you")).to_be_visible(timeout=LOAD_MS)
    guest_ctx, guest = open_context(browser, href)
    sit(guest, 1)
    pages = (host, guest)
    boards = [BokehFigure(p, BOARD_NAME).wait_ready() for p in pages]
    state = new_circle(Rules(radius=2))
    for label in [*MOVES.split(","), "E2"]:
        mover, cell = state.current_player, state.parse_action(label)
        boards[mover].click(*cell_center(cell))
        state.apply(cell)
        for page in pages:
            wait_for_board(page, state)
    assert state.is_over
    return (host_ctx, guest_ctx), pages


def test_both_seats_of_a_room_review_the_same_finished_game(browser, panel_server):
    """Two people finish a game in a room and review it at the same time on the server's one
    worker pool: both reviews finish, with the same turning points; the worst move's better
    move is drawn on each page's board; the page answers while the reviews run."""
    server = panel_server("circle")
    contexts, pages = _finish_in_a_room(browser, server)
    try:
        for page in pages:
            expect(page.get_by_text("cannot place a stone").first).to_be_visible(timeout=30_000)
            page.locator(".bk-tab", has_text="Review").click()
        for page in pages:
            page.get_by_role("button", name="Review this game").click()
        host, guest = pages
        # The room's page stays live meanwhile: a new name reaches the other page.
        box = host.locator(".cole-room-name input")
        box.fill("Ada")
        box.press("Enter")
        expect(guest.locator(".cole-room-seat-0")).to_contain_text("Ada", timeout=60_000)
        turning = []
        for page in pages:
            expect(page.locator(".cole-review-status")).to_contain_text("Reviewed", timeout=400_000)
            assert page.evaluate(TURNING_JS) == len(MOVES.split(",")) + 1  # every move marked
            turning.append(page.locator(".cole-turning-points button").all_inner_texts())
        assert turning[0] == turning[1] and turning[0]
        worst = turning[0][0]
        assert "better " in worst
        better = worst.rsplit("better ", 1)[1].rstrip(".")
        played = worst.split(":")[0].split()[-1]
        for page in pages:
            page.locator(".cole-turning-points button").first.click()
            expect(page.locator(".cole-review-why")).to_contain_text(worst.split(":")[0])
            page.wait_for_function(
                f"() => ({MARKED_JS})('review-better').length === 1", timeout=20_000
            )
            assert page.evaluate(MARKED_JS, "review-better") == [better]
            assert page.evaluate(MARKED_JS, "review-played") == [played]
    finally:
        for context in contexts:
            context.close()


def test_stop_ends_one_pages_review_and_leaves_the_other_seats_running(browser, panel_server):
    """In a room, both seats review the finished game; one presses Stop: her review says
    Stopped and draws no more positions, the other seat's review goes on to its end, and she
    can start hers again and see it through."""
    server = panel_server("circle")
    contexts, pages = _finish_in_a_room(browser, server)
    host, guest = pages
    try:
        for page in pages:
            expect(page.get_by_text("cannot place a stone").first).to_be_visible(timeout=30_000)
            page.locator(".bk-tab", has_text="Review").click()
            page.get_by_role("button", name="Review this game").click()
        host.wait_for_function(f"() => ({TURNING_JS})() >= 1", timeout=240_000)
        host.get_by_role("button", name="Stop").click()
        status = host.locator(".cole-review-status")
        expect(status).to_contain_text("Stopped", timeout=30_000)
        expect(host.get_by_role("button", name="Stop")).to_be_disabled()
        stopped_at = host.evaluate(TURNING_JS)
        moves = len(MOVES.split(",")) + 1
        assert 1 <= stopped_at < moves
        searched = status.inner_text()

        expect(guest.locator(".cole-review-status")).to_contain_text("Reviewed", timeout=400_000)
        assert guest.evaluate(TURNING_JS) == moves
        # The guest's whole review came and went meanwhile: the host's stayed where it stopped.
        assert host.evaluate(TURNING_JS) == stopped_at
        assert status.inner_text() == searched

        host.get_by_role("button", name="Review this game").click()
        expect(status).to_contain_text("Reviewed", timeout=400_000)
        assert host.evaluate(TURNING_JS) == moves
    finally:
        for context in contexts:
            context.close()


CARD_APPS = Path(__file__).parent / "apps"


def _mark_labels(page, kind: str) -> list[str]:
    marks = page.locator(f".cole-review-position svg .cole-mark-{kind}")
    return [marks.nth(i).get_attribute("data-label") for i in range(marks.count())]


@pytest.mark.parametrize("game", ["savannah", "ecosystem"])
def test_a_card_games_turning_point_is_drawn_with_both_moves_marked(game, own_server, open_page):
    """A finished card game reviewed: a turning point picked by keyboard shows the position
    drawn, the move played and the better one ringed, each named as a player says it.  (The
    server is asked for before the page, so the page closes before the server stops.)"""
    server = own_server(f"review_{game}", script=str(CARD_APPS / f"review_{game}.py"))
    page = open_page(server)
    page.locator(".bk-tab", has_text="Review").click()
    page.get_by_role("button", name="Review this game").click()
    expect(page.locator(".cole-review-status")).to_contain_text("Reviewed", timeout=400_000)
    turning = page.locator(".cole-turning-points button").first
    text = turning.inner_text()
    assert "better " in text  # a turning point names a better move
    played = text.split(":")[0].split(" ", 3)[3]  # "12. Player 1 the warthog: …"
    better = text.rsplit("better ", 1)[1].rstrip(".")
    turning.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".cole-review-why")).to_contain_text(text.split(":")[0])
    picture = page.locator(".cole-review-position svg")
    expect(picture.locator(".cole-mark-better").first).to_be_attached(timeout=20_000)
    played_marks, better_marks = _mark_labels(page, "played"), _mark_labels(page, "better")
    assert played_marks and set(played_marks) == {f"Played: {played}"}
    assert better_marks and set(better_marks) == {f"Better: {better}"}
    assert "#" not in played + better  # cards by name, never an engine id
    # The words stay for the screen reader.
    expect(page.locator(".cole-review-words")).to_contain_text(f"Better: {better}.")


CHART_JS = """() => {
    const v = Bokeh.index.query_one(v => v.model && v.model.name === 'review-chart' && v.frame);
    if (!v) return null;
    const value = c => (c && typeof c === 'object' && 'value' in c) ? c.value : c;
    const lines = v.model.renderers.filter(r => r.data_source && r.data_source.name !== 'review-marks');
    const legends = side => v.model[side].filter(m => m.name === 'review-legend').length;
    return {lines: lines.map(r => value(r.glyph.line_color)), below: legends('below'),
            inside: legends('center')};
}"""


def test_the_review_chart_draws_each_player_in_the_tables_colour_with_its_legend_below(
    panel_server, open_page
):
    """Issue 38, Deliver 5: Savannah's Player 1 was orange on the Review chart and pink on the
    table (the chart had Circle's colours), and the chart's legend covered its first moves."""
    server = panel_server("savannah")
    page = open_page(server, f"{server.url}?players=3&seed=4&speed=0")
    turn = page.locator(".cole-turn")
    expect(turn).to_contain_text("Player 1 to play", timeout=60_000)
    # Player 1's colour as the page draws the player (the dot of the turn line, as on the table)
    seat = turn.locator("span").first.evaluate("e => getComputedStyle(e).color")
    page.locator(".bk-tab", has_text="Review").click()
    page.wait_for_function(f"() => ({CHART_JS})() !== null", timeout=60_000)
    chart = page.evaluate(CHART_JS)
    assert len(chart["lines"]) == 3, chart
    assert near(chart["lines"][0], seat), f"Player 1: {chart['lines'][0]} on the chart, {seat}"
    assert len(set(chart["lines"])) == 3, f"two players share a colour: {chart['lines']}"
    assert chart["below"] == 1 and chart["inside"] == 0, f"the legend is over the lines: {chart}"
