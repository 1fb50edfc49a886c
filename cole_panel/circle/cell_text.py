"""Words about cells: what a stone there would do, and which stones were just eaten."""

from __future__ import annotations

import html
from typing import Any

from engines.circle import PLAYER_NAMES, PREY, State, plural

from .model import CircleModel


def last_captures(model: CircleModel) -> list[tuple[int, tuple[int, int]]]:
    """(eater, cell) for the stones each player ate with her latest move in the shown position.

    A player's capture stays marked until she moves again.
    """
    shown = len(model.history) if model.view_index is None else model.view_index
    turns = model.history[:shown]
    out = []
    for player in (0, 1):
        last = next((t for t in reversed(turns) if t.player == player), None)
        if last is not None:
            out.extend((player, c) for e in last.events if e.kind == "ate" for c in e.cells)
    return out


def preview_text(state: State, preview: Any) -> str:
    mover = preview.player
    enemy = PLAYER_NAMES[1 - mover]
    parts = []
    if preview.merged > 1:
        parts.append(f"joining {preview.merged} critters")
    elif preview.merged == 1:
        parts.append("growing a critter")
    if preview.eats:
        eaten = ", ".join(
            f"{enemy} {c.species} at {' '.join(state.label(x) for x in sorted(c.cells, key=lambda t: (t[1], t[0])))}"
            for c in preview.eats
        )
        parts.append(
            f"<b>eats</b> {html.escape(eaten)} ({preview.stones} stone{'s' * (preview.stones > 1)})"
        )
        if preview.wins:
            parts.append("<b>and wins</b>")
    else:
        parts.append(f"eats nothing (it would eat {plural(PREY[preview.species])})")
    return "; ".join(parts)
