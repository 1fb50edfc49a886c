"""``cole review``: saves of all three games and a Circle link reviewed move by move, locally
and on a Dask scheduler started apart; a bad file is named, exit 2, nothing written."""

from __future__ import annotations

import random

import pandas as pd
import pytest

from cole_panel.circle.model import CircleModel
from cole_panel.ecosystem.draft.model import EcosystemModel
from cole_panel.savannah.model import SavannahModel
from tests.lab.conftest import cole

MOVES = 3


@pytest.fixture(scope="module")
def saves(tmp_path_factory):
    """A save of a few moves of each game, as the apps write them."""
    folder = tmp_path_factory.mktemp("saves")
    paths = []
    for model in (CircleModel(), EcosystemModel(), SavannahModel()):
        rng = random.Random(1)
        for _ in range(MOVES):
            model.play(rng.choice(model.state.legal_actions()))
        path = folder / f"{type(model).__name__}.json"
        path.write_text(model.save())
        paths.append(str(path))
    return paths


def _check(done, paths, output):
    assert done.returncode == 0, done.stderr
    for path in paths:
        assert f"{path}: " in done.stdout
    rows = pd.read_csv(output) if output.suffix == ".csv" else pd.read_parquet(output)
    assert sorted(set(rows["game"])) == ["circle", "ecosystem", "savannah"]
    assert len(rows) == 3 * MOVES + 2  # and the link's two moves
    assert set(rows["class"]) <= {"best", "good", "unclear", "inaccuracy", "mistake", "blunder"}
    assert rows["before"].between(0, 1).all() and rows["after"].between(0, 1).all()
    first = rows[rows["game"] == "circle"].iloc[0]
    assert f"  1  Orange     {first['move']}" in done.stdout


def test_saves_of_every_game_and_a_link_are_reviewed_locally(saves, tmp_path):
    output = tmp_path / "review.csv"
    link = "?moves=E5,E7&radius=4"
    done = cole(
        "review", *saves, link, "--iterations", "8", "--workers", "1", "--output", str(output)
    )
    _check(done, [*saves, link], output)


def test_the_review_runs_on_a_scheduler_started_apart(saves, tmp_path, dask_scheduler):
    output = tmp_path / "review.parquet"
    link = "?moves=E5,E7"
    args = ["--iterations", "8", "--scheduler", dask_scheduler, "--output", str(output)]
    done = cole("review", *saves, link, *args)
    _check(done, [*saves, link], output)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (
            "[1, 2]",
            "it is not a saved game of Circle of Life, Ecosystem: Savanna or On the Savannah",
        ),
        ('{"format": "cole-panel/circle-of-life", "version": 1}', "Could not load the file"),
    ],
    ids=["not a save", "damaged save"],
)
def test_a_bad_file_is_named_exit_2_and_nothing_is_written(saves, tmp_path, text, problem):
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    output = tmp_path / "review.csv"
    done = cole("review", saves[0], str(bad), "--output", str(output))
    assert done.returncode == 2
    assert done.stderr.startswith(f"cole: error: {bad}: ") and problem in done.stderr
    assert done.stdout == "" and not output.exists()


def test_a_bad_link_is_named():
    done = cole("review", "?moves=E5,E5")
    assert (
        done.returncode == 2 and "?moves=E5,E5: moves: move 2 (E5) cannot be played" in done.stderr
    )


def test_positions_valued_on_dask_make_the_review_made_here(dask_scheduler):
    from distributed import Client

    from cole_panel.lab.review_run import on_dask
    from engines.circle import Rules, new_game
    from engines.review import review_game

    start = new_game(Rules(radius=2))
    moves = ["A1", "C3", "B2", "C1"]
    here = review_game(start, moves, iterations=30, samples=2, seed=5)
    with Client(dask_scheduler, timeout=30) as client:
        there = review_game(start, moves, iterations=30, samples=2, seed=5, run=on_dask(client))
    assert there == here and here.complete
