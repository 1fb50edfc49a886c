"""One token per browser, read from its cookie: the key of its kept games and its room seats.

Both :mod:`cole_panel.ui.resume` (a reload brings the game back) and :mod:`cole_panel.rooms`
(a seat belongs to a browser) read it here, so a first visit makes one token, not two that
would overwrite each other's cookie.  :func:`keep_token` is the one writer of the cookie: the
page writes it itself (``SameSite=Strict``), so only that browser holds it.
"""

from __future__ import annotations

import secrets
import weakref
from typing import Any

import panel as pn
from bokeh.events import DocumentReady
from bokeh.models import CustomJS

from ..core.browser_cookie import COOKIE, COOKIE_DAYS, TOKEN_PATTERN
from ..core.process_names import own_name
from .address import served_doc

__all__ = ["COOKIE", "COOKIE_DAYS", "TOKEN_PATTERN", "browser_token", "keep_token"]


_made: weakref.WeakKeyDictionary[Any, tuple[str, bool]] = weakref.WeakKeyDictionary()
_written: weakref.WeakSet[Any] = weakref.WeakSet()


def browser_token() -> tuple[str, bool]:
    """``(token, new)``: this browser's token, the same for every caller in one session;
    ``new`` when the browser had none (the caller's page must then write the cookie)."""
    doc = pn.state.curdoc
    if doc is not None and doc in _made:
        return _made[doc]
    cookie = (pn.state.cookies or {}).get(COOKIE, "")
    found = (
        (cookie, False)
        if TOKEN_PATTERN.fullmatch(cookie)
        else (own_name(lambda: secrets.token_urlsafe(24)), True)
    )
    if doc is not None:
        _made[doc] = found
    return found


def keep_token() -> str:
    """This browser's token, kept in its cookie for :data:`COOKIE_DAYS` from this visit: the
    served page writes the cookie once it is ready in the browser (once per session, however
    many callers ask).  Outside ``panel serve`` nothing is written."""
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
