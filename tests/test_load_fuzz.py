"""Hostile files against every loader: any JSON, and every kind of damage to a real save.

Each loader either loads the file fully (and the game it shows saves and loads again) or
refuses it with one sentence and leaves the game exactly as it was: never another exception.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cole_panel.circle.model import CircleModel
from cole_panel.core.untrusted import MAX_NESTING
from cole_panel.ecosystem.draft.model import EcosystemModel
from cole_panel.ecosystem.explorer.model import ScoringExplorerModel
from cole_panel.savannah.model import SavannahModel
from engines import circle, ecosystem, savannah
from tests.strategies import examples

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from(["<img src=x onerror=alert(1)>", "Human", "MCTS", "play", "GZ", "west"])
)
JSON = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=16,
)


def _played(model: Any, moves: int) -> Any:
    """``model`` after ``moves`` legal moves, every seat a person."""
    model.param.update({f"seat{p}": "Human" for p in range(model.player_count)})
    for _ in range(moves):
        assert model.play(model.state.legal_actions()[0]), model.message
    return model


@cache
def _model(kind: str) -> Any:
    if kind == "circle":
        return _played(CircleModel(), 6)
    if kind == "savannah":
        return _played(SavannahModel(seed=3), 4)
    if kind == "ecosystem":
        model = _played(EcosystemModel(seed=5, players=2), 3)
        pick = model.state.legal_actions()[0]
        assert model.pick(pick.card, pick.cell, pick.park), model.message  # a pending pick
        return model
    return ScoringExplorerModel()


KINDS = ("circle", "savannah", "ecosystem", "explorer")


def _snapshot(model: Any) -> str:
    return model.save()


def _check_load(model: Any, text: str) -> None:
    """Loads fully (and saves and loads again) or refuses with a sentence, unchanged."""
    before = _snapshot(model)
    loaded = model.load(text)
    if loaded:
        again = model.save()
        assert model.load(again), model.message
        assert model.save() == again
        assert model.load(before), model.message  # back to the shared starting point
    else:
        assert _snapshot(model) == before
        assert model.message.startswith("Could not load the file: ")
        assert model.message.endswith("unchanged.")
        assert len(model.message) < 700


def _mutate(data: st.DataObject, value: Any) -> Any:
    """``value`` with one part dropped, replaced, nested deeply, made huge or retyped."""
    path: list[Any] = []
    node = value
    while isinstance(node, (dict, list)) and node and data.draw(st.booleans(), label="deeper"):
        key = data.draw(
            st.sampled_from(sorted(node) if isinstance(node, dict) else range(len(node)))
        )
        path.append(key)
        node = node[key]
    how = data.draw(
        st.sampled_from(["drop", "replace", "deep", "huge", "bool", "dict", "number"]), label="how"
    )
    new = {
        "replace": lambda: data.draw(JSON, label="new"),
        "deep": lambda: json.loads("[" * (MAX_NESTING + 5) + "1" + "]" * (MAX_NESTING + 5)),
        "huge": lambda: "<b>" * 100_000,
        "bool": lambda: True,
        "dict": lambda: {"type": {"a": 1}, "card": node},
        "number": lambda: 10**40,
    }
    if not path:
        return new["replace"]() if how == "drop" else new.get(how, new["replace"])()
    parent = value
    for key in path[:-1]:
        parent = parent[key]
    if how == "drop":
        del parent[path[-1]]
    else:
        parent[path[-1]] = new[how]()
    return value


@pytest.mark.parametrize("kind", KINDS)
@examples(40)
@given(value=JSON)
def test_any_json_is_refused_with_a_sentence_or_loaded(kind: str, value: Any):
    _check_load(_model(kind), json.dumps(value))


@pytest.mark.parametrize("kind", KINDS)
@examples(60)
@given(data=st.data())
def test_a_damaged_save_loads_fully_or_changes_nothing(kind: str, data: st.DataObject):
    model = _model(kind)
    damaged = _mutate(data, json.loads(model.save()))
    _check_load(model, json.dumps(damaged))


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        '{"a": ' + "9" * 5000 + "}",
        "",
        "null",
        '"<img src=x onerror=alert(1)>"',
        "{" * 50 + "}" * 50,
        '{"format": "<img src=x onerror=alert(1)>", "version": 1}',
    ],
)
@pytest.mark.parametrize("kind", KINDS)
def test_files_that_crashed_loaders_are_refused(kind: str, text: str):
    _check_load(_model(kind), text)


def _own_deck(data: dict) -> None:
    cards = [card.to_data() for card in savannah.load_deck()]
    cards[0]["name"] = "<img src=x onerror=alert(1)>"
    for key in ("start", "state"):
        data[key]["deck"] = cards


def _same_park_twice(data: dict) -> None:
    card, cell, park = data["pending"][0]
    data["pending"] = [[card, cell, park], [card, cell, park]]


BAD_SAVES = [
    *(
        pytest.param(kind, lambda d: d.update(version=True), "'version'", id=f"{kind}-version")
        for kind in KINDS
    ),
    pytest.param(
        "savannah",
        lambda d: d["moves"][0].update(type={"a": 1}),
        "moves number 1",
        id="savannah-move-type-object",
    ),
    pytest.param("savannah", _own_deck, "deck", id="savannah-own-deck"),
    *(
        pytest.param(
            "ecosystem", lambda d, bad=bad: d.update(pending=[bad]), "pending number 1", id=name
        )
        for name, bad in (
            ("ecosystem-pick-cell-text", ["GZ", ["a", 1], None]),
            ("ecosystem-pick-park-object", ["GZ", [0, 0], {"x": 1}]),
            ("ecosystem-pick-cell-list", ["GZ", [[0], 0], None]),
        )
    ),
    pytest.param(
        "ecosystem", _same_park_twice, "pending pick number 2", id="ecosystem-same-park-twice"
    ),
]
"""Saves with one thing wrong: the game, the change, the words the refusal must say."""


@pytest.mark.parametrize(("kind", "change", "words"), BAD_SAVES)
def test_a_save_with_one_bad_field_is_refused_and_names_it(kind: str, change, words: str):
    """The view never sees such a save: the model refuses it, unchanged, naming what is wrong."""
    model = _model(kind)
    data = json.loads(model.save())
    change(data)
    _check_load(model, json.dumps(data))
    assert words in model.message


def test_park_file_names_are_short_text():
    model = _model("explorer")
    data = json.loads(model.save())
    data["names"] = ["x" * 5_000]
    _check_load(model, json.dumps(data))
    assert "'names'" in model.message
    assert "xxxxxxxxxx" not in model.message


# ---------------------------------------------------------------------- engines


ENGINES: dict[str, Callable[[], Any]] = {
    "circle": lambda: circle.replay(["E5", "E7", "D4"]),
    "ecosystem": lambda: _engine_after(ecosystem.new_game(seed=2), 5),
    "savannah": lambda: _engine_after(savannah.new_game(seed=2), 4),
}


def _engine_after(state: Any, moves: int) -> Any:
    for _ in range(moves):
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("game", sorted(ENGINES))
@examples(60)
@given(data=st.data())
def test_engine_from_json_reads_or_raises_a_value_error(game: str, data: st.DataObject):
    state = ENGINES[game]()
    damaged = json.dumps(_mutate(data, json.loads(state.to_json())))
    try:
        loaded = type(state).from_json(damaged)
    except ValueError as err:
        assert str(err)
    else:
        assert type(state).from_json(loaded.to_json()).to_dict() == loaded.to_dict()


@pytest.mark.parametrize("game", sorted(ENGINES))
@pytest.mark.parametrize("text", ["[" * 100_000, '{"a": ' + "9" * 5000 + "}", "null", "[]"])
def test_engine_from_json_refuses_crashing_texts_with_a_sentence(game: str, text: str):
    with pytest.raises(ValueError, match=r"\w"):
        type(ENGINES[game]()).from_json(text)
