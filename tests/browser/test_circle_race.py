"""The race in a real browser: legal-cell counts and the overlay change with moves and the past."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from cole_panel.circle.board import BOARD_NAME
from engines.circle import replay
from engines.circle.race import race

from .conftest import BokehFigure, artifact
from .test_circle import click, message, wait_for_stones

pytestmark = pytest.mark.browser

# Orange's 4-line E5–E8 blocks its 12 neighbours for Orange; Black's 3-line A1–A3 blocks nothing.
KNOWN = "E5,A1,E6,A2,E7,A3,E8"

OVERLAY_JS = """
() => {
  const doc = Bokeh.documents[0];
  const d = doc.get_model_by_name('circle-race').data;
  const counts = {};
  Array.from(d.marker).forEach(m => { counts[m] = (counts[m] || 0) + 1; });
  return [doc.get_model_by_name('circle-race-marks').visible, counts];
}
"""


@pytest.fixture(scope="module")
def server(panel_server):
    return panel_server("circle")


def open_known(open_page, server):
    page = open_page(server)
    page.goto(f"{server.url}?moves={KNOWN}")
    board = BokehFigure(page, BOARD_NAME).wait_ready()
    wait_for_stones(page, 7)
    return page, board


def until(page, act, condition_js: str, tries: int = 4) -> None:
    """Do ``act`` until ``condition_js`` holds: an event can be lost while a loaded page settles."""
    for attempt in range(tries):
        act()
        try:
            page.wait_for_function(condition_js, timeout=10_000)
            return
        except PlaywrightTimeout:
            if attempt == tries - 1:
                raise


def cells_text(page, player: int):
    return page.locator(f".cole-cells-{player}")


def test_counts_and_overlay_follow_the_moves_and_the_past(open_page, server):
    page, board = open_known(open_page, server)
    before = race(replay(KNOWN.split(",")))
    assert before.counts == (42, 54)
    expect(cells_text(page, 0)).to_contain_text("may still place on 42 cells")
    expect(cells_text(page, 1)).to_contain_text("may still place on 54 cells")

    visible, shapes = page.evaluate(OVERLAY_JS)
    assert not visible
    toggle = page.locator(".cole-race-toggle input")
    until(
        page,
        lambda: toggle.check(),
        "() => Bokeh.documents[0].get_model_by_name('circle-race-marks').visible",
    )
    visible, shapes = page.evaluate(OVERLAY_JS)
    assert visible and shapes == {"square": 12, "circle": 42}  # ■ only Black, ○ both
    expect(page.locator(".cole-race")).to_contain_text("only Black: 12")
    page.screenshot(path=str(artifact("circle-race-overlay.png")), full_page=True)

    click(board, "E9")  # Black's singleton eats Orange's 4-line: the blocked cells reopen
    expect(message(page)).to_contain_text("ate an Orange 4-line (4 stones)")
    expect(cells_text(page, 0)).to_contain_text("may still place on 57 cells")
    expect(cells_text(page, 1)).to_contain_text("may still place on 57 cells")
    page.wait_for_function(
        "() => !Array.from(Bokeh.documents[0].get_model_by_name('circle-race').data.marker)"
        ".includes('square')"
    )

    page.locator(".bk-tab", has_text="Moves").click()
    page.locator(".cole-moves select").select_option("7. Orange E8")
    expect(cells_text(page, 0)).to_contain_text("may still place on 42 cells")
    visible, shapes = page.evaluate(OVERLAY_JS)
    assert shapes == {"square": 12, "circle": 42}
    expect(page.locator(".cole-moves select")).to_contain_text("8. Black E9 ✕ ate 4")


def test_hovering_outlines_the_critter_and_the_stones_it_would_eat(open_page, server):
    page, board = open_known(open_page, server)
    from cole_panel.circle.geometry import cell_center
    from engines.circle import parse_label

    def hover() -> None:
        board.hover(*cell_center(parse_label("E5")))  # away, then onto the cell
        board.hover(*cell_center(parse_label("E9")))

    until(
        page,
        hover,
        "() => Bokeh.documents[0].get_model_by_name('circle-info').text.includes('E9 · ')",
    )
    expect(page.locator(".circle-info")).to_contain_text("E9 · Black here makes a singleton")
    expect(page.locator(".circle-info")).to_contain_text("only Black can place here")
    eaten = page.evaluate("() => Bokeh.documents[0].get_model_by_name('circle-eat').data.x.length")
    formed = page.evaluate(
        "() => Bokeh.documents[0].get_model_by_name('circle-form').data.q.length"
    )
    assert (eaten, formed) == (4, 1)
    page.screenshot(path=str(artifact("circle-hover-outline.png")), full_page=True)
    # After a click the explanation stays under the board, not over it.
    click(board, "E9")
    wait_for_stones(page, 4)
    box = page.locator(".circle-info").bounding_box()
    top = board.pixel(0, -8)[1]
    assert box is not None and box["y"] >= top
