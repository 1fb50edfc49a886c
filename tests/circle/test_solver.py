"""Circle's proof search (engines/circle/solver.py) against plain minimax on small boards: a proof
is a forced win the plain search finds too, in as many plies, its line plays out to that win,
and a position it cannot prove has no forced win that short; the late-game budget."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.circle import Rules, State, new_game
from engines.circle.solver import FEW, LATE, MAX_PLIES, NODES, Proof, budget, solve
from tests.strategies import examples


def _forced(state: State, plies: int) -> int:
    """Plain minimax, no table: 1 when the mover can force a win within ``plies`` moves of both
    sides, -1 when every move of hers loses within them, 0 otherwise."""
    if plies < 1:
        return 0
    me = state.current_player
    every_move_loses = True
    for cell in state.legal_actions():
        child = state.clone()
        child.apply(cell)
        won = child.winner == me
        result = (1 if won else -1) if child.is_over else -_forced(child, plies - 1)
        if result == 1:
            return 1
        every_move_loses &= result == -1
    return -1 if every_move_loses else 0


def _late_position(seed: int, rules: Rules) -> State:
    """A position of a random game a few moves before its end (or near the capture target)."""
    rng = random.Random(seed)
    game = new_game(rules)
    moves = []
    while not game.is_over:
        moves.append(rng.choice(game.legal_actions()))
        game.apply(moves[-1])
    back = rng.randint(1, min(6, len(moves)))
    state = new_game(rules)
    for cell in moves[:-back]:
        state.apply(cell)
    return state


RULES = {
    "radius 2, target 6": Rules(radius=2, capture_target=6),
    "radius 2, stuck loses": Rules(radius=2, capture_target=6, no_placement_wins=False),
    "radius 3, target 8": Rules(radius=3, capture_target=8),
}


@pytest.mark.parametrize("name", sorted(RULES))
@given(seed=st.integers(0, 10**6))
@examples(10)
def test_a_proof_is_a_forced_win_and_no_proof_means_none_that_short(name, seed):
    state = _late_position(seed, RULES[name])
    plies = 3
    proof = solve(state, nodes=10**6, max_plies=plies)
    me = state.current_player
    if proof is None:
        assert _forced(state, plies) == 0
        return
    assert isinstance(proof, Proof) and 1 <= proof.plies <= plies
    if proof.winner == me:
        assert _forced(state, proof.plies) == 1 and _forced(state, proof.plies - 1) != 1
    else:
        assert _forced(state, proof.plies) == -1
    line = state.clone()
    for cell in proof.line:
        assert not line.is_over
        line.apply(cell)
    assert line.is_over and line.winner == proof.winner
    assert len(proof.line) <= proof.plies


def test_a_budget_too_small_gives_no_proof_and_changes_nothing():
    state = _late_position(3, RULES["radius 3, target 8"])
    saved = state.to_dict()
    assert solve(state, nodes=1, max_plies=9) is None or solve(state, nodes=1).plies == 1
    assert state.to_dict() == saved
    assert solve(new_game(), nodes=NODES) is None  # the empty board: nothing is forced


def test_the_late_game_gets_the_larger_budget():
    assert budget(new_game()) == (NODES, MAX_PLIES)
    # Orange's three stones and every cell round them: few cells left for Black, a 2-radius
    # board nearly full.
    rng = random.Random(5)
    state = new_game(Rules(radius=2))
    while not state.is_over and min(len(state.legal_indices(p)) for p in (0, 1)) > FEW:
        state.apply(rng.choice(state.legal_actions()))
    assert min(len(state.legal_indices(p)) for p in (0, 1)) <= FEW
    assert budget(state) == LATE
