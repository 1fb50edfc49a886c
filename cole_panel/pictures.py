"""Small SVG pictures of each game, drawn from real positions the engines played.

The index page shows them (inline SVG: nothing to fetch, nothing to render in a browser first).
Each game draws its own (the ``picture`` of its page record, :mod:`cole_panel.game_pages`) with
the frame and tiles here, once per process from :data:`SEED`, so it is the same on every visit.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable

from .game_pages import GAME_PAGES

WIDTH, HEIGHT = 240, 160
SEED = 7
"""The seed of every picture's game."""


def svg_frame(body: str, label: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" font-family="sans-serif" role="img" '
        f'aria-label="{html.escape(label)}">'
        f'<rect width="{WIDTH}" height="{HEIGHT}" rx="8" fill="#fbf8f1"/>{body}</svg>'
    )


def card_tile(
    x: float, y: float, w: float, h: float, rx: int, fill: str, dy: int, text: str
) -> str:
    """A card: a rounded tile with ``text`` (SVG, already escaped) centred, ``dy`` below the
    middle."""
    return (
        f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{rx}" fill="{fill}" '
        f'stroke="#7d6b4d"/><text x="{x + w / 2}" y="{y + h / 2 + dy}" font-size="11" '
        f'text-anchor="middle" fill="#2b2418">{text}</text>'
    )


def random_play(state, moves: int, seed: int = SEED):
    """``state`` after up to ``moves`` random legal moves drawn from ``seed``."""
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        actions = list(state.legal_actions())
        if not actions:
            break
        state.apply(rng.choice(actions))
    return state


PICTURES: dict[str, Callable[[], str]] = {
    page.address: page.picture_svg for page in GAME_PAGES.values()
}
"""Picture of each game, by its app name (from the games' page records)."""
