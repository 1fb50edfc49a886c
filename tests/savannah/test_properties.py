"""Property tests over random games: conservation, replay, legality, and bots not peeking."""

from __future__ import annotations

from hypothesis import assume, given
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
from tests.strategies import draw_move, examples, play

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


@examples(100)
@given(options=OPTIONS, seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_games_conserve_cards_and_tokens_and_replay_exactly(options, seed, data):
    rules = Rules(**options)
    state = new_game(rules, seed=seed)
    moves = []
    while not state.is_over:
        check_conserved(state)
        move = draw_move(data, state)
        twin, quiet = state.clone(), state.clone()
        events = state.apply(move)
        assert twin.apply(move) == events  # clones play identically
        quiet.apply_quiet(move)  # the search's path: no events, the same position
        assert quiet.to_dict() == state.to_dict()
        moves.append(move)
    check_conserved(state)
    assert state.pile_size == 0 and state.winners
    assert replay(moves, rules, seed=seed).to_dict() == state.to_dict()
    assert State.from_dict(state.to_dict()).to_dict() == state.to_dict()
    sheet = state.score_sheet()
    assert [sheet.total(q) for q in range(rules.players)] == state.totals()


@examples(25)
@given(options=OPTIONS, seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 60), data=st.data())
def test_legal_actions_match_why_illegal_and_illegal_moves_change_nothing(
    options, seed, plies, data
):
    state = new_game(Rules(**options), seed=seed)
    play(data, state, plies=plies)
    check_legality_is_consistent(state)
    assert State.from_dict(state.to_dict()).to_dict() == state.to_dict()


def _redeal_hidden(state: State, me: int, data: st.DataObject) -> State:
    """The same position for ``me`` with the other hands and the pile dealt differently."""
    position = state.to_dict()
    others = [q for q in range(state.players) if q != me]
    hidden = [c for q in others for c in position["hands"][q]] + position["pile"]
    hidden = data.draw(st.permutations(hidden), label="hidden cards")
    for q in others:
        size = len(position["hands"][q])
        position["hands"][q], hidden = hidden[:size], hidden[size:]
    position["pile"] = hidden
    return State.from_dict(position)


@examples(8)
@given(
    seed=st.integers(0, 2**32 - 1),
    plies=st.integers(0, 30),
    players=st.integers(2, 4),
    data=st.data(),
)
def test_mcts_choice_does_not_depend_on_hidden_cards(seed, plies, players, data):
    state = new_game(Rules(players=players), seed=seed)
    play(data, state, plies=plies)
    me = state.current_player
    other = _redeal_hidden(state, me, data)
    assume(other.to_dict() != state.to_dict())  # the same deal proves nothing
    assert other.observation(me) == state.observation(me)
    bot_a, bot_b = MCTSBot(iterations=25, seed=3), MCTSBot(iterations=25, seed=3)
    assert bot_a.choose(state) == bot_b.choose(other)
    assert bot_a.stats.visits == bot_b.stats.visits
