"""The panel-free model core: models import without Panel/Bokeh; the shared base behaves alike
in every game (seats, undo/redo, the save envelope, refusals that change nothing)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from cole_panel.circle.model import CircleModel
from cole_panel.core import (
    SEAT_KINDS,
    BotJob,
    BotScheduler,
    GameModel,
    InlineScheduler,
    read_save,
    read_seats,
    write_save,
)
from cole_panel.ecosystem.draft.model import EcosystemModel
from cole_panel.savannah.model import SavannahModel

MODEL_MODULES = [
    "cole_panel.core",
    "cole_panel.circle.model",
    "cole_panel.savannah.model",
    "cole_panel.ecosystem.draft.model",
    "cole_panel.ecosystem.explorer.model",
]


@pytest.mark.parametrize("module", MODEL_MODULES)
def test_a_model_module_loads_neither_panel_nor_bokeh(module):
    code = (
        f"import sys, {module}\n"
        "loaded = sorted(m for m in ('panel', 'bokeh') if m in sys.modules)\n"
        "print(','.join(loaded))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "", f"{module} loaded {done.stdout.strip()}"


def test_the_old_import_paths_still_work():
    from cole_panel.circle import CircleBoard
    from cole_panel.circle import CircleModel as Model
    from cole_panel.ui import SEAT_KINDS as UI_SEAT_KINDS
    from cole_panel.ui import BotShelf

    assert Model is CircleModel and CircleBoard.__name__ == "CircleBoard"
    assert UI_SEAT_KINDS == SEAT_KINDS and BotShelf.__module__ == "cole_panel.core.seats"


@pytest.mark.parametrize("model_type", [CircleModel, SavannahModel, EcosystemModel])
def test_every_game_model_is_a_game_model_with_seats_and_strengths(model_type):
    game = model_type(seed=1)
    assert isinstance(game, GameModel)
    for p in range(game.player_count):
        assert game.seat(p) in SEAT_KINDS
        assert game.param[f"seat{p}"].doc and game.param[f"strength{p}"].bounds == (1, 5)
    with pytest.raises(ValueError):
        game.strength0 = 6
    game.seat0 = "Random"
    assert "Random bot" in game.seat_name(0)


def test_undo_takes_back_the_person_and_the_bot_reply_and_redo_puts_them_back():
    game = CircleModel(seat0="Human", seat1="Greedy", seed=4)
    assert game.play("E5") and game.bot_move()
    after = game.state
    assert game.undo()
    assert len(game.history) == 0 and len(game.future) == 2
    assert game.message.startswith("Took back 2 moves;")
    assert game.redo()
    assert game.state == after and game.future == []
    assert not game.redo() and game.message_is_error


@pytest.mark.parametrize("model_type", [CircleModel, SavannahModel, EcosystemModel])
def test_a_refused_request_changes_nothing_but_the_message(model_type):
    game = model_type(seed=2)
    before = (game.state.to_dict(), list(game.history), list(game.future))
    assert not game.undo()
    assert not game.load("{not json")
    assert game.message_is_error and "The current game is unchanged." in game.message
    assert (game.state.to_dict(), list(game.history), list(game.future)) == before


@pytest.mark.parametrize("model_type", [CircleModel, SavannahModel, EcosystemModel])
def test_every_save_has_the_one_envelope_and_loads_back(model_type):
    game = model_type(seed=5, seat0="Greedy")
    game.bot_move()
    data = json.loads(game.save())
    assert data["format"] == game.save_format and data["version"] == 1
    assert data["seats"][0] == {"player": game.player_name(0), "kind": "Greedy", "strength": 2}
    other = model_type(seed=9)
    assert other.load(game.save()), other.message
    assert other.state.to_dict() == game.state.to_dict() and other.seat0 == "Greedy"


def test_the_envelope_names_what_is_wrong():
    text = write_save("cole-panel/x", [("Human", 2)], ["A"], moves=[])
    with pytest.raises(ValueError, match="not a saved Y game"):
        read_save(text, "cole-panel/y", "Y")
    data = json.loads(text)
    data["seats"][0]["strength"] = 9
    with pytest.raises(ValueError, match="strength 9; use 1 to 5"):
        read_seats(data, 1)
    with pytest.raises(ValueError, match="must list the 2 players"):
        read_seats(data, 2)
    with pytest.raises(ValueError, match="version 2"):
        read_save(json.dumps({"format": "cole-panel/x", "version": 2}), "cole-panel/x", "X")


def test_run_bots_plays_a_bot_game_to_the_end_through_a_scheduler():
    scheduler = InlineScheduler()
    assert isinstance(scheduler, BotScheduler)
    game = SavannahModel(seed=3, players=2, seat0="Random", seat1="Random")
    game.run_bots(scheduler)
    assert game.state.is_over and game.history


def test_a_job_cancelled_before_it_runs_is_not_applied():
    scheduler, applied = InlineScheduler(), []

    def first(result):
        applied.append(result)
        scheduler.submit(BotJob(compute=lambda: "second", apply=applied.append))
        scheduler.cancel()  # e.g. the person pressed "New game" meanwhile

    scheduler.submit(BotJob(compute=lambda: "first", apply=first))
    scheduler.submit(BotJob(compute=lambda: "third", apply=applied.append))
    assert applied == ["first", "third"]


def test_the_page_runner_is_a_bot_scheduler():
    from cole_panel.ui import BotRunner

    runner, game = BotRunner(), CircleModel(seat0="Greedy", seat1="Greedy", seed=1, radius=2)
    assert isinstance(runner, BotScheduler)
    game.run_bots(runner)  # no event loop here: the runner runs the jobs inline
    assert game.state.is_over
