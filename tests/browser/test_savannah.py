"""On the Savannah in a real browser: Chromium plays the page served by `panel serve`.

Games are set up from the address (``?seed=…&players=…&speed=…``); a model in the test process
with the same settings tells what the page must show (the bots are seeded from the game seed),
so each test checks the page against the engine rather than against remembered numbers.
"""

from __future__ import annotations

import contextlib
import json
import re
from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from cole_panel.savannah import SavannahModel, Table, turn_steps
from cole_panel.savannah.art import SCORE
from cole_panel.savannah.hand import HAND_NAME, slot_x
from engines.savannah import name_of

from .conftest import BokehFigure, artifact, show_settings

pytestmark = pytest.mark.browser

PLAY_TAB = re.compile(r"^\s*Play\s*$")
"""The game's tab (not 'How to play')."""
DATA_JS = "([name, column]) => Array.from(Bokeh.documents[0].get_model_by_name(name).data[column])"


@pytest.fixture(scope="module")
def server(panel_server):
    return panel_server("savannah")


def open_game(open_page, server, **settings):
    page = open_page(server, f"{server.url}?{urlencode(settings)}")
    BokehFigure(page, HAND_NAME).wait_ready()
    return page


def column(page, source: str, name: str = "card") -> list:
    return page.evaluate(DATA_JS, [source, name])


def row(page) -> list[str]:
    return column(page, "savannah-row-cards")


def wait_for_row(page, expected: list[str]) -> None:
    """Wait until the page draws exactly this row."""
    page.wait_for_function(
        "want => JSON.stringify(Array.from(Bokeh.documents[0].get_model_by_name("
        "'savannah-row-cards').data.card)) === JSON.stringify(want)",
        arg=list(expected),
    )


def hand(page) -> list[str]:
    return column(page, "savannah-hand-cards")


def choose(page, index: int) -> None:
    page.locator(f".cole-hand-{index} button").click()


def press_play(page) -> None:
    page.locator(".cole-play button").click()


def seed_where(test, **params):
    """The first seed whose new game passes ``test(model)``; returns (seed, model, result)."""
    for seed in range(300):
        model = SavannahModel(seed=seed, **params)
        result = test(model)
        if result:
            return seed, model, result
    raise AssertionError("no seed found")


def a_hunting_card(model):
    """A card of Player 1's first hand that kills or scares, and the first card it removes."""
    for i, card in enumerate(model.hand_cards()):
        gone = [e for e in model.preview(card) if e.kind in ("killed", "scared")]
        if gone:
            return i, card, gone[0]
    return None


def set_auto(page, on: bool) -> None:
    """Switch 'advance on its own' by clicking its words (the button says its state)."""
    words = page.locator(".cole-auto-label button")
    want = f"Advance on its own: {'on' if on else 'off'}"
    for _ in range(5):
        if want in (words.text_content() or ""):
            break
        words.click()
        with contextlib.suppress(AssertionError):
            expect(words).to_contain_text(want, timeout=30_000)
    expect(words).to_contain_text(want, timeout=30_000)


def _shows(locator, text: str, wait: int) -> bool:
    try:
        expect(locator).to_contain_text(text, timeout=wait)
    except AssertionError:
        return False
    return True


def go_to_step(page, n: int) -> None:
    """Press "Next step" until step ``n`` is on show (a click lost while the page settles is
    pressed again, only while the step before is still on show)."""
    caption = page.locator(".cole-step")
    button = page.get_by_role("button", name="Next step ▶")
    for _ in range(4):
        if _shows(caption, f"step {n} of", 2_000):
            return
        if _shows(caption, f"step {n - 1} of", 1_000):
            button.click()
            if _shows(caption, f"step {n} of", 15_000):
                return
    expect(caption).to_contain_text(f"step {n} of", timeout=30_000)


def wait_for_my_turn(page) -> None:
    expect(page.locator(".cole-turn")).to_contain_text("Player 1 to play", timeout=30_000)


def test_playing_turns_against_bots_narrates_the_hunt_and_the_card_leaves(open_page, server):
    seed, model, (index, card, gone) = seed_where(a_hunting_card, players=3)
    page = open_game(open_page, server, seed=seed, players=3, speed=0.4)
    assert row(page) == list(model.state.row)
    assert hand(page) == list(model.hand_cards())
    set_auto(page, False)  # step through the turn with the "Next step" button
    choose(page, index)
    expect(page.locator(".cole-reason")).to_contain_text(
        f"The {name_of(card)} can be played.", timeout=30_000
    )
    press_play(page)
    caption = page.locator(".cole-step")
    expect(caption).to_contain_text("step 1 of", timeout=30_000)
    expect(caption).to_contain_text("Card played", timeout=30_000)
    expect(page.locator(".cole-steps")).to_contain_text(gone.describe(), timeout=30_000)
    hunt = next(  # which step of the turn is the hunt that hits the card (same engine here)
        n
        for n, step in enumerate(turn_steps(Table.of(model.state), model.preview(card)), 1)
        if step.kind == "hunt" and gone.card in step.hits
    )
    for n in range(2, hunt + 1):
        go_to_step(page, n)
    expect(caption).to_contain_text("Hunt", timeout=30_000)
    expect(caption).to_contain_text(f"hits {name_of(gone.card)}", timeout=30_000)
    statuses = dict(zip(row(page), column(page, "savannah-row-cards", "status"), strict=True))
    assert statuses[gone.card] in ("kill", "scare"), "the hunted card is marked on the row"
    assert len(column(page, "savannah-marks", "text")) > 0, "the counted positions are numbered"
    go_to_step(page, hunt + 1)
    expect(caption).to_contain_text(gone.describe(), timeout=30_000)
    page.wait_for_function(
        "card => { const d = Bokeh.documents[0].get_model_by_name('savannah-row-cards').data;"
        " const i = Array.from(d.card).indexOf(card); return i >= 0 && d.status[i] !== '' &&"
        " ['killed', 'scared'].includes(d.status[i]); }",
        arg=gone.card,
    )
    page.screenshot(path=str(artifact("savannah-hunt.png")), full_page=True)
    go_to_step(page, hunt + 2)
    page.wait_for_function(
        f"() => !Array.from(Bokeh.documents[0].get_model_by_name("
        f"'savannah-row-cards').data.card).includes('{gone.card}')"
    )
    if gone.kind == "killed":
        expect(page.locator(".cole-turn")).to_contain_text("Showing", timeout=30_000)
        page.wait_for_function(
            "card => Array.from(Bokeh.documents[0].get_model_by_name('savannah-minis')"
            ".data.card).includes(card)",
            arg=gone.card,
        )
    set_auto(page, True)  # the rest of the turn, and the bots' turns, unfold on their own
    wait_for_my_turn(page)
    log = page.locator(".cole-log")
    expect(log).to_contain_text("Turn 3. Player 3:", timeout=30_000)
    model.play(card)
    model.bot_move()
    model.bot_move()
    wait_for_row(page, list(model.state.row))  # the engine's row after 3 moves
    # a second round: any card the page marks as playable
    status = column(page, "savannah-hand-status", "text")
    second = status.index("✓ can be played")
    choose(page, second)
    press_play(page)
    expect(log).to_contain_text("Turn 6. Player 3:", timeout=40_000)
    wait_for_my_turn(page)
    page.screenshot(path=str(artifact("savannah-two-rounds.png")), full_page=True)


def test_an_unplayable_card_is_refused_with_the_rules_reason(open_page, server):
    def blocked(model):
        cards = model.hand_cards()
        bad = [i for i, c in enumerate(cards) if model.why_unplayable(c)]
        return bool(bad) and len(bad) < len(cards) and bad[0]

    seed, model, index = seed_where(blocked, players=2)
    card = model.hand_cards()[index]
    reason = model.why_unplayable(card)
    page = open_game(open_page, server, seed=seed, players=2)
    start = row(page)
    BokehFigure(page, HAND_NAME).wait_ready().click(slot_x(index), 0.0)  # tap the card
    expect(page.locator(".cole-reason")).to_contain_text(reason, timeout=30_000)
    expect(page.locator(".cole-step")).to_contain_text(
        f"Trying the {name_of(card)}", timeout=30_000
    )
    page.wait_for_function(
        "n => Bokeh.documents[0].get_model_by_name('savannah-row-cards').data.card.length === n",
        arg=len(start) + 1,
    )
    statuses = column(page, "savannah-row-cards", "status")
    assert statuses[-1] == "blocked" and statuses.count("blocks") == 1
    blocker = row(page)[statuses.index("blocks")]
    assert blocker == model.state.row[model.blocker(card)]
    page.screenshot(path=str(artifact("savannah-blocked.png")), full_page=True)
    play = page.locator(".cole-play button")
    expect(play).to_be_disabled(timeout=30_000)  # a blocked card cannot be played
    expect(play).to_contain_text(f"The {name_of(card)} is blocked", timeout=30_000)
    expect(page.locator(".cole-message")).to_contain_text(reason, timeout=30_000)
    expect(page.locator(".cole-log")).to_contain_text("No moves yet.", timeout=30_000)
    expect(page.locator(".cole-turn")).to_contain_text("Player 1 to play", timeout=30_000)
    assert row(page)[:-1] == start


def test_bots_finish_the_game_and_the_score_table_reads_every_line(open_page, server):
    settings = dict(players=2, seed=4, start_row=30)
    page = open_game(open_page, server, speed=0, **settings)
    show_settings(page)
    page.get_by_role("button", name="Let bots finish the game").click()
    page.locator(".bk-tab", has_text=PLAY_TAB).click()
    banner = page.locator(".cole-game-over")
    expect(banner).to_contain_text("Game over", timeout=30_000)
    model = SavannahModel(**settings)
    model.play_out("Greedy")
    expect(banner).to_contain_text(model.outcome_text.removeprefix("Game over: "), timeout=30_000)
    totals = page.locator(".cole-totals")
    for total in model.state.totals():
        expect(totals).to_contain_text(str(total), timeout=30_000)
    table = page.locator(".cole-scores")
    sheet = model.state.score_sheet()
    # The table fills after the banner (the row is sent first); give a loaded machine time.
    expect(table).to_contain_text(sheet[0].note, timeout=20_000)
    for line in sheet:
        expect(table).to_contain_text(line.note, timeout=30_000)
    expect(table.locator(".tabulator-row:not(.tabulator-group)")).to_have_count(
        len(sheet), timeout=30_000
    )
    alive = next(i for i, line in enumerate(sheet) if line.category == "alive" and line.cells)
    note = sheet[alive].note
    table.locator(".tabulator-row", has_text=note).first.click()
    page.wait_for_function(
        f"() => Bokeh.documents[0].get_model_by_name('savannah-row-cards')"
        f".data.line.includes('{SCORE}')"
    )
    cards, lines = row(page), column(page, "savannah-row-cards", "line")
    assert {c for c, ln in zip(cards, lines, strict=True) if ln == SCORE} == set(sheet[alive].cells)
    page.screenshot(path=str(artifact("savannah-game-over.png")), full_page=True)


def test_hot_seat_covers_the_hands_between_people(open_page, server):
    seed, model, _ = seed_where(lambda m: True, players=2, seat1="Human")
    page = open_game(open_page, server, seed=seed, players=2, seat1="Human", speed=0)
    expect(page.locator(".cole-cover")).to_contain_text(
        "Pass the device to Player 1", timeout=30_000
    )
    assert hand(page) == []
    page.get_by_role("button", name="I am Player 1: show my hand").click()
    page.wait_for_function(
        "() => Bokeh.documents[0].get_model_by_name('savannah-hand-cards').data.card.length === 3"
    )
    assert hand(page) == list(model.state.hand(0))
    # the words under the cards are a source of their own: they may land a message later
    page.wait_for_function(
        "() => Bokeh.documents[0].get_model_by_name('savannah-hand-status')"
        ".data.text.includes('✓ can be played')"
    )
    playable = column(page, "savannah-hand-status", "text").index("✓ can be played")
    choose(page, playable)
    press_play(page)
    expect(page.locator(".cole-cover")).to_contain_text(
        "Pass the device to Player 2", timeout=30_000
    )
    page.wait_for_function(
        "() => Bokeh.documents[0].get_model_by_name('savannah-hand-cards').data.card.length === 0"
    )
    page.get_by_role("button", name="I am Player 2: show my hand").click()
    model.reveal()
    model.play(model.hand_cards()[playable])
    page.wait_for_function(
        "n => Bokeh.documents[0].get_model_by_name('savannah-hand-cards').data.card.length === n",
        arg=len(model.state.hand(1)),
    )
    assert hand(page) == list(model.state.hand(1))


def test_save_downloads_json_and_a_bad_file_keeps_the_game(open_page, server, tmp_path):
    seed, model, (index, card, _) = seed_where(a_hunting_card, players=2)
    page = open_game(open_page, server, seed=seed, players=2, speed=0)
    choose(page, index)
    press_play(page)
    wait_for_my_turn(page)
    expect(page.locator(".cole-log")).to_contain_text("2. Player 2:", timeout=30_000)
    shown = row(page)
    show_settings(page)
    with page.expect_download() as info:
        page.get_by_role("button", name="Save game (JSON)").click()
    saved = tmp_path / "savannah.json"
    info.value.save_as(saved)
    data = json.loads(saved.read_text())
    assert data["moves"][0] == {"type": "play", "card": card}
    assert len(data["moves"]) == 2

    page.locator("input[type=file]").set_input_files(
        files=[{"name": "broken.json", "mimeType": "application/json", "buffer": b"{oops"}]
    )
    page.locator(".bk-tab", has_text=PLAY_TAB).click()
    message = page.locator(".cole-message")
    expect(message).to_contain_text("Could not load the file: it is not valid JSON", timeout=30_000)
    expect(message).to_contain_text("The current game is unchanged.", timeout=30_000)
    assert row(page) == shown

    other = open_game(open_page, server, players=4)
    show_settings(other)
    other.locator("input[type=file]").set_input_files(str(saved))
    other.locator(".bk-tab", has_text=PLAY_TAB).click()
    wait_for_row(other, shown)
    expect(other.locator(".cole-turn")).to_contain_text("Player 1 to play", timeout=30_000)
