"""Send everything one user action changes to the browser as one message.

Under ``panel serve`` every widget, pane and ColumnDataSource change made in a callback is
otherwise sent as its own message, in order; when an action changes many things the last of
them (often the figure the user is looking at) arrives late.  :func:`batched` runs a callback
with the Bokeh document held (``Document.hold('combine')``), so the changes leave together when
it returns, through Bokeh's own session (one writer per connection).

Why not ``panel.io.hold``: it releases through Panel's ``unlocked()``, which writes messages to
the socket itself; a message with binary buffers written that way can interleave with one the
session is writing, and the browser then fails to decode it ("Offset is outside the bounds of
the DataView") and stops updating.

Bokeh lets the document be changed only under its lock, and a Panel callback does not always
hold it (when Panel queued the event, its "unblocked" check still says yes), and no public API
tells the two cases apart.  So under a server the action always runs as the document's
next-tick callback (``pn.state.execute(..., schedule=True)``), which Bokeh runs under the lock,
a moment later.  Outside a server session, in a notebook output,
:func:`cole_panel.runtime.jupyter.run_held` does the same over the output's Jupyter comm; with no
page at all the function is simply called.  Public Panel and Bokeh APIs, but for one private
name (below, a reach of the seam); tests/test_batch.py fails if the behaviour relied on here
changes.

**One writer at a time.**  Panel writes some changes itself: when a change is made while the
socket is busy writing (a large message, a loaded server), Panel serializes it at once and keeps
it aside, trying the socket again every 10 ms (``panel.io.document.schedule_write_events``).
Bokeh's session writes queue on the socket's lock and take it first, so a held action's messages,
made later, could reach the browser *before* Panel's: the browser then meets references to
models it has not been sent yet ("reference p123 isn't known"), refuses the patch and stops
updating the page (seen under load: a tab's new content still waiting, and New game's changes
overtaking it).  So a held action waits, a tick at a time, until Panel has no message kept aside
for its document.  Panel keeps them in ``panel.io.document._WRITE_MSGS`` (private: Panel is
pinned ``<1.10`` and tests/test_batch.py fails if the name or its use changes).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any, TypeVar

import panel as pn
from panel.io import document as panel_document

from .jupyter import run_held
from .page import run_in_doc, served_doc

__all__ = ["batched"]

F = TypeVar("F", bound=Callable[..., Any])

_log = logging.getLogger(__name__)

WAIT_MS = 10
"""How long a held action waits for Panel's kept-aside messages before it looks again."""
MAX_WAITS = 300
"""After this many waits (3 s) the action runs anyway (a socket that never frees is closing)."""


def panel_writes_pending(doc: Any) -> bool:
    """Whether Panel has messages for ``doc`` kept aside, waiting for the socket."""
    return bool(panel_document._WRITE_MSGS.get(doc))


def batched(fn: F) -> F:
    """Decorator: run ``fn`` with the page's document held (changes sent once, at the end).

    Returns ``fn``'s result outside a server; under a server None (it runs on the next tick).
    """

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        doc = served_doc()
        if doc is None:
            return run_held(fn, *args, **kwargs)  # a notebook output, or no page at all
        results: list[Any] = []

        def held(waits: int = 0) -> None:
            if doc.callbacks.hold_value is not None:  # an outer action already holds it
                results.append(fn(*args, **kwargs))
                return
            if panel_writes_pending(doc) and waits < MAX_WAITS:
                doc.add_timeout_callback(functools.partial(later, waits + 1), WAIT_MS)
                return
            if waits:
                _log.debug("a held action waited %d ms for Panel's messages", waits * WAIT_MS)
            doc.hold("combine")
            try:
                results.append(fn(*args, **kwargs))
            finally:
                doc.unhold()

        def later(waits: int) -> None:
            run_in_doc(doc, held, waits)

        pn.state.execute(held, schedule=True)
        return results[0] if results else None

    return wrapper  # type: ignore[return-value]
