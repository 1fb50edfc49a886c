"""In the kernel, without a browser: the print capture keeps a cell's prints in the cell, and
an output's pushes reach the page in the order they were computed."""

from __future__ import annotations

import io
import sys
import threading

import pyviz_comms

from cole_panel.runtime import jupyter, jupyter_capture


def test_a_print_on_another_thread_is_not_captured_by_the_handler(monkeypatch):
    monkeypatch.setattr(pyviz_comms, "StandardOutput", pyviz_comms.StandardOutput)
    cell_output = io.StringIO()
    monkeypatch.setattr(sys, "stdout", cell_output)
    jupyter_capture.install_thread_aware_capture()
    inside, go_on = threading.Event(), threading.Event()
    captured: list[str] = []

    def handler() -> None:  # what pyviz_comms does around a comm message
        with pyviz_comms.StandardOutput() as out:
            print("from the dashboard")
            inside.set()
            go_on.wait(5)
        captured.extend(out)

    thread = threading.Thread(target=handler)
    thread.start()
    inside.wait(5)
    print("from the cell")  # the main thread runs a cell meanwhile
    go_on.set()
    thread.join(5)
    assert captured == ["from the dashboard"]
    assert cell_output.getvalue() == "from the cell\n"


def test_a_documents_pushes_reach_the_page_in_the_order_computed(monkeypatch):
    """A later message may name a new model by id only: it must not reach the page first.

    Panel sends a push made while the output's comm is opening later, from a timer, so an
    older message of the document can still be waiting when a newer one is sent.
    """
    made = iter(["first", "other output", "second"])
    sent: list[str] = []
    monkeypatch.setattr(jupyter, "_UNSENT", [])
    monkeypatch.setattr(jupyter, "_SENT_AHEAD", [])
    monkeypatch.setitem(jupyter._HOOKS, "diff", lambda doc, binary, events: next(made))
    monkeypatch.setitem(jupyter._HOOKS, "send", lambda comm, msg: sent.append(msg))
    monkeypatch.setitem(jupyter._HOOKS, "inline", False)
    doc, other_doc = object(), object()
    first = jupyter._diff(doc)  # deferred: the comm is not open yet
    other = jupyter._diff(other_doc)
    second = jupyter._diff(doc)
    jupyter._send(None, second)  # a bot's move, once the comm is open
    assert sent == ["first", "second"]
    jupyter._send(None, first)  # the deferred push comes: already sent
    jupyter._send(None, other)
    assert sent == ["first", "second", "other output"]
