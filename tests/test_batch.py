"""The Bokeh/Panel behaviour ``cole_panel.runtime.batched`` relies on (see pyproject's pins).

If an upgrade changes what ``Document.hold('combine')`` or ``pn.state.execute`` do, these tests
fail before the pages start sending one message per change again.
"""

from __future__ import annotations

import threading
import urllib.error
import urllib.request

import panel as pn
import pytest
from bokeh.document import Document
from bokeh.models import ColumnDataSource, Range1d

from cole_panel.runtime.hold import batched
from cole_panel.runtime.page import run_in_doc
from tests.ports import free_port


def test_a_held_document_sends_nothing_until_unhold_then_everything_in_order():
    doc, source, span = Document(), ColumnDataSource(data={"x": [0]}), Range1d(0, 1)
    doc.add_root(source)
    doc.add_root(span)
    seen = []
    doc.on_change(lambda event: seen.append(event))
    doc.hold("combine")
    assert doc.callbacks.hold_value == "combine"
    span.start = 0.25
    source.data = {"x": [1]}
    span.start = 0.5  # combined with the first change of the same property
    assert seen == []
    doc.unhold()
    assert doc.callbacks.hold_value is None
    changes = [(type(e).__name__, getattr(e, "attr", None), getattr(e, "new", None)) for e in seen]
    assert changes == [
        ("ModelChangedEvent", "start", 0.5),
        ("ColumnDataChangedEvent", "data", None),
    ]


def test_run_in_doc_makes_a_page_current_for_the_call_only():
    page, other = Document(), Document()
    seen = []

    def look(word: str) -> str:
        seen.append(pn.state.curdoc)
        return word.upper()

    assert run_in_doc(page, look, "hi") == "HI"
    assert seen == [page]
    assert pn.state.curdoc is None  # nothing is left current on this thread
    pn.state.curdoc = other
    try:

        def fail() -> None:
            seen.append(pn.state.curdoc)
            raise ValueError("the page closed")

        with pytest.raises(ValueError, match="closed"):
            run_in_doc(page, fail)
        assert seen[-1] is page
        assert pn.state.curdoc is other  # the caller's own page, also after an error
    finally:
        pn.state.curdoc = None


def test_without_a_server_session_execute_and_batched_run_at_once():
    ran = []
    pn.state.execute(lambda: ran.append("execute"), schedule="auto")
    assert batched(lambda: "result")() == "result" and ran == ["execute"]


def _get(url: str) -> int:
    """The page's HTTP status, once the server (starting on its thread) answers."""
    for _ in range(240):
        try:
            with urllib.request.urlopen(url, timeout=60) as page:
                return page.status
        except urllib.error.URLError:
            threading.Event().wait(0.25)
    raise AssertionError(f"nothing answered at {url}")


def test_in_a_server_session_a_batched_action_runs_under_hold_now_or_next_tick():
    holds, done = [], threading.Event()

    @batched
    def action() -> str:
        holds.append(pn.state.curdoc.callbacks.hold_value)
        done.set()
        return "ran"

    def app():
        action()  # under a server the action waits for the next tick
        return pn.pane.Markdown("batched")

    port = free_port()
    server = pn.serve(app, port=port, address="127.0.0.1", threaded=True, show=False, start=True)
    try:
        assert _get(f"http://127.0.0.1:{port}/") == 200
        assert done.wait(60), "the batched action never ran"
    finally:
        server.stop()
    assert holds == ["combine"]


def test_panel_keeps_its_waiting_messages_where_batched_looks_for_them():
    """``batched`` waits while Panel keeps messages aside for the document (see ui/batch.py):
    if Panel renames or stops using that store, held actions could overtake them again."""
    import inspect
    from weakref import WeakKeyDictionary

    from panel.io import document as panel_document

    from cole_panel.runtime.hold import panel_writes_pending

    assert isinstance(panel_document._WRITE_MSGS, WeakKeyDictionary)
    assert "_WRITE_MSGS[doc]" in inspect.getsource(panel_document.schedule_write_events)
    assert "_WRITE_MSGS.pop(doc" in inspect.getsource(panel_document._dispatch_msgs)
    doc = Document()
    assert not panel_writes_pending(doc)
    panel_document._WRITE_MSGS[doc] = {"a connection": ["a message"]}
    try:
        assert panel_writes_pending(doc)
    finally:
        del panel_document._WRITE_MSGS[doc]
    assert not panel_writes_pending(doc)
