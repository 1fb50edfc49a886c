"""Where things are drawn: pointy-top hex cells in axial ``(q, r)`` and the food ring around them.

Rows run left to right and ``r`` grows downwards (row A is at the top, as on the published
board), so cell ``(q, r)`` of size 1 is centred at ``x = √3 (q + r/2)``, ``y = -1.5 r``; this is
also Bokeh's ``hex_tile(orientation="pointytop", size=1)`` convention.

>>> cell_center((0, 0))
(0.0, 0.0)
>>> nearest_cell(*cell_center((2, -3)))
(2, -3)
>>> nearest_cell(0.4, -0.3)
(0, 0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable

SQRT3 = math.sqrt(3.0)

Cell = tuple[int, int]


def cell_center(cell: Cell, size: float = 1.0) -> tuple[float, float]:
    """Data coordinates of the centre of ``cell`` for hexagons of circumradius ``size``."""
    q, r = cell
    return (size * SQRT3 * (q + r / 2.0), size * 1.5 * -r)


def nearest_cell(x: float, y: float, size: float = 1.0) -> Cell:
    """The cell whose hexagon contains the point (x, y) (cube rounding)."""
    fq = (SQRT3 / 3.0 * x + y / 3.0) / size
    fr = (-2.0 / 3.0 * y) / size
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return (int(q), int(r))


def hex_corners(x: float, y: float, size: float) -> tuple[list[float], list[float]]:
    """The six corners of a pointy-top hexagon centred at (x, y)."""
    angles = [math.radians(30 + 60 * k) for k in range(6)]
    return ([x + size * math.cos(a) for a in angles], [y + size * math.sin(a) for a in angles])


def board_cells(radius: int) -> list[Cell]:
    """Every cell of the hexagonal board of ``radius``, row by row from the top, left to right."""
    return [
        (q, r)
        for r in range(-radius, radius + 1)
        for q in range(-radius, radius + 1)
        if abs(q + r) <= radius
    ]


def board_radius(radius: int) -> float:
    """Distance from the centre to the farthest corner of the board's hexagons."""
    return SQRT3 * radius + 1.0


def ring_radius(radius: int) -> float:
    """Radius of the circle on which the ring's species sit: clear of the board, never cramped."""
    return max(board_radius(radius) + 2.3, 8.2)


def plot_extent(radius: int) -> float:
    """Half the width (and height) of the square data range that shows board, ring and labels."""
    return ring_radius(radius) + 4.0


def ring_angle(index: int) -> float:
    """Angle (radians, anticlockwise from +x) of the ``index``-th species: the first at the top,
    the rest clockwise, so every arrow (eater → eaten) runs clockwise."""
    return math.pi / 2 - index * 2 * math.pi / 12


def polyhex_centers(
    cells: Iterable[Cell], center: tuple[float, float], size: float
) -> list[tuple[float, float]]:
    """Centres of small hexagons drawing ``cells`` so that their centroid sits at ``center``."""
    points = [cell_center(c, size) for c in cells]
    mx = sum(p[0] for p in points) / len(points)
    my = sum(p[1] for p in points) / len(points)
    return [(center[0] + px - mx, center[1] + py - my) for px, py in points]
