"""On the Savannah with the keyboard alone: the tabs' jumps come first, and every Tab stop
through the Cards table and the score sheet names something (issue 25, Deliver 4 and 5).

What a stop is called is read from Chromium's own accessibility tree (the DevTools protocol's
``Accessibility.getFullAXTree``), the name a screen reader would say.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from cole_panel.savannah import SavannahModel
from cole_panel.savannah.hand import HAND_NAME

from .conftest import BokehFigure, artifact, show_settings
from .test_keys import FOCUSED_TEXT_JS, WAIT
from .test_screens import AXE, _settled_problems

pytestmark = pytest.mark.browser

# Whether the focused element (followed down through shadow roots) is in the page's main area.
IN_MAIN_JS = """() => {
  let e = document.activeElement;
  while (e && e.shadowRoot && e.shadowRoot.activeElement) e = e.shadowRoot.activeElement;
  const main = document.getElementById("main");
  for (let at = e; at; at = at.parentNode || at.host) if (at === main) return true;
  return false;
}"""
# How far the region named ``label`` has scrolled, and how far it can.
REGION_SCROLL_JS = """label => {
  const walk = root => {
    for (const e of root.querySelectorAll("*")) {
      if (e.getAttribute("role") === "region" && e.getAttribute("aria-label") === label)
        return [e.scrollTop, e.scrollHeight - e.clientHeight];
      if (e.shadowRoot) { const found = walk(e.shadowRoot); if (found) return found; }
    }
    return null;
  };
  return walk(document);
}"""
JUMPS = ["Play", "Review", "Cards", "Puzzles", "How to play", "Learn"]


@pytest.fixture(scope="module")
def savannah(panel_server):
    return panel_server("savannah")


def spoken(cdp) -> tuple[str, str]:
    """The role and the accessible name Chromium gives the focused element ('' for none)."""
    for node in cdp.send("Accessibility.getFullAXTree")["nodes"]:
        role = node.get("role", {}).get("value", "")
        focused = any(
            p["name"] == "focused" and p["value"].get("value") for p in node.get("properties", [])
        )
        if focused and role != "RootWebArea":
            return role, " ".join((node.get("name", {}).get("value") or "").split())
    return "", ""


def tab_into_main(page, limit: int = 80) -> None:
    """Tab from the top of the page until the focus enters the main area (past the header's
    links and the sidebar)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(IN_MAIN_JS):
            return
    raise AssertionError("Tab never reached the page's main area")


def stops_in_main(page, cdp, limit: int = 120, on_stop=None) -> list[tuple[str, str]]:
    """(role, name) of each Tab stop from the focused one on, until the focus leaves the main
    area; ``on_stop(role, name)`` runs at each (a test may press keys there)."""
    stops = []
    while page.evaluate(IN_MAIN_JS):
        stops.append(spoken(cdp))
        if on_stop is not None:
            on_stop(*stops[-1])
        assert len(stops) < limit, f"more than {limit} stops: {stops}"
        page.keyboard.press("Tab")
    return stops


def scrolls_by_keyboard(page, label: str) -> None:
    """With the focus on the region ``label``: PageDown scrolls it (when it has more to show)."""
    top, most = page.evaluate(REGION_SCROLL_JS, label)
    assert top == 0, f"{label} had scrolled before any key: {top}"
    if most > 0:
        page.keyboard.press("PageDown")
        page.wait_for_function(f"() => ({REGION_SCROLL_JS})({label!r})[0] > 0", timeout=WAIT)
        page.keyboard.press("Home")
        page.wait_for_function(f"() => ({REGION_SCROLL_JS})({label!r})[0] === 0", timeout=WAIT)


def no_serious_axe(page) -> None:
    page.add_script_tag(path=str(AXE))
    assert _settled_problems(page) == []


def named_stops_around(page, cdp, region: str, record: str) -> list:
    """Tab through the main area (scrolling ``region`` by keyboard when it is reached), keep
    the stops in the artifact ``record``, and check every stop has a name and ``region`` is
    exactly one stop."""

    def scroll_the_region(role: str, name: str) -> None:
        if name == region:
            scrolls_by_keyboard(page, name)

    stops = stops_in_main(page, cdp, on_stop=scroll_the_region)
    artifact(record).write_text("\n".join(map(str, stops)))
    unnamed = [i for i, (_, name) in enumerate(stops) if not name]
    assert not unnamed, f"stops {unnamed} have no name: {stops}"
    assert stops.count(("region", region)) == 1, stops
    return stops


def test_the_tab_jumps_come_first_and_every_stop_of_the_cards_table_is_named(open_page, savannah):
    """The first stops of the main area are one jump per tab; Enter on "Cards" shows the card
    reference; Tab then goes through it and its tab headers, each stop with a name, the table
    once (a region that PageDown scrolls), never a cell that drops the focus."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: `make axe` fetches axe-core from npm", pytrace=False)
    page = open_page(savannah, savannah.url + "?seed=3&players=2")
    BokehFigure(page, HAND_NAME).wait_ready()
    cdp = page.context.new_cdp_session(page)
    tab_into_main(page)
    first = []
    for _ in JUMPS:
        first.append(spoken(cdp))
        page.keyboard.press("Tab")
    assert first == [("button", name) for name in JUMPS]
    for _ in range(len(JUMPS) - JUMPS.index("Cards")):
        page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUSED_TEXT_JS) == "Cards"
    page.keyboard.press("Enter")
    expect(page.locator(".bk-tab.bk-active")).to_have_text("Cards", timeout=WAIT)
    expect(page.locator(".cole-deck")).to_contain_text("Hunt (top to bottom)", timeout=WAIT)
    page.wait_for_function("() => typeof window.coleNameControls === 'function'")
    page.wait_for_timeout(500)  # the table drawn on opening is named a moment later

    stops = named_stops_around(page, cdp, "Cards table", "keys-savannah-cards-stops.txt")
    assert ("combobox", "Group") in stops
    cut = page.locator(".cole-deck .tabulator-col-title").evaluate_all(
        "titles => titles.filter(t => t.scrollWidth > t.clientWidth).map(t => t.textContent)"
    )
    assert cut == [], f"headers cut: {cut}"  # they read 'L…', 'C…', 'Big…'
    page.screenshot(path=str(artifact("keys-savannah-cards.png")))
    no_serious_axe(page)


def test_every_stop_of_the_finished_game_and_its_score_sheet_is_named(open_page, savannah):
    """Once the bots have finished the game, Tab from the jumps through the whole Play tab:
    every stop has a name, the score sheet is one (a region), and axe finds nothing serious."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: `make axe` fetches axe-core from npm", pytrace=False)
    settings = dict(players=2, seed=4, start_row=30)
    page = open_page(savannah, savannah.url + "?players=2&seed=4&start_row=30&speed=0")
    BokehFigure(page, HAND_NAME).wait_ready()
    show_settings(page)
    page.get_by_role("button", name="Let bots finish the game").click()
    model = SavannahModel(**settings)
    model.play_out("Greedy")
    sheet = model.state.score_sheet()
    table = page.locator(".cole-scores")
    expect(table).to_contain_text(sheet[-1].note, timeout=WAIT)
    page.wait_for_timeout(500)  # the sheet drawn last is named a moment later
    cdp = page.context.new_cdp_session(page)
    page.locator("body").focus()
    tab_into_main(page)
    assert spoken(cdp) == ("button", "Play")

    stops = named_stops_around(page, cdp, "Score sheet", "keys-savannah-score-stops.txt")
    assert ("application", "Savannah row and hand") not in stops, "the hand is gone at the end"
    page.screenshot(path=str(artifact("keys-savannah-score-sheet.png")))
    no_serious_axe(page)
