"""Dashboards in ipywidgets hosts (VS Code, Voilà, ``notebook_setup(comms="ipywidgets")``).

There Panel shows each output as a ``jupyter_bokeh.BokehModel`` widget, and the widget sends
every change of its document as its own PATCH-DOC, in three to five widget messages, at once.
:func:`install_widget_hooks` (run by :func:`cole_panel.notebook_setup` for these hosts) gives
that path what the JupyterLab path of :mod:`cole_panel.ui.jupyter` has:

- offline stylesheets: the document's CDN stylesheets point at Panel's own copy (a ``data:``
  URL) before the widget renders and before each change is sent;
- one message per user action: while :func:`cole_panel.ui.jupyter.run_held` runs an action on
  a document shown by widgets, its changes are kept and leave as ONE PATCH-DOC at the end;
- one sender at a time: the parts of two messages never interleave (board clicks are handled
  on ipykernel's comm thread while bots push from theirs).
"""

from __future__ import annotations

import json
import weakref
from typing import Any

from .jupyter_push import PUSH_LOCK, inline_stylesheets, pushing

__all__ = ["flush_widgets", "install_widget_hooks", "shown_by_widgets"]

# Document -> the widgets showing it (a document may be shown by several outputs).
_SHOWN: weakref.WeakKeyDictionary[Any, weakref.WeakSet] = weakref.WeakKeyDictionary()
_INLINE = {"on": True}


def install_widget_hooks(inline: bool = True) -> None:
    """Wrap ``BokehModel.update_from_model`` and ``_document_patched`` (once per kernel)."""
    from jupyter_bokeh.widgets import BokehModel

    _INLINE["on"] = inline
    if getattr(BokehModel, "cole_hooked", False):
        return
    render, patched = BokehModel.update_from_model, BokehModel._document_patched

    def update_from_model(self: Any, model: Any) -> None:
        if model.document is None:  # as the widget would, but before its stylesheets go out
            from bokeh.document import Document

            Document().add_root(model)
        if _INLINE["on"]:
            inline_stylesheets(model.document)
        render(self, model)
        _SHOWN.setdefault(self._document, weakref.WeakSet()).add(self)

    def document_patched(self: Any, event: Any) -> None:
        if event.setter is self:
            return  # the page's own change
        held = getattr(pushing, "held", None)
        if held is not None and event.document in held:
            pushing.widget_events = getattr(pushing, "widget_events", None) or {}
            pushing.widget_events.setdefault(self, []).append(event)
            return
        with PUSH_LOCK:
            if _INLINE["on"]:
                inline_stylesheets(event.document)
            patched(self, event)

    BokehModel.update_from_model = update_from_model
    BokehModel._document_patched = document_patched
    BokehModel.cole_hooked = True


def shown_by_widgets(doc: Any) -> bool:
    """Whether ``doc`` is shown by at least one ``BokehModel`` widget."""
    return doc is not None and bool(_SHOWN.get(doc))


def flush_widgets() -> None:
    """Send what this thread's held action changed: one PATCH-DOC per widget."""
    pending = getattr(pushing, "widget_events", None) or {}
    pushing.widget_events = None
    with PUSH_LOCK:
        for widget, events in pending.items():
            if _INLINE["on"]:
                inline_stylesheets(widget._document)
            _send_patch(widget, events)


def _send_patch(widget: Any, events: list[Any]) -> None:
    """``BokehModel._document_patched`` for several events in one message."""
    from bokeh.protocol import Protocol

    msg = Protocol().create("PATCH-DOC", events)
    widget.send({"msg": "patch", "payload": msg.header_json})
    widget.send({"msg": "patch", "payload": msg.metadata_json})
    widget.send({"msg": "patch", "payload": msg.content_json})
    for buffer in msg.buffers:
        widget.send({"msg": "patch", "payload": json.dumps(buffer.ref)})
        widget.send({"msg": "patch"}, [buffer.to_bytes()])
