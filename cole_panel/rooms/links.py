"""Whole links to a room or a class, and their QR codes.

A link shown to be copied must open when pasted: :func:`full_link` builds it from the address
the page itself was requested at (the request's scheme and ``Host``, as Tornado read them, so
``panel serve --use-xheaders`` behind a proxy gives the proxy's), checked before use.  A QR
code is drawn by the maintained library ``segno`` as inline SVG (no network, no image file).
"""

from __future__ import annotations

import re
from typing import Any

import segno

from ..runtime.page import served_doc

HOST_PATTERN = re.compile(
    r"(?:[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?"
)
"""What a ``Host`` header may be for a link to be built on it (a name or an IP, a port)."""


def page_origin(request: Any = None) -> str:
    """``scheme://host`` of the page being served (``request``: Bokeh's request of the
    session, by default this session's), or '' outside a server or on a strange ``Host``.

    >>> class Request:
    ...     protocol, host = "http", "127.0.0.1:5006"
    >>> page_origin(Request())
    'http://127.0.0.1:5006'
    >>> Request.host = 'evil"><script>'
    >>> page_origin(Request())
    ''
    """
    if request is None:
        doc = served_doc()
        request = getattr(doc.session_context, "request", None) if doc is not None else None
    if request is None:
        return ""
    scheme = getattr(request, "protocol", None)
    host = getattr(request, "host", None)
    if scheme not in ("http", "https") or not isinstance(host, str):
        return ""
    if len(host) > 255 or not HOST_PATTERN.fullmatch(host):
        return ""
    return f"{scheme}://{host}"


def full_link(path: str, request: Any = None) -> str:
    """``path`` (an absolute path such as ``/<game>?room=…``) as a whole link on this page's
    server; the bare path when the page's own address is unknown."""
    return page_origin(request) + path


def qr_svg(link: str, scale: int = 3) -> str:
    """``link`` as a QR code: an ``<svg>`` element to put in a page (dark on white, with its
    quiet zone, so a phone's camera reads it).

    >>> qr_svg("http://127.0.0.1:5006/go?room=abc").startswith("<svg")
    True
    """
    return segno.make(link, error="m").svg_inline(scale=scale, dark="#000000", light="#ffffff")
