"""The bots: legal moves in every phase, sensible choices, strength with fixed budgets."""

from __future__ import annotations

import random

import pytest

from engines.savannah import (
    GreedyBot,
    MCTSBot,
    Play,
    RandomBot,
    Rules,
    Steal,
    make_state,
    new_game,
)
from engines.savannah.bots import SavannahSearch


def match(make_a, make_b, games: int, players: int = 2) -> float:
    """Games won by bot A (shared wins split), A and B swapping seats every game."""
    wins = 0.0
    for g in range(games):
        state = new_game(Rules(players=players), seed=g)
        a_seat = g % 2
        bots = {a_seat: make_a(g), 1 - a_seat: make_b(g)}
        while not state.is_over:
            state.apply(bots[state.current_player].choose(state))
        winners = state.winners
        wins += (a_seat in winners) / len(winners)
    return wins


@pytest.mark.parametrize(
    "make",
    [lambda: RandomBot(1), lambda: GreedyBot(1), lambda: MCTSBot(iterations=8, seed=1)],
    ids=["random", "greedy", "mcts"],
)
def test_bots_play_whole_games_with_legal_moves(make):
    state = new_game(Rules(players=3, steal="choose"), seed=12)
    bot = make()
    while not state.is_over:
        move = bot.choose(state)
        assert move in state.legal_actions()
        state.apply(move)


@pytest.mark.parametrize(
    "bot",
    [RandomBot(0), GreedyBot(0), MCTSBot(iterations=10, seed=0)],
    ids=["random", "greedy", "mcts"],
)
def test_bots_choose_a_steal_when_one_is_due(bot):
    state = make_state(
        row=["zebra", "impala"], hands=[["vulture"], ["jackal"]], kills=[[], ["lion", "termite"]]
    )
    state.apply(Play("vulture#1"))
    move = bot.choose(state)
    assert isinstance(move, Steal) and move in state.legal_actions()


def test_greedy_takes_the_move_that_gains_most():
    # The lion kills both of the opponent's level-3 ungulates; the scrub hare only adds 10.
    state = make_state(
        row=["zebra@1", "wildebeest@1", "ostrich"], hands=[["lion", "scrub hare"], ["jackal"]]
    )
    bot = GreedyBot(0)
    assert bot.evaluate(state, Play("lion#1")) > bot.evaluate(state, Play("scrub hare#1"))
    assert bot.choose(state) == Play("lion#1")


def test_greedy_steals_the_card_completing_its_big_five():
    state = make_state(
        row=["zebra", "impala"],
        hands=[["vulture"], ["jackal"]],
        kills=[["lion", "leopard", "elephant", "rhino"], ["buffalo", "hippo"]],
    )
    state.apply(Play("vulture#1"))
    assert GreedyBot(0).choose(state) == Steal("buffalo#1")


def test_the_search_playout_plays_the_greedy_move_not_a_random_one():
    # The lion kills both of the opponent's level-3 ungulates, the scrub hare kills nothing: a
    # playout move is the one the Greedy bot would make, in every world the search deals.
    state = make_state(
        row=["zebra@1", "wildebeest@1", "ostrich"], hands=[["lion", "scrub hare"], ["jackal"]]
    )

    def scored(move):
        after = state.clone()
        after.apply(move)
        return SavannahSearch(rollout_depth=0).rollout(after, random.Random(0))

    lion, hare = scored(Play("lion#1")), scored(Play("scrub hare#1"))
    assert lion[0] > hare[0]
    for seed in range(12):
        assert SavannahSearch(rollout_depth=1).rollout(state.clone(), random.Random(seed)) == lion


def test_mcts_is_deterministic_for_a_seed_and_respects_budgets():
    state = make_state(
        row=["zebra@1", "impala"], hands=[["termite", "ostrich", "lion"], ["jackal"], ["hyena"]]
    )
    assert MCTSBot(iterations=30, seed=4).choose(state) == MCTSBot(iterations=30, seed=4).choose(
        state
    )
    bot = MCTSBot(iterations=30, seed=4)
    bot.choose(state)
    assert sum(n for _, n in bot.stats.visits) == bot.stats.iterations <= 30
    bot = MCTSBot(iterations=10_000, seed=4, seconds=0.05)
    assert bot.choose(state) in state.legal_actions()
    assert bot.stats.iterations < 10_000
    with pytest.raises(ValueError):
        MCTSBot(iterations=0)


def test_mcts_refuses_a_finished_game():
    state = make_state(row=["zebra"], hands=[["termite"], ["ostrich"]], over=True)
    with pytest.raises(ValueError, match="over"):
        MCTSBot(iterations=5).choose(state)


@pytest.mark.slow
def test_greedy_beats_random():
    assert match(lambda g: GreedyBot(g), lambda g: RandomBot(g), 100) >= 58


@pytest.mark.slow
def test_mcts_beats_random():
    assert match(lambda g: MCTSBot(iterations=40, seed=g), lambda g: RandomBot(g), 10) >= 7
