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

Bokeh lets the document be changed only under its lock.  Bokeh callbacks (events, timeouts,
next-tick callbacks) run under it; a Panel callback sometimes does not (when Panel had to
queue it), and then the action is run as the document's next callback instead, a moment later.
Outside a server session, in a notebook output, :func:`cole_panel.ui.jupyter.run_held` does the
same over the output's Jupyter comm; with no page at all the function is simply called.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import panel as pn
from panel.io.state import set_curdoc

from .jupyter import run_held

__all__ = ["batched"]

F = TypeVar("F", bound=Callable[..., Any])


def _session(doc: Any) -> Any:
    context = getattr(doc, "session_context", None)
    if context is None:
        return None
    return getattr(context, "session", None) or getattr(context, "_session", None)


def batched(fn: F) -> F:
    """Decorator: run ``fn`` with the page's document held (changes sent once, at the end)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        doc = pn.state.curdoc
        session = _session(doc)
        if session is None:  # a notebook output, or no page at all
            return run_held(fn, *args, **kwargs)
        if getattr(session, "_pending_writes", None) is None:  # not under the document lock

            def later() -> None:
                with set_curdoc(doc):
                    wrapper(*args, **kwargs)

            doc.add_next_tick_callback(later)
            return None
        if doc.callbacks.hold_value is not None:  # an outer action already holds it
            return fn(*args, **kwargs)
        doc.hold("combine")
        try:
            return fn(*args, **kwargs)
        finally:
            doc.unhold()

    return wrapper  # type: ignore[return-value]
