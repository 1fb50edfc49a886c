"""Circle of Life in a real browser: Chromium clicks the board served by `panel serve`."""

from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import expect

from cole_panel.circle.board import BOARD_NAME
from cole_panel.circle.geometry import cell_center, nearest_cell
from engines.circle import label, parse_label

from .conftest import BokehFigure, artifact

pytestmark = pytest.mark.browser

STONES_JS = """
() => {
  const d = Bokeh.documents[0].get_model_by_name('circle-stones').data;
  return Array.from(d.x).map((x, i) => [x, d.y[i], d.fill[i]]);
}
"""
ORANGE, BLACK = "#ec7a23", "#262626"


@pytest.fixture(scope="module")
def server(panel_server):
    return panel_server("circle")


def open_game(open_page, server, black: str | None = "Human"):
    """A fresh session; Black's seat set from the page as a user would (None: keep default)."""
    page = open_page(server)
    board = BokehFigure(page, BOARD_NAME).wait_ready()
    if black is not None:
        set_seat(page, "Black", black)
    return page, board


def set_seat(page, player: str, kind: str) -> None:
    page.locator(".bk-tab", has_text="New game").click()
    page.get_by_label(player, exact=True).select_option(kind)
    expect(page.locator(f".cole-eaten-{0 if player == 'Orange' else 1}")).to_contain_text(
        f"{player} ({kind})"
    )
    page.locator(".bk-tab", has_text="Narration").click()


def click(board: BokehFigure, cell_label: str) -> None:
    board.click(*cell_center(parse_label(cell_label)))


def stones(page) -> dict[str, str]:
    """The stones the browser has drawn, as {label: 'Orange' | 'Black'}."""
    out = {}
    for x, y, fill in page.evaluate(STONES_JS):
        out[label(nearest_cell(x, y))] = {ORANGE: "Orange", BLACK: "Black"}[fill]
    return out


def wait_for_stones(page, count: int) -> dict[str, str]:
    # Generous: a bot's answer on a loaded 2-core CI machine can take many seconds.
    page.wait_for_function(
        "n => Bokeh.documents[0].get_model_by_name('circle-stones').data.x.length === n",
        arg=count,
        timeout=60_000,
    )
    return stones(page)


def wait_for_position(page, expected: dict[str, str], timeout: float = 15.0) -> None:
    """Wait until the browser draws exactly these stones."""
    deadline = time.monotonic() + timeout
    while (seen := stones(page)) != expected:
        assert time.monotonic() < deadline, f"board shows {seen}, expected {expected}"
        page.wait_for_timeout(50)


def message(page):
    return page.locator(".cole-message")


def play_capture(page, board) -> None:
    """Orange E5, Black E7, Orange A1, Black E6: Black's new pair eats Orange's singleton."""
    for n, cell in enumerate(["E5", "E7", "A1"], start=1):
        click(board, cell)
        wait_for_stones(page, n)
    click(board, "E6")
    expect(page.locator(".cole-eaten-1")).to_contain_text("1 / 20")
    wait_for_position(page, {"E7": "Black", "A1": "Orange", "E6": "Black"})


def test_clicks_play_a_short_game_with_a_capture(open_page, server):
    page, board = open_game(open_page, server)
    expect(page.locator(".cole-eaten-1")).to_contain_text("0 / 20")
    click(board, "E5")
    assert wait_for_stones(page, 1) == {"E5": "Orange"}
    expect(page.locator(".cole-log")).to_contain_text("Orange placed a stone at E5.")
    expect(page.locator(".cole-turn")).to_contain_text("Black to play")
    click(board, "E7")
    click_after = wait_for_stones(page, 2)
    assert click_after == {"E5": "Orange", "E7": "Black"}
    click(board, "A1")
    wait_for_stones(page, 3)
    click(board, "E6")
    eaten = "Black's pair at E6 ate an Orange singleton (1 stone)."
    expect(page.locator(".cole-log")).to_contain_text(eaten)
    expect(message(page)).to_contain_text(eaten)
    expect(page.locator(".cole-eaten-1")).to_contain_text("1 / 20")
    expect(page.locator(".cole-eaten-0")).to_contain_text("0 / 20")
    wait_for_position(page, {"E7": "Black", "A1": "Orange", "E6": "Black"})
    ghosts = page.evaluate(
        "() => Bokeh.documents[0].get_model_by_name('circle-ghosts').data.x.length"
    )
    assert ghosts == 1, "the eaten stone is shown leaving"
    page.screenshot(path=str(artifact("circle-after-capture.png")), full_page=True)
    page.locator(".bk-tab", has_text="Moves").click()
    expect(page.locator(".cole-moves select")).to_contain_text("4. Black E6")


def test_an_illegal_click_is_refused_with_the_rules_sentence(open_page, server):
    page, board = open_game(open_page, server)
    play_capture(page, board)
    before = stones(page)
    click(board, "E6")  # Orange to move; Black's stone is there
    expect(message(page)).to_contain_text("E6 is already taken (the stone there is Black's).")
    expect(page.locator(".cole-turn")).to_contain_text("Orange to play")
    assert stones(page) == before
    click(board, "C3")  # and a legal click still works afterwards
    assert wait_for_stones(page, 4)["C3"] == "Orange"


def test_undo_takes_the_capture_back_and_redo_replays_it(open_page, server):
    page, board = open_game(open_page, server)
    play_capture(page, board)
    page.get_by_role("button", name="Undo").click()
    expect(page.locator(".cole-eaten-1")).to_contain_text("0 / 20")
    wait_for_position(page, {"E5": "Orange", "E7": "Black", "A1": "Orange"})
    expect(page.locator(".cole-turn")).to_contain_text("Black to play")
    page.get_by_role("button", name="Redo").click()
    expect(page.locator(".cole-eaten-1")).to_contain_text("1 / 20")
    wait_for_position(page, {"E7": "Black", "A1": "Orange", "E6": "Black"})


def test_playing_against_the_random_bot(open_page, server):
    page, board = open_game(open_page, server, black="Random")
    click(board, "E5")
    after_bot = wait_for_stones(page, 2)
    assert after_bot["E5"] == "Orange"
    assert list(after_bot.values()).count("Black") == 1
    expect(page.locator(".cole-log")).to_contain_text("2. Black placed a stone at")
    expect(page.locator(".cole-turn")).to_contain_text("Orange to play")
    free = next(c for c in ["A1", "I5", "A5", "I1"] if c not in after_bot)
    click(board, free)
    expect(page.locator(".cole-log")).to_contain_text(f"3. Orange placed a stone at {free}.")
    expect(page.locator(".cole-log")).to_contain_text("4. Black placed a stone at")
    expect(page.locator(".cole-turn")).to_contain_text("Orange to play")
    # Orange's singletons cannot eat Black's singletons or pairs, so Black keeps both stones.
    assert list(stones(page).values()).count("Black") == 2


def test_two_browser_contexts_play_independent_games(open_page, server):
    page_a, board_a = open_game(open_page, server, black=None)  # Black: the default MCTS bot
    page_b, board_b = open_game(open_page, server, black=None)
    click(board_a, "E5")
    click(board_b, "A1")
    a, b = wait_for_stones(page_a, 2), wait_for_stones(page_b, 2)
    assert [c for c, who in a.items() if who == "Orange"] == ["E5"]
    assert [c for c, who in b.items() if who == "Orange"] == ["A1"]
    expect(page_a.locator(".cole-log")).not_to_contain_text("Orange placed a stone at A1.")
    expect(page_b.locator(".cole-log")).not_to_contain_text("Orange placed a stone at E5.")


def test_hover_explains_the_cell_and_lights_up_the_ring(open_page, server):
    page, board = open_game(open_page, server, black=None)
    board.hover(*cell_center(parse_label("E5")))
    expect(page.get_by_text("E5 · Orange here makes a singleton")).to_be_visible()
    ring = page.evaluate("""() => {
        const d = Bokeh.documents[0].get_model_by_name('circle-ring').data;
        const out = {};
        d.species.forEach((s, i) => { out[s] = d.fill[i]; });
        return out;
    }""")
    assert ring["singleton"] == "#f6c445"  # the hovered species
    assert ring["4-line"] == "#6fbf73"  # what it eats
    assert ring["pair"] == "#e0605a"  # what eats it
    assert ring["diamond"] == "#cdbf9f"  # everything else stays plain


def test_save_downloads_json_and_a_bad_upload_keeps_the_game(open_page, server, tmp_path):
    page, board = open_game(open_page, server)
    click(board, "E5")
    click(board, "E7")
    wait_for_stones(page, 2)
    page.locator(".bk-tab", has_text="Save / load").click()
    with page.expect_download() as info:
        page.get_by_role("button", name="Save game (JSON)").click()
    saved = tmp_path / "game.json"
    info.value.save_as(saved)
    assert json.loads(saved.read_text())["moves"] == ["E5", "E7"]

    page.locator("input[type=file]").set_input_files(
        files=[{"name": "broken.json", "mimeType": "application/json", "buffer": b"{oops"}]
    )
    expect(message(page)).to_contain_text("Could not load the file: it is not valid JSON")
    expect(message(page)).to_contain_text("The current game is unchanged.")
    assert stones(page) == {"E5": "Orange", "E7": "Black"}

    other, _ = open_game(open_page, server, black=None)
    other.locator(".bk-tab", has_text="Save / load").click()
    other.locator("input[type=file]").set_input_files(str(saved))
    assert wait_for_stones(other, 2) == {"E5": "Orange", "E7": "Black"}
    expect(other.locator(".cole-eaten-1")).to_contain_text("Black (Human)")


def test_two_bots_play_a_whole_game_to_the_banner(open_page, server):
    page, board = open_game(open_page, server, black="Random")
    page.locator(".bk-tab", has_text="New game").click()
    handles = page.locator(".noUi-handle")  # Orange strength, Black strength, pace, radius
    handles.nth(2).focus()
    page.keyboard.press("Home")  # pace 0 s
    handles.nth(3).focus()
    page.keyboard.press("Home")  # radius 2
    page.get_by_role("button", name="New game").click()
    expect(page.locator(".cole-turn")).to_contain_text("Orange to play")
    page.get_by_label("Orange", exact=True).select_option("Greedy")
    expect(page.locator(".cole-game-over")).to_contain_text("Game over", timeout=60_000)
    expect(page.locator(".cole-game-over")).to_contain_text("wins")
    page.screenshot(path=str(artifact("circle-bot-game-over.png")), full_page=True)
