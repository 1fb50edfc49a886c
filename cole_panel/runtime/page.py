"""Where code runs: the one served/notebook/script dispatch of the views.

A view's code runs in one of three places, and every verb here asks the same question first:

- **a served page** (``panel serve``): :func:`served_doc` is its Bokeh document; work is handed
  to the session's thread with ``Document.add_next_tick_callback`` (the only document method
  Bokeh allows from another thread) or ``add_timeout_callback``, and runs with the document
  lock held and ``pn.state.curdoc`` set, like any other callback of the session;
- **a Jupyter kernel**: the running asyncio loop's ``call_soon_threadsafe`` / ``call_later``;
- **a plain script or a test**: no loop; :func:`on_page_thread` and :func:`call_later` return
  None and the caller does the work at once.

Only public Bokeh and Panel APIs are used here.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

import panel as pn
from panel.io.state import set_curdoc

__all__ = ["call_later", "can_call_later", "on_page_thread", "served_doc"]


def served_doc() -> Any:
    """The Bokeh document of the ``panel serve`` session being built or served, else None
    (in a notebook or a plain script): the one test of "is this a served page?"."""
    doc = pn.state.curdoc
    return doc if doc is not None and doc.session_context is not None else None


def _in_session(doc: Any, fn: Callable[[], None]) -> Callable[[], None]:
    def run() -> None:
        with set_curdoc(doc):
            fn()

    return run


def on_page_thread(
    notebook_push: Callable[[], None] | None = None,
) -> Callable[[Callable[[], None]], None] | None:
    """How to run a callable on the page's thread from a worker thread, or None when there
    is no loop to run it on (the caller then runs it itself).

    In Jupyter, changes made outside a widget callback must be pushed to the page explicitly;
    ``notebook_push`` does that after the callable has run.
    """
    doc = served_doc()
    if doc is not None:

        def post_to_doc(fn: Callable[[], None]) -> None:
            with contextlib.suppress(Exception):  # the session may be gone by now
                doc.add_next_tick_callback(_in_session(doc, fn))

        return post_to_doc
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None

    def run_and_push(fn: Callable[[], None]) -> None:
        fn()
        if notebook_push is not None:
            notebook_push()

    def post_to_loop(fn: Callable[[], None]) -> None:
        with contextlib.suppress(RuntimeError):  # loop closed
            loop.call_soon_threadsafe(run_and_push, fn)

    return post_to_loop


def can_call_later() -> bool:
    """Whether :func:`call_later` can schedule anything here."""
    if served_doc() is not None:
        return True
    try:
        return asyncio.get_running_loop().is_running()
    except RuntimeError:
        return False


def call_later(seconds: float, fn: Callable[[], None]) -> Callable[[], None] | None:
    """Call ``fn()`` once after ``seconds`` on the page's thread (for animations); returns a
    function that cancels it, or None when there is no event loop to schedule on."""
    doc = served_doc()
    if doc is not None:
        handle = doc.add_timeout_callback(_in_session(doc, fn), max(0, int(seconds * 1000)))

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
