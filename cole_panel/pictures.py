"""Small SVG pictures of each game, drawn from real positions the engines played.

The index page shows them (inline SVG: nothing to fetch, nothing to render in a browser first).
Each picture is computed once per process from a fixed seed, so it is the same on every visit.
"""

from __future__ import annotations

import html
import math
import random
from functools import cache

from engines import ecosystem, savannah
from engines.circle import new_game as circle_game

from .circle.geometry import board_cells, cell_center
from .circle.palette import CELL_FILL, CELL_LINE, STONE_FILL, STONE_LINE

WIDTH, HEIGHT = 240, 160
_SEED = 7
_MOVES = 16

_ECO_FILL = {
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


def _svg(body: str, label: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{html.escape(label)}">'
        f'<rect width="{WIDTH}" height="{HEIGHT}" rx="8" fill="#fbf8f1"/>{body}</svg>'
    )


def _card(x: float, y: float, w: float, h: float, rx: int, fill: str, dy: int, text: str) -> str:
    """A card: a rounded tile with ``text`` (SVG, already escaped) centred, ``dy`` below the
    middle."""
    return (
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{rx}" fill="{fill}" '
        f'stroke="#7d6b4d"/><text x="{x + w / 2}" y="{y + h / 2 + dy}" font-size="11" '
        f'text-anchor="middle" fill="#2b2418">{text}</text>'
    )


def _random_play(state, moves: int, seed: int):
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        actions = list(state.legal_actions())
        if not actions:
            break
        state.apply(rng.choice(actions))
    return state


@cache
def circle_picture() -> str:
    """A radius-3 Circle of Life board after 16 random legal moves."""
    from engines.circle import Rules

    state = _random_play(circle_game(Rules(radius=3)), _MOVES, _SEED)
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
    return _svg("".join(parts), "A Circle of Life board in mid-game")


@cache
def ecosystem_picture() -> str:
    """A finished 4 × 5 Ecosystem park, each card as a coloured tile with its code."""
    state = _random_play(ecosystem.new_game(seed=_SEED), 200, _SEED)
    rows = [[card.value if card else "" for card in line] for line in state.parks[0].rows()]
    w, h = 40, 32
    x0 = (WIDTH - w * ecosystem.COLS) / 2
    y0 = (HEIGHT - h * ecosystem.ROWS) / 2
    parts = []
    for r, line in enumerate(rows[: ecosystem.ROWS]):
        for c, code in enumerate(line[: ecosystem.COLS]):
            x, y = x0 + c * w, y0 + r * h
            fill = _ECO_FILL.get(code, "#eeeeee")
            parts.append(_card(x + 1, y + 1, w - 2, h - 2, 4, fill, 4, html.escape(code)))
    return _svg("".join(parts), "A finished Ecosystem park of 20 cards")


@cache
def savannah_picture() -> str:
    """The card row of an On the Savannah game after a few random moves."""
    state = _random_play(savannah.new_game(seed=_SEED), 6, _SEED)
    names = [str(card).split("#")[0] for card in state.row][:6]
    w, h = 72, 56
    parts = []
    for i, name in enumerate(names):
        col, line = i % 3, i // 3
        x, y = 8 + col * (w + 6), 16 + line * (h + 12)
        words = name.split()
        text = "".join(
            f'<tspan x="{x + w / 2}" dy="{0 if k == 0 else 13}">{html.escape(word)}</tspan>'
            for k, word in enumerate(words[:2])
        )
        parts.append(_card(x, y, w, h, 6, "#f4ead3", -2, text))
    return _svg("".join(parts), "The shared card row of On the Savannah")


PICTURES = {
    "circle": circle_picture,
    "ecosystem": ecosystem_picture,
    "savannah": savannah_picture,
}
"""Picture of each game, by its app name."""
