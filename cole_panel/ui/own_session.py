"""A page of one's own: no visitor chooses the Bokeh session a page is served in.

Bokeh serves a page in the session named by the address (``?bokeh-session-id=…``), by a token
that names one (``?bokeh-token=…``) or by a ``Bokeh-Session-Id`` header, and a second request
naming the same session *joins* it: both browsers then hold one live page.  So a student who
sends her teacher ``/classroom?bokeh-session-id=<chosen>`` and loads the same address after
her would see the teacher's page, her private link and her browser's token.  A page asked for
with any of those is therefore never served in that session:

* :class:`OwnSessions`, an application handler, answers such a request before Bokeh looks the
  session up (its ``process_request``, which Panel calls for every page and autoload request)
  with :func:`fresh_page`: a few hundred bytes that send the browser on to the same address
  without them, where it gets a session of its own.  :func:`guard` adds it to an application:
  ``make serve`` at start (:mod:`cole_panel.serve`), plain ``panel serve apps/*.py`` from an
  app's first page on (:mod:`cole_panel.ui.page_build`).
* A session that was made by such a request all the same (the very first page of an app
  under plain ``panel serve``, before the handler is there) is found by
  :func:`chosen_by_visitor` while its page is built, and gets :func:`refusal` in place of the
  page: nothing in it is worth joining.

Behind HAProxy (``--processes N``) nothing names a session for the processes: each names its
own pages' sessions, as one process does, and refuses a chosen one the same way.

A session made over the websocket (as ``bokeh.client`` makes one) is its maker's alone: its
id is in no page's address, so nobody else is sent to it, and a page asking for it is refused
as above.  Only Bokeh's and Panel's public APIs are used: ``Handler.process_request``,
``Application.add``, and the session context's ``request`` and ``token_payload``.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import urlencode

from bokeh.application.handlers.handler import Handler
from tornado.web import Finish

__all__ = [
    "CHOSEN_ARGUMENTS",
    "CHOSEN_HEADER",
    "OwnSessions",
    "chosen_by_visitor",
    "chosen_in",
    "fresh_address",
    "fresh_page",
    "guard",
    "refusal",
]

CHOSEN_ARGUMENTS = ("bokeh-session-id", "bokeh-token")
"""Address parameters with which a visitor would name the session a page is served in."""

CHOSEN_HEADER = "Bokeh-Session-Id"
"""The request header with which a visitor would name it."""

REFUSAL = (
    "This address named a page session of its own (bokeh-session-id or bokeh-token), "
    "which someone else may hold. Each browser gets a page of its own: open the address "
    "without it."
)
"""What a page made for a chosen session says in place of the page."""


def chosen_in(arguments: Mapping[str, Any] | None, headers: Mapping[str, Any] | None) -> str | None:
    """The address parameter or header by which a request chose its session, else None.

    >>> chosen_in({"room": [b"r"], "bokeh-session-id": [b"x"]}, {})
    'bokeh-session-id'
    >>> chosen_in({}, {"Bokeh-Session-Id": "x"}), chosen_in({"room": [b"r"]}, None)
    ('Bokeh-Session-Id', None)
    """
    for name in CHOSEN_ARGUMENTS:
        if name in (arguments or {}):
            return name
    named = {str(key).lower(): value for key, value in (headers or {}).items()}
    return CHOSEN_HEADER if CHOSEN_HEADER.lower() in named else None


def fresh_address(path: str, arguments: Mapping[str, Iterable[bytes | str]] | None) -> str:
    """``path`` with its other address parameters, without the ones that chose a session.

    A path of several leading slashes would read as another host's address (``//host/…``):
    it keeps one.

    >>> fresh_address("/savannah", {"room": [b"abc"], "bokeh-session-id": [b"x"]})
    '/savannah?room=abc'
    >>> fresh_address("//evil.example/circle", {"bokeh-token": ["t"]})
    '/evil.example/circle'
    """
    kept = [
        (name, value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value))
        for name, values in (arguments or {}).items()
        if name not in CHOSEN_ARGUMENTS
        for value in values
    ]
    path = "/" + path.lstrip("/")
    return f"{path}?{urlencode(kept)}" if kept else path


def fresh_page(address: str) -> str:
    """The small page that sends a browser on to ``address`` (a page of its own there).

    >>> page = fresh_page('/circle?room=a"b')
    >>> 'url=/circle?room=a&quot;b' in page and len(page) < 1200
    True
    """
    where = html.escape(address, quote=True)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="refresh" content="0;url={where}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="referrer" content="no-referrer">'
        "<title>A page of your own</title></head>"
        '<body style="font-family:sans-serif;margin:2em;color:#3b2f1e;background:#fbf8f1">'
        '<p role="status">This address asked for a page session someone else may hold; '
        f'you get one of your own: <a href="{where}">open the page</a>.</p></body></html>'
    )


class OwnSessions(Handler):
    """An application handler that answers a page request choosing its session with
    :func:`fresh_page` before Bokeh looks the session up."""

    def modify_document(self, doc: Any) -> None:
        """Nothing: the app's own handlers build the page."""

    def process_request(self, request: Any) -> dict[str, Any]:
        if chosen_in(request.arguments, request.headers) is not None:
            raise Finish(fresh_page(fresh_address(request.path, request.arguments)))
        return {}


def guard(application: Any) -> None:
    """Have ``application`` (a Bokeh ``Application``) refuse chosen sessions (once)."""
    if not any(isinstance(handler, OwnSessions) for handler in application.handlers):
        application.add(OwnSessions())


def chosen_by_visitor(context: Any) -> bool:
    """Whether the session of ``context`` (a Bokeh session context) was made by a page request
    that chose it: by address parameter (the token Bokeh made keeps the request's arguments),
    by a token of the visitor's (the request's arguments) or by header.  A session made over
    the websocket is its maker's alone (see the module's description)."""
    request = getattr(context, "request", None)
    if request is None or str(getattr(request, "path", "")).endswith("/ws"):
        return False
    if chosen_in(request.arguments, request.headers) is not None:
        return True
    try:
        payload = context.token_payload
    except Exception:  # no token, or none of Bokeh's making: the visitor made it
        return True
    return chosen_in(payload.get("arguments"), payload.get("headers")) is not None


def refusal() -> Any:
    """What a page made for a chosen session shows instead (one pane, no game)."""
    import panel as pn

    return pn.pane.Alert(REFUSAL, alert_type="warning")
