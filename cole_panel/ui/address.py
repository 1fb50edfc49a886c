"""The served page's address: whether Panel can read it (a guard that keeps a bad address
from blanking a page), the room it names, the address it was asked from.  Whether there is a
served page at all is :func:`cole_panel.runtime.page.served_doc`.

Panel's own reader of the address (``pn.state.location``, used by ``servable`` to keep the
address bar in step) raises ``ValueError`` on a value such as ``?x=²`` or a number of 5,000
digits, and the page stays blank.  Apps serve with ``location=page_location_ok()``: on such an
address the page is served without that link to the address bar, and the games' own readers
(:mod:`cole_panel.core.query`) name the bad parameter.

:func:`room_name` reads the one parameter that makes a page a room's (``?room=<name>``): such
an address belongs to the room, so a game's own link neither reads nor rewrites it.  A board
built inside :func:`address_held` (a Learn stage's: ``/learn?game=…&stage=…``) leaves the
address alone too: it belongs to the page around the board.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

import panel as pn

from ..runtime.page import served_doc


def page_location() -> pn.io.location.Location | None:
    """This session's ``pn.state.location``, or None outside a server or when Panel cannot
    read the address (the games then read ``pn.state.session_args`` themselves)."""
    if served_doc() is None:
        return None
    try:
        return pn.state.location
    except ValueError:
        return None


def page_location_ok() -> bool:
    """Whether ``pn.state.location`` can be read for this session (True outside a server)."""
    return served_doc() is None or page_location() is not None


ROOM_PARAMETER = "room"
"""The address parameter naming a room (``/<game>?room=<name>``)."""


def room_name() -> str | None:
    """The room this served page was opened for (``?room=<name>``, at most 100 characters),
    else None."""
    values = (pn.state.session_args or {}).get(ROOM_PARAMETER)
    if not values:
        return None
    raw = values[0]
    return raw.decode("utf-8", "replace")[:100] if isinstance(raw, bytes) else str(raw)[:100]


_HELD: ContextVar[bool] = ContextVar("cole_address_held", default=False)
"""Whether the views being built now leave the page address to the page around them."""


@contextmanager
def address_held() -> Iterator[None]:
    """Build, inside this block, views whose page address belongs to another view: their
    links neither open the address's position nor rewrite it."""
    token = _HELD.set(True)
    try:
        yield
    finally:
        _HELD.reset(token)


def address_is_elsewhere() -> bool:
    """Whether the page address belongs to a room or to a page around the view being built."""
    return _HELD.get() or room_name() is not None


def client_address() -> str | None:
    """The network address the served page was asked from (``None`` outside a server): what
    a limit per address counts (behind a proxy, its address unless the server trusts its
    ``X-Forwarded-For``, ``panel serve --use-xheaders``)."""
    doc = served_doc()
    request = doc.session_context.request if doc is not None else None
    address = getattr(request, "remote_ip", None)
    return address if isinstance(address, str) and address else None
