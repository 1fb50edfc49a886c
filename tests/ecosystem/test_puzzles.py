"""Ecosystem's stored puzzles, each re-proven by the scorer; the prover checked exhaustively."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.ecosystem import CardType, Park, score
from engines.ecosystem.park import CELLS, cell_label, placement_error
from engines.ecosystem.puzzles import (
    DIFFICULTIES,
    MARGIN,
    THEMES,
    Puzzle,
    cell_values,
    generate,
    judge,
    load_puzzles,
    save_puzzles,
    solve,
    verify,
)
from tests.strategies import examples

PUZZLES = load_puzzles()


def best_cell(puzzle):
    if puzzle.theme == "place":
        return puzzle.card, puzzle.answers[0]
    return puzzle.answers[0], solve(puzzle.state(), "keep").cells[puzzle.answers[0]]


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.id for p in PUZZLES])
def test_every_stored_puzzle_is_proven_best_and_unique(puzzle):
    verify(puzzle)
    assert judge(puzzle, *best_cell(puzzle)).correct
    values = solve(puzzle.state(), puzzle.theme, puzzle.card).values
    best = values[puzzle.answers[0]]
    assert all(v <= best - MARGIN for k, v in values.items() if k != puzzle.answers[0])


def test_at_least_40_puzzles_over_every_theme_and_difficulty():
    assert len(PUZZLES) >= 40
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)
    for theme in THEMES:
        assert {p.difficulty for p in PUZZLES if p.theme == theme} == set(DIFFICULTIES), theme


CARDS = st.sampled_from(list(CardType))


@examples(60)
@given(st.dictionaries(st.sampled_from(CELLS), CARDS, max_size=10), CARDS, st.integers(0, 4))
def test_every_cell_is_scored_as_the_scorer_scores_the_park_with_the_card(cards, card, gz):
    park = Park()
    for cell, kind in cards.items():
        park = park.with_card(cell, kind)
    values = cell_values(park, card, others=[gz])
    free = [c for c in CELLS if park[c] is None and placement_error(park, c) is None]
    assert set(values) == {cell_label(c) for c in free}
    for cell in free:
        whole = score([park.with_card(cell, card)], other_gazelles=[gz]).total(0)
        assert values[cell_label(cell)] == whole


def test_the_lions_hunt_and_the_flips_count_in_a_cell_value():
    # A lion next to grassland flips a gazelle: the gazelle's points go, the lion's come.
    park = Park.parse("GR .. .. .. ..\nGZ GZ .. .. ..\n.. .. .. .. ..\n.. .. .. .. ..")
    values = cell_values(park, "LI")
    sheet = score([park.with_card((0, 1), CardType("LI"))])
    assert values["A2"] == sheet.total(0)
    assert any(line.category == "lion" and line.points for line in sheet)
    assert values["A2"] == max(values.values()) > min(values.values())


def test_a_wrong_pick_is_explained_with_what_it_scores_instead():
    for theme in THEMES:
        puzzle = next(p for p in PUZZLES if p.theme == theme)
        card, cell = best_cell(puzzle)
        if theme == "place":
            values = solve(puzzle.state(), "place", card).values
            cell = next(k for k in values if k != cell)
        else:
            values = solve(puzzle.state(), "keep").values
            card = next(k for k in values if k != card)
            cell = solve(puzzle.state(), "keep").cells[card]
        verdict = judge(puzzle, card, cell)
        assert not verdict.correct
        assert verdict.text.startswith("Not this one.")
        assert "makes your park worth" in verdict.text and "The answer is" in verdict.text


def test_the_wrong_card_for_a_place_puzzle_is_named():
    puzzle = next(p for p in PUZZLES if p.theme == "place")
    state = puzzle.state()
    other = next(c for c in state.hand(state.current_player) if c.code != puzzle.card)
    verdict = judge(puzzle, other.code, puzzle.answers[0])
    assert not verdict.correct and "This puzzle asks where" in verdict.text


def test_a_tampered_answer_fails_the_proof():
    puzzle = next(p for p in PUZZLES if p.theme == "place")
    wrong = next(
        k for k in solve(puzzle.state(), "place", puzzle.card).values if k not in puzzle.answers
    )
    with pytest.raises(ValueError, match="the scorer finds"):
        verify(Puzzle.from_dict({**puzzle.to_dict(), "answers": [wrong]}))


def test_generation_is_deterministic_and_round_trips(tmp_path):
    first = generate("keep", per_level=1, seed=5, max_games=20)
    assert first and first == generate("keep", per_level=1, seed=5, max_games=20)
    path = tmp_path / "p.json"
    save_puzzles(first, path)
    assert load_puzzles(path) == first


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"theme": "chess"}, "theme"),
        ({"card": "XX", "theme": "place"}, "card"),
        ({"position": {"rules": 1}}, "position"),
        ({"answers": "B4"}, "answers"),
    ],
)
def test_a_bad_puzzle_is_refused_naming_the_field(tmp_path, change, field):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps([{**PUZZLES[0].to_dict(), **change}]))
    with pytest.raises(ValueError, match=f"field '{field}'"):
        load_puzzles(path)
