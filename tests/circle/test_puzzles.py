"""The shipped puzzles: every one re-solved and re-graded by the engine; judging explains."""

from __future__ import annotations

import json

import pytest

from engines.circle.puzzles import (
    DIFFICULTIES,
    THEMES,
    Puzzle,
    generate,
    judge,
    load_puzzles,
    save_puzzles,
    verify,
)

PUZZLES = load_puzzles()


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.id for p in PUZZLES])
def test_every_shipped_puzzle_is_verified_by_the_engine(puzzle):
    verify(puzzle)
    assert judge(puzzle, puzzle.answers[0]).correct


def test_each_theme_has_at_least_20_puzzles_over_every_difficulty():
    for theme in THEMES:
        mine = [p for p in PUZZLES if p.theme == theme]
        assert len(mine) >= 20, theme
        assert {p.difficulty for p in mine} == set(DIFFICULTIES), theme
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)
    assert len({(p.stones, p.to_move) for p in PUZZLES}) == len(PUZZLES)


def test_a_wrong_answer_is_explained_and_the_answer_shown():
    puzzle = next(p for p in PUZZLES if p.theme == "feast")
    state = puzzle.state()
    wrong = next(c for c in state.legal_actions() if state.label(c) not in puzzle.answers)
    verdict = judge(puzzle, wrong)
    assert not verdict.correct
    assert verdict.text.startswith("Not this one.")
    assert f"The answer is {puzzle.answers[0]}" in verdict.text


def test_an_illegal_attempt_gives_the_rules_reason():
    puzzle = PUZZLES[0]
    taken = puzzle.stones[0].split()[0]
    verdict = judge(puzzle, taken)
    assert not verdict.correct and "already taken" in verdict.text


def test_a_tampered_puzzle_fails_verification():
    puzzle = next(p for p in PUZZLES if p.theme == "rescue")
    state = puzzle.state()
    wrong = next(
        state.label(c) for c in state.legal_actions() if state.label(c) not in puzzle.answers
    )
    bad = Puzzle.from_dict({**puzzle.to_dict(), "answers": [wrong]})
    with pytest.raises(ValueError, match="the engine finds"):
        verify(bad)


def test_generation_is_deterministic_and_round_trips_through_the_file(tmp_path):
    first = generate("feast", per_level=2, seed=3)
    assert first == generate("feast", per_level=2, seed=3)
    for puzzle in first:
        verify(puzzle)
    path = tmp_path / "p.json"
    save_puzzles(first, path)
    assert load_puzzles(path) == first


def test_a_bad_puzzle_file_is_refused_naming_the_problem(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps([{"id": "x", "theme": "chess"}]))
    with pytest.raises(ValueError, match="lacks a field"):
        load_puzzles(path)
    path.write_text("{oops")
    with pytest.raises(ValueError, match="not valid JSON"):
        load_puzzles(path)
