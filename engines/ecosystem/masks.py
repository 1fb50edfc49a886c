"""The park grid as bit masks: each cell's neighbours, diagonals, rows and columns, and cell names.

Scoring works on one int per card kind and park (bit ``r * 5 + c`` for cell ``(r, c)``); these
tables are made once at import.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import CardType
from .park import COLS, ROWS, cell_label

# Card kinds as small ints in scoring order.
WH, GR, TR, GZ, ZB, GF, CH, LI, EL, HY, VU = range(11)
KIND = {card: card.order for card in CardType}
N = ROWS * COLS

Cell = tuple  # (row, col) or (park, row, col)


def _geometry() -> tuple[tuple[tuple[int, ...], ...], ...]:
    orth, around, diag, below = [], [], [], []
    for i in range(N):
        r, c = divmod(i, COLS)

        def inside(rr: int, cc: int) -> bool:
            return 0 <= rr < ROWS and 0 <= cc < COLS

        orth.append(
            tuple(
                rr * COLS + cc
                for rr, cc in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
                if inside(rr, cc)
            )
        )
        around.append(
            tuple(
                rr * COLS + cc
                for rr in (r - 1, r, r + 1)
                for cc in (c - 1, c, c + 1)
                if (rr, cc) != (r, c) and inside(rr, cc)
            )
        )
        diag.append(
            tuple(
                rr * COLS + cc
                for rr in range(ROWS)
                for cc in range(COLS)
                if rr != r and abs(rr - r) == abs(cc - c)
            )
        )
        below.append(tuple(rr * COLS + c for rr in range(r + 1, ROWS)))
    return tuple(orth), tuple(around), tuple(diag), tuple(below)


ORTH, _AROUND, _DIAG, _BELOW = _geometry()


def _mask(indices: Sequence[int]) -> int:
    m = 0
    for i in indices:
        m |= 1 << i
    return m


ORTH_M = tuple(_mask(n) for n in ORTH)
AROUND_M = tuple(_mask(n) for n in _AROUND)
DIAG_M = tuple(_mask(n) for n in _DIAG)
BELOW_M = tuple(_mask(n) for n in _BELOW)
ABOVE_M = tuple(_mask([rr * COLS + i % COLS for rr in range(i // COLS)]) for i in range(N))
ROW_M = tuple(_mask(range(r * COLS, (r + 1) * COLS)) for r in range(ROWS))
BOTH_ROWS_M = tuple(m | m << N for m in ROW_M)  # a row of West and East parks joined
_CELLS = tuple(divmod(i, COLS) for i in range(N))
_LABELS = tuple(cell_label(c) for c in _CELLS)
BITS = tuple(1 << i for i in range(N))
ALL = (1 << N) - 1
ROW_NAMES = "ABCD"


_LOW = tuple(tuple(i for i in range(10) if m >> i & 1) for m in range(1024))
_HIGH = tuple(tuple(i + 10 for i in range(10) if m >> i & 1) for m in range(1024))


def bit_indices(mask: int) -> tuple[int, ...]:
    """The set bits of a 20-cell mask, in reading order."""
    return _LOW[mask & 1023] + _HIGH[mask >> 10]


def park_cell(park: str | None, cell: tuple[int, int]) -> Cell:
    """The cell form used in score lines: ``(row, col)`` classic, ``(park, row, col)`` two parks.

    >>> park_cell(None, (1, 2)), park_cell("west", (1, 2))
    ((1, 2), ('west', 1, 2))
    """
    return tuple(cell) if park is None else (park, *cell)


CELL_NAMES = {
    None: _CELLS,
    "west": tuple(("west", r, c) for r, c in _CELLS),
    "east": tuple(("east", r, c) for r, c in _CELLS),
}
LABEL_NAMES = {
    None: _LABELS,
    "west": tuple("West " + lab for lab in _LABELS),
    "east": tuple("East " + lab for lab in _LABELS),
}
