"""On the Savannah for a newcomer, in a real browser: the live score during a playback, replaying
an earlier turn, the Big Five tracker, the fair undo and a link reopened in a second browser.

A model in the test process with the same settings says what the page must show.
"""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from cole_panel.savannah import SavannahModel, Table, turn_steps
from cole_panel.savannah.standings import standing, step_state
from engines.savannah import Play, name_of

from .conftest import show_settings
from .test_savannah import (
    choose,
    go_to_step,
    hand,
    open_game,
    press_play,
    row,
    seed_where,
    server,  # noqa: F401 - the module's server fixture
    set_auto,
    wait_for_my_turn,
    wait_for_row,
)

pytestmark = pytest.mark.browser

WAIT = 30_000
"""Milliseconds an expectation waits (CI has two cores shared by a server and a browser)."""


def a_killing_card(model):
    for i, card in enumerate(model.hand_cards()):
        if any(e.kind == "killed" for e in model.preview(card)):
            return i, card
    return None


def total_cell(page, player: int):
    return page.locator(f".cole-live-score tr[data-player='{player}'] .cole-total")


def test_the_live_score_changes_step_by_step_during_a_playback(open_page, server):  # noqa: F811
    seed, model, (index, card) = seed_where(a_killing_card, players=2)
    before = model.state.clone()
    after = before.clone()
    steps = turn_steps(Table.of(before), after.apply(Play(card)))
    expected = [standing(step_state(before, after, s))[0]["total"] for s in steps]
    assert len(set(expected[:-1])) > 1, "the kill changes Player 1's score inside the turn"
    page = open_game(open_page, server, seed=seed, players=2, speed=0.4)
    expect(total_cell(page, 0)).to_have_text(str(before.totals()[0]), timeout=WAIT)
    set_auto(page, False)
    choose(page, index)
    press_play(page)
    caption = page.locator(".cole-step")
    # the last step ends the playback and the bot's turn follows at once: check the ones before
    for n, total in enumerate(expected[:-1], start=1):
        go_to_step(page, n)
        expect(caption).to_contain_text(f"step {n} of {len(steps)}", timeout=WAIT)
        expect(total_cell(page, 0)).to_have_text(str(total), timeout=WAIT)


def test_an_earlier_turn_plays_back_step_by_step(open_page, server):  # noqa: F811
    seed, model, (index, card) = seed_where(a_killing_card, players=2)
    page = open_game(open_page, server, seed=seed, players=2, speed=0)
    choose(page, index)
    press_play(page)
    wait_for_my_turn(page)
    expect(page.locator(".cole-log")).to_contain_text("Turn 2. Player 2:", timeout=WAIT)
    set_auto(page, False)
    picker = page.locator(".cole-turn-picker select")
    expect(picker.locator("option")).to_have_count(2, timeout=WAIT)
    assert name_of(card) in picker.locator("option").first.text_content()
    picker.select_option(index=0)
    page.locator(".cole-replay button").click()
    caption = page.locator(".cole-step")
    expect(caption).to_contain_text("Turn 1 · Player 1 · step 1 of", timeout=WAIT)
    expect(caption).to_contain_text("Card played", timeout=WAIT)
    go_to_step(page, 2)
    expect(caption).to_contain_text("Turn 1 · Player 1 · step 2 of", timeout=WAIT)
    page.get_by_role("button", name="Skip »").click()
    expect(page.locator(".cole-turn")).to_contain_text("Player 1 to play", timeout=WAIT)


def _big_five_game():
    """A seed and the moves of a Greedy game up to a Big Five kill, and who made it."""
    for seed in range(60):
        model = SavannahModel(players=2, seed=seed, seat0="Greedy", seat1="Greedy")
        while not model.state.is_over and len(model.history) < 60:
            model.bot_move()
            for q in range(2):
                got = standing(model.state)[q]["big_five_names"]
                if got:
                    return seed, model, q, got
    raise AssertionError("no Big Five kill found")


def test_the_big_five_tracker_and_a_link_reopened_in_a_second_browser(open_page, server):  # noqa: F811
    seed, model, player, got = _big_five_game()
    moves = ",".join(model.state.action_to_str(t.move) for t in model.history)
    settings = dict(players=2, seed=seed, seat0="Human", seat1="Human", hide_hands="false", speed=0)
    page = open_page(server, f"{server.url}?{urlencode({**settings, 'moves': moves})}")
    wait_for_row(page, list(model.state.row))
    tracker = page.locator(f".cole-live-score tr[data-player='{player}'] .cole-big-five")
    for name in got:
        expect(tracker.locator(".cole-big-five-got", has_text=name)).to_have_count(1, timeout=WAIT)
    expect(tracker).to_contain_text(f"{len(got)}/5", timeout=WAIT)
    expect(total_cell(page, player)).to_have_text(str(model.state.totals()[player]), timeout=WAIT)

    # the page's link, opened in another browser context, shows the same game
    shown = hand(page)
    show_settings(page)
    link = page.locator(".cole-link input").input_value()
    assert "moves=" in link and f"seed={seed}" in link
    url = link if link.startswith("http") else f"{server.url}{link}"
    other = open_page(server, url)
    wait_for_row(other, list(model.state.row))
    assert hand(other) == shown
    expect(total_cell(other, player)).to_have_text(str(model.state.totals()[player]), timeout=WAIT)


def test_undo_takes_back_one_turn_and_shuffles_the_draw_pile(open_page, server):  # noqa: F811
    seed, model, (index, card) = seed_where(a_killing_card, players=2)
    page = open_game(open_page, server, seed=seed, players=2, speed=0)
    start = row(page)
    choose(page, index)
    press_play(page)
    wait_for_my_turn(page)
    expect(page.locator(".cole-log")).to_contain_text("Turn 2. Player 2:", timeout=WAIT)
    undo = page.get_by_role("button", name="Undo my turn")
    undo.click()
    message = page.locator(".cole-message")
    expect(message).to_contain_text("Took back 2 moves", timeout=WAIT)
    expect(message).to_contain_text("The draw pile was shuffled again", timeout=WAIT)
    wait_for_row(page, start)
    expect(undo).to_be_disabled(
        timeout=WAIT
    )  # one turn only: the bots' replies are not rewound further
    expect(page.get_by_role("button", name="Redo")).to_be_enabled(timeout=WAIT)


def _owned_hit():
    """A Greedy game's moves up to Player 1's turn with a card that would hit another
    player's card: (seed, model, hand index, victim, verb)."""
    for seed in range(40):
        model = SavannahModel(players=2, seed=seed, seat0="Greedy", seat1="Greedy")
        while not model.state.is_over and len(model.history) < 30:
            state = model.state
            if state.current_player == 0 and not model.must_steal:
                for i, card in enumerate(state.hand(0)):
                    if state.why_unplayable(card):
                        continue
                    for e in model.preview(card):
                        if e.kind in ("killed", "scared") and state.token_on(e.card) == 1:
                            return seed, model, i, e.card, e.kind
            model.bot_move()
    raise AssertionError("no such position")


def test_a_preview_marks_on_the_row_what_a_card_would_hit_and_whose_it_is(open_page, server):  # noqa: F811
    seed, model, index, victim, kind = _owned_hit()
    moves = ",".join(model.state.action_to_str(t.move) for t in model.history)
    settings = dict(players=2, seed=seed, seat0="Human", seat1="Greedy", speed=0, moves=moves)
    page = open_page(server, f"{server.url}?{urlencode(settings)}")
    wait_for_row(page, list(model.state.row))
    wait_for_my_turn(page)
    choose(page, index)
    # The stamp a user reads on the card: what happens to it, then whose token is on it.
    verb = {"killed": "killed", "scared": "scared off"}[kind]
    page.wait_for_function(
        "([card, want]) => { const d = Bokeh.documents[0].get_model_by_name("
        "'savannah-row-cards').data; const i = Array.from(d.card).indexOf(card);"
        " return i >= 0 && d.status[i] === want; }",
        arg=[victim, f"{verb} (P2)"],
    )
    card = model.state.hand(0)[index]
    caption = page.locator(".cole-step")
    expect(caption).to_contain_text(f"Trying the {name_of(card)}", timeout=WAIT)
    expect(caption).to_contain_text(f"Player 2's {name_of(victim)}", timeout=WAIT)
