"""Hints explain a move: its meal, the threat it removes or leaves, the race counts."""

from __future__ import annotations

import pytest

from engines.circle import State, replay
from engines.circle.hints import best_meal, explain, with_mover
from engines.circle.race import race


def test_a_capture_hint_names_what_it_eats_and_the_threat_it_removes():
    game = replay(["E5", "E7", "A1"])
    hint = explain(game, "E6")
    assert hint.stones == 1 and hint.species == "pair"
    text = hint.describe()
    assert "Black E6 makes a pair that eats Orange's singleton at E5 (1 stone)." in text
    assert "It removes Orange's threat to eat Black's singleton at E7 (1 stone, from E6)." in text


def test_a_quiet_move_says_what_the_opponent_can_still_eat():
    game = State.from_position({0: "D4 D5", 1: "E6 E7"}, to_move=1)
    threat = best_meal(game, 0)
    assert threat.stones == 2
    text = explain(game, "A1").describe()
    assert "Orange can still eat Black's pair at E6 E7 (2 stones" in text


def test_the_counts_in_a_hint_are_the_race_before_and_after():
    game = replay(["E5", "E7", "A1", "E6", "D4"])
    hint = explain(game, "C3")
    after = game.clone()
    after.apply("C3")
    assert hint.counts_before == race(game).counts
    assert hint.counts_after == race(after).counts
    me = game.current_player
    assert hint.counts_after[me] == len(with_mover(after, me).legal_actions())
    assert f"Black {hint.counts_before[1]} → {hint.counts_after[1]}" in hint.describe()


def test_a_winning_move_says_how_the_game_ends():
    game = State.from_position({0: "E5", 1: "E7 A1"}, to_move=1, eaten=(0, 19))
    hint = explain(game, "E6")
    assert hint.wins
    assert hint.describe().endswith("Black wins by eating 20 stones (target 20).")


def test_an_illegal_cell_is_refused_with_the_rules_sentence():
    with pytest.raises(ValueError, match="E5 is already taken"):
        explain(replay(["E5"]), "E5")
