"""One conformance suite for every game: the engine protocol of ``engines.protocol``.

Random games are played to the end, every choice drawn from Hypothesis (so a failure shrinks
to a short game), checking at every ply what the protocol promises a bot, a model or a saved
file: legal actions until the end, illegal actions refused with a sentence and no change,
``why_illegal`` and ``check_action`` agreeing, independent clones, JSON and text round trips,
replays and seeds that reproduce the game, and one meaning of ``winner``/``winners``/``outcome``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import IllegalAction, circle, ecosystem, savannah
from engines.games import GAMES, get_game
from engines.protocol import GameState, Outcome

CASES = {
    "circle": (circle, circle.Rules()),
    "circle-radius-2": (circle, circle.Rules(radius=2, no_placement_wins=False)),
    "ecosystem": (ecosystem, ecosystem.Rules()),
    "ecosystem-two-parks": (ecosystem, ecosystem.Rules(variant="two_parks")),
    "savannah": (savannah, savannah.Rules(players=2)),
    "savannah-4-players": (savannah, savannah.Rules(players=4, steal="choose")),
}

# Every other game of the engine records (the test-only Nim, tests/nim), with its default rules.
CASES.update(
    {
        name: (g.package, g.rules_type())
        for name, g in GAMES.items()
        if g.package not in (circle, ecosystem, savannah)
    }
)

JUNK = [None, "zz", 3.5, {}, [], (), "", object(), ("E5",), [1, 2, 3]]
"""Values that are no action in any game."""

# A full game per example: a twentieth of the profile's examples (5 under ci/dev, 50 thorough).
GAME_SETTINGS = settings(
    max_examples=max(2, settings.default.max_examples // 20),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def made_up(state: Any) -> list[Any]:
    """Actions of the right type that may or may not be legal now."""
    if isinstance(state, circle.State):
        return [*state.cells, (99, 99), "J1", "A9"]
    if isinstance(state, ecosystem.State):
        cells = [(0, 0), (1, 2), (3, 4), (4, 4), (-1, 0)]
        parks = [*state.rules.park_names, "north"]
        return [
            ecosystem.Pick(card, cell, park)
            for card in (ecosystem.CardType.LION, ecosystem.CardType.GAZELLE)
            for cell in cells
            for park in parks
        ]
    if not isinstance(state, savannah.State):  # a game added to the records: its own, or junk
        made = getattr(state, "made_up_actions", None)
        return made() if made is not None else list(JUNK)
    ids = [*state.row, *state.hand(0), *state.kill_pile(0), "zebra#99"]
    return [
        kind(card) for kind in (savannah.Play, savannah.Discard, savannah.Steal) for card in ids
    ]


def check_refused(state: Any, action: Any) -> None:
    """``action`` is refused with a sentence, by every legality member alike, changing nothing."""
    before = state.to_dict()
    reason = state.why_illegal(action)
    assert isinstance(reason, str) and reason.strip()
    assert not state.is_legal(action)
    with pytest.raises(IllegalAction) as err:
        state.check_action(action)
    assert str(err.value) == reason
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert str(err.value) == reason
    assert state.to_dict() == before


def check_ply(state: Any, data: st.DataObject) -> None:
    """Everything the protocol promises about a running game."""
    assert isinstance(state, GameState)
    legal = state.legal_actions()
    assert legal, "a running game always offers an action"
    assert state.current_player is not None and not state.is_over
    assert state.outcome is None and state.winners == () and state.winner is None
    assert state.returns() == (0.0,) * state.players
    # legality: legal_actions and why_illegal agree on every candidate
    for action in legal:
        assert state.why_illegal(action) is None and state.is_legal(action)
        state.check_action(action)
        assert state.parse_action(state.action_to_str(action)) == action
    for action in JUNK + data.draw(st.lists(st.sampled_from(made_up(state)), max_size=4)):
        if action not in legal:
            check_refused(state, action)
    # clones and saves
    before = state.to_dict()
    copy = state.clone()
    copy.apply(data.draw(st.sampled_from(legal)))
    assert state.to_dict() == before and copy.to_dict() != before
    loaded = type(state).from_json(state.to_json())
    assert loaded.to_dict() == before and loaded.legal_actions() == legal
    # hidden information: the mover's determinized world offers her the same actions
    me = state.current_player
    world = state.determinize(me, random.Random(data.draw(st.integers(0, 99))))
    assert world.current_player == me and world.legal_actions() == legal
    assert state.observation(me) is not None and state.to_dict() == before


def check_end(state: Any) -> None:
    """Everything the protocol promises about a finished game."""
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    outcome = state.outcome
    assert isinstance(outcome, Outcome) and outcome.describe()
    assert state.winners == outcome.winners == tuple(sorted(set(outcome.winners)))
    assert state.winners and all(0 <= p < state.players for p in state.winners)
    assert state.winner == (state.winners[0] if len(state.winners) == 1 else None)
    assert outcome.is_tie == (state.winner is None)
    returns = state.returns()
    assert len(returns) == state.players and sum(returns) == pytest.approx(1.0)
    assert all((returns[p] > 0) == (p in state.winners) for p in range(state.players))
    sheet = state.score_sheet()
    assert outcome.scores == tuple(sheet.total(p) for p in range(state.players))
    for action in JUNK:
        check_refused(state, action)
    loaded = type(state).from_json(state.to_json())
    assert loaded.to_dict() == state.to_dict() and loaded.outcome == outcome


@pytest.mark.parametrize("case", list(CASES))
@GAME_SETTINGS
@given(data=st.data())
def test_random_game_keeps_the_protocol(case: str, data: st.DataObject) -> None:
    game, rules = CASES[case]
    seed = data.draw(st.integers(0, 2**16), label="seed")
    state = game.new_game(rules, seed=seed)
    assert state.to_dict() == game.new_game(rules, seed=seed).to_dict(), "same seed, same deal"
    actions, texts = [], []
    while not state.is_over:
        check_ply(state, data)
        action = data.draw(st.sampled_from(state.legal_actions()))
        actions.append(action)
        texts.append(state.action_to_str(action))
        events = state.apply(action)
        assert events and all(e.describe() for e in events)
    check_end(state)
    assert game.replay(actions, rules, seed).to_dict() == state.to_dict()
    assert game.replay(texts, rules, seed).to_dict() == state.to_dict()


@pytest.mark.parametrize("case", list(CASES))
def test_replay_names_the_first_illegal_action(case: str) -> None:
    game, rules = CASES[case]
    state = game.new_game(rules, seed=5)
    first = state.action_to_str(state.legal_actions()[0])
    with pytest.raises(IllegalAction, match="2"):
        game.replay([first, "zz"], rules, 5)


@pytest.mark.parametrize("case", list(CASES))
def test_parse_action_refuses_junk_text_with_a_sentence(case: str) -> None:
    game, rules = CASES[case]
    state = game.new_game(rules, seed=1)
    for text in ("", "zz zz zz zz", "play", "GZ Z9"):
        with pytest.raises(ValueError, match=r"\w"):
            state.parse_action(text)


def test_the_registry_reaches_every_game() -> None:
    for name, game in GAMES.items():
        assert get_game(name.upper()) is game
        state = game.new_game(seed=3)
        assert isinstance(state, GameState) and isinstance(state, game.package.State)
        assert game.replay([], None, 3).to_dict() == state.to_dict()
        assert {"RandomBot", "GreedyBot", "MCTSBot"} <= set(vars(game.bots))
        assert game.rules_type is game.package.Rules
    with pytest.raises(ValueError, match="circle, ecosystem and savannah"):
        get_game("go")
