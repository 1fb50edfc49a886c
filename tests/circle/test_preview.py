"""Looking before placing: why_illegal and preview, which never change the game."""

from __future__ import annotations

import random

import pytest

from engines.circle import Rules, State, new_game


class TestPreview:
    def test_preview_of_a_double_meal(self):
        game = State.from_position(
            {0: "E4 E5", 1: "F3 F4 C5 C6 A1"}, to_move=0, rules=Rules(capture_target=4)
        )
        before = game.to_dict()
        p = game.preview("D5")
        assert game.to_dict() == before
        assert p.legal and p.reason is None and p.player == 0
        assert p.species == "3-bend" and p.merged == 1
        assert [game.label(c) for c in p.cells] == ["D5", "E4", "E5"]
        assert sorted(game.label(c) for e in p.eats for c in e.cells) == ["C5", "C6", "F3", "F4"]
        assert all(e.species == "pair" and e.player == 1 for e in p.eats)
        assert p.stones == 4 and p.wins

    def test_preview_of_an_illegal_cell(self):
        game = State.from_position({0: "E3 E4 E6 E7"}, to_move=0)
        p = game.preview("E5")
        assert not p.legal and p.species is None and p.eats == ()
        assert (
            p.reason == "A stone at E5 would make a critter of 5 stones; a critter has at most 4."
        )
        assert game.preview((7, 7)).reason == "(7, 7) is not on the board of radius 4."
        assert game.preview("nonsense").reason.startswith("'nonsense' is not a cell label")

    def test_why_illegal_and_is_legal(self):
        game = new_game()
        assert game.why_illegal("E5") is None and game.is_legal((0, 0))
        game.apply("E5")
        assert game.why_illegal("E5") == "E5 is already taken (the stone there is Orange's)."
        assert not game.is_legal("E5")

    @pytest.mark.parametrize("seed", range(6))
    def test_preview_agrees_with_apply_on_every_legal_cell(self, seed):
        rng = random.Random(seed)
        game = new_game(Rules(radius=3, capture_target=15))
        while not game.is_over:
            for cell in game.legal_actions():
                p = game.preview(cell)
                events = game.clone().apply(cell)
                evolved = events[1]
                assert (p.species, p.cells, p.merged) == (
                    evolved.species,
                    evolved.cells,
                    evolved.merged,
                )
                eaten = sorted(c for e in p.eats for c in e.cells)
                ate = [e for e in events if e.kind == "ate"]
                assert eaten == (sorted(ate[0].cells) if ate else [])
                assert p.wins == any(
                    e.kind == "won" and e.reason == "capture_target" for e in events
                )
            game.apply(rng.choice(game.legal_actions()))
        assert game.preview(game.cells[0]).reason.startswith("The game is over")
