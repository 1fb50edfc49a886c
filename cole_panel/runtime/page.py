"""Where code runs: the one served/notebook/script dispatch of the views.

A view's code runs in one of three places, and every verb here asks the same question first:

- **a served page** (``panel serve``): :func:`served_doc` is its Bokeh document; work is handed
  to the session's thread with ``Document.add_next_tick_callback`` (the only document method
  Bokeh allows from another thread) or ``add_timeout_callback``, and runs with the document
  lock held and ``pn.state.curdoc`` set, like any other callback of the session;
- **a Jupyter kernel**: the running asyncio loop's ``call_soon_threadsafe`` / ``call_later``;
- **a plain script or a test**: no loop; :func:`on_page_thread` and :func:`call_later` return
  None and the caller does the work at once.

Code handed a document from elsewhere (a build thread, a room's listener, a periodic callback)
runs under :func:`run_in_doc`, so ``pn.state.curdoc`` names that page while it runs.

Only public Bokeh and Panel APIs are used here.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from collections.abc import Callable
from typing import Any, TypeVar

import panel as pn

__all__ = ["call_later", "can_call_later", "every", "on_page_thread", "run_in_doc", "served_doc"]

T = TypeVar("T")


def served_doc() -> Any:
    """The Bokeh document of the ``panel serve`` session being built or served, else None
    (in a notebook or a plain script): the one test of "is this a served page?"."""
    doc = pn.state.curdoc
    return doc if doc is not None and doc.session_context is not None else None


def run_in_doc(doc: Any, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``fn(*args, **kwargs)`` with ``doc`` as ``pn.state.curdoc``: "this document is current".

    Panel's public setter of ``pn.state.curdoc`` has no undo, so the call runs in a copy of the
    current context (``contextvars``, where Panel keeps the current document): whatever it
    sets there, the caller's own current document is untouched afterwards, even when ``fn``
    raises or the thread runs other pages' work next (a build thread, a room's listener).
    """

    def current() -> T:
        pn.state.curdoc = doc
        return fn(*args, **kwargs)

    return contextvars.copy_context().run(current)


def _in_session(doc: Any, fn: Callable[[], None]) -> Callable[[], None]:
    def run() -> None:
        run_in_doc(doc, fn)

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


def every(doc: Any, ms: int, fn: Callable[[], None]) -> Callable[[], None]:
    """Call ``fn()`` every ``ms`` milliseconds on ``doc``'s session thread, with ``doc`` current
    (:func:`run_in_doc`), while the page is open: "refresh every N ms".

    Safe to call from any thread (a page's build thread included): the periodic callback is
    added on the session's next tick, the one document method Bokeh allows from elsewhere. It
    stops when the session is destroyed, or sooner with the returned function (call that on the
    page's thread). With ``doc`` None (a notebook or a script) nothing is scheduled.
    """
    handles: list[Any] = []
    stopped = False

    def stop() -> None:
        nonlocal stopped
        stopped = True
        while handles:
            with contextlib.suppress(ValueError, KeyError):  # the session removed it already
                doc.remove_periodic_callback(handles.pop())

    def begin() -> None:
        if stopped:
            return
        handles.append(doc.add_periodic_callback(_in_session(doc, fn), ms))
        doc.on_session_destroyed(lambda _context: stop())

    if doc is not None:
        with contextlib.suppress(Exception):  # the session may be gone by now
            doc.add_next_tick_callback(begin)
    return stop
