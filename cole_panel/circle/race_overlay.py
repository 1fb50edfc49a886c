"""The race overlay: a shape on every empty cell saying who may still use it, and the legend.

Shapes and words carry the meaning, colour only repeats it: a triangle ▲ for cells only Orange
may use, a square ■ for only Black, a hollow circle ○ for both, a cross ✕ for neither.

>>> from engines.circle import State
>>> from engines.circle.race import race
>>> data = overlay_data(race(State.from_position({0: "E5 E6 E7 E8", 1: "A1"}, to_move=1)))
>>> sorted(set(data["marker"]))
['circle', 'square']
"""

from __future__ import annotations

import html

from engines.circle import PLAYER_NAMES
from engines.circle.race import BOTH, KINDS, NEITHER, ONLY, Race

from .geometry import cell_center

OVERLAY_OFFSET = 0.5
"""How far below the cell's centre the shape sits (the label stays readable above it)."""

KIND_STYLE: dict[str, tuple[str, str, str, str]] = {
    ONLY[0]: ("triangle", "#ec7a23", "#8a3d0b", "▲"),
    ONLY[1]: ("square", "#262626", "#000000", "■"),
    BOTH: ("circle", "#fffdf7", "#7d6b4d", "○"),
    NEITHER: ("x", "#8f8473", "#5f5546", "✕"),
}
"""Kind of cell → (Bokeh marker, fill, line, the same shape as a character for text)."""

KIND_WORDS: dict[str, str] = {
    ONLY[0]: f"only {PLAYER_NAMES[0]} can place here",
    ONLY[1]: f"only {PLAYER_NAMES[1]} can place here",
    BOTH: "both players can place here",
    NEITHER: "neither player can place here",
}
"""Kind of cell → the words the tooltip and the legend use."""


def overlay_data(race: Race) -> dict[str, list]:
    """Columns for the overlay's scatter glyph: one shape per empty cell."""
    data: dict[str, list] = dict(x=[], y=[], marker=[], fill=[], line=[], kind=[])
    for use in race.cells:
        marker, fill, line, _ = KIND_STYLE[use.kind]
        x, y = cell_center(use.cell)
        for key, value in (
            ("x", x),
            ("y", y - OVERLAY_OFFSET),
            ("marker", marker),
            ("fill", fill),
            ("line", line),
            ("kind", use.kind),
        ):
            data[key].append(value)
    return data


def legend_html(race: Race, shown: bool) -> str:
    """The counts per kind with their shapes and words (the shapes only when the overlay is on)."""
    items = []
    for kind in KINDS:
        n = len(race.of_kind(kind))
        marker, fill, _, char = KIND_STYLE[kind]
        shape = (
            f'<span style="color:{fill};text-shadow:0 0 1px #555">{char}</span> ' if shown else ""
        )
        items.append(
            f'<span class="cole-race-{marker}" style="margin-right:12px">{shape}'
            f"{html.escape(kind)}: <b>{n}</b></span>"
        )
    return '<div class="cole-race-legend" style="font-size:13px">' + "".join(items) + "</div>"


def counts_html(race: Race, player: int) -> str:
    """'Legal cells: 23' for one player (the race's score)."""
    n = race.counts[player]
    word = "cell" if n == 1 else "cells"
    return f'may still place on <b class="cole-cells">{n}</b> {word}'
