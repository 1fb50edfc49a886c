"""A board's taps, each sent with the kind of pointer that made it, in the one message.

A touch board previews a tap before it plays it; a mouse plays at once.  Which one a press is
must come with the press: the page's last pointer kind, sent as a parameter of its own, was
debounced and reached the server after the tap it belonged to (a touch-screen laptop's first
tap played at once, a tablet's first mouse click only previewed).  Here the page puts the tap's
point and its pointer kind into one small source's data, in one change; the server reads both
from it.  The kind is the one of the press's own ``pointerdown`` (recorded by a listener that
:class:`~cole_panel.ui.keyboard.BoardKeys` puts on the window); a page without it guesses from
whether its screen can hover.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from bokeh.events import DoubleTap, Tap
from bokeh.models import ColumnDataSource, CustomJS

from .client_values import finite_point

POINTER_KINDS = ("mouse", "touch", "pen")
"""The pointer kinds a press may report (the browser's ``PointerEvent.pointerType``)."""
LAST_POINTER = "colePointerType"
"""The window property the page keeps the latest ``pointerdown``'s pointer kind in."""

_PRESS_JS = """
const guess = window.matchMedia("(hover: none)").matches ? "touch" : "mouse";
const old = presses.data.n || [];
presses.data = {x: [cb_obj.x], y: [cb_obj.y], pointer: [window.__LAST__ || guess],
                kind: [kind], n: [(old.length ? old[0] : 0) + 1]};
""".replace("__LAST__", LAST_POINTER)


class Press(NamedTuple):
    """One tap on a figure, in its data coordinates, with the kind of pointer that made it."""

    x: float
    y: float
    pointer: str
    double: bool


def press_source(
    figure: Any,
    on_tap: Callable[[Press], Any],
    on_double_tap: Callable[[Press], Any],
    pointer: Callable[[str], Any],
) -> ColumnDataSource:
    """Send ``figure``'s taps and double taps with their pointer kind; on the server, each
    sets ``pointer(kind)`` and then calls ``on_tap`` or ``on_double_tap`` with the
    :class:`Press` (a point that is not a finite number is refused, as any tap's)."""
    name = f"{figure.name}-presses" if figure.name else None
    source = ColumnDataSource(data=dict(x=[], y=[], pointer=[], kind=[], n=[]), name=name)
    for event, kind in ((Tap, "tap"), (DoubleTap, "double")):
        figure.js_on_event(event, CustomJS(args=dict(presses=source, kind=kind), code=_PRESS_JS))
    handlers = {"tap": finite_point(on_tap), "double": finite_point(on_double_tap)}

    def pressed(_attr: str, _old: Any, new: Any) -> None:
        press = read_press(new)
        if press is not None:
            pointer(press.pointer)
            handlers["double" if press.double else "tap"](press)

    source.on_change("data", pressed)
    return source


def read_press(data: Any) -> Press | None:
    """The press in a press source's ``data`` as the page sent it, or None if it is not one
    (the page's values are checked: a kind of pointer not known counts as a mouse)."""
    if not isinstance(data, dict):
        return None
    try:
        x, y, pointer, kind = (list(data[key])[-1] for key in ("x", "y", "pointer", "kind"))
    except (KeyError, TypeError, IndexError):
        return None
    if kind not in ("tap", "double"):
        return None
    return Press(x, y, pointer if pointer in POINTER_KINDS else "mouse", kind == "double")
