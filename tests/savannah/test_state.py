"""Setting up, saving, loading and replaying games; the options' checks; the move format."""

from __future__ import annotations

import json
import random

import pytest

from engines.savannah import (
    Card,
    Discard,
    Play,
    Rules,
    State,
    Steal,
    load_deck,
    make_state,
    move_from_dict,
    move_to_dict,
    new_game,
    replay,
)

DECK = load_deck()


def random_game(seed: int, players: int = 3, **options):
    state = new_game(Rules(players=players, **options), seed=seed)
    rng = random.Random(seed)
    moves, events = [], []
    while not state.is_over:
        move = rng.choice(state.legal_actions())
        moves.append(move)
        events += state.apply(move)
    return state, moves, events


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_new_game_deals_hands_row_and_pile(players):
    state = new_game(Rules(players=players), seed=3)
    assert len(state.row) == 6
    assert all(len(state.hand(q)) == 3 for q in range(players))
    assert state.pile_size == 64 - 6 - 3 * players
    assert state.current_player == 0 and not state.is_over and state.winner is None
    assert all(state.token_on(c) is None for c in state.row)
    assert [state.tokens_left(q) for q in range(players)] == [10] * players


def test_same_seed_same_deal_and_different_seeds_differ():
    assert new_game(seed=5).to_dict() == new_game(seed=5).to_dict()
    assert new_game(seed=5).row != new_game(seed=6).row
    state = new_game()
    assert isinstance(state.seed, int)
    assert replay([], seed=state.seed).to_dict() == state.to_dict()


def test_a_game_lasts_until_the_last_card_is_drawn():
    state, moves, events = random_game(11, players=4)
    assert state.pile_size == 0 and state.is_over
    assert sum(e.kind == "drew" for e in events) == 64 - 6 - 12
    assert events[-1].kind == "game_over"
    assert events[-1].winners == state.winners


def test_replay_and_json_round_trip_of_a_whole_game():
    state, moves, events = random_game(21)
    again = replay(moves, Rules(players=3), seed=21)
    assert again.to_dict() == state.to_dict()
    text = json.dumps(state.to_dict())
    loaded = State.from_dict(json.loads(text))
    assert loaded.to_dict() == state.to_dict()
    assert loaded.score_sheet() == state.score_sheet() and loaded.winner == state.winner
    json.dumps([e.to_dict() for e in events])  # every event is JSON-safe
    assert all(e.to_dict()["text"] == e.describe() for e in events)


def test_mid_game_save_with_a_pending_steal_round_trips():
    state = make_state(
        row=["zebra", "impala"], hands=[["vulture"], ["jackal"]], kills=[[], ["lion", "zebra"]]
    )
    state.apply(Play("vulture#1"))
    assert state.pending_steal
    loaded = State.from_dict(json.loads(json.dumps(state.to_dict())))
    assert loaded.legal_actions() == state.legal_actions()
    assert loaded.apply(Steal("lion#1")) == state.apply(Steal("lion#1"))


def test_clone_is_independent():
    state = new_game(seed=8)
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert copy.to_dict() != state.to_dict()
    assert state.to_dict() == new_game(seed=8).to_dict()


def test_a_custom_deck_plays_and_saves(tmp_path):
    cards = [Card.from_data({**c.to_data(), "name": c.name.upper()}) for c in DECK]
    state = new_game(Rules(players=2), seed=4, deck=cards)
    assert all(c.split("#")[0].isupper() for c in state.row)
    data = json.loads(json.dumps(state.to_dict()))
    assert data["deck"] is not None
    assert State.from_dict(data).to_dict() == state.to_dict()
    assert new_game(seed=4).to_dict()["deck"] is None


def _saved():
    return new_game(Rules(players=2), seed=9).to_dict()


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.pop("row"), "^row: missing"),
        (lambda d: d.update(extra=1), "^extra: unknown field"),
        (lambda d: d.update(game="chess"), "^game: "),
        (lambda d: d.update(version=99), "^version: "),
        (lambda d: d["rules"].update(players=9), "^rules: Rules field 'players'"),
        (lambda d: d["rules"].update(colour=1), "^rules: Rules field 'colour'"),
        (lambda d: d["row"].append("unicorn#1"), "^row: 'unicorn#1' is not a card"),
        (lambda d: d["row"].append(d["pile"][0]), "is also in"),
        (lambda d: d["pile"].pop(), "missing from every zone"),
        (lambda d: d["hands"].pop(), "^hands: must list one entry per player"),
        (lambda d: d["hands"][0].append(d["pile"].pop()), "more than the hand size"),
        (lambda d: d["tokens"].update({d["row"][0]: 0}), "^tokens_left: "),
        (lambda d: d["tokens"].update({d["pile"][0]: 0}), "is not on the row"),
        (lambda d: d["tokens"].update({d["row"][0]: 7}), "seat 7"),
        (lambda d: d.update(current=2), "^current: "),
        (lambda d: d.update(over="no"), "^over: "),
        (lambda d: d.update(pending={"card": d["row"][0], "count": 1}), "no card to steal"),
        (lambda d: d.update(seed="x"), "^seed: "),
        (lambda d: d.update(deck=[{"name": "x"}]), "^deck: card 'x': field 'group'"),
    ],
)
def test_loading_a_bad_save_names_the_field(change, message):
    data = _saved()
    change(data)
    with pytest.raises(ValueError, match=message):
        State.from_dict(data)


@pytest.mark.parametrize(
    "options, message",
    [
        ({"players": 1}, "'players'"),
        ({"players": 6}, "'players'"),
        ({"steal": "random"}, "'steal'"),
        ({"no_token": "pass"}, "'no_token'"),
        ({"count_played_card": 1}, "'count_played_card'"),
        ({"players": 2, "first_player": 3}, "'first_player'"),
        ({"start_row": 40, "hand_size": 5, "players": 5}, "leave no draw pile"),
    ],
)
def test_bad_rules_are_refused(options, message):
    with pytest.raises(ValueError, match=message):
        Rules(**options)


def test_rules_round_trip():
    rules = Rules(players=3, steal="richest", equal_turns=True, tie_break="most_alive")
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


def test_moves_round_trip_and_bad_moves_are_refused():
    for move in (Play("zebra#2"), Discard("lion#1"), Steal("hyena#2")):
        assert move_from_dict(json.loads(json.dumps(move_to_dict(move)))) == move
    assert repr(Play("zebra#2")) == "Play(card='zebra#2')"
    with pytest.raises(ValueError, match="'type'"):
        move_from_dict({"type": "jump", "card": "zebra#1"})
    with pytest.raises(ValueError, match="'card'"):
        move_from_dict({"type": "play", "card": 3})


def test_make_state_checks_its_input():
    with pytest.raises(ValueError, match="no card called 'unicorn'"):
        make_state(row=["unicorn"], hands=[["lion"], []])
    with pytest.raises(ValueError, match="copies of 'ranger' are already used"):
        make_state(row=["ranger", "ranger"], hands=[["lion"], []])
    with pytest.raises(ValueError, match="3 hands given for 2 players"):
        make_state(hands=[["lion"], [], []], rules=Rules(players=2))
    with pytest.raises(ValueError, match="'x' after '@' is not a seat"):
        make_state(row=["zebra@x"], hands=[["lion"], []])
    with pytest.raises(ValueError, match="has no cards"):
        make_state(row=["zebra"], hands=[[], ["lion"]])


def test_observation_shows_own_hand_and_public_information_only():
    state = new_game(Rules(players=3), seed=2)
    obs = state.observation(1)
    assert obs.hand == state.hand(1) and obs.hand_sizes == (3, 3, 3)
    assert obs.row == state.row and obs.pile_size == state.pile_size
    text = repr(obs)
    for q in (0, 2):
        assert not any(c in text for c in state.hand(q))
    assert not any(c in text for c in state.pile)


def test_events_carry_what_a_view_needs_to_animate_a_turn():
    _, _, events = random_game(5, players=4)
    kinds = {e.kind for e in events}
    assert {
        "played",
        "hunted",
        "killed",
        "scared",
        "token_returned",
        "drew",
        "row_closed",
        "regrouped",
        "effect",
        "row_discarded",
        "game_over",
    } <= kinds
    for e in events:
        if e.kind == "hunted":
            assert set(e.hits) <= set(e.reached)
            assert e.side in ("left", "right", None)
