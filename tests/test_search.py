"""The one search (engines/search.py): it stops when asked, repeats itself for a seed, reports
uniform statistics, plays every game, and finds the winning move of a small solved game."""

from __future__ import annotations

import random
import threading
from dataclasses import FrozenInstanceError

import pytest

from engines import circle, ecosystem, savannah
from engines.circle import bots as circle_bots
from engines.ecosystem import bots as ecosystem_bots
from engines.savannah import bots as savannah_bots
from engines.search import ISMCTS, SearchStats

GAMES = {
    "circle": (circle, circle.Rules(radius=3), circle_bots.CircleSearch),
    "ecosystem_classic": (
        ecosystem,
        ecosystem.Rules(players=2),
        ecosystem_bots.EcosystemSearch,
    ),
    "ecosystem_two_parks": (
        ecosystem,
        ecosystem.Rules(players=3, variant="two_parks"),
        ecosystem_bots.EcosystemSearch,
    ),
    "savannah": (savannah, savannah.Rules(players=3), savannah_bots.SavannahSearch),
}


def position(name: str, plies: int = 6):
    """A game a few random plies in (so the search has a real choice)."""
    module, rules, _ = GAMES[name]
    state = module.new_game(rules, seed=11)
    rng = random.Random(5)
    for _ in range(plies):
        state.apply(rng.choice(state.legal_actions()))
    return state


def search(name: str, **budget) -> ISMCTS:
    return ISMCTS(GAMES[name][2](), seed=3, **budget)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_gets_a_legal_move_and_consistent_stats(name):
    state = position(name)
    before = state.to_dict()
    s = search(name, iterations=40)
    move = s.choose(state)
    stats = s.stats
    assert state.is_legal(move)
    assert state.to_dict() == before  # the search works on its own worlds
    assert stats.best_action == move and stats.visits[0][0] == move
    assert 1 <= stats.iterations <= 40 and not stats.stopped
    assert sum(n for _, n in stats.visits) == stats.iterations
    assert [n for _, n in stats.visits] == sorted((n for _, n in stats.visits), reverse=True)
    assert all(state.is_legal(a) for a, _ in stats.visits)
    assert 0.0 <= stats.win_rate <= 1.0
    assert stats.visits_of(move) == stats.visits[0][1]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_same_seed_and_iterations_give_the_same_search(name):
    state = position(name)
    first, second = search(name, iterations=60), search(name, iterations=60)
    assert first.choose(state) == second.choose(state)
    assert first.stats.visits == second.stats.visits
    assert first.stats.win_rate == second.stats.win_rate


@pytest.mark.parametrize("name", sorted(GAMES))
def test_should_stop_ends_the_search_with_its_best_move_so_far(name):
    state = position(name)
    asked = 0

    def stop_after_five() -> bool:
        nonlocal asked
        asked += 1
        return asked >= 5

    s = search(name, seconds=3600)
    move = s.choose(state, should_stop=stop_after_five)
    assert state.is_legal(move)
    assert s.stats.stopped and s.stats.iterations == 5
    assert s.stats.best_action == move


class _CountingGame(circle_bots.CircleSearch):
    """Circle hooks that set an event (as another thread would) after some rollouts."""

    def __init__(self, rollouts: int, event: threading.Event):
        self.left = rollouts
        self.event = event

    def rollout(self, world, rng):
        self.left -= 1
        if self.left == 0:
            self.event.set()
        return super().rollout(world, rng)


def test_an_event_set_elsewhere_stops_the_search_at_the_next_iteration():
    cancelled = threading.Event()
    s = ISMCTS(_CountingGame(30, cancelled), seconds=3600, seed=0)
    state = position("circle")
    move = s.choose(state, should_stop=cancelled.is_set)
    assert state.is_legal(move) and s.stats.stopped and s.stats.iterations == 30


class Nim:
    """Take 1 or 2 from a heap; whoever takes the last stone wins (the protocol's names only)."""

    players = 2

    def __init__(self, heap: int, player: int = 0):
        self.heap, self.player = heap, player

    @property
    def current_player(self):
        return None if self.heap == 0 else self.player

    @property
    def is_over(self):
        return self.heap == 0

    def legal_actions(self):
        return [n for n in (1, 2) if n <= self.heap]

    def apply(self, take):
        self.heap -= take
        self.player = 1 - self.player

    def returns(self):
        winner = 1 - self.player  # the one who just took the last stone
        return (1.0, 0.0) if winner == 0 else (0.0, 1.0)

    def determinize(self, player, rng):
        return Nim(self.heap, self.player)


@pytest.mark.parametrize(("heap", "take"), [(4, 1), (5, 2), (7, 1), (8, 2)])
def test_the_protocol_defaults_find_the_winning_move(heap, take):
    s = ISMCTS(iterations=2000, seed=1)
    assert s.choose(Nim(heap)) == take
    assert s.stats.win_rate > 0.8


def test_one_legal_move_is_played_without_searching():
    s = ISMCTS(iterations=100, seed=1)
    assert s.choose(Nim(1)) == 1 and s.stats.iterations == 0


def test_budgets_are_checked_and_a_finished_game_refused():
    for bad in ({}, {"iterations": 0}, {"iterations": 2.5}, {"seconds": 0}, {"seconds": "1"}):
        with pytest.raises(ValueError):
            ISMCTS(**bad)
    with pytest.raises(ValueError, match="over"):
        ISMCTS(iterations=5).choose(Nim(0))


def test_stats_are_frozen():
    stats = SearchStats(iterations=3, seconds=0.1)
    with pytest.raises(FrozenInstanceError):
        stats.iterations = 4


@pytest.mark.parametrize("bots", [circle_bots, ecosystem_bots, savannah_bots])
def test_make_bot_builds_every_kind_at_every_strength(bots):
    kinds = [type(bots.make_bot(kind.upper(), seed=0)) for kind in bots.BOT_KINDS]
    assert kinds == [bots.RandomBot, bots.GreedyBot, bots.MCTSBot]
    budgets = [bots.make_bot("mcts", s).iterations for s in range(1, 6)]
    assert budgets == [bots.ITERATIONS[s] for s in range(1, 6)] == sorted(set(budgets))
    for bad in (0, 6, True, "3"):
        with pytest.raises(ValueError, match="strength"):
            bots.make_bot("mcts", bad)
