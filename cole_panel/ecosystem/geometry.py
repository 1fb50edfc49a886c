"""Where the cards of a park are drawn: data coordinates of cells, and cells of a tap.

One unit is one card. Cell ``(r, c)`` of the park in slot ``s`` (0 classic or West, 1 East)
has its centre at ``x = s * (COLS + TRACK) + c + 0.5``, ``y = -(r + 0.5)``: row A at the top,
column 1 at the left, the East park right of the West one across a track one card wide (three
when the floating frame needs a free card's room on each side of each park).  ``stacked`` puts
the East park under the West one instead (a phone's narrow screen): its cells sit
:data:`STACK_GAP` cards (plus the frame's room) lower, at the West park's x.

>>> cell_center("two_parks", "east", (0, 0))
(6.5, -0.5)
>>> cell_at("two_parks", 6.9, -0.2)
('east', (0, 0))
>>> cell_at("classic", 5.2, -0.5) is None
True
>>> cell_center("two_parks", "east", (0, 0), stacked=True)
(0.5, -5.75)
>>> cell_at("two_parks", 0.9, -5.5, stacked=True)
('east', (0, 0))
"""

from __future__ import annotations

import math

from engines.ecosystem import COLS, ROWS

TRACK = 1.0
"""Width of the track between Park West and Park East, in cards."""
LABEL_MARGIN = 0.45
"""Room for the row letters (left) and column numbers (top)."""
TITLE_MARGIN = 0.4
"""Extra room above the column numbers for the park names (two parks)."""
ROW_SCORE_MARGIN = 1.7
"""Room right of the East park for each row's points (two parks)."""
STACK_GAP = 1.25
"""Stacked parks: from the West park's bottom to the East park's top, in cards (room for the
East park's name and column numbers)."""

Cell = tuple[int, int]


def park_names(variant: str) -> tuple[str | None, ...]:
    """``(None,)`` for the classic game, ``("west", "east")`` for two parks."""
    return (None,) if variant == "classic" else ("west", "east")


def slot_of(variant: str, park: str | None) -> int:
    """0 for the classic park or West, 1 for East."""
    return park_names(variant).index(park)


def x_offset(slot: int, outside: bool = False, stacked: bool = False) -> float:
    """Left edge of the park in a slot (with ``outside``, room for a card on both sides)."""
    return 0.0 if stacked else slot * (COLS + TRACK + (2.0 if outside else 0.0))


def y_offset(slot: int, outside: bool = False, stacked: bool = False) -> float:
    """Top edge of the park in a slot: 0, or lower for the East park when ``stacked``."""
    return -slot * (ROWS + STACK_GAP + (2.0 if outside else 0.0)) if stacked else 0.0


def cell_center(
    variant: str, park: str | None, cell: Cell, outside: bool = False, stacked: bool = False
) -> tuple[float, float]:
    """Data coordinates of the centre of a cell (cells outside the park are allowed)."""
    r, c = cell
    slot = slot_of(variant, park)
    return (
        x_offset(slot, outside, stacked) + c + 0.5,
        y_offset(slot, outside, stacked) - (r + 0.5),
    )


def split_cell(cell: tuple) -> tuple[str | None, Cell]:
    """A score-line cell, ``(r, c)`` or ``(park, r, c)``, as ``(park, (r, c))``."""
    if len(cell) == 3:
        return cell[0], (cell[1], cell[2])
    return None, (cell[0], cell[1])


def extent(
    variant: str, outside: bool = False, row_scores: bool = True, stacked: bool = False
) -> tuple[float, float, float, float]:
    """``(left, right, bottom, top)`` of the figure's fixed ranges.

    ``outside`` leaves one card of room around each park (the floating frame lets a card go
    one step outside while the park is incomplete); ``stacked`` parks have no row points.
    """
    pad = 1.0 if outside else 0.0
    last = len(park_names(variant)) - 1
    left = -LABEL_MARGIN - pad
    right = x_offset(last, outside, stacked) + COLS + pad + 0.05
    if variant == "two_parks" and row_scores and not stacked:
        right += ROW_SCORE_MARGIN
    top = LABEL_MARGIN + pad + (TITLE_MARGIN if variant == "two_parks" else 0.0)
    bottom = y_offset(last, outside, stacked) - ROWS - pad - 0.05
    return left, right, bottom, top


def cell_at(
    variant: str, x: float, y: float, outside: bool = False, stacked: bool = False
) -> tuple[str | None, Cell] | None:
    """The park and cell under a point, or None (a label, the track, the margin).

    With ``outside`` a cell one step outside a park (row -1 or 4, column -1 or 5) counts.
    """
    lo, hi = (-1, ROWS) if outside else (0, ROWS - 1)
    lo_c, hi_c = (-1, COLS) if outside else (0, COLS - 1)
    for slot, name in enumerate(park_names(variant)):
        r = math.floor(y_offset(slot, outside, stacked) - y)
        c = math.floor(x - x_offset(slot, outside, stacked))
        if lo <= r <= hi and lo_c <= c <= hi_c:
            return name, (r, c)
    return None
