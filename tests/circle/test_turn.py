"""One test per rule clause of a turn (evolve, merge, feed, win), on hand-built positions.

Positions are built with ``State.from_position({0: "labels", 1: "labels"}, to_move=...)``;
player 0 is Orange, player 1 Black.  Each test first checks the species it relies on, so a
wrong position fails loudly instead of testing nothing.
"""

from __future__ import annotations

import pytest

from engines import IllegalAction
from engines.circle import Rules, State, new_game, species_of


def at(game, text):
    return game.parse_label(text)


def species_at(game, text):
    critter = game.critter_at(at(game, text))
    return None if critter is None else critter.species


def owner(game, text):
    return game.stone_at(at(game, text))


def cells_of(game, labels):
    return {at(game, t) for t in labels.split()}


class TestEvolve:
    def test_first_stone_anywhere_on_an_empty_board(self):
        game = new_game()
        assert len(game.legal_actions()) == 61
        events = game.apply("A1")
        assert [e.kind for e in events] == ["placed", "evolved"]
        assert owner(game, "A1") == 0 and species_at(game, "A1") == "singleton"
        assert game.current_player == 1

    def test_players_alternate_and_first_player_option(self):
        game = new_game(Rules(first_player=1))
        assert game.current_player == 1
        game.apply("E5")
        assert owner(game, "E5") == 1 and game.current_player == 0

    def test_stone_merges_with_every_friendly_critter_it_touches(self):
        # Orange singletons at E4 and E6, Black at D5: a stone on E5 joins both singletons.
        game = State.from_position({0: "E4 E6", 1: "D5"}, to_move=0)
        events = game.apply("E5")
        assert events[1].kind == "evolved" and events[1].merged == 2
        assert events[1].species == "3-line"
        assert game.critter_at(at(game, "E4")).cells == cells_of(game, "E4 E5 E6")
        assert species_at(game, "D5") == "singleton"  # the enemy stone does not merge

    def test_merge_to_exactly_four_is_legal(self):
        # Orange pair E3-E4 and singleton E6: E5 joins them into a 4-line (2 + 1 + 1 = 4).
        game = State.from_position({0: "E3 E4 E6"}, to_move=0)
        assert game.why_illegal("E5") is None
        events = game.apply("E5")
        assert events[1].species == "4-line" and events[1].merged == 2
        assert game.critter_at(at(game, "E5")).size == 4

    def test_merge_to_five_is_illegal_and_changes_nothing(self):
        # Orange 3-line E2-E4 and singleton E6: E5 would make 3 + 1 + 1 = 5.
        game = State.from_position({0: "E2 E3 E4 E6"}, to_move=0)
        assert species_of(cells_of(game, "E2 E3 E4")) == "3-line"
        before = game.to_dict()
        assert at(game, "E5") not in game.legal_actions()
        with pytest.raises(IllegalAction, match="critter of 5 stones; a critter has at most 4"):
            game.apply("E5")
        assert game.to_dict() == before

    def test_stone_touching_two_pairs_is_illegal(self):
        # Two Orange pairs E3-E4 and E6-E7 with E5 between them: 2 + 2 + 1 = 5.
        game = State.from_position({0: "E3 E4 E6 E7"}, to_move=0)
        assert game.why_illegal("E5") == (
            "A stone at E5 would make a critter of 5 stones; a critter has at most 4."
        )
        # The same cell is fine for Black, whose stone would stand alone.
        black = State.from_position({0: "E3 E4 E6 E7"}, to_move=1)
        assert black.why_illegal("E5") is None

    def test_three_singletons_and_the_stone_make_four(self):
        # E5's neighbours D4, E6, F4 hold three Orange singletons (none touch each other).
        game = State.from_position({0: "D4 E6 F4"}, to_move=0)
        assert len(game.critters(0)) == 3
        events = game.apply("E5")
        assert events[1].merged == 3 and events[1].species == "propeller"

    def test_every_cell_around_a_four_stone_critter_is_closed_to_its_owner(self):
        game = State.from_position({0: "E4 E5 E6 E7"}, to_move=0)
        around = set()
        for c in game.critter_at(at(game, "E5")).cells:
            around |= {n for n in game.board.nbrs[game.board.index[c]]}
        around = {game.board.cells[i] for i in around} - game.critter_at(at(game, "E5")).cells
        legal = set(game.legal_actions())
        assert around and not (around & legal)
        assert len(legal) == 61 - 4 - len(around)


class TestFeed:
    def test_new_critter_eats_its_prey(self):
        # Black singleton at E6 next to Orange's E5; Orange grows E5 into a pair with E4.
        game = State.from_position({0: "E5", 1: "E6"}, to_move=0)
        events = game.apply("E4")
        assert [e.kind for e in events] == ["placed", "evolved", "ate"]
        assert owner(game, "E6") is None
        assert game.eaten == (1, 0)

    def test_critter_next_to_its_predator_is_safe_until_the_predator_places(self):
        # Black pair E6-E7 (eats singletons).  Orange puts a singleton next to it: nothing.
        game = State.from_position({1: "E6 E7"}, to_move=0)
        assert species_at(game, "E6") == "pair"
        events = game.apply("E5")
        assert [e.kind for e in events] == ["placed", "evolved"]
        assert owner(game, "E5") == 0
        game.apply("A1")  # Black places elsewhere: the pair does not feed
        assert owner(game, "E5") == 0
        game.apply("A5")
        game.apply("F3")  # a Black singleton, not touching E5
        assert owner(game, "E5") == 0
        game.apply("I5")
        events = game.apply("F4")  # Black pair F3-F4 now touches E5 and eats it
        assert events[-1].kind == "ate" and events[-1].prey == "singleton"
        assert owner(game, "E5") is None

    def test_predator_growing_into_another_species_does_not_eat(self):
        # Black pair E6-E7 next to Orange singleton E5; Black grows it to a 3-line E6-E8.
        game = State.from_position({0: "E5", 1: "E6 E7"}, to_move=1)
        events = game.apply("E8")
        assert events[1].species == "3-line"
        assert [e.kind for e in events] == ["placed", "evolved"]
        assert owner(game, "E5") == 0

    def test_several_prey_critters_eaten_at_once(self):
        # Orange pair E4-E5 grows to the 3-bend D5-E4-E5, touching Black pairs F3-F4 and C5-C6.
        game = State.from_position({0: "E4 E5", 1: "F3 F4 C5 C6 A1"}, to_move=0)
        assert species_of(cells_of(game, "D5 E4 E5")) == "3-bend"
        events = game.apply("D5")
        ate = events[-1]
        assert ate.kind == "ate" and ate.critters == 2 and ate.stones == 4
        assert set(ate.cells) == cells_of(game, "F3 F4 C5 C6")
        assert ate.describe() == "Orange's 3-bend at D5 ate 2 Black pairs (4 stones)."
        assert all(owner(game, t) is None for t in ["F3", "F4", "C5", "C6"])
        assert owner(game, "A1") == 1
        assert game.eaten == (4, 0)

    def test_only_prey_species_is_eaten(self):
        # The same 3-bend also touches a Black singleton D6 and a Black 3-line C2-C4 (not prey).
        game = State.from_position({0: "E4 E5", 1: "F3 F4 D6 C2 C3 C4"}, to_move=0)
        assert species_at(game, "D6") == "singleton" and species_at(game, "C4") == "3-line"
        events = game.apply("D5")
        assert events[-1].critters == 1
        assert owner(game, "D6") == 1 and owner(game, "C4") == 1 and owner(game, "F3") is None

    def test_adjacent_means_any_cell_of_the_critter_not_only_the_new_stone(self):
        # Black singleton F3 touches E4 (old part of the critter), not the new stone D5.
        game = State.from_position({0: "E4 E5", 1: "F2 F3"}, to_move=0)
        assert not (
            cells_of(game, "F2 F3")
            & set(game.board.mask_cells(game.board.nbmask[game.board.index[at(game, "D5")]]))
        )
        events = game.apply("D5")
        assert events[-1].kind == "ate"
        assert owner(game, "F3") is None

    def test_prey_next_only_to_a_different_friendly_critter_is_not_eaten(self):
        # Orange pair H1-H2 has a Black singleton G1 next to it.  Orange makes a new pair
        # elsewhere (E5-E6): that new pair feeds, the old pair does not.
        game = State.from_position({0: "H1 H2 E5", 1: "G1 D6"}, to_move=0)
        assert species_at(game, "H1") == "pair"
        events = game.apply("E6")
        assert events[-1].kind == "ate" and events[-1].cells == (at(game, "D6"),)
        assert owner(game, "G1") == 1

    def test_the_merged_critter_feeds_with_its_new_species(self):
        # Orange singleton E5 next to a Black singleton D5.  Adding E4 and E6 (three in a row)
        # makes a 3-line, which does not eat singletons; the singleton stays.
        game = State.from_position({0: "E4 E6", 1: "D5"}, to_move=0)
        events = game.apply("E5")
        assert events[1].species == "3-line"
        assert events[-1].kind == "evolved"
        assert owner(game, "D5") == 1

    def test_a_critter_of_four_eats_when_it_is_created(self):
        # Orange triangle E5 F5 E6 + G5 makes a key, which eats the Black triangle H4 H5 I4.
        game = State.from_position({0: "E5 F5 E6", 1: "H4 H5 I4"}, to_move=0)
        assert species_at(game, "E5") == "triangle" and species_at(game, "H4") == "triangle"
        events = game.apply("G5")
        assert events[1].species == "key"
        assert events[-1].kind == "ate" and events[-1].stones == 3
        assert game.eaten == (3, 0)

    def test_a_singleton_eats_a_4_line(self):
        game = State.from_position({1: "E1 E2 E3 E4"}, to_move=0)
        assert species_at(game, "E1") == "4-line"
        events = game.apply("D4")  # touches E4
        assert events[-1].describe() == "Orange's singleton at D4 ate a Black 4-line (4 stones)."
        assert game.eaten == (4, 0)
        assert all(owner(game, t) is None for t in ["E1", "E2", "E3", "E4"])

    def test_own_critters_are_never_eaten(self):
        # Orange pair next to an Orange singleton would be prey if it were Black's.
        game = State.from_position({0: "E5 A1"}, to_move=0)
        game.apply("E4")  # pair E4-E5 ...
        game.apply("I5")
        events = game.apply("A2")  # ... and pair A1-A2: nothing to eat, nothing lost
        assert events[-1].kind == "evolved"
        assert len(game.critters(0)) == 2

    def test_eaten_cells_become_playable_again(self):
        game = State.from_position({0: "E5", 1: "E6"}, to_move=0)
        events = game.apply("E4")
        assert events[-1].kind == "ate" and owner(game, "E6") is None
        assert game.current_player == 1 and at(game, "E6") in game.legal_actions()
        game.apply("E6")  # Black plays where its stone was eaten
        assert owner(game, "E6") == 1


class TestWinning:
    def test_reaching_the_target_exactly_wins(self):
        game = State.from_position(
            {0: "E5", 1: "E6"}, to_move=0, eaten=(4, 0), rules=Rules(capture_target=5)
        )
        events = game.apply("E4")
        assert [e.kind for e in events] == ["placed", "evolved", "ate", "won"]
        assert events[-1].describe() == "Orange wins by eating 5 stones (target 5)."
        assert game.is_over and game.winner == 0 and game.current_player is None
        assert game.outcome.reason == "capture_target"

    def test_one_short_of_the_target_plays_on(self):
        game = State.from_position(
            {0: "E5", 1: "E6"}, to_move=0, eaten=(3, 0), rules=Rules(capture_target=5)
        )
        game.apply("E4")
        assert not game.is_over and game.current_player == 1 and game.eaten == (4, 0)

    def test_a_capture_that_crosses_the_target_completes_and_ends_the_game(self):
        # Two pairs (4 stones) eaten when 2 more were needed: all are eaten, 7 recorded.
        game = State.from_position(
            {0: "E4 E5", 1: "F3 F4 C5 C6"}, to_move=0, eaten=(3, 1), rules=Rules(capture_target=5)
        )
        events = game.apply("D5")
        assert events[-1].kind == "won" and events[-2].critters == 2
        assert game.eaten == (7, 1) and game.winner == 0
        assert game.legal_actions() == []
        assert game.score_sheet().total(0) == 7 and game.score_sheet().total(1) == 1

    def test_player_with_no_legal_cell_wins(self):
        # Radius 2.  Black's only legal cell is D3; afterwards the last empty cell, C3,
        # would join Orange critters into more than 4 stones, so Orange cannot place.
        rules = Rules(radius=2)
        stones = {0: "A2 B2 C4 C5 D1 D2 D4 E1 E3", 1: "A1 A3 B1 B3 B4 C1 C2 E2"}
        game = State.from_position(stones, to_move=1, rules=rules)
        assert [game.label(c) for c in game.legal_actions()] == ["D3"]
        events = game.apply("D3")
        assert [game.label(c) for c in game.cells if game.stone_at(c) is None] == ["C3"]
        assert events[-1].kind == "won"
        assert events[-1].describe() == "Orange wins: it is her turn and she cannot place a stone."
        assert game.winner == 0 and game.outcome.reason == "no_legal_placement"
        assert game.outcome.stuck == 0

    def test_no_legal_cell_loses_with_the_option(self):
        rules = Rules(radius=2, no_placement_wins=False)
        stones = {0: "A2 B2 C4 C5 D1 D2 D4 E1 E3", 1: "A1 A3 B1 B3 B4 C1 C2 E2"}
        game = State.from_position(stones, to_move=1, rules=rules)
        events = game.apply("D3")
        assert game.winner == 1 and game.outcome.stuck == 0
        assert (
            events[-1].describe() == "Black wins: it is Orange's turn and she cannot place a stone."
        )

    def test_a_set_up_position_where_the_mover_is_stuck_is_already_over(self):
        rules = Rules(radius=2)
        stones = {0: "A2 B2 C4 C5 D1 D2 D4 E1 E3", 1: "A1 A3 B1 B3 B4 C1 C2 D3 E2"}
        game = State.from_position(stones, to_move=0, rules=rules)
        assert game.is_over and game.winner == 0 and game.legal_actions() == []

    def test_a_capture_always_leaves_the_victim_a_legal_cell(self):
        # So "target reached and the opponent stuck" never both happen: the eaten critter's
        # cells touch no other stone of the victim (else they would be one critter).
        game = State.from_position({0: "E4 E5", 1: "F3 F4 C5 C6"}, to_move=0)
        game.apply("D5")
        freed = cells_of(game, "F3 F4 C5 C6")
        assert freed <= set(game.legal_actions())
