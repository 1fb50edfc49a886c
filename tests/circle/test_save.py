"""Saving and loading: versioned JSON-safe dicts, and clear errors for bad save data."""

from __future__ import annotations

import copy
import json

import pytest

from engines.circle import FORMAT_VERSION, Rules, State, new_game, replay


def _saved():
    # Orange 3-bend eats two Black pairs on move 7; then two quiet moves.
    game = State.from_position(
        {0: "E4 E5", 1: "F3 F4 C5 C6"},
        to_move=0,
        eaten=(1, 2),
        rules=Rules(capture_target=30, first_player=1),
    )
    for move in ["D5", "A1", "I5"]:
        game.apply(move)
    return game


class TestRoundTrip:
    def test_new_game(self):
        game = new_game(seed=7)
        data = game.to_dict()
        assert data["version"] == FORMAT_VERSION == 2
        assert data["game"] == "circle-of-life" and data["seed"] == 7
        assert State.from_dict(data) == game
        assert State.from_dict(data).seed == 7

    def test_game_from_a_set_up_position(self):
        game = _saved()
        data = json.loads(json.dumps(game.to_dict()))
        loaded = State.from_dict(data)
        assert loaded == game
        assert loaded.to_dict() == data
        assert loaded.eaten == (5, 2) and loaded.rules == game.rules
        assert loaded.start_position() == game.start_position()
        assert loaded.moves == game.moves

    def test_json_text(self):
        game = replay(["E5", "E6", "D5"])
        assert State.from_json(game.to_json()) == game

    def test_finished_game(self):
        game = State.from_position({0: "E5", 1: "E6"}, to_move=0, rules=Rules(capture_target=1))
        game.apply("E4")
        loaded = State.from_dict(game.to_dict())
        assert loaded.is_over and loaded.winner == 0 and loaded.outcome == game.outcome

    def test_loaded_game_plays_on_like_the_original(self):
        game = _saved()
        loaded = State.from_dict(game.to_dict())
        assert loaded.legal_actions() == game.legal_actions()
        assert loaded.apply("E9") == game.apply("E9")
        assert loaded == game

    def test_start_position_of_a_plain_game_is_empty(self):
        game = replay(["E5", "E6"])
        assert game.start_position() == new_game()


def _broken(change):
    data = _saved().to_dict()
    change(data)
    return data


def _assert_names(data, field, words=""):
    with pytest.raises(ValueError) as err:
        State.from_dict(data)
    message = str(err.value)
    assert message.startswith(field), message
    assert words in message, message
    assert message.endswith("."), message


class TestMalformed:
    def test_not_an_object(self):
        with pytest.raises(ValueError, match="JSON object"):
            State.from_dict([1, 2])
        with pytest.raises(ValueError, match="not valid JSON"):
            State.from_json("{nope")

    @pytest.mark.parametrize("key", list(new_game().to_dict()))  # every key a save writes
    def test_missing_key(self, key):
        _assert_names(_broken(lambda d: d.pop(key)), key, f"no '{key}' field")

    def test_unknown_key(self):
        _assert_names(_broken(lambda d: d.update(extra=1)), "extra", "unknown field")

    def test_wrong_game(self):
        _assert_names(_broken(lambda d: d.update(game="chess")), "game", "'chess'")

    @pytest.mark.parametrize("version", [0, 3, "1", None, True])
    def test_wrong_version(self, version):
        _assert_names(_broken(lambda d: d.update(version=version)), "version", "reads version 1")

    @pytest.mark.parametrize(
        ("rules", "words"),
        [
            ({"radius": 9}, "radius must be a whole number from 2 to 8"),
            ({"radius": "4"}, "radius"),
            ({"capture_target": 0}, "capture_target"),
            ({"first_player": 2}, "first_player"),
            ({"no_placement_wins": "yes"}, "no_placement_wins"),
            ({"colour": "red"}, "unknown option 'colour'"),
        ],
    )
    def test_bad_rules(self, rules, words):
        _assert_names(_broken(lambda d: d["rules"].update(rules)), "rules", words)
        _assert_names(_broken(lambda d: d.update(rules=[4])), "rules", "mapping")

    def test_missing_rule_option(self):
        _assert_names(_broken(lambda d: d["rules"].pop("radius")), "rules", "no 'radius' option")

    def test_bad_seed(self):
        _assert_names(_broken(lambda d: d.update(seed="x")), "seed", "whole number")

    def test_bad_cell_in_moves(self):
        _assert_names(
            _broken(lambda d: d["moves"].__setitem__(1, "A1")),
            "moves[1]",
            "[q, r] pair of whole numbers",
        )
        _assert_names(_broken(lambda d: d["moves"].__setitem__(1, [0, 1.5])), "moves[1]")
        _assert_names(_broken(lambda d: d["moves"].__setitem__(1, [True, 0])), "moves[1]")
        _assert_names(_broken(lambda d: d.update(moves="E5")), "moves", "list")

    def test_move_off_the_board(self):
        _assert_names(
            _broken(lambda d: d["moves"].__setitem__(2, [9, 9])), "moves[2]", "not on the board"
        )

    def test_illegal_move(self):
        _assert_names(
            _broken(lambda d: d["moves"].__setitem__(2, d["moves"][1])), "moves[2]", "already taken"
        )

    def test_stone_off_the_board_in_the_start_position(self):
        _assert_names(
            _broken(lambda d: d["start"]["stones"][0].append([0, 5])),
            "start.stones[0][2]",
            "(0, 5) is not on the board of radius 4",
        )

    def test_two_stones_on_one_cell(self):
        _assert_names(
            _broken(lambda d: d["start"]["stones"][1].append([0, 0])),
            "start.stones[1][4]",
            "E5 has two stones",
        )

    def test_oversized_critter(self):
        def grow(d):
            d["start"]["stones"][0] += [[1, 0], [2, 0], [3, 0]]

        _assert_names(_broken(grow), "start.stones[0]", "has 5 stones; a critter has at most 4")

    @pytest.mark.parametrize(
        ("change", "field"),
        [
            (lambda d: d["start"].update(eaten=[1]), "start.eaten"),
            (lambda d: d["start"].update(eaten=[-1, 0]), "start.eaten"),
            (lambda d: d["start"].update(eaten="0 0"), "start.eaten"),
            (lambda d: d["start"].update(to_move=2), "start.to_move"),
            (lambda d: d["start"].update(to_move=1.0), "start.to_move"),
            (lambda d: d["start"].pop("to_move"), "start.to_move"),
            (lambda d: d["start"].update(stones=[[]]), "start.stones"),
            (lambda d: d["start"]["stones"].__setitem__(0, 5), "start.stones[0]"),
            (lambda d: d["start"]["stones"][0].__setitem__(0, "E5"), "start.stones[0][0]"),
            (lambda d: d.update(start=None), "start"),
        ],
    )
    def test_bad_start_position(self, change, field):
        _assert_names(_broken(change), field)

    @pytest.mark.parametrize(
        ("change", "field"),
        [
            (lambda d: d.update(eaten=[0, 0]), "eaten"),
            (lambda d: d["stones"][0].pop(), "stones"),
            (lambda d: d.update(to_move=1 - d["to_move"]), "to_move"),
            (lambda d: d.update(winner=0), "winner"),
            (lambda d: d.update(reason="capture_target"), "reason"),
            (lambda d: d.update(to_move=float(d["to_move"])), "to_move"),
            (lambda d: d.update(eaten=[5.0, 2]), "eaten"),
        ],
    )
    def test_summary_that_does_not_match_the_moves(self, change, field):
        _assert_names(_broken(change), field, "does not match")

    def test_both_players_over_the_target(self):
        _assert_names(
            _broken(lambda d: d["start"].update(eaten=[40, 40])), "start.eaten", "both players"
        )

    def test_the_original_is_untouched_by_failed_loads(self):
        data = _saved().to_dict()
        snapshot = copy.deepcopy(data)
        bad = copy.deepcopy(data)
        bad["moves"][0] = [9, 9]
        with pytest.raises(ValueError):
            State.from_dict(bad)
        assert data == snapshot
