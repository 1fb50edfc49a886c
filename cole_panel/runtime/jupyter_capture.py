"""Prints in a notebook stay in the cell that printed them, while a dashboard's click runs.

ipykernel 7 handles comm messages (board clicks) on a thread of its own while the main thread
may run another cell, and pyviz_comms captures what a callback prints by swapping
``sys.stdout`` for the whole process: the running cell's prints landed in the dashboard's
output.  :func:`install_thread_aware_capture` (run by :func:`cole_panel.notebook_setup`) keeps
only the handler thread's own output.
"""

from __future__ import annotations

import io
import sys
import threading
from typing import Any

__all__ = ["install_thread_aware_capture"]


class _ThreadAwareStdout(io.TextIOBase):
    """``sys.stdout`` that sends a thread's writes to that thread's capture, others through."""

    def __init__(self, fallback: Any):
        self.fallback = fallback
        self.captures: dict[int, io.StringIO] = {}

    def _target(self) -> Any:
        return self.captures.get(threading.get_ident(), self.fallback)

    def write(self, text: str) -> int:
        return self._target().write(text)

    def flush(self) -> None:
        self._target().flush()

    def writable(self) -> bool:
        return True

    def __getattr__(self, name: str) -> Any:
        return getattr(self.fallback, name)


class _ThreadStandardOutput(list):
    """Drop-in for ``pyviz_comms.StandardOutput`` that captures only the current thread."""

    def __enter__(self) -> _ThreadStandardOutput:
        proxy = sys.stdout
        if not isinstance(proxy, _ThreadAwareStdout):
            proxy = sys.stdout = _ThreadAwareStdout(sys.stdout)
        self._proxy = proxy
        self._buffer = proxy.captures[threading.get_ident()] = io.StringIO()
        return self

    def __exit__(self, *exc: object) -> None:
        self._proxy.captures.pop(threading.get_ident(), None)
        self.extend(self._buffer.getvalue().splitlines())


def install_thread_aware_capture() -> None:
    """pyviz_comms swaps ``sys.stdout`` process-wide around each comm message; capture only
    the handler thread's output instead, so a cell running meanwhile keeps its prints."""
    import pyviz_comms

    pyviz_comms.StandardOutput = _ThreadStandardOutput
