"""The index card's picture of On the Savannah: the shared card row."""

from __future__ import annotations

import html
from functools import cache

from engines import savannah

from ..pictures import SEED, card_tile, random_play, svg_frame


@cache
def picture() -> str:
    """The card row of an On the Savannah game after a few random moves."""
    state = random_play(savannah.new_game(seed=SEED), 6, SEED)
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
        parts.append(card_tile(x, y, w, h, 6, "#f4ead3", -2, text))
    return svg_frame("".join(parts), "The shared card row of On the Savannah")
