"""Every point explained (issue 13) in a real browser: the row table, lines that say where,
harm in its own colour, steps that follow edits, the two-park final board, shared links."""

from __future__ import annotations

import functools
import re

import pytest
from playwright.sync_api import expect

from cole_panel.ecosystem.board import HARM_LINE
from cole_panel.ecosystem.draft.view import DRAFT_BOARD, HAND_NAMES
from cole_panel.ecosystem.explorer.view import EXPLORER_BOARD
from cole_panel.ecosystem.style import GOLD

from .conftest import artifact, show_settings
from .test_ecosystem import (
    COUNT_JS,
    XY_JS,
    cards,
    click_cell,
    explorer,
    open_explorer,
    start_steps,
    total,
    wait_for_cards,
    wait_for_face,
)

pytestmark = pytest.mark.browser

TWO = (
    "GZ LI GR GR .. | EL ZB TR .. ..\n"
    ".. .. .. .. .. | .. .. .. .. ..\n"
    ".. .. .. .. .. | .. .. .. .. ..\n"
    ".. .. .. .. .. | .. .. .. .. .."
)
LINE_COLOUR_JS = """name => {
  const doc = Bokeh.documents[0];
  const source = doc.get_model_by_name(name);
  for (const m of doc.all_models) {
    if (m.data_source === source && m.glyph && m.glyph.line_color != null) {
      const c = m.glyph.line_color; return typeof c === 'string' ? c : c.value;
    }
  }
  return null;
}"""


# Generous waits: CI has 2 cores, and a page of this app takes a while to build under load.
expect.set_options(timeout=60_000)
LOAD_MS = 300_000


@pytest.fixture(scope="module")
def server(panel_server):
    return panel_server("ecosystem")


@pytest.fixture
def open_page(open_page):
    """The shared ``open_page`` with waits fit for a loaded machine."""
    return functools.partial(open_page, timeout_ms=60_000, load_ms=LOAD_MS)


def select_with(page, option: str):
    """The drop-down that offers exactly ``option`` (served, the sidebar's come first)."""
    return page.locator(
        "select", has=page.locator("option", has_text=re.compile(f"^{re.escape(option)}$"))
    ).first


def apply_text(page, text: str) -> None:
    explorer(page).locator(".bk-tab", has_text="Park text").click()
    explorer(page).locator("textarea").fill(text)
    page.get_by_role("button", name="Apply text").click()


def two_parks(page) -> None:
    select_with(page, "One park").select_option(label="Two parks")
    expect(page.locator(".eco-row-table")).to_be_visible()
    apply_text(page, TWO)
    expect(explorer(page).locator(".cole-message")).to_contain_text("Park text applied")


def test_editing_the_row_table_changes_the_total(open_page, server):
    page, _ = open_explorer(open_page, server)
    two_parks(page)
    rows = page.locator(".eco-row-table")
    expect(rows).to_contain_text("Kinds")
    expect(page.locator(".eco-row-hit-5")).to_contain_text("A")  # row A has 5 kinds
    breakdown = page.locator(".eco-breakdown")
    expect(breakdown).to_contain_text(
        "row A: 5 kinds of face-up card (grassland, tree, zebra, lion, elephant); "
        "face down, not counted: West A1 (gazelle)"
    )
    # The total of the two parks, read once the page shows their scoring (on a loaded server
    # the total read straight after "Park text applied" could still be the one-park total).
    before = int(total(page).inner_text())
    explorer(page).locator(".bk-tab", has_text="Options").click()
    field = page.locator(".eco-row-points input")
    field.fill("0 0 0 0 1 20 6 10 15 21 28")
    field.press("Enter")
    expect(total(page)).to_have_text(str(before + 17))
    expect(rows).to_contain_text("20")
    page.screenshot(path=str(artifact("ecosystem-row-table.png")), full_page=True)


def test_a_two_park_line_lights_only_its_park(open_page, server):
    page, _ = open_explorer(open_page, server)
    two_parks(page)
    page.locator(".eco-breakdown").get_by_text("Park West: group of 2 grasslands").click()
    # The main cell and its helper are two sources, each sent on its own: wait for both
    lit_js = f"""() => ({COUNT_JS})(['{EXPLORER_BOARD}', 'hl_main']) === 1 &&
        ({COUNT_JS})(['{EXPLORER_BOARD}', 'hl_help']) === 1"""
    page.wait_for_function(lit_js)
    lit = page.evaluate(XY_JS, [EXPLORER_BOARD, "hl_main"]) + page.evaluate(
        XY_JS, [EXPLORER_BOARD, "hl_help"]
    )
    assert len(lit) == 2 and all(x < 5 for x, _ in lit)  # Park West spans x 0..5


def test_an_elephants_neighbours_are_lit_as_a_cost_in_their_own_colour(open_page, server):
    page, _ = open_explorer(open_page, server)
    apply_text(page, "EL GZ .. .. ..\nZB .. .. .. ..\n.. .. .. .. ..\n.. .. .. .. ..")
    expect(total(page)).to_have_text("6")  # gazelle 2, second-most gazelles 2, elephant 6 - 2 × 2
    page.locator(".eco-breakdown").get_by_text("elephant at A1: 2 face-up animals").click()
    page.wait_for_function(f"() => ({COUNT_JS})(['{EXPLORER_BOARD}', 'hl_harm']) === 2")
    assert page.evaluate(f"() => ({COUNT_JS})(['{EXPLORER_BOARD}', 'hl_help'])") == 0
    harm = page.evaluate(LINE_COLOUR_JS, f"{EXPLORER_BOARD}-hl_harm")
    help_ = page.evaluate(LINE_COLOUR_JS, f"{EXPLORER_BOARD}-hl_help")
    assert harm.lower() == HARM_LINE.lower() and help_.lower() == GOLD.lower()
    page.screenshot(path=str(artifact("ecosystem-harm.png")), full_page=True)


def test_an_edit_leaves_step_mode(open_page, server):
    page, board = open_explorer(open_page, server)
    step = start_steps(page)
    page.get_by_role("button", name="End »").click()
    expect(step).to_contain_text("Step 11 of 11")
    wait_for_face(page, "A2", "down")
    page.get_by_role("button", name="Eraser", exact=True).click()
    expect(page.locator(".eco-brush")).to_contain_text("Clicks empty a cell")
    click_cell(board, "D1")
    expect(explorer(page).locator(".cole-message")).to_contain_text(
        "Step-by-step mode is off: the park changed."
    )
    expect(page.locator(".eco-so-far")).to_have_count(0)  # no "Step n of 11: … so far"
    seen = cards(page)
    assert "D1" not in seen


def test_a_shared_link_reopens_the_park_in_another_browser(open_page, server):
    page, board = open_explorer(open_page, server)
    click_cell(board, "D1")  # a grassland where the tree was
    expect(total(page)).not_to_have_text("86")
    shown = total(page).inner_text()
    link = page.locator(".cole-link input")
    expect(link).to_have_value(re.compile(r"\?park=ELGZELWHLI/GRZBCHGZGR/GRGRZBTRGF/GRGF"))
    page.wait_for_function("() => window.location.search.startsWith('?park=ELGZ')")
    page.get_by_role("button", name="Copy link").click()
    expect(page.get_by_role("button", name="Copied")).to_be_visible()
    url = link.input_value()

    other = open_page(server, url)  # a second browser context: its own session
    expect(total(other)).to_have_text(shown, timeout=60_000)
    expect(explorer(other).locator(".cole-message")).to_contain_text("Opened a shared park")
    wait_for_cards(other, cards(page))

    bad = open_page(server, f"{server.url}?park=XX&elephant_floor=0&colour=red")
    expect(explorer(bad).locator(".cole-message")).to_contain_text(
        "colour: there is no such parameter", timeout=60_000
    )
    expect(explorer(bad).locator(".cole-message")).to_contain_text("park: write 4 rows")
    expect(total(bad)).to_have_text("86")


@pytest.mark.outside_requests(
    "when the draft hands the two parks to the explorer, a pane rebuilt outside its document asks "
    "the CDN for Panel's loading.css (found, not yet removed: the explorer's score under the park)",
    "cdn.holoviz.org",
)
def test_a_two_park_draft_ends_with_each_park_as_scored(open_page, server):
    page, _ = open_explorer(open_page, server)
    page.locator(".bk-tab", has_text="Draft table").click()
    draft = page.locator(".eco-draft")
    show_settings(draft)
    select_with(page, "Two parks (West and East)").select_option(label="Two parks (West and East)")
    page.get_by_role("button", name="New game", exact=True).click()
    expect(draft.locator(".eco-hand-title-1")).to_contain_text("Your East hand")
    pass_button = page.get_by_role("button", name="Pass hands ▶")
    page.get_by_role("button", name="Pick for me").click()
    expect(pass_button).to_be_enabled(timeout=60_000)  # both parks filled by one click
    assert page.evaluate(f"() => ({COUNT_JS})(['{DRAFT_BOARD}', 'pending'])") == 2
    expect(draft.locator(".eco-direction")).to_contain_text("West hands pass ⟳ clockwise")
    expect(draft.locator(".eco-direction")).to_contain_text("East hands pass ⟲ anticlockwise")
    pass_button.click()
    draft.locator(".bk-tab", has_text="Hands seen").click()
    expect(draft.locator(".eco-seen")).to_contain_text("Pick 1 West")
    # Player 1's seat goes to a bot: the bots finish the game
    show_settings(draft)
    select_with(page, "Greedy").select_option(label="Greedy")
    final = draft.locator(".eco-final")
    expect(final).to_be_visible(timeout=600_000)  # 80 bot picks; slow on a loaded machine
    expect(draft).to_contain_text("Player 1 (Greedy bot)'s parks")
    expect(draft).not_to_contain_text("your parks")
    for name in HAND_NAMES:  # no hand strip is left on the table
        assert page.evaluate(f"() => ({COUNT_JS})(['{name}', 'cards'])") == 0
    expect(draft.locator(".eco-hand-title-0")).to_be_hidden()
    shown = cards(page, DRAFT_BOARD)
    assert len(shown) == 40
    down = [cell for cell, (_, face) in shown.items() if face == "down"]
    assert page.evaluate(f"() => ({COUNT_JS})(['{DRAFT_BOARD}', 'badges'])") == len(down)
    breakdown = draft.locator(".eco-final-breakdown")
    expect(breakdown).to_contain_text("Why Player 1 (Greedy bot) scores")
    breakdown.locator("summary").first.click()
    expect(breakdown.locator("details").first).to_be_visible()
    page.screenshot(path=str(artifact("ecosystem-two-park-final.png")), full_page=True)
    draft.get_by_role("button", name="Enlarge").first.click()
    expect(draft).to_contain_text("Player 2 (Greedy bot)'s parks")
    page.get_by_role("button", name="Step through the final scoring ▶").click()
    expect(page.locator(".eco-step")).to_contain_text("Step 0 of")
