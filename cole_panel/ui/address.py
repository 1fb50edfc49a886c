"""Whether Panel can read the page's address: a guard that keeps a bad address from blanking a page.

Panel's own reader of the address (``pn.state.location``, used by ``servable`` to keep the
address bar in step) raises ``ValueError`` on a value such as ``?x=²`` or a number of 5,000
digits, and the page stays blank.  Apps serve with ``location=page_location_ok()``: on such an
address the page is served without that link to the address bar, and the games' own readers
(:mod:`cole_panel.core.query`) name the bad parameter.
"""

from __future__ import annotations

import panel as pn


def _served() -> bool:
    """Whether this code runs in a served session (not in a notebook or a plain script)."""
    return pn.state.curdoc is not None and pn.state.curdoc.session_context is not None


def page_location() -> pn.io.location.Location | None:
    """This session's ``pn.state.location``, or None outside a server or when Panel cannot
    read the address (the games then read ``pn.state.session_args`` themselves)."""
    if not _served():
        return None
    try:
        return pn.state.location
    except ValueError:
        return None


def page_location_ok() -> bool:
    """Whether ``pn.state.location`` can be read for this session (True outside a server)."""
    return not _served() or page_location() is not None
