"""Illegal actions raise IllegalAction with a sentence and leave the game exactly as it was."""

from __future__ import annotations

import pytest

from engines import IllegalAction
from engines.circle import Rules, State, new_game, replay


def _game():
    # A game in progress: Orange pair E4-E5, Black singleton A1, Orange to move.
    return replay(["E4", "A1", "E5", "I5"])


def _assert_refused(game, action, words):
    before = game.to_dict()
    moves, eaten, player = game.moves, game.eaten, game.current_player
    reason = game.why_illegal(action)
    assert reason is not None and words in reason
    assert reason[0].isupper() or reason[0] in "'(", reason
    assert reason.endswith(".")
    assert not game.is_legal(action)
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert str(err.value) == reason
    assert isinstance(err.value, ValueError)
    assert game.to_dict() == before
    assert (game.moves, game.eaten, game.current_player) == (moves, eaten, player)


class TestIllegalActions:
    def test_occupied_by_own_stone(self):
        _assert_refused(_game(), "E4", "E4 is already taken (the stone there is yours)")

    def test_occupied_by_enemy_stone(self):
        _assert_refused(_game(), (0, -4), "A1 is already taken (the stone there is Black's)")

    @pytest.mark.parametrize("cell", [(5, 0), (0, -5), (3, 3), (-100, 0)])
    def test_off_the_board(self, cell):
        _assert_refused(_game(), cell, "is not on the board of radius 4")

    @pytest.mark.parametrize("label", ["J1", "A6", "E10"])
    def test_off_the_board_by_label(self, label):
        _assert_refused(_game(), label, "is not on this board")

    @pytest.mark.parametrize(
        "action",
        [None, 5, (1,), (1, 2, 3), (1.0, 0.0), ("1", "0"), (True, 0), {"q": 0}, "", "hello"],
    )
    def test_malformed(self, action):
        game = _game()
        before = game.to_dict()
        with pytest.raises(IllegalAction) as err:
            game.apply(action)
        assert str(err.value).endswith(".")
        assert game.to_dict() == before

    def test_too_big(self):
        game = replay(["E3", "A1", "E4", "A3", "E6", "A5", "E7", "I1"])
        _assert_refused(game, "E5", "critter of 5 stones")

    def test_after_the_game_is_over(self):
        game = State.from_position({0: "E5", 1: "E6"}, to_move=0, rules=Rules(capture_target=1))
        game.apply("E4")
        assert game.is_over
        _assert_refused(game, "A1", "The game is over: Orange has won")
        assert game.legal_actions() == []

    def test_a_list_is_accepted_like_a_tuple(self):
        game = new_game()
        game.apply([0, 0])
        assert game.stone_at((0, 0)) == 0

    def test_error_on_a_later_move_names_it_in_replay(self):
        with pytest.raises(IllegalAction, match=r"Move 3 \('E5'\): E5 is already taken"):
            replay(["E5", "E6", "E5"])
