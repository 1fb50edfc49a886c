"""Cards drawn on a Bokeh figure: the columns a card needs and the two glyphs that draw it.

The park board and the hand strip draw their cards the same way (see :mod:`.style`): a rounded
rectangle in the card's colour with its pattern, and the name on a solid patch of that colour.
"""

from __future__ import annotations

from typing import Any

from bokeh.models import Rect

from ..ui.figures import add_glyph
from ..ui.glyphs import label

CARD_COLUMNS = ("x", "y", "fill", "hatch", "hatch_color", "hatch_alpha", "text", "text_color")
"""ColumnDataSource columns every drawn card needs (see :func:`.style.card_columns`)."""


PATTERN = {
    "hatch_pattern": "hatch",
    "hatch_color": "hatch_color",
    "hatch_alpha": "hatch_alpha",
    "hatch_scale": 10,
    "hatch_weight": 1.5,
}
"""Glyph options drawing a card type's pattern over its colour, from the card columns."""


def draw_cards(
    p: Any,
    source: Any,
    width: float,
    height: float,
    rect: dict[str, Any] | None = None,
    text: dict[str, Any] | None = None,
) -> tuple[Any, Any]:
    """Add the cards' rectangles and names to figure ``p``; returns both renderers.

    ``rect`` and ``text`` hold extra glyph options (e.g. a column for the alpha; ``rect``'s
    ``name`` names the rectangles' renderer)."""
    options = {"line_color": "line", "line_width": 1, **(rect or {})}
    name = options.pop("name", None)  # the renderer's (a figure's ``p.rect`` took it so)
    face = Rect(
        x="x",
        y="y",
        width=width,
        height=height,
        fill_color="fill",
        border_radius=6,
        **PATTERN,
        **options,
    )
    rects = add_glyph(p, face, source)
    if name is not None:
        rects.name = name
    names = card_label(p, source, "text", style="bold", text_line_height=1.05, **text or {})
    return rects, names


def card_label(p: Any, source: Any, text: str, **glyph: Any) -> Any:
    """Words of the ``text`` column on a solid patch of the card's colour (columns ``fill`` and
    ``text_color``); ``glyph`` holds where and any other text-glyph option."""
    patch = {"padding": 1, "border_radius": 3, **glyph}
    return label(p, text, source=source, color="text_color", background_fill_color="fill", **patch)
