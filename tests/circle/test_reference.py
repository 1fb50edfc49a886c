"""The engine agrees move by move with the naive reference in bench/naive_circle.py."""

from __future__ import annotations

import random

import pytest

from bench.naive_circle import NaiveGame
from engines.circle import Rules, new_game


@pytest.mark.parametrize("seed", range(24))
def test_same_legal_moves_board_captures_and_winner(seed):
    rng = random.Random(seed)
    rules = Rules(
        radius=rng.choice([2, 3, 4]),
        capture_target=rng.choice([5, 10, 20]),
        first_player=seed % 2,
        no_placement_wins=seed % 3 != 0,
    )
    game = new_game(rules)
    naive = NaiveGame(
        rules.radius, rules.capture_target, rules.first_player, rules.no_placement_wins
    )
    while not game.is_over:
        legal = game.legal_actions()
        assert sorted(legal) == sorted(naive.legal_moves())
        move = rng.choice(legal)
        game.apply(move)
        naive.play(move)
        stones = {c: game.stone_at(c) for c in game.cells if game.stone_at(c) is not None}
        assert stones == naive.stones
        assert list(game.eaten) == naive.eaten
        for critter in game.critters():
            assert critter.species == naive.species(critter.cells)
    assert (game.winner, game.outcome.reason) == (naive.winner, naive.reason)
