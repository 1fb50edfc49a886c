"""``cole puzzles make GAME [--count N] [--seed S]``: write a game's puzzle file from bot games.

Each card game's puzzles are made by its engine (``engines.<game>.puzzles.generate``), spread
evenly over its themes and difficulties, proven again and written beside Circle of Life's.
"""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path
from typing import Any

__all__ = ["PUZZLE_GAMES", "add_parser", "make", "run"]

PUZZLE_GAMES = ("savannah", "ecosystem")
"""The games ``cole puzzles make`` writes (Circle of Life's set is written by its notebook)."""
DEFAULT_COUNT = 45
"""Puzzles written when ``--count`` is not given (at least 40 per card game)."""


def add_parser(commands: Any) -> None:
    """The ``puzzles`` sub-command and its flags."""
    text = "make a card game's puzzles from bot games, each proven best by the engine"
    sub = commands.add_parser("puzzles", help=text, description=text)
    actions = sub.add_subparsers(dest="action", metavar="ACTION", required=True)
    make_cmd = actions.add_parser("make", help=text, description=text)
    make_cmd.add_argument(
        "game", choices=PUZZLE_GAMES, metavar="GAME", help="savannah or ecosystem"
    )
    make_cmd.add_argument("--count", type=int, default=DEFAULT_COUNT, help="how many puzzles")
    make_cmd.add_argument("--seed", type=int, default=0, help="the bot games' seed")
    make_cmd.add_argument(
        "--output", metavar="PATH", help="where to write (default: the engine's file)"
    )


def make(game: str, count: int, seed: int = 0) -> list[Any]:
    """``count`` puzzles of ``game``, as even over themes and difficulties as the games allow."""
    engine = importlib.import_module(f"engines.{game}.puzzles")
    themes = list(engine.THEMES)
    cells = len(themes) * len(engine.DIFFICULTIES)
    per_level = -(-count // cells)
    pools = [engine.generate(t, per_level=per_level + 2, seed=seed) for t in themes]
    chosen = [p for made in pools for p in _spread(made, count // len(themes) + 1, engine)]
    spare = [p for made in pools for p in made if p not in chosen]
    chosen += spare[: max(0, count - len(chosen))]
    while len(chosen) > count:
        chosen.pop(_most_common(chosen))
    for puzzle in chosen:
        engine.verify(puzzle)
    order = {t: i for i, t in enumerate(themes)}
    return sorted(
        chosen, key=lambda p: (order[p.theme], engine.DIFFICULTIES.index(p.difficulty), p.id)
    )


def _spread(made: list[Any], want: int, engine: Any) -> list[Any]:
    """Up to ``want`` of ``made``, taking each difficulty in turn."""
    levels = engine.DIFFICULTIES
    by_level = {level: [p for p in made if p.difficulty == level] for level in levels}
    out: list[Any] = []
    while len(out) < want and any(by_level.values()):
        for level in levels:
            if by_level[level] and len(out) < want:
                out.append(by_level[level].pop(0))
    return out


def _most_common(puzzles: list[Any]) -> int:
    counts: dict[tuple[str, str], int] = {}
    for p in puzzles:
        counts[(p.theme, p.difficulty)] = counts.get((p.theme, p.difficulty), 0) + 1
    worst = max(counts, key=counts.get)  # type: ignore[arg-type]
    return max(i for i, p in enumerate(puzzles) if (p.theme, p.difficulty) == worst)


def run(args: argparse.Namespace, fail: Any) -> int:
    """Run ``cole puzzles make``; ``fail(sentence)`` reports bad input (exit 2)."""
    if args.count < 1 or args.count > 500:
        fail(f"--count must be from 1 to 500, not {args.count}")
    engine = importlib.import_module(f"engines.{args.game}.puzzles")
    puzzles = make(args.game, args.count, args.seed)
    path = Path(args.output) if args.output else engine.PUZZLE_FILE
    try:
        engine.save_puzzles(puzzles, path)
    except OSError as err:
        fail(str(err))
    counts: dict[tuple[str, str], int] = {}
    for p in puzzles:
        counts[(p.theme, p.difficulty)] = counts.get((p.theme, p.difficulty), 0) + 1
    for (theme, level), n in counts.items():
        print(f"{theme}\t{level}\t{n}")
    print(f"{len(puzzles)} puzzles written to {path}")
    return 0
