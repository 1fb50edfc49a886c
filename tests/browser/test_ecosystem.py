"""Ecosystem: Savanna in a real browser: Chromium clicks the app served by `panel serve`."""

from __future__ import annotations

import re
import time
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import expect

from cole_panel.ecosystem.draft.view import DRAFT_BOARD, HAND_NAMES
from cole_panel.ecosystem.explorer.view import EXPLORER_BOARD
from cole_panel.ecosystem.geometry import cell_center
from engines.ecosystem import parse_cell_label

from .conftest import PAGE_LOAD_TIMEOUT_MS, BokehFigure, artifact

pytestmark = pytest.mark.browser

CELLS_JS = """
name => {
  const d = Bokeh.documents[0].get_model_by_name(name + '-cells').data;
  const out = {};
  for (let i = 0; i < d.cell.length; i++) if (d.card[i]) out[d.cell[i]] = [d.card[i], d.face[i]];
  return out;
}
"""
PARK_AT_EACH_DRAW_JS = """name => {
  window.coleDrawn = [];
  const cells = Bokeh.documents[0].get_model_by_name(name + '-cells');
  cells.connect(cells.change, () => window.coleDrawn.push(
    [Array.from(cells.data.card).filter(c => c).length, location.search]));
}"""
"""Records, each time the explorer's board draws its cards, how many there are and the address
then."""
COUNT_JS = "([name, key]) => Bokeh.documents[0].get_model_by_name(name + '-' + key).data.x.length"
XY_JS = """([name, key]) => {
  const d = Bokeh.documents[0].get_model_by_name(name + '-' + key).data;
  return Array.from(d.x).map((x, i) => [x, d.y[i]]);
}"""


@pytest.fixture(scope="module")
def server(panel_server):
    return panel_server("ecosystem")


def open_explorer(open_page, server):
    page = open_page(server)
    board = BokehFigure(page, EXPLORER_BOARD).wait_ready()
    return page, board


def click_cell(board: BokehFigure, label: str, park=None, variant: str = "classic") -> None:
    board.click(*cell_center(variant, park, parse_cell_label(label)))


def cards(page, name: str = EXPLORER_BOARD) -> dict[str, list[str]]:
    """What the browser draws on a board: {cell label: [code, 'up' | 'down']}."""
    return page.evaluate(CELLS_JS, name)


def wait_for_cards(page, expected: dict, name: str = EXPLORER_BOARD, timeout: float = 15) -> None:
    deadline = time.monotonic() + timeout
    while (seen := cards(page, name)) != expected:
        assert time.monotonic() < deadline, f"board shows {seen}, expected {expected}"
        page.wait_for_timeout(50)


def wait_for_face(page, cell: str, face: str, name: str = EXPLORER_BOARD) -> None:
    """Wait until the browser draws the card at ``cell`` face ``face`` ('up' or 'down')."""
    page.wait_for_function(f"() => ({CELLS_JS})('{name}')['{cell}'][1] === '{face}'")


def start_steps(page):
    """Press Start ▶ in the scoring explorer and wait for step 0; the step caption."""
    step = page.locator(".eco-step")
    page.get_by_role("button", name="Start ▶").click()
    expect(step).to_contain_text("Step 0 of 11")
    return step


def choose(page, card: str) -> None:
    """Pick a card type (or the eraser) in the palette and wait until the server has it."""
    page.get_by_role("button", name=card, exact=True).click()
    expected = "Clicks empty a cell" if card == "Eraser" else f"Clicks put {card.lower()}s"
    expect(page.locator(".eco-brush")).to_contain_text(expected)


def explorer(page):
    return page.locator(".eco-explorer")


def total(page):
    return page.locator(".eco-total-value")


# ---- the scoring explorer ---------------------------------------------------------------


def test_build_a_park_by_clicking_and_see_the_score_change(open_page, server):
    page, board = open_explorer(open_page, server)
    expect(total(page)).to_have_text("86")
    page.get_by_role("button", name="Clear park").click()
    expect(total(page)).to_have_text("0")
    choose(page, "Grassland")
    click_cell(board, "B2")
    expect(total(page)).to_have_text("1")
    click_cell(board, "B3")
    expect(total(page)).to_have_text("4")
    breakdown = page.locator(".eco-breakdown")
    expect(breakdown).to_contain_text("group of 2 grasslands")
    choose(page, "Zebra")
    click_cell(board, "A2")
    expect(total(page)).to_have_text("7")
    expect(breakdown).to_contain_text("zebra at A2: 1 grassland next to it")
    wait_for_cards(page, {"A2": ["ZB", "up"], "B2": ["GR", "up"], "B3": ["GR", "up"]})
    bars = page.evaluate("""() => {
        const d = Bokeh.documents[0].get_model_by_name('eco-bars-source').data;
        const out = {}; for (let i = 0; i < d.category.length; i++) out[d.category[i]] = d.points[i];
        return out; }""")
    assert bars["Zebras"] == 3 and bars["Grasslands"] == 4 and bars["Trees"] == 0
    click_cell(board, "A2")  # a zebra again: nothing changes
    choose(page, "Eraser")
    click_cell(board, "B3")
    expect(total(page)).to_have_text("4")  # 1 grassland + a zebra next to it
    expect(breakdown).to_contain_text("grassland at B2 on its own")
    breakdown.get_by_text("zebra at A2: 1 grassland next to it").click()
    page.wait_for_function(f"() => ({COUNT_JS})(['{EXPLORER_BOARD}', 'hl_main']) === 1")
    page.screenshot(path=str(artifact("ecosystem-explorer-built.png")), full_page=True)


def cards_in(search: str) -> int | None:
    """How many cards the park in an address (``?park=GR......../…``) holds (None: no park)."""
    parks = parse_qs(search.lstrip("?")).get("park")
    if not parks:
        return None
    park = parks[0].replace("/", "")
    return sum(park[i : i + 2] != ".." for i in range(0, len(park), 2))


def test_the_address_holds_each_park_as_it_is_drawn_and_a_reload_opens_it(open_page, server):
    """Circle's address once changed 5-12 ms after its board was drawn (a reload then lost the
    move); the explorer's link watches the park before the board does: at each draw the
    address bar already holds the park drawn, and a reload opens that park."""
    page, board = open_explorer(open_page, server)
    expect(total(page)).to_have_text("86")
    page.evaluate(PARK_AT_EACH_DRAW_JS, EXPLORER_BOARD)
    page.get_by_role("button", name="Clear park").click()
    expect(total(page)).to_have_text("0")
    choose(page, "Grassland")
    for cell in ("B2", "B3", "C3"):
        click_cell(board, cell)
    built = {cell: ["GR", "up"] for cell in ("B2", "B3", "C3")}
    wait_for_cards(page, built)
    drawn = page.evaluate("window.coleDrawn")
    assert [n for n, _ in drawn][-4:] == [0, 1, 2, 3], drawn
    assert [cards_in(search) for _, search in drawn] == [n for n, _ in drawn], drawn
    expect(total(page)).to_have_text("9")  # a group of 3 grasslands
    page.reload(timeout=PAGE_LOAD_TIMEOUT_MS)
    BokehFigure(page, EXPLORER_BOARD).wait_ready()
    wait_for_cards(page, built)
    expect(total(page)).to_have_text("9")


def test_the_breakdowns_points_header_is_shown_whole(open_page, server):
    """The column was too narrow for its bold title, which read 'Poi…'."""
    page, _ = open_explorer(open_page, server)
    title = page.locator(
        ".eco-breakdown .tabulator-col[tabulator-field=points] .tabulator-col-title"
    )
    expect(title).to_have_text("Points")
    assert title.evaluate("e => e.scrollWidth <= e.clientWidth"), "the 'Points' header is cut"


def test_step_through_the_scoring_and_see_a_gazelle_flip(open_page, server):
    page, board = open_explorer(open_page, server)
    step = start_steps(page)
    expect(step).to_contain_text("Step 0 of 11: before scoring")
    expect(page.locator(".eco-so-far")).to_have_text("0")
    expect(total(page)).to_have_text("86")  # the headline keeps the final total
    for _ in range(6):
        page.get_by_role("button", name="Next ▶").click()
    expect(step).to_contain_text("Step 6 of 11: Giraffes +10 (total 60).")
    assert cards(page)["A2"] == ["GZ", "up"]
    page.get_by_role("button", name="Next ▶").click()
    expect(step).to_contain_text("Step 7 of 11: Cheetahs +6 (total 66). Flipped face down: A2, D5.")
    wait_for_face(page, "A2", "down")
    seen = cards(page)
    assert seen["A2"] == ["GZ", "down"] and seen["D5"] == ["GZ", "down"]
    assert seen["B4"] == ["GZ", "up"]
    page.get_by_role("button", name="Next ▶").click()
    lion = page.locator(".eco-lion")
    expect(lion).to_contain_text("The lion at A5 flips the zebra at C3")
    page.get_by_text("Flip the gazelle at B4 (final total 83)").click()
    expect(total(page)).to_have_text("83")
    wait_for_face(page, "B4", "down")
    page.screenshot(path=str(artifact("ecosystem-explorer-steps.png")), full_page=True)
    page.get_by_role("button", name="« Start").click()
    expect(step).to_contain_text("Step 0 of 11")
    wait_for_face(page, "A2", "up")


def test_a_malformed_park_text_is_refused_and_the_park_kept(open_page, server):
    page, board = open_explorer(open_page, server)
    before = cards(page)
    text = explorer(page).locator("textarea")
    text.fill("EL GZ EL WH LI\nGR ZQ CH GZ GR\nGR GR ZB TR GF\nTR GF WH HY GZ")
    page.get_by_role("button", name="Apply text").click()
    message = explorer(page).locator(".cole-message")
    expect(message).to_contain_text(
        "Park text not applied: row 2, column 2: unknown card code 'ZQ'. The park is unchanged."
    )
    expect(total(page)).to_have_text("86")
    assert cards(page) == before
    text.fill("GR GR ZB .. ..\n.. .. .. .. ..\n.. .. .. .. ..\n.. .. .. .. ..")
    page.get_by_role("button", name="Apply text").click()
    expect(total(page)).to_have_text("7")
    wait_for_cards(page, {"A1": ["GR", "up"], "A2": ["GR", "up"], "A3": ["ZB", "up"]})


# ---- the draft table ------------------------------------------------------------------------


def test_play_a_whole_two_player_draft_against_a_bot(open_page, server):
    page, _ = open_explorer(open_page, server)
    page.locator(".bk-tab", has_text="Draft table").click()
    draft = page.locator(".eco-draft")
    hand = BokehFigure(page, HAND_NAMES[0]).wait_ready()
    board = BokehFigure(page, DRAFT_BOARD).wait_ready()
    turn = draft.locator(".eco-turn")
    expect(turn).to_contain_text("Round 1 of 2, pick 1 of 10: Player 1 (you) to pick")
    pass_button = page.get_by_role("button", name="Pass hands ▶")

    def wait_my_turn(cards_in_hand: int) -> None:
        page.wait_for_function(
            "([hand, park, n]) => { const doc = Bokeh.documents[0];"
            " return doc.get_model_by_name(hand + '-cards').data.x.length === n &&"
            " doc.get_model_by_name(park + '-legal').data.x.length > 0; }",
            arg=[HAND_NAMES[0], DRAFT_BOARD, cards_in_hand],
            timeout=20_000,
        )

    def place_first_card() -> None:
        legal = page.evaluate(XY_JS, [DRAFT_BOARD, "legal"])
        hand.click(0.5, 0.0)
        board.click(*legal[len(legal) // 2])

    for n in range(20):
        wait_my_turn(11 - n % 10)
        place_first_card()
        expect(pass_button).to_be_enabled()
        if n == 0:  # take the first pick back, then pick again
            page.get_by_role("button", name="Undo").click()
            expect(draft.locator(".cole-message")).to_contain_text("Took back your")
            wait_my_turn(11)
            place_first_card()
            expect(pass_button).to_be_enabled()
            page.screenshot(path=str(artifact("ecosystem-draft-pending.png")), full_page=True)
        pass_button.click()
        if n == 0:
            expect(draft.locator(".cole-log")).to_contain_text("Player 2 placed", timeout=60_000)
            expect(draft.locator(".eco-hand-title-0")).to_contain_text(
                re.compile(r"Player 2 \(Greedy bot\) passed you this hand after taking an? ")
            )

    final = draft.locator(".eco-final")
    expect(final).to_be_visible(timeout=20_000)
    expect(final).to_contain_text("Total")
    expect(final).to_contain_text("Player 1 (you)")
    expect(final).to_contain_text("Player 2 (Greedy bot)")
    expect(page.locator(".cole-game-over")).to_contain_text(re.compile("wins|share the win"))
    assert len(cards(page, DRAFT_BOARD)) == 20
    page.screenshot(path=str(artifact("ecosystem-draft-final.png")), full_page=True)
    page.get_by_role("button", name="Step through the final scoring ▶").click()
    # Loading the finished parks into the explorer rebuilds its boards: slow on a busy machine.
    expect(page.locator(".eco-step")).to_contain_text("Step 0 of", timeout=20_000)
    assert cards(page) == {
        label: [code, "up"] for label, (code, _) in cards(page, DRAFT_BOARD).items()
    }
    page.get_by_role("button", name="End »").click()
    expect(page.locator(".eco-total")).to_contain_text(re.compile(r"after vultures"))
    page.screenshot(path=str(artifact("ecosystem-explorer-final-parks.png")), full_page=True)
