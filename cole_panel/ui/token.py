"""One token per browser, read from its cookie: the key of its kept games and its room seats.

Both :mod:`cole_panel.ui.resume` (a reload brings the game back) and :mod:`cole_panel.rooms`
(a seat belongs to a browser) read it here, so a first visit makes one token, not two that
would overwrite each other's cookie.

Under ``make serve`` the server reads and sets the cookie itself: :class:`BrowserCookie`, an
application handler, reads it off each page request (the cookie is kept out of the token Bokeh
writes into the page, so no script of the page can read it) or makes a token for a browser
without one, which :func:`cookie_header` sets with the page's answer: ``HttpOnly``,
``SameSite=Lax``, and ``Secure`` when the page came over HTTPS.  Under plain ``panel serve``
(no such handler) :func:`keep_token` has the page write the cookie (``SameSite=Strict``).
"""

from __future__ import annotations

import secrets
import weakref
from typing import Any

import panel as pn
from bokeh.application.handlers.handler import Handler
from bokeh.events import DocumentReady
from bokeh.models import CustomJS

from ..core.browser_cookie import COOKIE, COOKIE_DAYS, TOKEN_PATTERN
from ..core.routing import own_name
from ..runtime.page import served_doc

__all__ = [
    "COOKIE",
    "COOKIE_DAYS",
    "TOKEN_PATTERN",
    "BrowserCookie",
    "browser_token",
    "cookie_header",
    "keep_token",
]

READ = "cole_browser"
"""The attribute :class:`BrowserCookie` gives a page request: ``(token, new)``."""

_made: weakref.WeakKeyDictionary[Any, tuple[str, bool]] = weakref.WeakKeyDictionary()
_written: weakref.WeakSet[Any] = weakref.WeakSet()


def _new_token() -> str:
    return own_name(lambda: secrets.token_urlsafe(24))


class BrowserCookie(Handler):
    """Reads the browser's token off a page request, or makes one for a browser without
    (set with the answer by :func:`cookie_header`)."""

    def modify_document(self, doc: Any) -> None:
        """Nothing: the app's own handlers build the page."""

    def process_request(self, request: Any) -> dict[str, Any]:
        morsel = request.cookies.get(COOKIE)
        cookie = morsel.value if morsel is not None else ""
        found = (cookie, False) if TOKEN_PATTERN.fullmatch(cookie) else (_new_token(), True)
        setattr(request, READ, found)
        return {}


def cookie_header(request: Any) -> str | None:
    """The ``Set-Cookie`` value for the answer to ``request``: the token
    :class:`BrowserCookie` made for it, else None.

    >>> from tornado.httputil import HTTPServerRequest
    >>> request = HTTPServerRequest(uri="/circle")
    >>> setattr(request, READ, ("a" * 32, True))
    >>> cookie_header(request)
    'cole_player=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax'
    """
    token, new = getattr(request, READ, ("", False))
    if not new:
        return None
    secure = "; Secure" if getattr(request, "protocol", "") == "https" else ""
    return (
        f"{COOKIE}={token}; Path=/; Max-Age={COOKIE_DAYS * 86400}; HttpOnly; SameSite=Lax{secure}"
    )


def _read_by_server(doc: Any) -> tuple[str, bool] | None:
    request = doc.session_context.request if doc is not None else None
    found = getattr(request, READ, None)  # Bokeh's request proxy passes the name on
    return found if isinstance(found, tuple) else None


def browser_token() -> tuple[str, bool]:
    """``(token, new)``: this browser's token, the same for every caller in one session;
    ``new`` when the browser had none (the caller's page must then write the cookie)."""
    doc = pn.state.curdoc
    if doc is not None and doc in _made:
        return _made[doc]
    found = _read_by_server(served_doc())
    if found is not None:
        _written.add(doc)  # the server sets the cookie (or the browser has it)
    else:
        cookie = (pn.state.cookies or {}).get(COOKIE, "")
        found = (cookie, False) if TOKEN_PATTERN.fullmatch(cookie) else (_new_token(), True)
    if doc is not None:
        _made[doc] = found
    return found


def keep_token() -> str:
    """This browser's token, kept in its cookie for :data:`COOKIE_DAYS` from this visit: the
    served page writes the cookie once it is ready in the browser (once per session, however
    many callers ask); a token the server read or set (:class:`BrowserCookie`) is not
    written again.  Outside ``panel serve`` nothing is written."""
    token, _new = browser_token()
    doc = served_doc()
    if doc is not None and doc not in _written:
        _written.add(doc)
        doc.js_on_event(
            DocumentReady,
            CustomJS(
                args={"token": token, "name": COOKIE, "days": COOKIE_DAYS},
                code=(
                    "document.cookie = `${name}=${token}; path=/; "
                    "max-age=${days * 86400}; SameSite=Strict`"
                ),
            ),
        )
    return token
