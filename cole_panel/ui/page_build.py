"""A served page built off the server's event loop, so other visitors never wait for it.

Bokeh builds a new session's document in the app script, on the one event loop that serves
every visitor: while a game page is built (0.4-1 s of CPU) every other request waits, a click
on another visitor's board included.  Bokeh *awaits* each application handler's
``on_session_created`` before it runs the app script, and a document no session holds yet
belongs to nobody else (Bokeh's ``with_locked_document`` says so: "exclusive access").  So:

1. The first page of an app is built as usual, on the loop, by :func:`serve_built`; it also
   adds an :class:`OffLoopBuild` handler to the app's Bokeh ``Application``.
2. For every later session that handler builds the page on the one build thread while the
   loop goes on serving everyone else, and the app script, run next on the loop, finds its
   document ready and only returns it.

Builds queue on one thread (a second would only share the interpreter lock) in the order the
pages were asked for.  Bokeh APIs used: a ``Handler`` added with ``Application.add`` and
``SessionContext.with_locked_document`` (public), reached through the server context's
``application_context`` (Bokeh's documented "Dev API" of its server); the behaviour relied on
(handlers' ``on_session_created`` awaited before the app script runs) is pinned with
``bokeh<4`` and checked by tests/test_page_build.py.  Under ``panel serve --dev`` (code
reloaded on each change) or outside a server, pages are built on the spot.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import sys
import time
import weakref
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import panel as pn
from bokeh.application.handlers.handler import Handler
from bokeh.document import Document
from panel.io.state import set_curdoc

from .address import served_doc

__all__ = ["BUILD_THREAD", "OffLoopBuild", "build_thread", "serve_built"]

BUILD_THREAD = "cole-page-build"
"""The name of the thread served pages are built on (after each app's first)."""

SWITCH_INTERVAL = 0.001
"""Seconds a build may keep the interpreter lock from the event loop (Python's default: 0.005)."""

_log = logging.getLogger(__name__)
_built: weakref.WeakKeyDictionary[Document, Any] = weakref.WeakKeyDictionary()


@functools.cache  # made on first need (always asked for on the event loop's thread)
def build_thread() -> ThreadPoolExecutor:
    """The process's one build thread, shared by every app."""
    # The loop waits for the interpreter lock each time it takes it back (after every socket
    # read or write) while a build holds it: at most this long, not 5 ms.
    sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix=BUILD_THREAD)


class OffLoopBuild(Handler):
    """A Bokeh application handler that builds each new session's page on the build thread.

    ``build`` is called with the new session's document as ``pn.state.curdoc`` and must serve
    the page into it (as the app script does); what it returns is what the app script's
    :func:`serve_built` call returns for that session.
    """

    def __init__(self, build: Callable[[], Any]):
        super().__init__()
        self.build = build
        """What builds a page: the latest one the app script gave :func:`serve_built`."""

    def modify_document(self, doc: Document) -> None:
        """Nothing: the app script serves the document (built here, or on the spot)."""

    async def on_session_created(self, session_context: Any) -> None:
        await session_context.with_locked_document(self._off_loop)

    async def _off_loop(self, doc: Document) -> None:
        await asyncio.wrap_future(build_thread().submit(self._build_into, doc))

    def _build_into(self, doc: Document) -> None:
        start = time.perf_counter()
        with set_curdoc(doc):
            try:
                _built[doc] = self.build()
                _log.debug("A page built off the event loop in %.2f s", time.perf_counter() - start)
            except Exception:
                # The app script builds it again on the loop, where Panel shows the error.
                _log.exception("A page build off the event loop failed; building on the loop")
                doc.clear()


def serve_built(build: Callable[[], Any]) -> Any:
    """What ``build()`` serves into this session's document, built off the loop if it can be.

    Call it from an app script with a function that serves the page into ``pn.state.curdoc``.
    The first session of an app builds on the spot and has the later ones built on the build
    thread before their script runs (see the module's description).
    """
    doc = served_doc()
    if doc is not None:
        _build_later_pages_off_loop(doc, build)
        if doc in _built:
            return _built.pop(doc)
    return build()


def _build_later_pages_off_loop(doc: Document, build: Callable[[], Any]) -> None:
    """Have the app's later pages built by ``build`` off the loop (the latest ``build`` wins:
    one written in an app script stops working when Bokeh clears that session's module)."""
    server = doc.session_context.server_context
    context = server.application_context if server is not None else None
    if pn.config.autoreload or context is None:
        return
    application = context.application
    for handler in application.handlers:
        if isinstance(handler, OffLoopBuild):
            handler.build = build
            return
    application.add(OffLoopBuild(build))
