"""The served pages' design: Panel's Bootstrap, with a focus ring a keyboard user can see.

Bootstrap marks a focused button with a faint shadow of its own colour, which fades in: on a
"default" button (white) there is none at all, on a "light" one 5 % of grey.  A keyboard user
then cannot tell where Tab went (WCAG 2.4.7): the same ring as the boards' key boxes is put on
every focused Bokeh button, in each widget's own shadow root (a page's CSS cannot reach there).
"""

from __future__ import annotations

from panel.theme import Bootstrap, Inherit
from panel.widgets import Widget

from .keyboard import CURSOR

BUTTON_FOCUS = (
    f".bk-btn.bk-btn:focus-visible {{ outline: 3px solid {CURSOR}; outline-offset: 2px; "
    "z-index: 1; }"
)
"""Every focused button's ring (doubled class: it must win over Bootstrap's ``.bk-btn:focus``)."""


class HouseDesign(Bootstrap):
    """Panel's Bootstrap design with :data:`BUTTON_FOCUS` in every widget (after the
    stylesheets Bootstrap gives it: without ``Inherit`` they were replaced, and the widgets
    lost Bootstrap's colours)."""

    modifiers = {Widget: {"stylesheets": [Inherit, BUTTON_FOCUS]}}  # noqa: RUF012 (Panel's shape)
