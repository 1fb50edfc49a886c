"""Circle of Life's notation: a cell named by a (q, r) pair or a label, as a cell number.

>>> from engines.circle.board import board
>>> b = board(4)
>>> b.cells[cell_number(b, 4, "E5")], b.cells[cell_number(b, 4, (1, 0))]
((0, 0), (1, 0))
>>> cell_number(b, 4, (9, 9))
Traceback (most recent call last):
ValueError: (9, 9) is not on the board of radius 4.
"""

from __future__ import annotations

from typing import Any

from .board import Board, parse_label


def cell_number(b: Board, radius: int, cell: Any) -> int:
    """The number of an on-board cell (an index into ``b.cells``) given as (q, r) or a label;
    ``ValueError`` with a sentence otherwise."""
    if isinstance(cell, str):
        return b.index[parse_label(cell, radius)]
    if (
        not isinstance(cell, (tuple, list))
        or len(cell) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell)
    ):
        raise ValueError(
            f"A cell is a (q, r) pair of whole numbers or a label like 'E5', not {cell!r}."
        )
    i = b.index.get((cell[0], cell[1]))
    if i is None:
        raise ValueError(f"{tuple(cell)!r} is not on the board of radius {radius}.")
    return i
