"""The two records of every game (engines.games, cole_panel.game_pages) and the tables derived
from them: a game added by its records alone (the test-only Nim) is everywhere a game is."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cole_panel.game_pages import GAME_PAGES, GamePage, get_page, register_page
from cole_panel.lab.games import Watcher
from cole_panel.rooms.mirror import MIRRORS, RoomMirror
from engines.games import GAMES, Game, get_game, register_game

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", list(GAMES))
def test_each_engine_record_says_what_its_engine_does(name: str) -> None:
    game = GAMES[name]
    state = game.new_game(seed=2)
    assert state.to_dict()["game"] == game.save_label  # the label its saves carry
    low, high = game.players
    assert low <= state.players <= high == game.max_players and game.min_players == low
    assert game.player_count(None) == state.players
    assert sorted(game.strengths) == [1, 2, 3, 4, 5]
    assert game.player_view(state, state.current_player) is not None
    for kind in ("Random", "Greedy", "MCTS"):
        assert game.make_bot(kind, 1, seed=1).choose(state.clone()) in state.legal_actions()


def test_a_game_joins_by_its_record_and_a_name_is_never_taken_twice() -> None:
    nim = get_game("NIM")
    assert register_game(nim) is nim and GAMES["nim"] is nim
    with pytest.raises(ValueError, match="already a game called 'nim'"):
        register_game(Game("nim", "Other Nim", "tests.nim", players=(2, 3)))
    with pytest.raises(ValueError, match="added here: nim"):
        get_game("go")
    with pytest.raises(ValueError, match="player range"):
        Game("x", "X", "tests.nim", players=(3, 2))


@pytest.mark.parametrize("name", list(GAME_PAGES))
def test_each_page_record_names_classes_that_fit_together(name: str) -> None:
    page = get_page(name)
    model = page.model_class
    assert model.game == name and page.game is GAMES[name]
    assert issubclass(page.room_model_class, RoomMirror) and issubclass(
        page.room_model_class, model
    )
    assert MIRRORS[name] is page.room_model_class
    assert page.picture_svg().startswith("<svg") and page.board_name
    assert register_page(page) is page
    with pytest.raises(ValueError, match="already a page"):
        register_page(GamePage(name, "Other", page.model, page.dashboard, page.room_model, ""))


@pytest.mark.parametrize("name", list(GAME_PAGES))
def test_a_page_record_points_the_lab_at_facts_it_can_report(name: str) -> None:
    """A stats study reports through the module ``lab`` names: it has a report and a Watcher."""
    facts = get_page(name).lab_facts
    if facts is not None:
        assert callable(facts.report) and issubclass(facts.Watcher, Watcher)


def test_a_server_with_cole_games_shows_the_added_game_in_every_shared_table() -> None:
    script = """
import json
from cole_panel.game_pages import GAME_PAGES
from cole_panel.index import GAMES as CARDS
from cole_panel.lab.games import GAMES as LAB, PLAYERS
from cole_panel.pictures import PICTURES
from cole_panel.rooms.mirror import MIRRORS
from cole_panel.rooms.registry import ROOM_GAMES, RoomRegistry
from cole_panel.ui.shell import PAGES, nav_html
room = RoomRegistry().create("nim", "t" * 22)
print(json.dumps({
    "pages": list(GAME_PAGES), "cards": [c[0] for c in CARDS], "lab": list(LAB),
    "players": PLAYERS["nim"], "mirror": MIRRORS["nim"].__name__, "rooms": list(ROOM_GAMES),
    "nav": 'href="./nim"' in nav_html("nim"), "picture": PICTURES["nim"]()[:4],
    "seats": len(room.seats), "saved": room.save(room.host)[:1],
}))
"""
    env = {**os.environ, "COLE_GAMES": "tests.nim.record", "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", script], env=env, cwd=ROOT, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr[-2000:]
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["pages"][-1] == seen["cards"][-1] == seen["lab"][-1] == "nim"
    assert seen["rooms"][-1] == "nim" and seen["mirror"] == "RoomNimModel"
    assert seen["players"] == [2, 2] and seen["seats"] == 2 and seen["nav"]
    assert seen["picture"] == "<svg" and seen["saved"] == "{"  # nothing hidden: saved any time
