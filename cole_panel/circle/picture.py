"""The index card's picture of Circle of Life: a board in mid-game."""

from __future__ import annotations

import math
from functools import cache

from engines.circle import Rules, new_game

from ..pictures import HEIGHT, WIDTH, random_play, svg_frame
from .geometry import board_cells, cell_center
from .palette import CELL_FILL, CELL_LINE, STONE_FILL, STONE_LINE


@cache
def picture() -> str:
    """A radius-3 Circle of Life board after 16 random legal moves."""
    state = random_play(new_game(Rules(radius=3)), 16)
    scale, cx, cy = 13.0, WIDTH / 2, HEIGHT / 2
    parts = []
    for cell in board_cells(3):
        x, y = cell_center(cell)
        px, py = cx + x * scale, cy - y * scale
        corners = " ".join(
            f"{px + scale * math.cos(math.radians(60 * k + 30)):.1f},"
            f"{py + scale * math.sin(math.radians(60 * k + 30)):.1f}"
            for k in range(6)
        )
        parts.append(f'<polygon points="{corners}" fill="{CELL_FILL}" stroke="{CELL_LINE}"/>')
        owner = state.stone_at(cell)
        if owner is not None:
            parts.append(
                f'<circle cx="{px:.1f}" cy="{py:.1f}" r="{scale * 0.62:.1f}" '
                f'fill="{STONE_FILL[owner]}" stroke="{STONE_LINE[owner]}"/>'
            )
    return svg_frame("".join(parts), "A Circle of Life board in mid-game")
