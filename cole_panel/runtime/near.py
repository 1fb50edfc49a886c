"""A part of the page put in only once the person scrolls near it (public Panel API).

A phone's first screen holds the top of a page only, and every Bokeh model the browser builds
before it answers a tap is time the page is frozen: Lighthouse's Total Blocking Time (issue
24).  :class:`ShownWhenNear` puts a placeholder of the content's height in its place; the
placeholder, a :class:`NearWatch` (an invisible ``JSComponent``), asks the browser's
``IntersectionObserver`` and tells the server once it comes within :data:`MARGIN_PX` of the
window (scrolling, a jump to a heading, a screen reader moving down the page all count) or
at the first press of Tab (a keyboard's focus never skips a part still to come), and the
content then takes its place, for good.  On a screen where the part is on the first screen it
comes at once, one message after the page is drawn.  A hidden tab's part waits until its tab
is shown and scrolled to.  With ``when="phone"`` only a narrow window (under
:data:`~.screens.NARROW` px) waits to scroll near; a wide one sends for it at once.  The settings
sidebar's content (``when="sidebar"``) comes when the sidebar is shown: at once where it starts
open, when opened on a phone.

What the browser sends is data: only ``{"near": true}`` is taken; any other message is dropped
with one warning line in the log.  In Python the content exists from the start (its values
can be read and set before it is shown); only its Bokeh models wait.
"""

from __future__ import annotations

import logging
from typing import Any

import panel as pn
import param

from ..ui.client_values import remember_new
from ..ui.components import BundledComponent
from ..ui.screens import NARROW

__all__ = ["MARGIN_PX", "NearWatch", "ShownWhenNear"]

_log = logging.getLogger(__name__)

MARGIN_PX = 200
"""How close (CSS px) to the window the placeholder comes before its content is sent for."""

_ESM = f"""
export function render({{ model, el }}) {{
  const note = document.createElement("div");
  note.className = "cole-near-note";
  note.textContent = model.label;
  el.append(note);
  let asked = false;
  const ask = () => {{
    if (asked) return;
    asked = true;
    observer.disconnect();
    document.removeEventListener("keydown", onKey, true);
    model.send_msg({{near: true}});
  }};
  const wide = window.innerWidth >= {NARROW};
  const observer = model.when === "sidebar" ? watchSidebar(ask)
    : model.when === "phone" && wide ? atOnce(ask) : watchNear(el, ask);
  // A keyboard's first Tab: every part is there before the focus could pass it by.
  const onKey = (event) => {{ if (event.key === "Tab") ask(); }};
  document.addEventListener("keydown", onKey, true);
  model.on("remove", () => {{
    observer.disconnect();
    document.removeEventListener("keydown", onKey, true);
  }});
}}

function watchNear(el, ask) {{
  const observer = new IntersectionObserver((entries) => {{
    if (entries.some((entry) => entry.isIntersecting)) ask();
  }}, {{rootMargin: "{MARGIN_PX}px 0px"}});
  observer.observe(el);
  return observer;
}}

function atOnce(ask) {{
  setTimeout(ask);
  return {{ disconnect() {{}} }};
}}

// A narrow window's sidebar is open while the page is drawn, then closed (CLOSE_SIDEBAR_JS):
// its content is asked for when it opens after having been closed.
function watchSidebar(ask) {{
  const sidebar = document.getElementById("sidebar");
  const observer = new MutationObserver(() => {{
    if (!sidebar.classList.contains("show")) closed = true;
    else if (closed) ask();
  }});
  if (!sidebar || window.innerWidth >= {NARROW}) {{
    setTimeout(ask);
    return observer;
  }}
  let closed = !sidebar.classList.contains("show");
  observer.observe(sidebar, {{attributes: true, attributeFilter: ["class"]}});
  return observer;
}}
"""


NOTE_CSS = ".cole-near-note { color: #5b4a30; font-size: 14px; padding: 4px 5px; }"
"""The placeholder's words (what a slow network shows until the content comes)."""


class NearWatch(BundledComponent):
    """A box that says ``label`` and reports once it comes within :data:`MARGIN_PX` of the
    window, or a key press moves the focus (Tab)."""

    near = param.Boolean(
        default=False, doc="Whether the box has come near the window (set once, by the server)."
    )
    label = param.String(default="", doc="What the box says until its content comes.")
    when = param.Selector(
        default="near",
        objects=["near", "phone", "sidebar"],
        doc=(
            "What sends for the content: coming near the window; 'phone': that in a narrow "
            "window, at once in a wide one (a laptop's page is read whole, a phone's a screen "
            "at a time); 'sidebar' (a box in the page's settings sidebar): the sidebar shown, "
            "at once in a wide window, where it starts open, once opened in a narrow one, "
            "where it starts closed."
        ),
    )

    _esm = _ESM
    _stylesheets = [NOTE_CSS]  # noqa: RUF012
    # Set by the server from the browser's message, never by the browser itself.
    _rename = {"near": None}  # noqa: RUF012

    def _handle_msg(self, data: Any) -> None:
        if data != {"near": True}:
            _log.warning("Refused a browser's message %.80r (not {'near': true})", data)
            return
        self.near = True


class ShownWhenNear(pn.viewable.Viewer):
    """``content`` once the person scrolls near it or presses Tab; until then a placeholder
    ``height`` px high (about the content's, so that nothing under it jumps much when it
    comes) that reads "``label``: loading…".  ``when="sidebar"``: content of the page's
    settings sidebar, sent for when the sidebar is shown (see :class:`NearWatch`)."""

    shown = param.Boolean(
        default=False, doc="Whether the content is in the page (it stays once put in)."
    )

    def __init__(self, content: Any, height: int, label: str, when: str = "near", **params: Any):
        super().__init__(**params)
        self.content = content
        self._watch = NearWatch(
            label=f"{label}: loading…",
            when=when,
            height=height,
            margin=0,
            sizing_mode="stretch_width",
        )
        self._watch.param.watch(self._on_near, "near")
        self._column = pn.Column(self._watch, margin=0, sizing_mode="stretch_width")

    def _on_near(self, event: param.parameterized.Event) -> None:
        if event.new:
            self.show()

    def show(self) -> None:
        """Put the content in now (a notebook or a test that needs it at once)."""
        if not self.shown:
            self._column.objects = [self.content]
            self.shown = True
            remember_new(pn.state.curdoc)  # the values a browser may then change

    def select(self, selector: Any = None) -> list[Any]:
        """What the content holds of ``selector`` (as Panel's ``select``), sent for or not."""
        return pn.panel(self.content).select(selector)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._column
