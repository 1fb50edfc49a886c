"""The dashboards inside a Jupyter notebook: offline resources, one message per action, own output.

:func:`notebook_setup` is the first line of every teaching notebook (and of the README's Jupyter
snippet).  It loads Panel with BokehJS and Panel's bundle INLINE, so the outputs render on a
machine without internet (``pn.extension()`` alone fetches them from a CDN and every output
stays blank offline).  Setting ``PANEL_INLINE=1`` in the Jupyter server's environment does the
same for a plain ``pn.extension()``.

In a notebook each dashboard is a Bokeh document talking to the page over a Jupyter comm, and
Panel sends every property change as its own comm message (a header, metadata, content and one
pair of messages per binary buffer).  :func:`run_held` is the notebook half of
:func:`cole_panel.ui.batch.batched`: it keeps those messages back while one user action runs
and sends the document's changes once at the end, with Panel's public ``block_comm`` and
``push_on_root``.

Two more things go wrong in JupyterLab with ipykernel 7, which handles comm messages (board
clicks) on a thread of its own while the main thread may run another cell:

- pyviz_comms captures what a callback prints by swapping ``sys.stdout`` for the whole process,
  so a ``print`` of a cell running at the same moment lands in the dashboard's output; Panel
  then shows it there (``console_output``).  :func:`notebook_setup` turns that display off and
  installs a capture that keeps only the handler thread's own output.
- Two threads pushing to one page at once interleave the parts of their messages, and the page
  fails to decode them (``RangeError: Offset is outside the bounds of the DataView``).
  :func:`run_held` runs one action at a time and sends every message of a batch under one lock.
"""

from __future__ import annotations

import io
import sys
import threading
from collections.abc import Callable
from typing import Any

import panel as pn

__all__ = ["in_notebook", "notebook_setup", "run_held"]

# One action at a time in a kernel: the handler thread (clicks) and the main thread (bots'
# results, cells) otherwise push to the same page at once.
_ACTION_LOCK = threading.RLock()
_depth = threading.local()


def notebook_setup(*extensions: str, **config: Any) -> None:
    """``pn.extension`` for a notebook that works offline, with each cell's output its own.

    ``extensions``/``config`` are passed on (e.g. ``notebook_setup("tabulator")``).  Inline
    resources unless ``inline=False`` is given.
    """
    config.setdefault("inline", True)
    # Output printed while a board click is handled stays out of the dashboard (see module doc).
    config.setdefault("console_output", "disable")
    pn.extension(*extensions, **config)
    _install_thread_aware_capture()


def in_notebook(doc: Any) -> bool:
    """Whether ``doc`` is a document shown in a notebook output (not a served session)."""
    return doc is not None and doc.session_context is None and bool(_notebook_roots(doc))


def _notebook_roots(doc: Any) -> list[str]:
    from panel.models.comm_manager import CommManager

    return [root.plot_id for root in doc.roots if isinstance(root, CommManager) and root.plot_id]


def run_held(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Run one user action on a notebook document; its changes leave as one message at the end.

    Nested calls (an action calling another batched action) join the outer one.
    """
    doc = pn.state.curdoc
    roots = _notebook_roots(doc) if doc is not None else []
    if not roots or getattr(_depth, "value", 0):
        return fn(*args, **kwargs)
    from panel.io.notebook import block_comm, push_on_root

    with _ACTION_LOCK:
        _depth.value = 1
        try:
            with block_comm():
                result = fn(*args, **kwargs)
        finally:
            _depth.value = 0
            for ref in roots:
                push_on_root(ref)
    return result


# -- print capture ------------------------------------------------------------------------


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


def _install_thread_aware_capture() -> None:
    import pyviz_comms

    pyviz_comms.StandardOutput = _ThreadStandardOutput
