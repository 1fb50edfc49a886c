"""Run a callable once, a little later, on the thread that owns the page (for animations).

Under ``panel serve`` this is the document's ``add_timeout_callback`` (so the callable runs with
the document lock held, like any other callback of the session); inside a Jupyter kernel it is
the running asyncio loop's ``call_later``.  With no event loop at all (a plain script, a test)
:func:`call_later` returns None and schedules nothing: the caller then does the work at once.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from panel.io.state import set_curdoc

from .address import served_doc

__all__ = ["call_later", "can_call_later"]


def can_call_later() -> bool:
    """Whether :func:`call_later` can schedule anything here."""
    if served_doc() is not None:
        return True
    try:
        return asyncio.get_running_loop().is_running()
    except RuntimeError:
        return False


def call_later(seconds: float, fn: Callable[[], None]) -> Callable[[], None] | None:
    """Call ``fn()`` after ``seconds`` on the page's thread; returns a function that cancels it,
    or None when there is no event loop to schedule on."""
    doc = served_doc()
    if doc is not None:

        def run() -> None:
            with set_curdoc(doc):
                fn()

        handle = doc.add_timeout_callback(run, max(0, int(seconds * 1000)))

        def cancel_doc() -> None:
            with contextlib.suppress(ValueError, KeyError):  # already run or removed
                doc.remove_timeout_callback(handle)

        return cancel_doc
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None
    timer = loop.call_later(max(0.0, seconds), fn)
    return timer.cancel
