"""One bare Bokeh figure for every board: no tools, axes, grid or outline; fixed ranges.

Fixed ranges let a test click a computed position, and clicks are handled on the server.
"""

from __future__ import annotations

from typing import Any

from bokeh.models import ColumnDataSource, GlyphRenderer, Range1d
from bokeh.plotting import figure


def bare_figure(
    name: str,
    x: tuple[float, float],
    y: tuple[float, float],
    background: str,
    **size: Any,
) -> Any:
    """A figure named ``name`` showing ``x`` × ``y`` on ``background``; ``size`` holds the
    width/height (or frame_width/frame_height, match_aspect, min_border, range bounds...)."""
    bounds = size.pop("bounds", None)
    options: dict[str, Any] = {"min_border": 0, **size}
    p = figure(
        name=name,
        x_range=Range1d(*x, bounds=bounds),
        y_range=Range1d(*y, bounds=bounds),
        tools="",
        toolbar_location=None,
        background_fill_color=background,
        border_fill_color=background,
        outline_line_color=None,
        x_axis_type=None,  # no axes and no grid at all (hidden ones were 10 models a board)
        y_axis_type=None,
        **options,
    )
    return p


def lean(fig: Any) -> Any:
    """``fig`` with one glyph per renderer: Bokeh's ``figure`` methods add two more copies of
    each glyph (for a selection and for muting), which no board uses; "auto" lets BokehJS
    derive them should it ever need them.  Every model costs a page build some 3 ms on the
    server (each is built, walked and sent), and a board has dozens of renderers."""
    for renderer in fig.renderers:
        if isinstance(renderer, GlyphRenderer):
            renderer.nonselection_glyph = "auto"
            renderer.muted_glyph = "auto"
    return fig


def add_glyph(fig: Any, glyph: Any, source: Any = None) -> GlyphRenderer:
    """Add ``glyph`` (a Bokeh glyph model, e.g. ``Rect(x="x", y="y", width=1, ...)``) to
    ``fig`` reading ``source`` (a new, empty one when None: every property a value) and
    return its renderer: what ``fig.rect(...)`` and the like leave after :func:`lean`, without
    first building the two copies of the glyph that :func:`lean` drops."""
    return fig.add_glyph(ColumnDataSource() if source is None else source, glyph)
