"""A dashboard shown again in a notebook: its earlier output freezes, visibly, and stays quiet.

Each dashboard keeps its own Bokeh figures, and a Bokeh model belongs to one document: a second
output of the same dashboard takes the figures, and the first would half-follow the game (its
Panel controls still repainted, its board and chart no longer) while a click on it reached a
document that no longer held the board, and the page's console showed the Python traceback.
So before a dashboard is drawn again, each earlier output of it is frozen: the page puts a
notice on top of it and makes the rest inert and grey (no click or key reaches it; the notice
stays in the saved notebook's outputs, so a reopened notebook freezes it again), and nothing
more is pushed to it from the kernel.

This reads Panel's record of notebook outputs (``pn.state._views``: root id to viewable, root
model, document and comm): no public API freezes one output of an object shown twice.  Outputs of the ipywidgets hosts are
``jupyter_bokeh`` widgets, which that record does not hold: there the earlier output is left
as it was.
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Iterator
from typing import Any

import panel as pn

__all__ = [
    "FREEZE_JS",
    "FROZEN_CLASS",
    "FROZEN_NOTICE",
    "freeze_earlier_outputs",
    "recording_outputs",
]

FROZEN_NOTICE = (
    "This dashboard was shown again in a later cell, and moved there: this output is frozen "
    "and takes no clicks. Use the later one, or make a second dashboard for a second board."
)
FROZEN_CLASS = "cole-frozen-notice"
"""The CSS class of the notice on top of a frozen output (tests find it by it)."""

# Page script: the notice on top of the output whose element id is __ID__ (Panel's output element
# carries its root's id), the rest of that output inert and grey.
FREEZE_JS = """
(function freeze(id, sentence) {
  const output = document.getElementById(id);
  if (output == null || output.querySelector(":scope > .FROZEN_CLASS")) return;
  for (const part of output.children) {
    part.inert = true;
    part.style.opacity = "0.45";
    part.style.filter = "grayscale(1)";
  }
  const note = document.createElement("p");
  note.className = "FROZEN_CLASS";
  note.setAttribute("role", "status");
  note.textContent = sentence;
  note.style.cssText = "margin: 0 0 8px; padding: 8px 12px; border-left: 4px solid #8a6d1e; "
    + "background: #fff4d6; color: #3d2f00; font-weight: 600;";
  output.prepend(note);
})(__ID__, __SENTENCE__);
""".replace("FROZEN_CLASS", FROZEN_CLASS)

_OUTPUTS: weakref.WeakKeyDictionary[Any, list[str]] = weakref.WeakKeyDictionary()
"""The root ids of each dashboard's notebook outputs, oldest first."""


@contextlib.contextmanager
def recording_outputs(viewer: Any) -> Iterator[None]:
    """Note the notebook outputs drawn for ``viewer`` inside the block."""
    before = set(pn.state._views)
    try:
        yield
    finally:
        made = [ref for ref in pn.state._views if ref not in before]
        if made:
            _OUTPUTS.setdefault(viewer, []).extend(made)


def freeze_earlier_outputs(viewer: Any) -> int:
    """Freeze every output drawn so far for ``viewer`` (see module); how many were frozen."""
    refs = _OUTPUTS.pop(viewer, [])
    frozen = 0
    for ref in refs:
        entry = pn.state._views.get(ref)
        if entry is not None:
            _freeze(ref, entry[3])
            frozen += 1
    return frozen


def _freeze(ref: str, comm: Any) -> None:
    import json

    from .jupyter_push import PUSH_LOCK, publish_page_script

    with PUSH_LOCK:  # not while a push to it is half sent
        comm.send = _dropped  # nothing is pushed to it any more; the page takes no input
    publish_page_script(
        FREEZE_JS.replace("__ID__", json.dumps(ref)).replace(
            "__SENTENCE__", json.dumps(FROZEN_NOTICE)
        )
    )


def _dropped(*_args: Any, **_kwargs: Any) -> None:
    """What a frozen output's comm sends: nothing."""
