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
:func:`cole_panel.ui.jupyter.run_held` does the same over the output's Jupyter comm; with no
page at all the function is simply called.  Only public Panel and Bokeh APIs are used; tests/test_batch.py
fails if the behaviour relied on here changes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import panel as pn

from .address import served_doc
from .jupyter import run_held

__all__ = ["batched"]

F = TypeVar("F", bound=Callable[..., Any])


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

        def held() -> None:
            if doc.callbacks.hold_value is not None:  # an outer action already holds it
                results.append(fn(*args, **kwargs))
                return
            doc.hold("combine")
            try:
                results.append(fn(*args, **kwargs))
            finally:
                doc.unhold()

        pn.state.execute(held, schedule=True)
        return results[0] if results else None

    return wrapper  # type: ignore[return-value]
