"""The views without a browser: taps and buttons reach the models, the figures' data follow."""

from __future__ import annotations

import panel as pn
from bokeh.events import Tap

from cole_panel.ecosystem import (
    DraftTable,
    EcosystemDashboard,
    EcosystemModel,
    ParkBoard,
    ScoringExplorer,
    ScoringExplorerModel,
)
from cole_panel.ecosystem.dashboard import TAB_NAMES
from cole_panel.ecosystem.explorer.html_parts import legend_html, palette_css
from cole_panel.ecosystem.geometry import cell_center
from cole_panel.ecosystem.style import STYLES
from engines.ecosystem import CardType


def tap(board: ParkBoard, park, cell) -> None:
    x, y = cell_center(board.variant, park, cell, board.outside, board.stacked)
    board._on_tap(Tap(model=board.figure, x=x, y=y))


def click(button) -> None:
    button.clicks += 1


def cells(board: ParkBoard) -> dict[str, tuple[str, str]]:
    data = board.sources["cells"].data
    return {
        c: (card, face)
        for c, card, face in zip(data["cell"], data["card"], data["face"], strict=True)
        if card
    }


# ---- the explorer ------------------------------------------------------------------------


def test_a_tap_puts_the_chosen_card_and_the_breakdown_follows():
    view = ScoringExplorer(model=ScoringExplorerModel(parks="\n".join([".. " * 5] * 4)))
    view.palette.value = "GR"
    tap(view.board, None, (1, 1))
    tap(view.board, None, (1, 2))
    view.palette.value = "ZB"
    tap(view.board, None, (0, 1))
    assert cells(view.board) == {"A2": ("ZB", "up"), "B2": ("GR", "up"), "B3": ("GR", "up")}
    table = view.breakdown.table.value
    assert list(table["Category"]) == ["Grasslands — 4 points", "Zebras — 3 points"]
    assert list(table["points"]) == [4, 3]
    bars = view.breakdown.bars.set_index("category")["points"]
    assert bars["Zebras"] == 3 and bars["Grasslands"] == 4 and bars["Trees"] == 0
    assert 'class="eco-total-value">7<' in view._total.object


def test_taps_outside_the_cards_do_nothing():
    view = ScoringExplorer()
    before = view.model.revision
    view.board._on_tap(Tap(model=view.board.figure, x=-0.3, y=0.3))
    assert view.model.revision == before


def test_selecting_a_row_lights_up_its_cards():
    view = ScoringExplorer()
    zebra = list(view.breakdown.table.value["Category"]).index("Zebras — 9 points")
    view.breakdown.table.selection = [zebra]
    main = view.board.sources["hl_main"].data
    helpers = view.board.sources["hl_help"].data
    assert list(zip(main["x"], main["y"], strict=True)) == [cell_center("classic", None, (1, 1))]
    assert len(helpers["x"]) == 2


def test_stepping_buttons_flip_the_gazelles_on_the_board():
    view = ScoringExplorer()
    click(view._next)  # "Start ▶"
    assert view.model.stepping and view.model.step == 0
    for _ in range(7):
        click(view._next)
    assert view.model.shown_step.category == "cheetah"
    shown = cells(view.board)
    assert shown["A2"] == ("GZ", "down") and shown["D5"] == ("GZ", "down")
    assert shown["B4"] == ("GZ", "up")
    assert "Cheetahs +6" in view._step_text.object
    assert list(view.breakdown.table.value["step"]).count("▶") == 1
    click(view._back)
    assert cells(view.board)["A2"] == ("GZ", "up")


def test_the_lion_step_offers_its_alternatives():
    view = ScoringExplorer()
    view.model.go(8)
    assert view._lion_pick.visible and len(view._lion_pick.options) == 3
    assert view._lion_pick.value == "Flip the zebra at C3 (final total 86)"
    assert len(view.board.sources["options"].data["x"]) == 3
    view._lion_pick.value = "Flip the gazelle at B4 (final total 83)"
    assert view.model.final_total == 83
    assert cells(view.board)["B4"] == ("GZ", "down")
    click(view._lion_best)
    assert view.model.final_total == 86


def test_bad_text_keeps_the_board():
    view = ScoringExplorer()
    before = cells(view.board)
    view._text.value = "EL GZ\nnonsense"
    click(view._apply)
    assert view.model.message_is_error
    assert "row 1, column 3: missing card" in view.model.message
    assert cells(view.board) == before


def test_the_palette_and_the_legend_show_every_card():
    css = palette_css()
    legend = legend_html()
    for card in CardType:
        assert STYLES[card].fill in legend
        assert card.label.capitalize() in legend
    assert css.count("nth-child") == len(CardType) + 1
    assert len({s.fill for s in STYLES.values()}) == len(CardType)  # every type its own colour


# ---- the draft ------------------------------------------------------------------------------


def test_a_card_then_a_cell_makes_a_pending_pick_and_passing_lets_the_bot_pick():
    view = DraftTable(model=EcosystemModel(seed=4))
    m = view.model
    hand = m.state.hand(0)
    assert len(view.board.sources["legal"].data["x"]) == 20
    tap(view.board, None, (1, 1))
    assert m.message == "First click a card in your hand, then a green cell."
    view._on_card(0, 2)
    assert view.hands[0].source.data["line"][2] != view.hands[0].source.data["line"][0]
    tap(view.board, None, (1, 1))
    assert m.pending and m.pending[0].card is hand[2]
    assert len(view.hands[0].source.data["x"]) == 10
    assert len(view.board.sources["pending"].data["x"]) == 1
    assert view.board.sources["legal"].data["x"] == []
    assert not view._pass.disabled
    click(view._pass)
    # no event loop in a test: the bot's turn runs inline right away
    assert m.state.current_player == 0 and m.state.turn == 1
    assert cells(view.board) == {"B2": (hand[2].code, "up")}
    assert len(view.hands[0].source.data["x"]) == 10
    assert "passed you this hand" in view._hand_titles[0].object
    small = view.small[1]
    assert len([c for c in small.sources["cells"].data["card"] if c]) == 1


def test_a_tap_on_an_illegal_cell_says_why():
    view = DraftTable(model=EcosystemModel(seed=4, confirm_turn=False))
    view._on_card(0, 0)
    tap(view.board, None, (0, 0))
    view._on_card(0, 0)
    tap(view.board, None, (3, 4))
    assert view.model.message == (
        "D5 must be next to (above, below, left or right of) a card already in the park."
    )


def test_two_parks_show_two_hands():
    view = DraftTable(model=EcosystemModel(seed=4, variant="two_parks"))
    assert view.hands[1].visible and view.board.variant == "two_parks"
    view._on_card(1, 0)
    tap(view.board, "east", (2, 2))
    assert view.model.pending[0].park == "east"


def test_a_whole_game_ends_with_the_table_and_opens_the_explorer():
    dash = EcosystemDashboard(model=EcosystemModel(seed=8, seat1="Random"))
    m = dash.model
    view = dash.draft
    while not m.state.is_over:
        pick = m.bot_choice()
        view._on_card(0, list(m.hand_of(0)).index(pick.card))
        tap(view.board, None, pick.cell)
        click(view._pass)
    assert view._final.visible and "The final score" in view._final.object
    assert view._explore.visible and not view._controls.visible
    assert view._banner.text == m.outcome_text and "points" in view._banner.text
    explorer = dash.explorer_model
    assert len(explorer.table) == 1 and explorer.total == 86  # untouched until asked
    assert "Why Player 1 (you) scores" in view._final.object
    click(view._explore)
    assert dash.tabs.active == 0
    assert explorer.stepping and explorer.step == 0 and len(explorer.table) == 2
    assert explorer.names[0] == "Player 1 (you)"
    assert [explorer.sheet.total(p) for p in range(2)] == m.totals()


def test_new_game_from_the_explorer_shows_the_new_draft():
    """The sidebar's New game deals a draft: on the explorer's tab the page showed nothing of
    it; it now opens the draft table."""
    dash = EcosystemDashboard(model=EcosystemModel(seed=8))
    dash.show_explorer()
    start = dash.model.state
    settings = dash.settings().select(pn.widgets.Button)
    click(next(w for w in settings if getattr(w, "label", None) == "New game"))
    assert dash.model.state is not start and dash.tabs.active == 1


def test_every_dashboard_has_its_own_models():
    a, b = EcosystemDashboard(), EcosystemDashboard()
    assert a.model is not b.model and a.explorer_model is not b.explorer_model
    a.explorer_model.clear()
    assert b.explorer_model.total == 86
    assert a.draft.board.figure is not b.draft.board.figure


def test_the_served_shell_gets_settings_and_a_play_area():
    dash = EcosystemDashboard()
    settings = dash.settings()
    assert any(getattr(w, "label", None) == "New game" for w in settings.select(pn.widgets.Button))
    jumps, tabs = dash.play_area().objects  # the tabs after their keyboard jumps
    assert list(tabs._names) == [*TAB_NAMES, "Review", "Puzzles", "Learn"]
    assert jumps.names == list(tabs._names)
    draft_tabs = [t for t in tabs.select(pn.Tabs) if dash.draft._seen in t.objects]
    assert draft_tabs and dash.draft._setup not in draft_tabs[0].objects
    assert dash.tabs is tabs  # the explorer's button switches these tabs
    jumps.active = 1  # Enter on the "Draft table" jump
    assert tabs.active == 1
    dash.show_explorer()
    assert jumps.active == 0
