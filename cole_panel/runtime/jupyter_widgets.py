"""Dashboards in ipywidgets hosts (VS Code, Voilà, ``notebook_setup(comms="ipywidgets")``).

There Panel shows each output as a ``jupyter_bokeh.BokehModel`` widget, and the widget sends
every change of its document as its own PATCH-DOC, in three to five widget messages, at once.
:func:`install_widget_hooks` (run by :func:`cole_panel.notebook_setup` for these hosts) gives
that path what the JupyterLab path of :mod:`cole_panel.runtime.jupyter` has:

- offline stylesheets: the document's CDN stylesheets point at Panel's own copy (a ``data:``
  URL) before the widget renders and before each change is sent;
- one message per user action: while :func:`cole_panel.runtime.jupyter.run_held` runs an action on
  a document shown by widgets, its changes are kept and leave as ONE PATCH-DOC at the end;
- one sender at a time: the parts of two messages never interleave (board clicks are handled
  on ipykernel's comm thread while bots push from theirs);
- no echoes: the page does not send the kernel's own changes back (:data:`NO_ECHO_JS`).
"""

from __future__ import annotations

import json
import weakref
from typing import Any

from .jupyter_push import PUSH_LOCK, inline_stylesheets, publish_page_script, pushing

__all__ = ["NO_ECHO_JS", "flush_widgets", "install_widget_hooks", "shown_by_widgets"]

# Document -> the widgets showing it (a document may be shown by several outputs), and each
# widget's root model as the widget was given it (its document is the model's: read here, not
# off the widget's private ``_document``).
_SHOWN: weakref.WeakKeyDictionary[Any, weakref.WeakSet] = weakref.WeakKeyDictionary()
_MODEL_OF: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()
_INLINE = {"on": True}


def install_widget_hooks(inline: bool = True) -> None:
    """Wrap ``BokehModel.update_from_model`` and ``_document_patched`` (once per kernel)."""
    from jupyter_bokeh.widgets import BokehModel

    _INLINE["on"] = inline
    publish_page_script(NO_ECHO_JS)
    if getattr(BokehModel, "cole_hooked", False):
        return
    render, patched = BokehModel.update_from_model, BokehModel._document_patched

    def update_from_model(self: Any, model: Any) -> None:
        if model.document is None:  # as the widget would, but before its stylesheets go out
            from bokeh.document import Document

            Document().add_root(model)
            _forward_messages(model)
        if _INLINE["on"]:
            inline_stylesheets(model.document)
        render(self, model)
        _MODEL_OF[self] = model
        _SHOWN.setdefault(model.document, weakref.WeakSet()).add(self)

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


# The widget's page view (jupyter_bokeh 4.x, ``BokehView``) listens to its document with
# ``doc.on_change(e => this._change_event(e))`` and sends every change to the kernel, the ones the
# kernel's own patch made included (BokehJS marks those ``sync: false``; a served page's session
# and Panel's comm manager skip them).  A board click thus came back as some twenty messages, and
# as Panel asks the widget to ``combine_events``, the page sends one message per kernel
# busy/idle round trip (~50 ms each): a click made within the next second or so waited behind
# the echoes of the previous one (11x the JupyterLab figure).  This script drops the kernel's own
# changes from that listener, found by its source (the class is not reachable from the page in
# every host, window.Bokeh is); the page's own changes still go.  jupyter_bokeh is pinned <5 and
# tests/jupyter/test_ipywidgets_hosts.py fails if the listener's shape changes.
NO_ECHO_JS = r"""
(function noEcho(tries) {
  const B = window.Bokeh;
  const Doc = B && B.require ? B.require("document").Document : null;
  if (Doc == null) {
    if (tries < 400) setTimeout(() => noEcho(tries + 1), 50);
    return;
  }
  if (Doc.prototype.cole_no_echo) return;
  const listen = Doc.prototype.on_change;
  const unlisten = Doc.prototype.remove_on_change;
  const quiet = new WeakMap();
  Doc.prototype.on_change = function (callback, ...rest) {
    if (!/\._change_event\(/.test(String(callback))) return listen.call(this, callback, ...rest);
    if (!quiet.has(callback)) {
      quiet.set(callback, (event) => (event.sync === false ? undefined : callback(event)));
    }
    return listen.call(this, quiet.get(callback), ...rest);
  };
  Doc.prototype.remove_on_change = function (callback) {
    return unlisten.call(this, quiet.get(callback) || callback);
  };
  Doc.prototype.cole_no_echo = true;
})(0);
"""
"""Page script: a jupyter_bokeh widget no longer sends the kernel's own changes back to it."""


def _forward_messages(root: Any) -> None:
    """Send on to the widget's document the component messages Panel sends for ``root``.

    Panel draws a widget's root for one document and records that one in ``pn.state._views``
    (private: no public API says where a root is shown), while the widget shows the root in a
    document of its own.  A component's message to the page (``_send_msg``: the Move box
    emptied after a move was played, a sentence for a screen reader) goes to the recorded
    document, whose changes nobody sends: it never arrived.  (Naming the widget's document in
    the record instead makes Panel hold that document while it changes a model, and Panel drops
    what it held on a document no session serves: every change of a component was lost.)
    """
    import panel as pn
    from bokeh.document.events import MessageSentEvent

    entry = pn.state._views.get(root.ref["id"])
    recorded = entry[2] if entry is not None else None
    if recorded is None or recorded is root.document or recorded in _FORWARDING:
        return

    def forward(event: Any) -> None:
        if not isinstance(event, MessageSentEvent) or event.msg_type != "bokeh_event":
            return
        model = getattr(event.msg_data, "model", None)
        shown = getattr(model, "document", None)
        if shown is not None and shown is not recorded:
            shown.callbacks.send_event(event.msg_data)

    recorded.on_change(forward)
    _FORWARDING.add(recorded)


_FORWARDING: weakref.WeakSet = weakref.WeakSet()
"""Documents whose component messages :func:`_forward_messages` sends on."""


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
                inline_stylesheets(_MODEL_OF[widget].document)
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
