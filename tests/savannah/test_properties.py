"""Property tests over random games: conservation, replay, legality, and bots not peeking."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engines import IllegalAction
from engines.savannah import (
    DECK_SIZE,
    Discard,
    MCTSBot,
    Play,
    Rules,
    State,
    Steal,
    card_ids,
    new_game,
    replay,
)

OPTIONS = st.fixed_dictionaries(
    {
        "players": st.integers(2, 5),
        "count_played_card": st.booleans(),
        "no_token": st.sampled_from(["play", "discard"]),
        "tokens": st.sampled_from([2, 10]),
        "steal": st.sampled_from(["choose", "richest"]),
        "steal_per_kill": st.booleans(),
        "equal_turns": st.booleans(),
        "elephant_majority": st.sampled_from(["strict", "tied"]),
    }
)


def zones(state: State) -> list[str]:
    out = list(state.pile) + list(state.row) + list(state.discard_pile)
    for q in range(state.players):
        out += list(state.hand(q)) + list(state.kill_pile(q))
    return out


def check_conserved(state: State) -> None:
    assert sorted(zones(state)) == sorted(card_ids(list(state.cards)))
    assert len(state.cards) and sum(c.copies for c in state.cards) == DECK_SIZE
    for q in range(state.players):
        on_row = sum(1 for c in state.row if state.token_on(c) == q)
        assert on_row + state.tokens_left(q) == state.rules.tokens
        assert len(state.hand(q)) <= state.rules.hand_size


def check_legality_is_consistent(state: State) -> None:
    legal = state.legal_actions()
    ids = sorted(set(zones(state)))
    before = state.to_dict()
    for cid in ids:
        for move in (Play(cid), Discard(cid), Steal(cid)):
            reason = state.why_illegal(move)
            assert (reason is None) == (move in legal), (move, reason)
            if reason is not None:
                try:
                    state.clone().apply(move)
                except IllegalAction as exc:
                    assert str(exc) == reason
                else:
                    raise AssertionError(f"{move} was applied")
    assert state.to_dict() == before


@settings(max_examples=100, deadline=None)
@given(options=OPTIONS, seed=st.integers(0, 2**32 - 1), move_seed=st.integers(0, 2**16))
def test_random_games_conserve_cards_and_tokens_and_replay_exactly(options, seed, move_seed):
    rules = Rules(**options)
    state = new_game(rules, seed=seed)
    rng = random.Random(move_seed)
    moves = []
    while not state.is_over:
        check_conserved(state)
        legal = state.legal_actions()
        assert legal
        move = rng.choice(legal)
        twin = state.clone()
        events = state.apply(move)
        assert twin.apply(move) == events  # clones play identically
        moves.append(move)
    check_conserved(state)
    assert state.pile_size == 0 and state.winners
    assert replay(moves, rules, seed=seed).to_dict() == state.to_dict()
    assert State.from_dict(state.to_dict()).to_dict() == state.to_dict()
    sheet = state.score_sheet()
    assert [sheet.total(q) for q in range(rules.players)] == state.totals()


@settings(max_examples=25, deadline=None)
@given(options=OPTIONS, seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 60))
def test_legal_actions_match_why_illegal_and_illegal_moves_change_nothing(options, seed, plies):
    state = new_game(Rules(**options), seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    check_legality_is_consistent(state)
    assert State.from_dict(state.to_dict()).to_dict() == state.to_dict()


def _reshuffle_hidden(state: State, me: int, rng: random.Random) -> State:
    """The same position for ``me`` with the other hands and the pile dealt differently."""
    data = state.to_dict()
    others = [q for q in range(state.players) if q != me]
    hidden = [c for q in others for c in data["hands"][q]] + data["pile"]
    rng.shuffle(hidden)
    for q in others:
        size = len(data["hands"][q])
        data["hands"][q], hidden = hidden[:size], hidden[size:]
    data["pile"] = hidden
    return State.from_dict(data)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 30), players=st.integers(2, 4))
def test_mcts_choice_does_not_depend_on_hidden_cards(seed, plies, players):
    state = new_game(Rules(players=players), seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        state.apply(rng.choice(state.legal_actions()))
    me = state.current_player
    other = _reshuffle_hidden(state, me, rng)
    assert other.observation(me) == state.observation(me)
    assert other.to_dict() != state.to_dict()
    bot_a, bot_b = MCTSBot(iterations=25, seed=3), MCTSBot(iterations=25, seed=3)
    assert bot_a.choose(state) == bot_b.choose(other)
    assert bot_a.stats.visits == bot_b.stats.visits
