"""Bots play only legal moves, are repeatable for a seed, and are ordered in strength.

The MCTS budget in the match is 1200 iterations a move, about 0.2 s a move on the development
machine (CPython 3.11 on a shared 2-core VM; ``python -m bench bots`` measures the full
100-game matches).  A fixed iteration budget keeps the match deterministic.
The 20 games are independent, so they run in up to two worker processes; a game's result does
not depend on where it runs.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

import pytest

from engines.circle import Rules, State, new_game
from engines.circle.bots import GreedyBot, MCTSBot, RandomBot, play_match

MCTS_ITERATIONS_FOR_0_2_S = 1200


def _match(make_a, make_b, games, rules=None):
    """Games won by bot A out of ``games``, A taking Orange in even games and Black in odd."""
    wins = 0
    for g in range(games):
        a, b = make_a(g), make_b(g)
        seats = [a, b] if g % 2 == 0 else [b, a]
        end = play_match(seats, new_game(rules))
        assert end.is_over
        wins += end.winner == (0 if g % 2 == 0 else 1)
    return wins


class _Checked:
    """Wraps a bot and checks every move it makes is legal."""

    def __init__(self, bot):
        self.bot = bot
        self.moves = 0

    def choose(self, state):
        move = self.bot.choose(state)
        assert move in state.legal_actions()
        self.moves += 1
        return move


class TestLegality:
    @pytest.mark.parametrize("radius", [2, 3])
    def test_every_bot_plays_only_legal_moves_to_the_end(self, radius):
        rules = Rules(radius=radius, capture_target=10)
        bots = [_Checked(RandomBot(1)), _Checked(GreedyBot(2)), _Checked(MCTSBot(60, seed=3))]
        for i, a in enumerate(bots):
            for b in bots[i + 1 :] + bots[:i]:
                end = play_match([a, b], new_game(rules))
                assert end.is_over
        assert all(b.moves > 5 for b in bots)

    @pytest.mark.parametrize("bot", [RandomBot(0), GreedyBot(0), MCTSBot(10, seed=0)])
    def test_no_move_when_the_game_is_over(self, bot):
        over = State.from_position({0: "E5", 1: "E6"}, to_move=0, rules=Rules(capture_target=1))
        over.apply("E4")
        with pytest.raises(ValueError, match="game is over"):
            bot.choose(over)

    def test_bots_leave_the_state_unchanged(self):
        game = new_game()
        for move in ["E5", "E6", "D5", "C4"]:
            game.apply(move)
        before = game.to_dict()
        for bot in (RandomBot(0), GreedyBot(0), MCTSBot(200, seed=0)):
            bot.choose(game)
            assert game.to_dict() == before


class TestRepeatable:
    @pytest.mark.parametrize(
        "make", [lambda s: RandomBot(s), lambda s: GreedyBot(s), lambda s: MCTSBot(80, seed=s)]
    )
    def test_same_seed_same_game(self, make):
        rules = Rules(radius=3)
        first = play_match([make(5), make(6)], new_game(rules))
        second = play_match([make(5), make(6)], new_game(rules))
        assert first.moves == second.moves

    def test_mcts_budget_options(self):
        with pytest.raises(ValueError, match="iterations"):
            MCTSBot(iterations=0)
        with pytest.raises(ValueError, match="seconds"):
            MCTSBot(seconds=0)
        with pytest.raises(ValueError, match="seconds"):
            MCTSBot(seconds="1")
        with pytest.raises(TypeError, match="unknown search setting"):
            MCTSBot(c=1)
        assert MCTSBot().iterations == 1000
        bot = MCTSBot(seconds=0.05, seed=1)
        game = new_game()
        assert bot.choose(game) in game.legal_actions() and bot.stats.iterations >= 1
        bot = MCTSBot(iterations=123, seed=1)
        bot.choose(game)
        assert 1 <= bot.stats.iterations <= 123


def _after(game, move):
    after = game.clone()
    after.apply(move)
    return after


class TestTactics:
    def test_greedy_and_mcts_take_a_winning_capture(self):
        # Orange needs 2 more stones: D5 (two pairs), D3 or F5 (one pair each) win.
        game = State.from_position({0: "E4 E5", 1: "F3 F4 C5 C6 A1"}, to_move=0, eaten=(18, 0))
        winning = {c for c in game.legal_actions() if game.preview(c).wins}
        assert winning == {game.parse_label(t) for t in ("D5", "D3", "F5")}
        for seed in range(5):
            assert GreedyBot(seed).choose(game) in winning
            assert MCTSBot(50, seed=seed).choose(game) in winning

    def test_greedy_prefers_the_bigger_meal(self):
        # E3 eats the Black singleton at E2 (pair E3-E4); D5 eats two Black pairs (3-bend).
        game = State.from_position({0: "E4 E5", 1: "E2 F3 F4 C5 C6"}, to_move=0)
        assert game.preview("D5").stones == 4
        assert GreedyBot(0).choose(game) == game.parse_label("D5")

    def test_greedy_does_not_hand_the_opponent_a_meal(self):
        # Black singletons at A1 and A3: an Orange stone near them can be eaten by a Black
        # stone that makes a pair touching it.  Greedy picks a cell where no reply eats.
        game = State.from_position({1: "A1 A3"}, to_move=0)
        risky = [
            c
            for c in game.legal_actions()
            if max(_after(game, c).preview(r).stones for r in _after(game, c).legal_actions()) > 0
        ]
        assert len(risky) >= 5
        for seed in range(5):
            move = GreedyBot(seed).choose(game)
            assert move not in risky

    def test_mcts_plays_the_only_move_at_once(self):
        rules = Rules(radius=2)
        stones = {0: "A2 B2 C4 C5 D1 D2 D4 E1 E3", 1: "A1 A3 B1 B3 B4 C1 C2 E2"}
        game = State.from_position(stones, to_move=1, rules=rules)
        bot = MCTSBot(500, seed=0)
        assert bot.choose(game) == game.parse_label("D3") and bot.stats.iterations == 0


class TestStrength:
    def test_greedy_beats_random(self):
        wins = _match(lambda g: GreedyBot(g), lambda g: RandomBot(1000 + g), 20)
        assert wins >= 16

    @pytest.mark.slow
    @pytest.mark.timeout(1800)  # 88 CPU s; at load 45 it passed 600 s of wall time
    def test_mcts_beats_greedy_in_at_least_80_percent(self):
        workers = min(2, os.cpu_count() or 1)
        spawn = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=workers, mp_context=spawn) as pool:
            results = list(pool.map(mcts_wins_against_greedy, range(20)))
        assert sum(results) >= 16


def mcts_wins_against_greedy(game: int) -> bool:
    """Game ``game`` of the match: MCTS is Orange in even games and Black in odd ones."""
    mcts = MCTSBot(MCTS_ITERATIONS_FOR_0_2_S, seed=game)
    greedy = GreedyBot(1000 + game)
    seats = [mcts, greedy] if game % 2 == 0 else [greedy, mcts]
    end = play_match(seats, new_game())
    return end.winner == seats.index(mcts)
