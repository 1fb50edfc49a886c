"""What the card games' puzzle sets share: the difficulty scale, the verdict and the file.

Circle of Life's puzzles (:mod:`engines.circle.puzzles`) came first; On the Savannah's and
Ecosystem's follow the same shapes: a puzzle is a JSON object with ``id``, ``theme``,
``difficulty``, the position, every accepted ``answers`` and a ``source``; a file is a list of
them, one per line.  Difficulty counts the *traps* (other answers that look nearly as good), as
Circle's does: none is ``easy``, one ``medium``, more ``hard`` (each game says what a trap is).

>>> level_for_traps(0), level_for_traps(1), level_for_traps(4)
('easy', 'medium', 'hard')
>>> read_field({"id": "gain-easy-01"}, "theme", str)
Traceback (most recent call last):
...
ValueError: puzzle 'gain-easy-01': field 'theme' is missing.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "DIFFICULTIES",
    "MAX_FILE_BYTES",
    "Verdict",
    "level_for_traps",
    "read_field",
    "read_puzzle_list",
    "write_puzzle_list",
]

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
