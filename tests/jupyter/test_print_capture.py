"""The comm handler's print capture keeps a cell's prints in the cell (no browser needed)."""

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
