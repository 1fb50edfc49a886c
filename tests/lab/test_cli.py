"""The ``cole`` command: bad input is refused in one line with exit code 2, touching nothing."""

from __future__ import annotations

import pytest

from tests.lab.conftest import cole, free_port

BAD = [
    (["tournament", "chess", "--bots", "random,greedy"], "invalid choice: 'chess'"),
    (["tournament", "circle", "--bots", "random,robot"], "Unknown bot 'robot'"),
    (["tournament", "circle", "--bots", "random,mcts:9"], "strength must be 1 to 5"),
    (
        ["tournament", "circle", "--bots", "random,greedy", "--games", "0"],
        "--games: must be at least 1",
    ),
    (["tournament", "circle", "--bots", "random,greedy", "--games", "ten"], "not a whole number"),
    (["tournament", "circle", "--bots", "random,greedy", "--radius", "12"], "radius must be"),
    (
        ["tournament", "circle", "--bots", "random,greedy", "--colour", "red"],
        "unrecognized arguments: --colour",
    ),
    (
        ["tournament", "savannah", "--bots", "random,greedy", "--players", "4"],
        "cannot fill the 4 seats",
    ),
    (["stats", "circle", "--vary", "size=3,4"], "no rules option 'size'"),
    (
        ["ladder", "circle", "--bots", "greedy", "--against", "greedy"],
        "--against names only the bots of --bots",
    ),
    (
        ["ladder", "circle", "--bots", "mcts:1", "--against", "random,rndm"],
        "Unknown bot 'rndm': did you mean 'random'?",
    ),
    (
        ["tournament", "circle", "--bots", "random,greedy", "--output", "out.txt"],
        ".parquet or .csv",
    ),
]


@pytest.mark.parametrize("args, problem", BAD, ids=[" ".join(a[:2] + a[-2:]) for a, _ in BAD])
def test_bad_input_is_one_line_and_exit_2(args, problem, tmp_path):
    args = [str(tmp_path / a) if a == "out.txt" else a for a in args]
    done = cole(*args)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and problem in done.stderr
    assert done.stdout == ""
    assert not (tmp_path / "out.txt").exists()


def test_unreachable_scheduler_is_named():
    address = f"tcp://127.0.0.1:{free_port()}"
    done = cole(
        "tournament", "circle", "--bots", "random,greedy", "--games", "2", "--scheduler", address
    )
    assert done.returncode == 2
    assert f"cannot reach the Dask scheduler at {address}" in done.stderr
    assert done.stderr.count("\n") == 1


def test_output_from_another_study_is_refused_and_left_alone(tmp_path):
    out = tmp_path / "games.csv"
    study = [
        "tournament",
        "circle",
        "--bots",
        "random,greedy",
        "--games",
        "4",
        "--output",
        str(out),
    ]
    first = cole(*study, "--radius", "2", "--workers", "1", "--quiet")
    assert first.returncode == 0, first.stderr
    before = out.read_bytes()
    other = cole(*study, "--radius", "3")
    assert other.returncode == 2
    assert "holds the games of another study" in other.stderr
    assert out.read_bytes() == before


def test_a_file_that_is_not_a_results_file_is_refused_and_left_alone(tmp_path):
    out = tmp_path / "notes.csv"
    out.write_text("name,colour\nzebra,striped\n")
    done = cole("tournament", "circle", "--bots", "random,greedy", "--output", str(out))
    assert done.returncode == 2
    assert "not a cole results file" in done.stderr
    assert out.read_text() == "name,colour\nzebra,striped\n"
