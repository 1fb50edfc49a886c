"""API consistency along random play-throughs (in the style of OpenSpiel's API tests)."""

from __future__ import annotations

import random

import pytest

from engines import IllegalAction, ScoreSheet
from engines.circle import Critter, Rules, State, new_game


@pytest.mark.parametrize("seed", range(12))
def test_random_play_through(seed):
    rng = random.Random(seed)
    rules = Rules(
        radius=rng.choice([2, 3, 4, 4, 6]),
        capture_target=rng.choice([6, 12, 20]),
        first_player=seed % 2,
    )
    game = new_game(rules, seed=seed)
    assert game.current_player == rules.first_player
    expected_player = rules.first_player
    while True:
        legal = game.legal_actions()
        assert bool(legal) == (not game.is_over)
        assert (game.current_player is None) == game.is_over == (game.winner is not None)
        if game.is_over:
            break
        assert game.current_player == expected_player
        assert legal == sorted(legal, key=game.board.index.__getitem__)
        assert all(game.why_illegal(c) is None for c in legal)
        clone = game.clone()
        snapshot = clone.to_dict()
        move = rng.choice(legal)
        events = game.apply(move)
        assert events[0].kind == "placed" and events[0].cell == move
        assert events[0].player == expected_player
        assert clone.to_dict() == snapshot  # the clone did not move with the game
        assert clone.stone_at(move) is None and game.stone_at(move) == expected_player
        assert clone.apply(move) == events  # and it replays the same turn
        assert clone == game
        expected_player = 1 - expected_player
    assert game.outcome is not None
    assert game.outcome.reason in ("capture_target", "no_legal_placement")
    assert events[-1].kind == "won" and events[-1].player == game.winner
    with pytest.raises(IllegalAction):
        game.apply(game.cells[0])


def test_accessors_on_a_small_position():
    game = State.from_position({0: "E4 E5", 1: "A1"}, to_move=1, eaten=(2, 3))
    assert game.eaten == (2, 3)
    assert game.stone_at((0, 0)) == 0 and game.stone_at((3, -3)) is None
    assert game.critters() == [
        Critter(1, frozenset({(0, -4)}), "singleton"),
        Critter(0, frozenset({(-1, 0), (0, 0)}), "pair"),
    ]
    assert game.critters(0) == [Critter(0, frozenset({(-1, 0), (0, 0)}), "pair")]
    pair = game.critter_at((0, 0))
    assert (pair.size, pair.eats, pair.eaten_by) == (2, "singleton", "3-bend")
    assert eval(repr(pair)) == pair
    assert game.critter_at((1, 1)) is None
    sheet = game.score_sheet()
    assert isinstance(sheet, ScoreSheet)
    assert [(line.player, line.category, line.points) for line in sheet] == [
        (0, "eaten", 2),
        (1, "eaten", 3),
    ]
    assert sheet.total(1) == 3 and sheet.by_category(0) == {"eaten": 2}
    with pytest.raises(ValueError, match="not on the board"):
        game.stone_at((9, 0))


def test_repr_pastes_back_and_str_draws_the_board():
    from engines.circle import replay  # noqa: F401  (used by eval)

    game = new_game(Rules(radius=2))
    for move in ["C3", "C4", "B1"]:
        game.apply(move)
    assert eval(repr(game)) == game
    assert str(game).splitlines() == [
        "A   . . .",
        "B  o . . .",
        "C . . o x .",
        "D  . . . .",
        "E   . . .",
    ]


def test_same_moves_same_game_whatever_the_seed():
    a, b = new_game(seed=1), new_game(seed=2)
    for move in ["E5", "E6", "D5", "A1"]:
        assert a.apply(move) == b.apply(move)
    assert a.to_dict()["stones"] == b.to_dict()["stones"]
