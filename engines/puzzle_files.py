"""What every game's puzzle set shares: the difficulty scale, the verdict, the file, and the
loop that finds puzzles in seeded bot games and proves them.

A puzzle is a JSON object with ``id``, ``theme``, ``difficulty``, the position, every accepted
``answers`` and a ``source``; a file is a list of them, one per line.  Difficulty counts the
*traps* (other answers that look nearly as good): none is ``easy``, one ``medium``, more
``hard`` (each game says what a trap is).

>>> level_for_traps(0), level_for_traps(1), level_for_traps(4)
('easy', 'medium', 'hard')
>>> unique_best({"a": 9, "b": 6, "c": 5}, margin=2), unique_best({"a": 9, "b": 8}, margin=2)
(('a',), ())
>>> read_field({"id": "gain-easy-01"}, "theme", str)
Traceback (most recent call last):
...
ValueError: puzzle 'gain-easy-01': field 'theme' is missing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

__all__ = [
    "DIFFICULTIES",
    "MAX_FILE_BYTES",
    "Verdict",
    "bot_pair",
    "check_labels",
    "check_proof",
    "collect_from_games",
    "level_for_traps",
    "read_field",
    "read_puzzle_list",
    "unique_best",
    "write_puzzle_list",
]

K = TypeVar("K", bound=Hashable)


class Graded(Protocol):
    """What :func:`collect_from_games` needs of a puzzle: its level."""

    @property
    def difficulty(self) -> str: ...


P = TypeVar("P", bound=Graded)

DIFFICULTIES = ("easy", "medium", "hard")
"""Difficulty levels, easiest first (the same scale as Circle of Life's puzzles)."""
MAX_FILE_BYTES = 2_000_000
"""A puzzle file larger than this is refused before parsing."""


@dataclass(frozen=True)
class Verdict:
    """The judgement of one attempt."""

    correct: bool
    """Whether the attempt is one of the answers."""
    text: str
    """What the attempt does and, when wrong, what the answer does instead."""


def level_for_traps(traps: int) -> str:
    """The difficulty of a puzzle with ``traps`` tempting wrong answers."""
    return DIFFICULTIES[min(traps, 2)]


def read_field(data: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    """``data[name]`` checked to be a ``kind``; ``ValueError`` names the puzzle and the field."""
    who = f"puzzle {str(data.get('id', '?'))[:40]!r}"
    if name not in data:
        raise ValueError(f"{who}: field {name!r} is missing.")
    value = data[name]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise ValueError(f"{who}: field {name!r} has the wrong type ({type(value).__name__}).")
    return value


def read_puzzle_list(path: Path | str) -> list[Any]:
    """The JSON list in a puzzle file; ``ValueError`` says what is wrong with the file."""
    path = Path(path)
    if path.stat().st_size > MAX_FILE_BYTES:
        raise ValueError(f"{path.name} is larger than {MAX_FILE_BYTES} bytes.")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise ValueError(f"{path.name} is not valid JSON ({err}).") from None
    if not isinstance(data, list):
        raise ValueError(f"{path.name} must hold a list of puzzles.")
    for item in data:
        if not isinstance(item, dict):
            raise ValueError(f"{path.name}: every puzzle is a JSON object.")
    return data


def write_puzzle_list(records: Iterable[dict[str, Any]], path: Path | str) -> None:
    """Write puzzle records as JSON (one object per line inside a list, for readable diffs)."""
    lines = [json.dumps(r, ensure_ascii=False, sort_keys=False) for r in records]
    Path(path).write_text("[\n" + ",\n".join(lines) + "\n]\n", encoding="utf-8")


def unique_best(values: Mapping[K, int], margin: int) -> tuple[K, ...]:
    """The keys of the best value when it beats the runner-up by ``margin``; else ``()``.

    One choice alone is no puzzle, so fewer than two values give ``()`` too.
    """
    if len(values) < 2:
        return ()
    ranked = sorted(values.values(), reverse=True)
    if ranked[0] - ranked[1] < margin:
        return ()
    return tuple(k for k, v in values.items() if v == ranked[0])


def check_labels(puzzle_id: str, theme: str, difficulty: str, themes: Iterable[str]) -> None:
    """``ValueError`` naming the field when ``theme`` or ``difficulty`` is not one we know."""
    if theme not in themes:
        raise ValueError(f"puzzle {puzzle_id}: field 'theme': unknown {theme!r}.")
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"puzzle {puzzle_id}: field 'difficulty': unknown {difficulty!r}.")


def check_proof(
    puzzle_id: str, prover: str, found: tuple, stored: tuple, level: str | None, difficulty: str
) -> None:
    """``ValueError`` when the engine's answers or grade (``found``, ``level``) differ from the
    stored ones; ``prover`` names what proved it (e.g. ``"the scorer"``)."""
    if found != stored:
        raise ValueError(f"{puzzle_id}: {prover} finds {found}, the puzzle says {stored}.")
    if level != difficulty:
        raise ValueError(f"{puzzle_id}: the engine grades it {level}, not {difficulty}.")


def bot_pair(greedy: Callable[..., Any], random: Callable[..., Any], seed: int, swap: bool) -> list:
    """The two seats of a puzzle-finding game: a greedy bot and a random one, swapped when
    ``swap`` so that the greedy bot's mistakes are met from both seats."""
    players = [greedy(seed=seed), random(seed=seed + 1)]
    return players[::-1] if swap else players


def collect_from_games(
    theme: str,
    themes: Iterable[str],
    per_level: int,
    seed: int,
    max_games: int,
    from_game: Callable[[int, bool, dict[str, list[P]]], Iterable[P]],
    renamed: Callable[[P, str], P],
) -> list[P]:
    """Up to ``per_level`` puzzles of each difficulty from seeded bot games, easiest first.

    ``from_game(game_seed, swap, found)`` plays one game and yields what it finds (it reads
    ``found`` to skip levels already full); the puzzles are named ``theme-level-NN``.  The same
    arguments give the same list: every game's seed comes from ``seed``, the theme and its number.
    """
    names = list(themes)
    if theme not in names:
        raise ValueError(f"A theme is one of {', '.join(names)}; not {theme!r}.")
    found: dict[str, list[P]] = {level: [] for level in DIFFICULTIES}
    for game_no in range(max_games):
        if all(len(v) >= per_level for v in found.values()):
            break
        game_seed = seed * 100_003 + names.index(theme) * 10_007 + game_no
        for puzzle in from_game(game_seed, game_no % 2 == 1, found):
            found[puzzle.difficulty].append(puzzle)
    return [
        renamed(p, f"{theme}-{level}-{n:02d}")
        for level in DIFFICULTIES
        for n, p in enumerate(found[level], start=1)
    ]
