"""The conformance suite's part on hidden information: what each seat may see is the engine's.

For every game and variant of :data:`tests.test_protocol.CASES`, random games (every move
drawn by Hypothesis) are checked at every ply: each seat's ``player_view(state, seat)`` — and a
spectator's (``seat`` None) — is a position of the game that saves as JSON, shows the seat all
it may see (its observation is the real one), and is the same for every full state that
differs only in what the seat may not see: the other seats' hands and the draw pile (worlds
dealt by ``determinize`` from the seat's observation).  A turn's events, as a seat sees them,
tell no card hidden from it.  Once the game is over, the view keeps the final scores.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines import savannah

from .test_protocol import CASES, GAME_SETTINGS

WORLDS = 2
"""Full states dealt from a seat's observation per check (each must give the same view)."""


def seen(state: Any, seat: int) -> Any:
    """What ``seat`` may see of ``state``, as comparable data."""
    obs = state.observation(seat)
    return obs.to_dict() if hasattr(obs, "to_dict") else obs


def texts(data: Any) -> set[str]:
    """Every text in ``data`` (dicts, lists, tuples, dataclasses; other objects but numbers as
    their ``str``), e.g. the card ids ``'zebra#2'`` of a save."""
    out: set[str] = set()
    todo = [data]
    while todo:
        value = todo.pop()
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, dict):
            todo.extend(value.values())
        elif isinstance(value, (list, tuple, set, frozenset)):
            todo.extend(value)
        elif dataclasses.is_dataclass(value):
            out |= _dataclass_texts(value)
        elif value is not None and not isinstance(value, (int, float)):
            out.add(str(value))
    return out


@functools.lru_cache(maxsize=4096)
def _dataclass_texts(value: Any) -> frozenset[str]:
    """:func:`texts` of a frozen value (cards and rules recur in every observation)."""
    return frozenset(texts([getattr(value, f.name) for f in dataclasses.fields(value)]))


def check_views(game: Any, state: Any, rng: random.Random) -> None:
    """Every seat's and a spectator's view of ``state`` (see the module docstring)."""
    for seat in [*range(state.players), None]:
        view = game.player_view(state, seat)
        assert type(view) is type(state)
        json.dumps(view.to_dict())
        assert game.player_view(view, seat).to_dict() == view.to_dict(), "a view of a view"
        if state.is_over:  # scored in the open
            assert view.outcome == state.outcome and view.score_sheet() == state.score_sheet()
            continue
        if seat is not None:
            assert seen(view, seat) == seen(state, seat), "the view hides what the seat sees"
        # worlds that differ in what the seat may not see (a spectator: anything in a hand)
        for source in range(state.players) if seat is None else [seat]:
            for _ in range(WORLDS):
                world = state.determinize(source, rng)
                assert game.player_view(world, seat).to_dict() == view.to_dict(), (
                    f"seat {seat}'s view tells another seat's hand or the draw pile"
                )


def check_events(before: Any, events: list[Any], after: Any) -> None:
    """No seat sees, in a turn's events, a card hidden from it before and after the turn."""
    for seat in range(after.players):
        hidden = (texts(before.to_dict()) | texts(after.to_dict())) - (
            texts(seen(before, seat)) | texts(seen(after, seat))
        )
        for event in events:
            told = event.seen_by(seat).to_dict()
            json.dumps(told)
            leaked = texts(told) & hidden
            assert not leaked, f"seat {seat} is told {leaked} by {event!r}"


@pytest.mark.parametrize("case", list(CASES))
@GAME_SETTINGS
@given(data=st.data())
def test_no_seat_sees_another_seats_hand_or_the_pile(case: str, data: st.DataObject) -> None:
    game, rules = CASES[case]
    state = game.new_game(rules, seed=data.draw(st.integers(0, 2**16), label="seed"))
    rng = random.Random(data.draw(st.integers(0, 2**16), label="worlds"))
    while not state.is_over:
        check_views(game, state, rng)
        before = state.clone()
        events = state.apply(data.draw(st.sampled_from(state.legal_actions()), label="move"))
        check_events(before, events, state)
    check_views(game, state, rng)


@pytest.mark.parametrize("case", list(CASES))
def test_a_seat_is_a_player_or_none(case: str) -> None:
    game, rules = CASES[case]
    state = game.new_game(rules, seed=1)
    for seat in (-1, state.players, "0", 0.0, True):
        with pytest.raises(ValueError, match="seat"):
            game.player_view(state, seat)


def test_the_checks_catch_a_view_or_an_event_that_leaks() -> None:
    """The checks above can fail: a view that is the position itself leaks the hands and the
    pile; a Drew event told to everyone leaks the card drawn."""
    state = savannah.new_game(savannah.Rules(players=3), seed=2)
    leaky = SimpleNamespace(player_view=lambda s, seat: s)
    with pytest.raises(AssertionError, match="another seat's hand or the draw pile"):
        check_views(leaky, state, random.Random(1))
    before = state.clone()
    events = state.apply(state.legal_actions()[0])
    drew = next(e for e in events if e.kind == "drew")
    told_to_all = SimpleNamespace(seen_by=lambda seat: drew)
    with pytest.raises(AssertionError, match=drew.card):
        check_events(before, [told_to_all], state)
