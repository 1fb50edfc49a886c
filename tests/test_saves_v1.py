"""Saves written before the save label was one (version 1) still load, as the same game.

The files under ``tests/saves_v1/`` were written by the engines and pages of version 1: each
game's state six moves in (``<game>_state.json``, with the moves in ``<game>_moves.json``) and a
page's saved game (``<game>_page.json``), which holds version 1 states inside it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cole_panel.circle.model import CircleModel
from cole_panel.ecosystem.draft.model import EcosystemModel
from cole_panel.savannah.model import SavannahModel
from engines import circle, ecosystem, savannah
from engines.games import get_game
from engines.saves import SAVE_VERSION

FILES = Path(__file__).parent / "saves_v1"
GAMES = {"circle": circle, "ecosystem": ecosystem, "savannah": savannah}
LABELS = {
    "circle": "circle-of-life",
    "ecosystem": "ecosystem-savanna",
    "savannah": "circle-of-life-on-the-savannah",
}
MODELS = {"circle": CircleModel, "ecosystem": EcosystemModel, "savannah": SavannahModel}


def _read(name: str) -> dict:
    return json.loads((FILES / name).read_text())


@pytest.mark.parametrize("game", GAMES)
def test_a_version_1_state_loads_as_the_game_it_saved(game):
    module, old = GAMES[game], _read(f"{game}_state.json")
    assert old["version"] == 1
    played = _read(f"{game}_moves.json")
    loaded = module.State.from_dict(old)
    assert loaded.to_dict() == module.replay(played["moves"], seed=played["seed"]).to_dict()
    assert loaded.legal_actions() == module.replay(played["moves"], seed=5).legal_actions()


@pytest.mark.parametrize("game", GAMES)
def test_every_game_labels_its_save_the_same_way_at_the_new_version(game):
    module = GAMES[game]
    data = module.State.from_dict(_read(f"{game}_state.json")).to_dict()
    assert list(data)[:2] == ["game", "version"] and "format" not in data
    assert data["game"] == LABELS[game] == get_game(game).save_label
    assert data["version"] == SAVE_VERSION == 2
    assert module.State.from_dict(data).to_dict() == data


@pytest.mark.parametrize("game", GAMES)
def test_a_version_1_save_of_another_game_is_refused_naming_the_label(game):
    old = _read(f"{game}_state.json")
    for other in GAMES:
        if other != game:
            with pytest.raises(ValueError, match=r"^(game|format): this is a save of"):
                GAMES[other].State.from_dict(old)


@pytest.mark.parametrize("game", MODELS)
def test_a_page_saved_with_version_1_states_opens_at_its_position(game):
    text = (FILES / f"{game}_page.json").read_text()
    model = MODELS[game]()
    assert model.load(text), model.message
    saved = GAMES[game].State.from_dict(json.loads(text)["state"])
    assert model.state.to_dict() == saved.to_dict()
    assert model.state.to_dict() != model.start.to_dict()
