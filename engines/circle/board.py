"""The hexagonal board: cells, neighbours, labels and the precomputed tables the engine uses.

Cells are axial ``(q, r)`` pairs; the board of radius R holds every cell with
``max(|q|, |r|, |q + r|) <= R`` (61 cells for the default R = 4).

Labels, for people: the board is drawn with pointy-topped cells in horizontal rows.
Row ``r = -R`` is at the top and is row **A**, the next row down is B, and so on (rows A–I
on the default board).  Within a row, columns are numbered **from 1 at the left**, so every
row starts at 1: the top row of the default board is A1–A5, the middle row E1–E9, and the
centre cell ``(0, 0)`` is E5.  :func:`xy` gives the drawing position that matches.

>>> label((0, 0)), label((0, -4)), label((-4, 4))
('E5', 'A1', 'I1')
>>> parse_label(" e 5 ")
(0, 0)
>>> len(cells(4)), neighbours((4, -4))
(61, [(3, -4), (3, -3), (4, -3)])
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache

from .species import DIRECTIONS, SPECIES_INDEX, normalise, species_of_normalised

__all__ = [
    "MAX_RADIUS",
    "MIN_RADIUS",
    "Board",
    "board",
    "cells",
    "label",
    "neighbours",
    "on_board",
    "parse_label",
    "xy",
]

Cell = tuple[int, int]

MIN_RADIUS = 2
"""Smallest board radius the engine supports."""
MAX_RADIUS = 8
"""Largest board radius the engine supports (17 rows, A–Q)."""

_ROW_LETTERS = "ABCDEFGHIJKLMNOPQ"


def check_radius(radius: int) -> int:
    if (
        isinstance(radius, bool)
        or not isinstance(radius, int)
        or not (MIN_RADIUS <= radius <= MAX_RADIUS)
    ):
        raise ValueError(
            f"radius must be a whole number from {MIN_RADIUS} to {MAX_RADIUS}, not {radius!r}."
        )
    return radius


def on_board(cell: Cell, radius: int = 4) -> bool:
    """Whether ``cell`` lies on the board of this radius."""
    q, r = cell
    return max(abs(q), abs(r), abs(q + r)) <= radius


def _row_span(r: int, radius: int) -> tuple[int, int]:
    """Smallest and largest q in row r."""
    return max(-radius, -radius - r), min(radius, radius - r)


def cells(radius: int = 4) -> list[Cell]:
    """Every cell of the board in reading order: row A left to right, then row B, …"""
    return list(board(radius).cells)


def neighbours(cell: Cell, radius: int = 4) -> list[Cell]:
    """The on-board neighbours of ``cell``, in :data:`DIRECTIONS` order."""
    q, r = cell
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS if on_board((q + dq, r + dr), radius)]


def label(cell: Cell, radius: int = 4) -> str:
    """The label people use for a cell: row letter from the top, column from the left.

    >>> label((1, 0)), label((4, -4), radius=4), label((0, 0), radius=2)
    ('E6', 'A5', 'C3')
    """
    q, r = cell
    if not on_board((q, r), radius):
        raise ValueError(f"{cell!r} is not on the board of radius {radius}.")
    return f"{_ROW_LETTERS[r + radius]}{q - _row_span(r, radius)[0] + 1}"


_LABEL_RE = re.compile(r"^\s*([A-Za-z])\s*(\d+)\s*$")


def parse_label(text: str, radius: int = 4) -> Cell:
    """The cell a label names; lowercase and spaces are fine ("e5", " E 5 ").

    Raises ``ValueError`` with a sentence when the text is not a cell of this board.

    >>> parse_label("a5")
    (4, -4)
    >>> parse_label("J1")
    Traceback (most recent call last):
    ...
    ValueError: 'J1' is not on this board: rows run from A to I.
    """
    if not isinstance(text, str):
        raise ValueError(f"A cell label is text such as 'E5', not {text!r}.")
    match = _LABEL_RE.match(text)
    if not match:
        raise ValueError(
            f"{text!r} is not a cell label: write a row letter and a column number, like 'E5'."
        )
    letter, number = match.group(1).upper(), int(match.group(2))
    last_row = _ROW_LETTERS[2 * radius]
    row = ord(letter) - ord("A")
    if row > 2 * radius:
        raise ValueError(f"{text!r} is not on this board: rows run from A to {last_row}.")
    r = row - radius
    lo, hi = _row_span(r, radius)
    width = hi - lo + 1
    if not 1 <= number <= width:
        raise ValueError(f"{text!r} is not on this board: row {letter} has columns 1 to {width}.")
    return (lo + number - 1, r)


def xy(cell: Cell, size: float = 1.0) -> tuple[float, float]:
    """Centre of a cell in drawing units for pointy-topped hexagons of circumradius ``size``.

    Row A is at the top (largest y) and column 1 at the left (smallest x), so the drawing
    agrees with :func:`label`.

    >>> xy((0, 0)), xy((1, 0))[0] > 0, xy((0, -1))[1] > 0
    ((0.0, 0.0), True, True)
    """
    q, r = cell
    return (size * math.sqrt(3) * (q + r / 2), size * 1.5 * -r)


@dataclass(frozen=True, eq=False)
class Board:
    """Precomputed tables for one board radius (built once per radius, then shared read-only).

    Cells are numbered in reading order (:func:`cells`); a set of cells is an ``int`` bitmask.
    """

    radius: int
    """The board radius R."""
    cells: tuple[Cell, ...]
    """Every cell in reading order; ``cells[i]`` is cell number i."""
    index: dict[Cell, int]
    """Cell → its number."""
    labels: tuple[str, ...]
    """Label of cell number i."""
    nbrs: tuple[tuple[int, ...], ...]
    """Numbers of the on-board neighbours of cell number i."""
    nbmask: tuple[int, ...]
    """Bitmask of the neighbours of cell number i."""
    info: dict[int, tuple[int, tuple[int, ...], int]]
    """For every connected set of 1–4 cells (as a bitmask): (species index, cell numbers, halo).

    The halo is the bitmask of the on-board cells adjacent to the set but not in it.
    """

    @property
    def size(self) -> int:
        """Number of cells."""
        return len(self.cells)

    def mask_cells(self, mask: int) -> list[Cell]:
        """The cells of a bitmask, in reading order."""
        out = []
        while mask:
            low = mask & -mask
            out.append(self.cells[low.bit_length() - 1])
            mask ^= low
        return out


def _bits(mask: int) -> tuple[int, ...]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


@cache
def board(radius: int = 4) -> Board:
    """The (cached, read-only) tables for a board radius."""
    check_radius(radius)
    all_cells = []
    for r in range(-radius, radius + 1):
        lo, hi = _row_span(r, radius)
        all_cells.extend((q, r) for q in range(lo, hi + 1))
    index = {c: i for i, c in enumerate(all_cells)}
    nbrs = tuple(tuple(index[n] for n in neighbours(c, radius)) for c in all_cells)
    nbmask = tuple(sum(1 << j for j in ns) for ns in nbrs)

    # Grow every connected set of up to 4 cells one cell at a time.
    info: dict[int, tuple[int, tuple[int, ...], int]] = {}
    level = {1 << i for i in range(len(all_cells))}
    for size in range(1, 5):
        for mask in level:
            members = _bits(mask)
            halo = 0
            for i in members:
                halo |= nbmask[i]
            halo &= ~mask
            shape = normalise(all_cells[i] for i in members)
            info[mask] = (SPECIES_INDEX[species_of_normalised(shape)], members, halo)
        if size == 4:
            break
        grown = set()
        for mask in level:
            halo = info[mask][2]
            while halo:
                low = halo & -halo
                grown.add(mask | low)
                halo ^= low
        level = grown
    labels = tuple(label(c, radius) for c in all_cells)
    return Board(radius, tuple(all_cells), index, labels, nbrs, nbmask, info)
