"""Studies on Dask give the same games as a plain loop, on any cluster, and resume by key."""

from __future__ import annotations

import csv

import pytest

from cole_panel.lab import runner, store
from cole_panel.lab.study import stats, tournament
from tests.lab.conftest import cole

STUDY = tournament("savannah", ["random", "greedy"], games=12, rules={"players": 2})


@pytest.fixture(scope="module")
def plain_rows():
    return runner.play_plain(STUDY)


def test_local_cluster_with_two_workers_matches_a_plain_loop(plain_rows):
    with runner.connect(workers=2) as client:
        assert runner.worker_count(client) == 2
        rows = runner.run(client, STUDY, STUDY.plan(), batch_size=2, progress=False)
    assert rows == plain_rows


def test_a_scheduler_started_apart_gives_the_same_results(dask_scheduler, plain_rows):
    with runner.connect(dask_scheduler) as client:
        rows = runner.run(client, STUDY, STUDY.plan(), batch_size=5, progress=False)
    assert rows == plain_rows


def test_a_rerun_plays_only_the_missing_games(dask_scheduler, tmp_path):
    out = tmp_path / "radius.csv"
    args = [
        "stats",
        "circle",
        "--vary",
        "radius=2,3",
        "--bots",
        "random",
        "--scheduler",
        dask_scheduler,
        "--quiet",
        "--output",
        str(out),
    ]
    first = cole(*args, "--games", "6")
    assert first.returncode == 0, first.stderr
    with out.open() as f:
        rows = list(csv.DictReader(f))
    rows[0]["turns"] = "999"  # a game that is replayed would lose this mark
    with out.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)

    second = cole(*args, "--games", "10")
    assert second.returncode == 0, second.stderr
    assert "6 games already played; 4 to play" in second.stdout
    kept = store.load(out)
    assert [r["key"] for r in kept] == list(range(10))
    assert kept[0]["turns"] == 999
    study = stats("circle", ["random"], 10, vary=("radius", [2, 3]))
    assert kept[1:] == runner.play_plain(study)[1:]
    assert "first mover wins" in second.stdout


def test_parquet_and_csv_hold_the_same_rows(tmp_path, plain_rows):
    for name in ("games.parquet", "games.csv"):
        store.save(tmp_path / name, plain_rows)
        assert store.load(tmp_path / name, STUDY.fingerprint) == plain_rows
