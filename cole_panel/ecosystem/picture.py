"""The index card's picture of Ecosystem: a finished park."""

from __future__ import annotations

import html
from functools import cache

from engines import ecosystem

from ..pictures import HEIGHT, SEED, WIDTH, card_tile, random_play, svg_frame

TILE_FILL = {
    "GR": "#cfe3a1",
    "TR": "#8fbf73",
    "WH": "#9cc9e8",
    "EL": "#c9c2b8",
    "GF": "#f0d38a",
    "GZ": "#e6c8a0",
    "ZE": "#e8e8e8",
    "LI": "#e7b15e",
    "CH": "#f1c35c",
    "HY": "#c9a98c",
    "VU": "#b8a7c9",
}
"""Each card code's tile colour."""


@cache
def picture() -> str:
    """A finished 4 × 5 Ecosystem park, each card as a coloured tile with its code."""
    state = random_play(ecosystem.new_game(seed=SEED), 200, SEED)
    rows = [[card.value if card else "" for card in line] for line in state.parks[0].rows()]
    w, h = 40, 32
    x0 = (WIDTH - w * ecosystem.COLS) / 2
    y0 = (HEIGHT - h * ecosystem.ROWS) / 2
    parts = []
    for r, line in enumerate(rows[: ecosystem.ROWS]):
        for c, code in enumerate(line[: ecosystem.COLS]):
            x, y = x0 + c * w, y0 + r * h
            fill = TILE_FILL.get(code, "#eeeeee")
            parts.append(card_tile(x + 1, y + 1, w - 2, h - 2, 4, fill, 4, html.escape(code)))
    return svg_frame("".join(parts), "A finished Ecosystem park of 20 cards")
