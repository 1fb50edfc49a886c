"""A box that scrolls sideways on a narrow screen, for a figure whose words need its width.

On a screen narrower than the figure the box scrolls (the page does not), becomes one Tab stop,
a region with a name (:mod:`cole_panel.ui.named_controls`), and shows its cue, a line saying
so; where the figure fits it is none of these.
"""

from __future__ import annotations

import html
from typing import Any

import panel as pn

from .keyboard import REGION_FOCUS
from .named_controls import SIDEWAYS_CLASS, aria_name

__all__ = ["SCROLL_CUE_CLASS", "sideways"]

SCROLL_CUE_CLASS = "cole-scroll-cue"
"""The class of a sideways box's cue, the line shown only while the box scrolls."""
_CUE_CSS = (
    f".{SCROLL_CUE_CLASS} {{ display: none; }} "
    f':host([role="region"]) .{SCROLL_CUE_CLASS} {{ display: block; }}'
)

_END_CSS = f':host([role="region"]) {{ direction: rtl; }} .{SCROLL_CUE_CLASS} {{ direction: ltr; }}'


def sideways(
    content: Any, label: str, cue: str = "", *, keep_end: bool = False, **params: Any
) -> pn.Column:
    """``content`` (a figure that keeps a least width of its own, so that its words stay
    legible: give it as a ``min-width`` style, since Panel would give every layout around a
    ``min_width`` that width) in a box as wide as the page that scrolls sideways when the page
    is narrower; then, and only then, it is one Tab stop, a region a screen reader calls
    ``label``, and shows ``cue`` (a line of text kept at the box's left edge) under it.  With
    ``keep_end`` the box, while it scrolls, runs right to left: it opens at its right end and
    stays there as the content grows (give the content ``direction: ltr``)."""
    parts = [content]
    if cue:
        parts.append(
            pn.pane.HTML(
                f'<div style="font-size:13px;color:#4a4030">{html.escape(cue)}</div>',
                css_classes=[SCROLL_CUE_CLASS],
                margin=(0, 5),
                styles={"position": "sticky", "left": "0"},
            )
        )
    return pn.Column(
        *parts,
        sizing_mode="stretch_width",
        # min-width 0: the page's layouts size to the box, never to the content it scrolls.
        styles={"overflow-x": "auto", "overflow-y": "hidden", "min-width": "0"},
        css_classes=[*params.pop("css_classes", []), SIDEWAYS_CLASS, aria_name(label)],
        stylesheets=[REGION_FOCUS, _CUE_CSS, *([_END_CSS] if keep_end else [])],
        **params,
    )
