"""The dashboard without a browser: what its figures' sources hold after each action.

With no event loop the dashboard runs everything at once (a turn shows its last step, bots
answer inline), which makes the page's logic testable here; timing is tested in the browser.
"""

from __future__ import annotations

import pytest
from bokeh.events import DoubleTap, Tap

from cole_panel.savannah import SavannahDashboard, SavannahModel
from cole_panel.savannah.art import BLOCKER, SCORE
from cole_panel.savannah.hand import slot_x
from engines.savannah import make_state


def row_cards(dash):
    return list(dash.row.sources["cards"].data["card"])


def dashboard(**kw):
    return SavannahDashboard(model=SavannahModel(**kw))


def lion_dashboard(auto=True):
    state = make_state(
        row=["zebra", "impala@1", "jackal", "termite@1"],
        hands=[["lion", "oxpecker", "meerkat"], ["hyena", "rhino", "gazelle"]],
    )
    dash = SavannahDashboard(model=SavannahModel.from_state(state, seat1="Greedy"))
    dash.playback.auto = auto
    return dash


def test_the_page_draws_the_row_the_hand_and_the_pile():
    dash = dashboard(players=3, seed=5)
    m = dash.model
    assert row_cards(dash) == list(m.state.row)
    assert list(dash.hand.source.data["card"]) == list(m.state.hand(0))
    assert dash.row.sources["pile"].data["text"] == [str(m.state.pile_size)]
    seats = dash.players.sources["seats"].data
    assert seats["name"][:3] == [
        "Player 1 · human",
        "Player 2 · Greedy bot",
        "Player 3 · Greedy bot",
    ]
    assert seats["name"][3] == "Discard pile"


def test_two_dashboards_never_share_a_game_or_a_figure():
    a, b = dashboard(seed=1), dashboard(seed=1)
    assert a.model is not b.model and a.row.figure is not b.row.figure
    a.model.play(a.model.state.legal_actions()[0])
    assert b.model.history == [] and row_cards(b) == list(b.model.state.row)


def test_choosing_a_blocked_card_outlines_the_card_that_blocks_it():
    dash = lion_dashboard()
    dash.hand._choose(2)  # the meerkat's button
    m = dash.model
    assert m.selected == "meerkat#1"
    data = dash.row.sources["cards"].data
    assert data["card"][-1] == "meerkat#1" and data["status"][-1] == "blocked"
    termite = data["card"].index("termite#1")
    assert data["status"][termite] == "blocks" and data["line"][termite] == BLOCKER
    assert [s for s in data["status"] if s == "blocks"] == ["blocks"]
    labels = dash.row.sources["labels"].data
    assert labels["text"][labels["color"].index(BLOCKER)] == "1st from right"
    assert sorted(labels["text"]) == ["1st from right", "2nd", "3rd", "4th"]  # each fits a card
    assert "may not be placed next to a level-1 card" in dash.hand._reason.object
    assert "Trying the meerkat" in dash.play_tab.caption.object
    assert dash._said.message.startswith("The meerkat cannot be played: ")
    assert dash._said.message_is_error


def test_the_play_button_refuses_a_blocked_card_and_the_row_stays():
    dash = lion_dashboard()
    dash.hand._choose(2)
    before = row_cards(dash)
    assert not dash.hand.play()
    assert dash.model.message_is_error
    assert "the rightmost card is a termite" in dash.model.message
    assert dash.model.history == []
    assert row_cards(dash)[:-1] == before[:-1]


def test_a_turn_is_shown_step_by_step_with_the_hunt_marked():
    dash = lion_dashboard(auto=False)
    dash.hand._choose(0)
    assert dash.hand.play()
    pb = dash.playback
    assert pb.busy and pb.step.kind == "played"
    assert row_cards(dash)[-1] == "lion#1", "the first step shows the card at the right end"
    assert not dash.model.history[-1:] or dash.model.state.current_player == 1
    kinds = [s.kind for s in pb.steps]
    assert kinds[:3] == ["played", "effect", "hunt"]
    pb.next()
    pb.next()
    assert pb.step.kind == "hunt"
    marks = dash.row.sources["marks"].data
    assert marks["text"] == ["1", "2", "3"]
    assert dash.row.sources["arrow"].data["x0"], "the counting direction is drawn"
    data = dash.row.sources["cards"].data
    hits = [c for c, s in zip(data["card"], data["status"], strict=True) if s == "kill"]
    assert hits == ["impala#1"]
    pb.next()
    data = dash.row.sources["cards"].data
    assert dict(zip(data["card"], data["status"], strict=True))["impala#1"] == "killed"
    assert "killed Player 2's impala" in dash.play_tab.caption.object
    pb.next()
    assert "impala#1" not in row_cards(dash), "the killed card has left the row"
    assert dash.model.state.current_player == 1, "the bot waits until the turn is shown"
    assert dash.model.history[-1].player == 0
    pb.finish()
    assert dash.model.history[-1].player == 1, "then the bot answers"
    assert pb.title == "Turn 2 · Player 2" and pb.step.kind == "played"
    pb.finish()
    assert not pb.busy and dash.model.state.current_player == 0
    assert row_cards(dash) == list(dash.model.state.row)


def test_back_shows_the_previous_step_and_stops_advancing():
    dash = lion_dashboard(auto=True)
    dash.playback.auto = False
    dash.hand._choose(0)
    dash.hand.play()
    dash.playback.next()
    dash.playback.back()
    assert dash.playback.step.kind == "played" and not dash.playback.auto


def test_with_no_event_loop_the_bots_answer_at_once():
    dash = dashboard(players=3, seed=8)
    m = dash.model
    card = next(a.card for a in m.state.legal_actions())
    m.select(card)
    assert dash.hand.play()
    assert len(m.history) == 3 and m.state.current_player == 0
    assert row_cards(dash) == list(m.state.row)
    assert len(dash._log.entries) == 3
    assert dash._said.message == m.history[-1].events[0].describe(), "the box says what was played"
    assert not dash._said.message_is_error


def test_tapping_a_hand_card_chooses_it_and_double_tapping_plays_it():
    dash = lion_dashboard()
    fig = dash.hand.figure
    dash.hand._on_tap(Tap(fig, x=slot_x(1), y=0.0))
    assert dash.model.selected == "oxpecker#1"
    dash.hand._on_tap(Tap(fig, x=slot_x(1) + 0.56, y=0.0))  # between cards: nothing
    assert dash.model.selected == "oxpecker#1"
    dash.hand._on_double_tap(DoubleTap(fig, x=slot_x(0), y=0.1))
    assert dash.model.history[0].move.card == "lion#1"


def test_the_end_shows_every_score_line_and_outlines_a_lines_cards():
    dash = dashboard(players=2, start_row=30, seed=4)
    made = dash.finish_with_bots()
    m = dash.model
    assert made > 0 and m.state.is_over
    assert dash.play_tab.score_area.visible and not dash.play_tab.hand_area.visible
    table = dash.scores._table.value
    sheet = m.state.score_sheet()
    assert len(table) == len(sheet)
    assert list(table["Points"]) == [line.points for line in sheet]
    assert dash.play_tab.banner.text.startswith("Player ")
    line = next(i for i, ln in enumerate(sheet) if ln.category == "alive" and ln.cells)
    dash.scores.choose_line(line)
    cards = set(sheet[line].cells)
    assert set(dash.scores.highlight) == cards
    data = dash.row.sources["cards"].data
    outlined = {c for c, col in zip(data["card"], data["line"], strict=True) if col == SCORE}
    assert outlined == cards
    kills = next(i for i, ln in enumerate(sheet) if ln.category == "kills" and ln.cells)
    dash.scores.choose_line(kills)
    minis = dash.players.sources["minis"].data
    outlined = {c for c, col in zip(minis["card"], minis["line"], strict=True) if col == SCORE}
    assert outlined == set(sheet[kills].cells)
    hands = [z for z in minis["zone"] if z.startswith("hand-")]
    assert hands, "the hands are shown face up at the end"


def test_the_chart_colours_each_bar_by_its_own_category():
    import holoviews as hv
    from bokeh.document import Document
    from bokeh.io.doc import patch_curdoc

    dash = dashboard(players=4, start_row=20, seed=2)
    dash.finish_with_bots()
    # The document handed over (hv.render would ask curdoc(), which an earlier test's ended
    # in-process server session may have left destroyed).
    doc = Document()
    with patch_curdoc(doc):
        plot = hv.renderer("bokeh").get_plot(dash.scores.chart[()], doc=doc).state
    glyph = plot.renderers[0]
    data = glyph.data_source.data
    assert len(data["Points"]) > 4
    assert list(data["color"]) == list(data["Category"])
    mapper = glyph.glyph.fill_color.transform
    colours = dict(zip(mapper.factors, mapper.palette, strict=True))
    assert colours["hand penalty"] == "#c62828" and colours["alive"] == "#4c9a2a"
    rows = dash.model.score_rows()
    for (player, category), points in zip(data["xoffsets"], data["Points"], strict=True):
        key = {
            "alive": "alive",
            "hand penalty": "hand",
            "kills": "kills",
            "rightmost human": "rightmost",
            "Big Five bonus": "big_five",
        }[category]
        assert points == sum(
            r["points"] for r in rows if r["player"] == player and r["category"] == key
        )


def test_a_new_game_after_the_end_brings_the_hand_back():
    dash = dashboard(players=2, start_row=30, seed=4)
    dash.finish_with_bots()
    assert dash.new_game()
    assert dash.play_tab.hand_area.visible and not dash.play_tab.score_area.visible
    assert dash.play_tab.banner.text == ""


@pytest.mark.parametrize("players", [3, 2])
def test_new_game_before_any_move_shows_the_new_deal(players):
    """Pressed before the first card (history [] before and after), "New game" drew the old
    deal's row and pile until a card was played, beside the new game's hand."""
    dash = dashboard(players=3, seed=5)
    old_row = row_cards(dash)
    dash.model.players = players
    for _ in range(3):
        assert dash.new_game()
        m = dash.model
        assert row_cards(dash) == list(m.state.row) != old_row
        assert dash.row.sources["pile"].data["text"] == [str(m.state.pile_size)]
        assert f"New game for {players} players" in dash.playback.step.text
        old_row = row_cards(dash)


def test_hot_seat_shows_card_backs_and_a_pass_the_device_screen():
    dash = dashboard(players=2, seat1="Human", seed=3)
    assert list(dash.hand.source.data["card"]) == []
    assert len(dash.hand.backs.data["x"]) == 3
    assert dash.hand._cover.visible and not dash.hand._controls.visible
    assert "Pass the device to Player 1" in dash.hand._cover_text.object
    dash.hand._reveal.clicks += 1
    assert list(dash.hand.source.data["card"]) == list(dash.model.state.hand(0))
    assert not dash.hand._cover.visible


def test_tapping_another_kill_pile_takes_the_card_after_a_scavengers_kill():
    state = make_state(
        row=["zebra@1", "lion", "meerkat@1"],
        hands=[["vulture", "termite"], ["impala", "rhino"]],
        kills=[["oxpecker"], ["wildebeest", "guineafowl"]],
    )
    dash = SavannahDashboard(model=SavannahModel.from_state(state, hide_hands=False))
    m = dash.model
    m.play("vulture")
    assert m.must_steal and dash.hand._steal_box.visible
    # the class a browser test reads to know this hand holds two cards until the steal
    assert "cole-steal" in dash.hand._steal_box.css_classes
    assert len(dash.hand.source.data["card"]) == 1
    assert set(dash.hand._steal.options.values()) == {"wildebeest#1", "guineafowl#1"}
    x, y = dash.players.mini_xy("oxpecker#1")
    dash.players._on_tap(Tap(dash.players.figure, x=x, y=y))
    assert m.must_steal, "her own kill pile cannot be robbed"
    x, y = dash.players.mini_xy("guineafowl#1")
    dash.players._on_tap(Tap(dash.players.figure, x=x, y=y))
    assert not m.must_steal and "guineafowl#1" in m.state.kill_pile(0)


def test_undo_redraws_the_position_before_the_persons_turn():
    dash = dashboard(players=3, seed=8)
    start = row_cards(dash)
    m = dash.model
    m.select(next(a.card for a in m.state.legal_actions()))
    dash.hand.play()
    dash._undo.clicks += 1
    assert row_cards(dash) == start and m.history == []
    assert "Took back 3 moves" in dash.play_tab.caption.object


def test_page_settings_come_from_the_address():
    dash = SavannahDashboard.from_query(
        {
            "players": [b"2"],
            "seed": [b"7"],
            "seat1": [b"mcts"],
            "speed": [b"0"],
            "start_row": [b"12"],
        }
    )
    m = dash.model
    assert (m.players, m.start.seed, m.seat1, m.state.rules.start_row) == (2, 7, "MCTS", 12)
    dash.new_game()
    assert m.start.seed != 7 and m.seed is None, "New game deals afresh, not the shared deal"
    assert dash.playback.speed == 0
    bad = SavannahDashboard.from_query({"players": [b"lots"], "seat1": [b"Random"]})
    assert "players: 'lots' is not a whole number from 2 to 5." in bad.model.message
    assert bad.model.seat1 == "Random", "the good settings are kept"


def test_the_card_reference_lists_the_deck_and_filters_by_group():
    dash = dashboard(seed=1)
    ref = dash.reference
    assert int(ref.shown["Copies"].sum()) == 64
    ref.group = "predator"
    assert list(ref.shown["Card"]) == ["jackal", "cheetah", "leopard", "lion"]
    assert "8 cards in the deck" in ref._count.object


@pytest.mark.parametrize("players", [2, 5])
def test_seat_menus_follow_the_number_of_players(players):
    dash = dashboard(players=players, seed=2)
    assert [box.visible for box in dash.settings().content.seat_boxes] == [
        p < players for p in range(5)
    ]


def test_with_an_event_loop_the_row_is_sent_first_and_the_rest_a_moment_later():
    import asyncio

    async def session():
        dash = dashboard(players=2, seat1="Human", hide_hands=False, seed=11)
        first = (list(dash.hand.source.data["card"]), len(dash.players.sources["seats"].data["x"]))
        m = dash.model
        card = next(c for c in m.hand_cards() if m.why_unplayable(c) is None)
        m.select(card)
        await asyncio.sleep(0.1)
        dash.hand.play()
        at_once = (row_cards(dash)[-1], list(dash.hand.source.data["card"]))
        await asyncio.sleep(0.15)
        later = list(dash.hand.source.data["card"])
        dash.playback.finish()
        return card, first, at_once, later, list(m.state.hand(1))

    card, first, at_once, later, next_hand = asyncio.run(session())
    assert len(first[0]) == 3 and first[1] == 3, "the page is drawn complete from the start"
    assert at_once[0] == card, "the played card is on the row at once"
    assert card in at_once[1], "the hand is redrawn a moment later, after the row"
    assert later == next_hand, "then the next person's hand is shown"


@pytest.mark.parametrize("first", ["new game", "a game in progress"])
def test_a_loaded_game_is_shown_still_after_new_game_as_over_a_game_in_progress(first):
    """Loading right after "New game" played the loaded game's last turns back step by step
    (the empty history read as the start of the loaded one); over a game in progress it did not."""
    source = dashboard(players=2, seed=3, seat0="Greedy", seat1="Greedy")
    saved = source.model
    while len(saved.history) < 6:
        saved.bot_move()
    saved.param.update(seat0="Human", seat1="Human")  # no bot moves once loaded
    dash = dashboard(players=2, seed=9, seat1="Human")
    dash.playback.auto = False
    if first == "new game":
        dash.model.new_game()
    else:
        dash.hand._choose(0)
        dash.hand.play()
    assert dash.model.load(saved.save())
    pb = dash.playback
    assert not pb.busy and pb.title == f"After move {len(saved.history)}"
    assert row_cards(dash) == list(dash.model.state.row)


def test_moves_added_to_the_game_on_show_are_still_played_back():
    dash = dashboard(players=2, seed=9)
    dash.playback.auto = False
    dash.hand._choose(0)
    dash.hand.play()
    assert dash.playback.title == "Turn 1 · Player 1" and dash.playback.busy


def test_the_served_play_area_starts_with_a_jump_to_each_tab():
    """Bokeh draws the tabs' headers after the tab: the page's first stops are one jump per
    tab, each showing its tab (Enter on "Cards" opens the card reference)."""
    import panel as pn

    dash = SavannahDashboard(model=SavannahModel(seed=3, players=2))
    jumps, tabs = dash.play_area().objects
    assert isinstance(tabs, pn.Tabs)
    assert (
        jumps.names
        == list(tabs._names)
        == ["Play", "Review", "Cards", "Puzzles", "How to play", "Learn"]
    )
    jumps.active = 2
    assert tabs._names[tabs.active] == "Cards"
    tabs.active = 0
    assert jumps.active == 0
