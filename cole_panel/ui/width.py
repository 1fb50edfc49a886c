"""How much room a part of the page has, as the browser lays it out: a view sizes itself to it.

A Bokeh figure has a size in pixels that Python chooses; CSS alone cannot re-arrange what is
drawn inside it (a hand's cards on two lines, a park under the other).  :class:`WidthWatch`
is an invisible ``JSComponent`` (public Panel API) put at the top of a column: the browser
sends the column's width and the window's (``ResizeObserver`` and ``resize``, each change
sent once it moves by :data:`STEP` px or more, so a scrollbar coming and going never makes a
page redraw back and forth), and the server keeps them in :attr:`WidthWatch.room_px` and
:attr:`WidthWatch.window_px`.  Until the browser has answered both are 0 (a page in a
notebook or a test without a browser keeps its first layout).

What the browser sends is data: only whole numbers from 1 to :data:`MAX_PX` are taken; any
other message is dropped with one warning line in the log.
"""

from __future__ import annotations

import logging
from typing import Any

import param

from .components import BundledComponent

__all__ = ["MAX_PX", "STEP", "WidthWatch"]

_log = logging.getLogger(__name__)

MAX_PX = 20_000
"""The widest room or window taken from a browser (CSS px)."""
STEP = 24
"""A width is sent again only when it has changed by this many px (a scrollbar is ~15)."""

_ESM = f"""
export function render({{ model, el }}) {{
  let sent = null;
  const report = () => {{
    const room = Math.floor(el.getBoundingClientRect().width);
    const win = Math.floor(window.innerWidth);
    if (room < 1 || win < 1) return;
    if (sent && Math.abs(room - sent[0]) < {STEP} && Math.abs(win - sent[1]) < {STEP}) return;
    sent = [room, win];
    model.send_msg({{room: room, window: win}});
  }};
  const observer = new ResizeObserver(report);
  observer.observe(el);
  window.addEventListener("resize", report);
  model.on("remove", () => {{
    observer.disconnect();
    window.removeEventListener("resize", report);
  }});
}}
"""


def _px(value: Any) -> bool:
    """Whether a browser's value is a width this page takes."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value <= MAX_PX


class WidthWatch(BundledComponent):
    """The width of the column that holds it and of the window, as the browser reports them."""

    room_px = param.Integer(
        default=0,
        bounds=(0, MAX_PX),
        doc="Width of the room this element has in its column (CSS px); 0 until known.",
    )
    window_px = param.Integer(
        default=0, bounds=(0, MAX_PX), doc="Width of the browser's window (CSS px); 0 until known."
    )

    _esm = _ESM
    # Set by the server from the browser's messages, never by the browser itself.
    _rename = {"room_px": None, "window_px": None}  # noqa: RUF012

    def __init__(self, **params: Any):
        params.setdefault("height", 0)
        params.setdefault("margin", 0)
        params.setdefault("sizing_mode", "stretch_width")
        super().__init__(**params)

    def _handle_msg(self, data: Any) -> None:
        room = data.get("room") if isinstance(data, dict) else None
        window = data.get("window") if isinstance(data, dict) else None
        if not (_px(room) and _px(window)):
            _log.warning("Refused a browser's widths %.80r (not two widths in px)", data)
            return
        self.param.update(room_px=room, window_px=window)
