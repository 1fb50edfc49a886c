"""Parks as text a player can type: card codes per row, ``West | East`` for two parks.

>>> where_label(("west", 1, 2))
'West B3'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engines.ecosystem import ROWS, Park, Rules, cell_label
from engines.options import option_spec

from ..core.query import parse_whole

ESTHER = """\
EL GZ EL WH LI
GR ZB CH GZ GR
GR GR ZB TR GF
TR GF WH HY GZ"""
"""The rulebook's worked example: Esther's park scores 86 against a player with 2 gazelles."""

Cell = tuple


def line_cell(park: str | None, cell: tuple[int, int]) -> Cell:
    return tuple(cell) if park is None else (park, *cell)


def where_label(cell: Cell) -> str:
    """``"B2"`` or ``"West B2"`` for a score-line cell."""
    if len(cell) == 3:
        return f"{cell[0].capitalize()} {cell_label(cell[1:])}"
    return cell_label(cell)


def parse_counts(text: str, what: str = "gazelle counts") -> list[int]:
    """Whole numbers separated by commas or spaces; ValueError naming the bad one.

    >>> parse_counts("2, 3  0")
    [2, 3, 0]
    >>> parse_counts("2, x")
    Traceback (most recent call last):
    ...
    ValueError: gazelle counts: 'x' is not a whole number from 0 to 99.
    """
    out = [parse_whole(token, 0, 99, what) for token in text.replace(",", " ").split()]
    if len(out) > 5:
        raise ValueError(f"{what}: at most 5 other players, not {len(out)}.")
    return out


def parse_row_points(text: str) -> tuple[int, ...]:
    """The row table as 11 whole numbers (points for 0 … 10 kinds); ValueError with a sentence.

    >>> parse_row_points("0 0 0 0 1 3 6 10 15 21 30")[-1]
    30
    >>> parse_row_points("1, 2")
    Traceback (most recent call last):
    ...
    ValueError: Row points: give 11 numbers (for 0 to 10 kinds), not 2.
    """
    spec = option_spec(Rules, "row_points")
    out = []
    for token in text[:400].replace(",", " ").split():
        try:
            out.append(spec.read_number(token))
        except ValueError as exc:
            raise ValueError(f"Row points: {token[:12]!r} {exc}.") from None
    if len(out) != spec.length:
        raise ValueError(
            f"Row points: give {spec.length} numbers (for 0 to 10 kinds), not {len(out)}."
        )
    return tuple(out)


def parse_parks(text: str, variant: str) -> tuple[tuple[Park, ...], bool]:
    """Park text for one player: ``(parks, had_face_down)``; ValueError names row, column, token.

    Classic: 4 lines of 5 codes (``..`` empty). Two parks: 4 lines ``West | East`` (5 codes
    each side), or the West park's 4 lines followed by the East park's.
    """
    if variant == "classic":
        park = Park.parse(text)
        return (park.face_up(),), bool(park.flipped)
    lines = [line for line in text.split("\n") if line.strip()]
    if any("|" in line for line in lines):
        if len(lines) != ROWS:
            raise ValueError(f"two parks need {ROWS} lines of 'West | East', not {len(lines)}")
        west, east = [], []
        for r, line in enumerate(lines, start=1):
            halves = line.split("|")
            if len(halves) != 2:
                raise ValueError(f"row {r}: put one '|' between the West and the East cards")
            west.append(halves[0])
            east.append(halves[1])
    elif len(lines) == 2 * ROWS:
        west, east = lines[:ROWS], lines[ROWS:]
    else:
        raise ValueError(
            "two parks: write 4 lines of 'West | East' (5 cards on each side), or the West "
            "park's 4 lines followed by the East park's 4 lines"
        )
    parks = []
    for name, rows in (("West", west), ("East", east)):
        try:
            parks.append(Park.parse("\n".join(rows)))
        except ValueError as exc:
            raise ValueError(f"{name} park: {exc}") from None
    return tuple(p.face_up() for p in parks), any(p.flipped for p in parks)


def parks_text(parks: Sequence[Park]) -> str:
    """The text :func:`parse_parks` reads back (``West | East`` lines for two parks)."""
    if len(parks) == 1:
        return str(parks[0])
    west, east = (str(p).split("\n") for p in parks)
    return "\n".join(f"{w} | {e}" for w, e in zip(west, east, strict=True))


ROW_NOTE = re.compile(r"row ([A-D]): (.*)")
"""A two-park row line's note: the row letter and what it scored."""
