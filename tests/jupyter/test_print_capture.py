"""In the kernel, without a browser: the print capture keeps a cell's prints in the cell, and
pushes from two threads reach the page in the order they were computed."""

from __future__ import annotations

import io
import sys
import threading

import pyviz_comms

from cole_panel.ui import jupyter


def test_a_print_on_another_thread_is_not_captured_by_the_handler(monkeypatch):
    monkeypatch.setattr(pyviz_comms, "StandardOutput", pyviz_comms.StandardOutput)
    cell_output = io.StringIO()
    monkeypatch.setattr(sys, "stdout", cell_output)
    jupyter._install_thread_aware_capture()
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


def test_two_threads_pushing_send_in_the_order_they_computed(monkeypatch):
    """The later message may name a new model by id only: it must not reach the page first."""
    made = iter(["first", "second"])
    sent: list[str] = []
    monkeypatch.setattr(jupyter, "_UNSENT", [])
    monkeypatch.setitem(jupyter._HOOKS, "diff", lambda doc, binary, events: next(made))
    monkeypatch.setitem(jupyter._HOOKS, "send", lambda comm, msg: sent.append(msg))
    monkeypatch.setitem(jupyter._HOOKS, "inline", False)
    first = jupyter._diff(object())  # a bot's push, computed but not sent yet ...
    second = jupyter._diff(object())  # ... when a click's push is computed and sent
    clicker = threading.Thread(target=jupyter._send, args=(None, second))
    clicker.start()
    clicker.join(0.5)
    assert sent == []  # the click's message waits for the bot's
    jupyter._send(None, first)
    clicker.join(5)
    assert sent == ["first", "second"]
