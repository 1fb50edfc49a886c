"""On the Savannah's stored puzzles, each re-proven by the look-ahead; the prover checked by hand."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.savannah import Rules, Steal, new_game
from engines.savannah.cards import name_of
from engines.savannah.lookahead import card_choices, gains
from engines.savannah.puzzles import (
    DIFFICULTIES,
    MARGIN,
    THEMES,
    Puzzle,
    generate,
    judge,
    load_puzzles,
    save_puzzles,
    solve,
    verify,
)
from tests.strategies import examples

PUZZLES = load_puzzles()


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.id for p in PUZZLES])
def test_every_stored_puzzle_is_proven_best_and_unique(puzzle):
    verify(puzzle)
    assert judge(puzzle, puzzle.answers[0]).correct
    solution = solve(puzzle.state(), puzzle.theme)
    best = solution.values[puzzle.answers[0]]
    gap = MARGIN if puzzle.theme != "human" else 1
    assert all(v <= best - gap for n, v in solution.values.items() if n != puzzle.answers[0])


def test_at_least_40_puzzles_over_every_theme_and_difficulty():
    assert len(PUZZLES) >= 40
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)
    for theme in THEMES:
        assert {p.difficulty for p in PUZZLES if p.theme == theme} == set(DIFFICULTIES), theme


def _by_hand(state):
    """Each card's best gain, played out with the public apply() and every steal tried."""
    p = state.current_player
    before = state.totals()[p]
    out = {}
    for move in state.legal_actions():
        ends = []
        first = state.clone()
        first.apply(move)
        todo = [first]
        while todo:
            s = todo.pop()
            if s.pending_steal and not s.is_over and s.current_player == p:
                for steal in s.legal_actions():
                    nxt = s.clone()
                    nxt.apply(Steal(steal.card))
                    todo.append(nxt)
            else:
                ends.append(s)
        for end in ends:
            drawn = [c for c in end.hand(p) if c not in state.hand(p)]
            value = end.score_sheet().total(p) - before
            value -= sum(end.card(c).points.in_hand for c in drawn)
            name = name_of(move.card)
            out[name] = max(out.get(name, value), value)
    return out


@examples(40)
@given(st.integers(0, 10_000), st.integers(0, 30), st.integers(2, 3))
def test_the_look_ahead_agrees_with_playing_every_card_by_hand(seed, turns, players):
    state = new_game(Rules(players=players), seed=seed)
    for _ in range(turns):
        if state.is_over:
            return
        state.apply(state.legal_actions()[seed % len(state.legal_actions())])
    if state.is_over or state.pending_steal:
        return
    assert gains(state) == _by_hand(state)
    solution = solve(state, "gain")
    if solution.answers:
        best = solution.values[solution.answers[0]]
        assert sorted(solution.values.values())[-2] <= best - MARGIN


def test_a_wrong_card_is_explained_with_what_it_scores_instead():
    for theme in THEMES:
        puzzle = next(p for p in PUZZLES if p.theme == theme)
        wrong = next(n for n in card_choices(puzzle.state()) if n not in puzzle.answers)
        verdict = judge(puzzle, wrong)
        assert not verdict.correct
        assert verdict.text.startswith("Not this one.")
        assert f"The answer is the {puzzle.answers[0]}." in verdict.text
    gain = next(p for p in PUZZLES if p.theme == "gain")
    wrong = next(n for n in card_choices(gain.state()) if n not in gain.answers)
    assert f"The {wrong} gains you" in judge(gain, wrong).text
    assert "(alive +" in judge(gain, wrong).text


def test_a_card_not_in_hand_is_refused_with_a_reason():
    verdict = judge(PUZZLES[0], "unicorn")
    assert not verdict.correct and "no unicorn" in verdict.text


def test_a_tampered_answer_fails_the_proof():
    puzzle = PUZZLES[0]
    wrong = next(n for n in card_choices(puzzle.state()) if n not in puzzle.answers)
    with pytest.raises(ValueError, match="the look-ahead finds"):
        verify(Puzzle.from_dict({**puzzle.to_dict(), "answers": [wrong]}))


def test_generation_is_deterministic_and_round_trips(tmp_path):
    first = generate("gain", per_level=1, seed=5)
    assert first == generate("gain", per_level=1, seed=5)
    path = tmp_path / "p.json"
    save_puzzles(first, path)
    assert load_puzzles(path) == first


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"theme": "chess"}, "theme"),
        ({"difficulty": 3}, "difficulty"),
        ({"position": {"rules": {}}}, "position"),
        ({"answers": []}, "answers"),
    ],
)
def test_a_bad_puzzle_is_refused_naming_the_field(tmp_path, change, field):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps([{**PUZZLES[0].to_dict(), **change}]))
    with pytest.raises(ValueError, match=f"field '{field}'"):
        load_puzzles(path)
    path.write_text("{oops")
    with pytest.raises(ValueError, match="not valid JSON"):
        load_puzzles(path)


def _ends_by_hand(state, move):
    """The ends of the mover's turn after ``move``: every steal tried, with the public apply()."""
    p = state.current_player
    first = state.clone()
    first.apply(move)
    todo, ends = [first], []
    while todo:
        s = todo.pop()
        if s.pending_steal and not s.is_over and s.current_player == p:
            for steal in s.legal_actions():
                nxt = s.clone()
                nxt.apply(steal)
                todo.append(nxt)
        else:
            ends.append(s)
    return ends


@examples(25)
@given(st.integers(0, 10_000), st.integers(4, 30))
def test_the_save_and_human_values_agree_with_both_turns_played_by_hand(seed, turns):
    state = new_game(Rules(players=2), seed=seed)
    for _ in range(turns):
        if state.is_over:
            return
        state.apply(state.legal_actions()[seed % len(state.legal_actions())])
    if state.is_over or state.pending_steal:
        return
    p = state.current_player
    before = state.totals()[p]
    save = solve(state, "save").values
    human = solve(state, "human").values
    for move in state.legal_actions():
        name = name_of(move.card)
        best, forced = None, False
        for end in _ends_by_hand(state, move):
            drawn = sum(end.card(c).points.in_hand for c in end.hand(p) if c not in state.hand(p))
            replies = [
                r
                for m in ([] if end.is_over else end.legal_actions())
                for r in _ends_by_hand(end, m)
            ] or [end]
            worst = min(r.totals()[p] - before - drawn for r in replies)
            best = worst if best is None else max(best, worst)
            if not end.is_over:
                q = end.current_player
                mine = end.legal_actions()
                others = [c for c in end.hand(q) if end.card(c).group != "human"]
                forced = forced or (
                    bool(others) and all(end.card(m.card).group == "human" for m in mine)
                )
        assert save[name] == best, name
        assert human[name] == int(forced), name
