"""Zooming the Circle board on a phone: cells large enough to tap, a finger to move the view.

On a 390 px phone the whole board and its ring fit the screen with cells about 23 px across,
too small for a finger (issue 25 asks 40 px at radius 4).  :func:`zoom_toggle` gives the board
a "Zoom in" switch: on, the view shows the cells at :data:`MIN_CELL_PX` across at least (the
whole board without the ring when that fits, as it does at radius 4 on a 390 px phone), and a
finger drags the view (Bokeh's pan tool) or pinches it (the wheel-zoom tool) within the board
and ring; off, the board and ring again, and a finger on the board scrolls the page as before
(Bokeh lets the browser scroll while neither tool is active).  It all happens in the browser
(the frame's width in pixels is only known there); the ranges reach the server like any pan,
and a tap still lands on the cell drawn under it (the server reads its data coordinates).
"""

from __future__ import annotations

from typing import Any

import panel as pn
from bokeh.models import ColumnDataSource, PanTool, WheelZoomTool

MIN_CELL_PX = 42
"""Smallest width (CSS px) of a cell, side to side, once zoomed in."""
ZOOM_IN = "Zoom in: larger cells"
ZOOM_OUT = "Zoom out: whole board and ring"
ZOOM_CLASS = "cole-zoom"
"""CSS class of the switch (tests find it by this class)."""

ZOOM_JS = """
const on = cb_obj.active;
const full = r => Array.isArray(r.bounds) ? r.bounds : [r.start, r.end];
const [x0, x1] = full(x), [y0, y1] = full(y);
if (on) {
  const w = fig.inner_width || fig.width, h = fig.inner_height || fig.height;
  const s3 = Math.sqrt(3), q = cells.data.q, r = cells.data.r;
  let reach = 0;  // from the centre to the farthest side or corner of a cell
  for (let i = 0; i < q.length; i++) {
    reach = Math.max(reach, Math.abs(s3 * (q[i] + r[i] / 2)) + s3 / 2, Math.abs(1.5 * r[i]) + 1);
  }
  const half = Math.min(reach + 0.1, s3 * w / min_px / 2);
  const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
  x.setv({start: cx - half, end: cx + half});
  y.setv({start: cy - half * h / w, end: cy + half * h / w});
} else {
  x.setv({start: x0, end: x1});
  y.setv({start: y0, end: y1});
}
pan.active = on;
wheel.active = on;
cb_obj.label = on ? zoom_out : zoom_in;
"""
"""The switch's browser side: the view's ranges, the touch tools and the switch's words."""


def zoom_toggle(figure: Any, cells: ColumnDataSource) -> pn.widgets.Toggle:
    """A "Zoom in" switch for ``figure`` (a board with fixed ranges whose ``bounds`` are the
    whole picture; ``cells`` holds the board's cells in axial ``q``, ``r``).  Adds the pan and
    wheel-zoom tools, inactive until the switch is on.  Set its ``value`` to False from the
    server to zoom back out (e.g. when the board's ranges change)."""
    pan = PanTool()
    wheel = WheelZoomTool(zoom_on_axis=False)
    figure.add_tools(pan, wheel)
    figure.toolbar.active_drag = None
    figure.toolbar.active_scroll = None
    toggle = pn.widgets.Toggle(
        label=ZOOM_IN,
        value=False,
        width=250,
        margin=(4, 5),
        css_classes=[ZOOM_CLASS],
    )
    toggle.jscallback(
        args=dict(
            fig=figure,
            x=figure.x_range,
            y=figure.y_range,
            cells=cells,
            pan=pan,
            wheel=wheel,
            min_px=MIN_CELL_PX,
            zoom_in=ZOOM_IN,
            zoom_out=ZOOM_OUT,
        ),
        value=ZOOM_JS,
    )
    return toggle
