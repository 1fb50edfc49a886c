"""``cole review FILE...``: review saved games move by move, their positions valued on Dask.

Every file is read and checked first; a bad one is named and nothing is reviewed or written
(exit 2).  The positions of each game are valued in parallel, one Dask task each, on the lab's
embedded ``LocalCluster`` or on ``--scheduler`` (``--workers 1`` without a scheduler: in this
process); every task is seeded alone, so the review is the same wherever it ran.  Each move
prints as a line: number, mover, move, the mover's win chance before and after the move, the
class (``exact`` when proved) and the better move; ``--output`` writes the rows as Parquet or
CSV.
"""

from __future__ import annotations

import argparse
import uuid
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from engines.review import PositionJob, PositionValue, Runner

from . import runner
from .review_files import COLUMNS, read_game, review_rows
from .store import check_path, write_frame

__all__ = ["add_parser", "format_row", "on_dask", "run"]


def add_parser(commands: Any, count: Any) -> None:
    """The ``review`` sub-command and its flags (``count`` parses whole numbers)."""
    text = "review saved games move by move: win chances, classes, better moves"
    sub = commands.add_parser("review", help=text, description=text)
    sub.add_argument(
        "files", nargs="+", metavar="FILE", help="saved games of any game, or Circle ?moves= links"
    )
    sub.add_argument(
        "--iterations",
        type=count(4),
        help="search iterations per position (default: the game's bots at strength 3)",
    )
    sub.add_argument("--seed", type=count(0), default=0, help="the review's seed")
    sub.add_argument("--output", metavar="PATH", help="write the rows to a .parquet or .csv file")
    sub.add_argument(
        "--scheduler",
        metavar="tcp://HOST:PORT",
        help="an existing Dask scheduler (default: an embedded LocalCluster for several files)",
    )
    sub.add_argument(
        "--workers", type=count(), help="worker processes of the embedded cluster (default: cores)"
    )


def _read(name: str) -> str:
    """A file's text, or the argument itself when it is a link."""
    if name.lstrip().startswith("?") or "://" in name and "?moves=" in name:
        return name
    try:
        return Path(name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise ValueError(f"{name}: cannot be read ({err.__class__.__name__}: {err}).") from None


def format_row(row: dict[str, Any]) -> str:
    """One move as a line of the report.

    >>> print(format_row({"number": 3, "mover": "Black", "move": "E7", "before": 0.6,
    ...     "after": 0.2, "class": "blunder", "better": "F3", "exact": True}))
      3  Black      E7                 60% → 20%  blunder     exact better F3
    """
    better = ("exact " if row.get("exact") else "") + (
        f"better {row['better']}" if row["better"] else ""
    )
    chances = f"{round(100 * row['before'])}% → {round(100 * row['after'])}%"
    return (
        f"{row['number']:>3}  {row['mover']:<10} {row['move']:<16} {chances:>11}  "
        f"{row['class']:<11} {better}".rstrip()
    )


def run(args: argparse.Namespace, fail: Any) -> int:
    """Run ``cole review``; ``fail(sentence)`` reports bad input (exit 2)."""
    try:
        path = check_path(args.output) if args.output else None
        texts = {name: _read(name) for name in dict.fromkeys(args.files)}
        games = {name: read_game(name, text) for name, text in texts.items()}
    except ValueError as err:
        fail(str(err))
    try:
        results = _review(args, texts)
    except OSError as err:
        fail(str(err))
    rows = []
    for name in texts:
        saved = games[name]
        print(f"{name}: {saved.game}, {len(saved.actions)} moves")
        for row in results[name]:
            print(format_row(row))
        rows.extend(results[name])
    if path is not None:
        _write(path, rows)
        print(f"{path}: {len(rows)} moves written.")
    return 0


def _review(args: argparse.Namespace, texts: dict[str, str]) -> dict[str, list[dict[str, Any]]]:
    if args.workers == 1 and not args.scheduler:
        return {
            name: review_rows(name, text, args.iterations, args.seed)
            for name, text in texts.items()
        }
    with runner.connect(args.scheduler, args.workers) as client:
        run = on_dask(client)
        return {
            name: review_rows(name, text, args.iterations, args.seed, run)
            for name, text in texts.items()
        }


def on_dask(client: Any) -> Runner:
    """A review's runner that values its positions as Dask tasks on ``client``, all at once."""

    def run(jobs: Sequence[PositionJob], should_stop: Any = None) -> Iterator[PositionValue | None]:
        if not jobs:
            return
        run_id = uuid.uuid4().hex[:8]  # a rerun must not meet this run's cancelled keys
        keys = [f"cole-review-{run_id}-{n}" for n in range(len(jobs))]
        futures = client.map(PositionJob.compute, list(jobs), key=keys, pure=False)
        try:
            for future in futures:
                yield future.result()
        finally:
            client.cancel(futures)

    return run


def _write(path: Path, rows: list[dict[str, Any]]) -> None:
    import pandas as pd

    write_frame(path, pd.DataFrame(rows, columns=list(COLUMNS)))
