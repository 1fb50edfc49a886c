"""``cole puzzles make``: a few puzzles of each card game, written and proven."""

from __future__ import annotations

import importlib

import pytest

from cole_panel.lab.cli import main


@pytest.mark.parametrize("game", ["savannah", "ecosystem"])
def test_make_writes_a_proven_puzzle_file(tmp_path, capsys, game):
    path = tmp_path / f"{game}.json"
    assert (
        main(["puzzles", "make", game, "--count", "4", "--seed", "1", "--output", str(path)]) == 0
    )
    engine = importlib.import_module(f"engines.{game}.puzzles")
    puzzles = engine.load_puzzles(path)
    assert len(puzzles) == 4
    for puzzle in puzzles:
        engine.verify(puzzle)
    assert "4 puzzles written" in capsys.readouterr().out


def test_make_refuses_an_unknown_game(capsys):
    with pytest.raises(SystemExit) as err:
        main(["puzzles", "make", "chess"])
    assert err.value.code == 2
