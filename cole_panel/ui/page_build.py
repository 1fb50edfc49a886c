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
pages were asked for, at most :func:`queue_limit` of them (``$COLE_MAX_QUEUED_BUILDS``, default
:data:`MAX_QUEUED_BUILDS`): past that, a page asked for over HTTP is answered at once with
:func:`busy_page`, a few hundred bytes that ask again by themselves a few seconds later (the
handler's ``process_request``, which Bokeh calls before it makes the session), so a flood of
requests never makes every visitor wait for all of them.

Code building a page may ask to hear how its build ended (:func:`on_build_end`): a room's page
joins its room only once the whole page is built, and lets its place go when the build fails.
A page asked for in a session of the visitor's choosing is refused
(:mod:`~cole_panel.ui.own_session`). Every page built here has the values its browser sends checked
(:func:`~cole_panel.ui.client_values.guard_client_values`), and the memory of its session
handed back once it ends (:func:`~cole_panel.ui.memory.hand_back_soon`).  Bokeh APIs used: a ``Handler`` added with ``Application.add`` and
``SessionContext.with_locked_document`` (public), reached through the server context's
``application_context`` (Bokeh's documented "Dev API" of its server); the behaviour relied on
(handlers' ``on_session_created`` awaited before the app script runs) is pinned with
``bokeh<4`` and checked by tests/test_page_build.py.  Under ``panel serve --dev`` (code
reloaded on each change) or outside a server, pages are built on the spot.
"""

from __future__ import annotations

import asyncio
import functools
import html
import logging
import os
import random
import sys
import threading
import time
import weakref
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import panel as pn
from bokeh.application.handlers.handler import Handler
from bokeh.document import Document
from tornado.web import Finish

from ..runtime.page import run_in_doc, served_doc
from ..runtime.serving import PANEL_STATIC
from .client_values import guard_client_values
from .memory import collect_oldest_seldom, hand_back_soon
from .own_session import chosen_by_visitor, guard, refusal

__all__ = [
    "BUILD_THREAD",
    "MAX_QUEUED_BUILDS",
    "OffLoopBuild",
    "build_thread",
    "busy_page",
    "on_build_end",
    "queue_limit",
    "serve_built",
]

BUILD_THREAD = "cole-page-build"
"""The name of the thread served pages are built on (after each app's first)."""

SWITCH_INTERVAL = 0.001
"""Seconds a build may keep the interpreter lock from the event loop (Python's default: 0.005)."""

MAX_QUEUED_BUILDS = 8
"""Page builds waiting or running at most (about 1 s of CPU each on a quiet 2-core machine)."""

QUEUE_VARIABLE = "COLE_MAX_QUEUED_BUILDS"
"""The environment variable that sets another limit (a whole number, at least 1)."""

RETRY_SECONDS = (2, 5)
"""A busy page asks again after a number of seconds drawn from this range (spread, so that the
pages refused together do not all come back together)."""

_log = logging.getLogger(__name__)
_built: weakref.WeakKeyDictionary[Document, Any] = weakref.WeakKeyDictionary()
_ends: weakref.WeakKeyDictionary[Document, list[Callable[[bool], Any]]] = (
    weakref.WeakKeyDictionary()
)
_building: weakref.WeakSet[Document] = weakref.WeakSet()
_queued = 0
_queued_lock = threading.Lock()


@functools.cache  # read once per process, like every other server setting
def queue_limit() -> int:
    """How many page builds may wait or run at once (``$COLE_MAX_QUEUED_BUILDS``)."""
    text = os.environ.get(QUEUE_VARIABLE, "")
    try:
        limit = int(text) if text else MAX_QUEUED_BUILDS
    except ValueError:
        limit = 0
    if limit < 1:
        _log.warning(
            "%s=%r is not a whole number >= 1; using %d", QUEUE_VARIABLE, text, MAX_QUEUED_BUILDS
        )
        limit = MAX_QUEUED_BUILDS
    return limit


def queued_builds() -> int:
    """Page builds waiting for the build thread or running on it now."""
    return _queued


def _count_build(step: int) -> None:
    global _queued
    with _queued_lock:
        _queued += step


def busy_page(seconds: int) -> str:
    """The page a visitor gets while the build queue is full: it asks again in ``seconds``
    (its address unchanged, so a room's link stays a room's link).

    >>> "refresh" in busy_page(3) and len(busy_page(3)) < 1000
    True
    """
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="refresh" content="{int(seconds)}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>Busy: retrying</title></head>"
        '<body style="font-family:sans-serif;margin:2em;color:#3b2f1e;background:#fbf8f1">'
        '<p class="cole-busy" role="status">The server is building pages for many visitors '
        f"at once; this page asks again by itself in {html.escape(str(int(seconds)))} "
        "seconds.</p></body></html>"
    )


def on_build_end(callback: Callable[[bool], Any]) -> None:
    """Have ``callback(built)`` called once this session's page build ends: ``built`` is True
    when the whole page was built, False when the build failed (what it made is thrown away).
    Outside a page build of :func:`serve_built` (a notebook, a test) it is called at once."""
    doc = served_doc()
    if doc is None or doc not in _building:
        callback(True)
        return
    _ends.setdefault(doc, []).append(callback)


def _build_whole(doc: Document, build: Callable[[], Any]) -> Any:
    """``build()`` into ``doc``, telling the :func:`on_build_end` callbacks how it ended."""
    _building.add(doc)
    _panel_files_from_here(doc)
    if chosen_by_visitor(doc.session_context):
        build = refusal().servable  # a session someone else may hold: nothing worth joining
    try:
        out = build()
    except BaseException:
        _build_ended(doc, False)
        raise
    guard_client_values(doc)  # the page's values now are the good ones
    doc.on_session_destroyed(_hand_back_when_idle)
    _build_ended(doc, True)
    return out


def _panel_files_from_here(doc: Document) -> None:
    """Have Panel name its stylesheets on this server, not on its CDN, in a session made over
    the websocket (a page reconnecting to a restarted server, or to another process).

    Panel points every model's stylesheets at the document's template variable ``dist_url``,
    and at its CDN where there is none; it sets the variable when it makes the page's HTML,
    which a session made over the websocket never has: such a page asked cdn.holoviz.org for
    every stylesheet, which a class without internet cannot reach (the browser tests fail on
    any request to another host, which pins this)."""
    from bokeh.settings import settings

    if settings.resources(default="server") == "server":  # Panel's files come from this server
        rel = pn.state.rel_path
        local = f"{rel}/{PANEL_STATIC}" if rel else PANEL_STATIC
        doc.template_variables.setdefault("dist_url", local)


def _hand_back_when_idle(context: Any) -> None:
    hand_back_soon(context, idle=lambda: _queued == 0)


def _build_ended(doc: Document, built: bool) -> None:
    _building.discard(doc)
    for callback in _ends.pop(doc, []):
        try:
            callback(built)
        except Exception:  # one callback failing must not keep the others from hearing
            _log.exception("A page's build-end callback failed")


@functools.cache  # made on first need (always asked for on the event loop's thread)
def build_thread() -> ThreadPoolExecutor:
    """The process's one build thread, shared by every app."""
    # The loop waits for the interpreter lock each time it takes it back (after every socket
    # read or write) while a build holds it: at most this long, not 5 ms.
    sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))
    collect_oldest_seldom()
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

    def process_request(self, request: Any) -> dict[str, Any]:
        """A page asked for while :func:`queue_limit` builds wait is answered with
        :func:`busy_page` at once (Bokeh calls this before it makes the session)."""
        if _queued >= queue_limit() and not request.path.endswith("/ws"):
            _log.info("Build queue full (%d pages): a busy page sent for %s", _queued, request.path)
            raise Finish(busy_page(random.randint(*RETRY_SECONDS)))
        return {}

    async def on_session_created(self, session_context: Any) -> None:
        _count_build(+1)
        try:
            await session_context.with_locked_document(self._off_loop)
        finally:
            _count_build(-1)

    async def _off_loop(self, doc: Document) -> None:
        await asyncio.wrap_future(build_thread().submit(self._build_into, doc))

    def _build_into(self, doc: Document) -> None:
        start = time.perf_counter()
        try:
            _built[doc] = run_in_doc(doc, _build_whole, doc, self.build)
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
        return _build_whole(doc, build)
    return build()


def _build_later_pages_off_loop(doc: Document, build: Callable[[], Any]) -> None:
    """Have the app's later pages built by ``build`` off the loop (the latest ``build`` wins:
    one written in an app script stops working when Bokeh clears that session's module)."""
    server = doc.session_context.server_context
    context = server.application_context if server is not None else None
    if context is None:
        return
    application = context.application
    guard(application)  # under plain ``panel serve`` too: no later page in a chosen session
    if pn.config.autoreload:
        return
    for handler in application.handlers:
        if isinstance(handler, OffLoopBuild):
            handler.build = build
            return
    application.add(OffLoopBuild(build))
