"""A row of parts that wraps onto more lines when the window is narrow, Bokeh figures included.

Two plainer ways fail for a figure (Panel 1.9, Bokeh 3.9): in a ``pn.FlexBox`` (a ReactiveHTML
model) a Bokeh plot is laid out with a frame of width 0 and draws nothing, or a chart comes out
garbled; a ``pn.Row`` told to wrap gets from Panel a ``min_width`` that is the SUM of its
parts' widths, so it never needs to wrap and pushes the page sideways instead.  A ``pn.Column``
laid out as a wrapping row keeps Bokeh's layout for the figures and takes the widest part's
width as its own minimum.
"""

from __future__ import annotations

from typing import Any

import panel as pn

WRAPPING_ROW = {"flex-direction": "row", "flex-wrap": "wrap", "align-items": "flex-start"}
"""The styles that turn a Panel ``Column`` into a row that wraps."""

KEEPS_SIZE = {"flex": "0 0 auto"}
"""The styles of a part of a wrapping row that never shrinks (a figure squeezed overlaps its
labels); it moves to the next line instead."""

SHRINKS = {"min-width": "0"}
"""The styles of a layout whose parts a page sizes to the room it has (see
:mod:`cole_panel.ui.width`): Panel gives a stretching layout the minimum width of its widest
part as it was when the page was first drawn (a hand's 616 px), which would keep it wider than
a phone after its parts have been made narrower."""

TAB_ROW_WRAPS = ".bk-headers-wrapper { flex-wrap: wrap; }"
"""A stylesheet for a ``pn.Tabs``: tab names that do not fit on one line go on a second (Bokeh
clips them, "How to pla", and scrolls the row only with a wheel or a swipe)."""

HIDDEN_TABS_FLAT = (
    '[style*="visibility: hidden"] { height: 0 !important; min-height: 0 !important; '
    "overflow: hidden !important; }"
)
"""A stylesheet for a ``pn.Tabs`` built whole (``dynamic=False``): a tab not shown takes no
height.  Panel hides it with ``visibility`` alone, in the same grid cell as the shown one, so
the tabs were as tall as the tallest: 600 px of blank under a short tab on a phone."""


def grows_from(basis: int) -> dict[str, str]:
    """The styles of a part of a wrapping line that takes ``basis`` px at least on its line,
    then the room left (up to its ``max_width``); on a narrower line it moves to one of its own."""
    return {"flex": f"1 1 {basis}px"}


def wrapping_row(*parts: Any, **params: Any) -> pn.Column:
    """``parts`` side by side while they fit, the next ones on a new line when they do not.

    Give a part a fixed width (a figure) or a flex basis in its ``styles`` (e.g.
    ``{"flex": "1 1 300px"}`` for a column that takes the room left, at least 300 px on its
    line); ``params`` go to the ``Column`` (margin, sizing_mode, css_classes...).
    """
    params.setdefault("margin", 0)
    params.setdefault("sizing_mode", "stretch_width")
    params["styles"] = {**WRAPPING_ROW, **params.get("styles", {})}
    return pn.Column(*parts, **params)


def growing_column(*parts: Any, basis: int, **params: Any) -> pn.Column:
    """A column of ``parts`` for a wrapping line: ``basis`` px at least on its line, then the
    room left (up to its ``max_width``); on a narrower line it moves to a line of its own.

    ``params`` go to the ``Column`` (``max_width``, ``min_width``, margin...).
    """
    params.setdefault("margin", 0)
    params.setdefault("sizing_mode", "stretch_width")
    params["styles"] = {**grows_from(basis), **params.get("styles", {})}
    return pn.Column(*parts, **params)
