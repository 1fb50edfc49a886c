"""Text on a Bokeh board, written once: a label per row of a source, centred by default.

Every board draws card names, levels, numbers and notes with the same handful of text
properties; :func:`label` names the ones that vary (text, size, colour, style, where) and
passes any other glyph property on.  :func:`badge` is a disc with a bold white text on it.
Both add one glyph per renderer (see :func:`cole_panel.ui.figures.lean`).
"""

from __future__ import annotations

from typing import Any

from bokeh.models import Circle, ColumnDataSource, Text


def label(
    fig: Any,
    text: Any,
    *,
    size: Any = None,
    color: Any = None,
    source: Any = None,
    x: Any = "x",
    y: Any = "y",
    align: Any = "center",
    baseline: Any = "middle",
    style: Any = "normal",
    **glyph: Any,
) -> Any:
    """A text renderer at (``x``, ``y``) (columns of ``source`` or values) showing ``text``, in
    ``size`` and ``color`` (Bokeh's own when None), aligned ``align``/``baseline``, in font
    ``style`` ("bold", "italic"); ``glyph`` holds any other text-glyph property (alpha, angle,
    offsets...)."""
    given = {"text_font_size": size, "text_color": color}
    glyph.update({name: value for name, value in given.items() if value is not None})
    glyph.update(text_align=align, text_baseline=baseline, text_font_style=style)
    where = {"x": x, "y": y, "text": text}
    if source is None:  # values given as lists become the columns of a source of their own
        lists = {k: list(v) for k, v in where.items() if isinstance(v, (list, tuple))}
        source = ColumnDataSource(lists)
        where.update({k: k for k in lists})
    return fig.add_glyph(source, Text(**where, **glyph))


def badge(
    fig: Any, source: Any, text: str, *, radius: float, size: str, line_color: str
) -> tuple[Any, Any]:
    """A disc of the ``fill`` column's colour at (``x``, ``y``) of each row of ``source``, with
    the ``text`` column on it in bold white (a seat's number, a hunt's count); both renderers."""
    disc = fig.add_glyph(
        source,
        Circle(
            x="x",
            y="y",
            radius=radius,
            fill_color="fill",
            line_color=line_color,
            line_width=1.5,
        ),
    )
    return disc, label(fig, text, source=source, size=size, style="bold", color="#ffffff")
