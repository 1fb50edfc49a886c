"""Bots: legal, seedable, greedy really greedy and stronger than random, and the search bot
never uses cards its player cannot see."""

from __future__ import annotations

import random

import pytest

from engines.ecosystem import Rules, State, determinize, new_game, score, totals
from engines.ecosystem.bots import GreedyBot, MCTSBot, RandomBot
from engines.ecosystem.park import place


def advance(state: State, picks: int, seed: int = 0) -> State:
    bot = RandomBot(seed)
    for _ in range(picks):
        state.apply(bot.choose(state))
    return state


def own_total_after(state: State, pick) -> int:
    """The current player's total in a full-table score after the pick (no later picks)."""
    p = state.current_player
    parks = [list(ps) for ps in state._parks]
    slot = state.rules.park_names.index(pick.park)
    parks[p][slot], _, _ = place(parks[p][slot], pick.cell, pick.card, state.rules.frame)
    table = [ps[0] if len(ps) == 1 else tuple(ps) for ps in parks]
    return score(table, state.rules).total(p)


@pytest.mark.parametrize("bot_class", [RandomBot, GreedyBot])
def test_simple_bots_play_legal_seeded_games(bot_class):
    def run(seed):
        game = new_game(Rules(variant="two_parks", players=3), seed=1)
        bot = bot_class(seed)
        actions = []
        while not game.is_over:
            action = bot.choose(game)
            assert game.is_legal(action)
            actions.append(action)
            game.apply(action)
        return actions

    assert run(5) == run(5)
    with pytest.raises(ValueError, match="game is over"):
        bot_class(0).choose(State.from_dict(_finished().to_dict()))


def _finished() -> State:
    game = new_game(Rules(players=2), seed=2)
    return advance(game, 40)


def test_greedy_takes_the_pick_with_the_best_immediate_score():
    for variant, picks in (("classic", 9), ("classic", 27), ("two_parks", 31)):
        game = advance(new_game(Rules(variant=variant, players=3), seed=3), picks)
        choice = GreedyBot(0).choose(game)
        best = max(own_total_after(game, a) for a in game.legal_actions())
        assert own_total_after(game, choice) == best


def test_a_players_total_needs_only_her_parks_and_the_others_gazelles():
    game = advance(new_game(Rules(variant="two_parks", players=4), seed=4), 120)
    sheet = score(game.parks, game.rules)
    for p in range(4):
        others = [
            (game.park(q, "west").count("GZ"), game.park(q, "east").count("GZ"))
            for q in range(4)
            if q != p
        ]
        alone = totals([game.parks[p]], game.rules, other_gazelles=others)
        assert alone == [sheet.total(p)]


def test_greedy_beats_random_over_a_fixed_match():
    wins = 0
    for seed in range(6):
        game = new_game(Rules(players=2), seed=seed)
        greedy = seed % 2  # alternate seats
        bots = [RandomBot(seed), RandomBot(seed)]
        bots[greedy] = GreedyBot(seed)
        while not game.is_over:
            game.apply(bots[game.current_player].choose(game))
        sheet = game.score_sheet()
        wins += sheet.total(greedy) > sheet.total(1 - greedy)
    assert wins >= 5


def test_mcts_returns_a_legal_pick_and_is_repeatable():
    game = advance(new_game(Rules(players=3), seed=5), 30)
    first = MCTSBot(iterations=25, seed=9).choose(game)
    assert game.is_legal(first)
    assert MCTSBot(iterations=25, seed=9).choose(game) == first


@pytest.mark.parametrize(
    ("rules", "picks"),
    [(Rules(players=4), 5), (Rules(players=3), 41), (Rules(variant="two_parks", players=3), 13)],
)
def test_mcts_choice_does_not_depend_on_cards_its_player_cannot_see(rules, picks):
    game = advance(new_game(rules, seed=6), picks)
    player = game.current_player
    obs = game.observation(player)
    choice = MCTSBot(iterations=20, seed=4).choose(game)
    differs = 0
    for k in range(3):
        other = determinize(obs, random.Random(k))
        assert other.observation(player) == obs
        hidden_changed = other.to_dict()["hands"] != game.to_dict()["hands"]
        stock_changed = other.to_dict()["stock"] != game.to_dict()["stock"]
        differs += hidden_changed or stock_changed
        assert MCTSBot(iterations=20, seed=4).choose(other) == choice
    assert differs == 3


def test_mcts_beats_random_over_a_fixed_match():
    wins = 0
    for seed in range(2):
        game = new_game(Rules(players=2), seed=seed)
        bots = [MCTSBot(iterations=12, seed=seed), RandomBot(seed)]
        while not game.is_over:
            game.apply(bots[game.current_player].choose(game))
        sheet = game.score_sheet()
        wins += sheet.total(0) > sheet.total(1)
    assert wins == 2


def test_mcts_budget_options_are_checked_and_seconds_stop_early():
    with pytest.raises(ValueError, match="iterations"):
        MCTSBot(iterations=0)
    with pytest.raises(ValueError, match="seconds"):
        MCTSBot(seconds=0)
    game = new_game(Rules(players=2), seed=7)
    bot = MCTSBot(iterations=10**6, seconds=0.05, seed=1)
    assert game.is_legal(bot.choose(game)) and bot.stats.iterations < 10**6
