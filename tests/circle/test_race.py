"""The race for legal cells: counts and kinds agree with the engine on random positions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.circle import Rules, State, new_game, replay
from engines.circle.hints import with_mover
from engines.circle.race import BOTH, KINDS, NEITHER, ONLY, legal_cells, race
from tests.strategies import examples

SETTINGS = examples(60)  # the profile's deadline and health checks; thorough runs ten times more


@st.composite
def positions(draw):
    """A position reached by legal moves picked by Hypothesis (so failures shrink)."""
    rules = Rules(radius=draw(st.integers(2, 4)), no_placement_wins=draw(st.booleans()))
    game = new_game(rules)
    for pick in draw(st.lists(st.integers(0, 10_000), max_size=80)):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[pick % len(legal)])
    return game


@SETTINGS
@given(positions())
def test_counts_match_the_engines_legal_moves_for_both_players(game):
    r = race(game)
    for player in (0, 1):
        if game.is_over and game.outcome.reason == "capture_target":
            continue  # nobody is to move; counted anyway, checked through a set-up position
        as_mover = game if game.current_player == player else with_mover(game, player)
        expected = as_mover.legal_actions() if not as_mover.is_over else []
        assert legal_cells(game, player) == expected
        assert r.counts[player] == len(expected)


@SETTINGS
@given(positions())
def test_every_empty_cell_has_one_kind_and_a_reason_for_each_player_who_cannot(game):
    r = race(game)
    empty = [c for c in game.cells if game.stone_at(c) is None]
    assert [u.cell for u in r.cells] == empty
    assert sorted(c for kind in KINDS for c in r.of_kind(kind)) == sorted(empty)
    for use in r.cells:
        for player in (0, 1):
            assert (use.reasons[player] is None) == use.usable[player]
            if use.reasons[player] is not None:
                assert use.label in use.reasons[player]
                assert "4" in use.reasons[player]


def test_a_full_critter_makes_its_neighbours_only_the_opponents():
    game = State.from_position({0: "E5 E6 E7 E8", 1: "A1 A2"}, to_move=1)
    r = race(game)
    assert r.use("E4").kind == ONLY[1]
    assert r.use("E4").reasons == (
        "E4 touches Orange's 4-line at E5 E6 E7 E8, which already has 4 stones.",
        None,
    )
    assert r.use("C4").kind == BOTH
    # Black's pair A1 A2 grows to a 3-line at A3; B1 joins nothing of Black's... all fine for her.
    assert r.counts == (len(game.cells) - 6 - 12, len(game.cells) - 6)


def test_a_cell_between_two_critters_tells_which_it_would_join():
    game = State.from_position({0: "E3 E4 E6 E7", 1: "A1"}, to_move=1)
    use = race(game).use("E5")
    assert use.kind == ONLY[1]
    assert use.reasons[0] == (
        "An Orange stone at E5 would join her pair at E3 E4 and her pair at E6 E7 into 5 stones; "
        "a critter has at most 4."
    )


def test_a_cell_neither_player_can_use():
    game = State.from_position({0: "E3 E4 E5 E6", 1: "D6 D7 D8 E8"}, to_move=0)
    neither = {game.label(c) for c in race(game).of_kind(NEITHER)}
    assert {"D5", "E7"} <= neither  # each touches a 4-stone critter of both colours
    assert "A1" not in neither


def test_the_end_of_a_game_explains_every_empty_cell_for_the_stuck_player():
    game = replay([])
    while not game.is_over:
        game.apply(game.legal_actions()[len(game.moves) * 7 % len(game.legal_actions())])
    assert game.outcome.reason == "no_legal_placement"
    stuck = game.outcome.stuck
    r = race(game)
    assert r.counts[stuck] == 0
    assert all(use.reasons[stuck] for use in r.cells)


def test_legal_cells_refuses_a_bad_player():
    with pytest.raises(ValueError, match="player must be 0 or 1"):
        legal_cells(new_game(), 2)
