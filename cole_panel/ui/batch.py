"""Send everything one user action changes to the browser as one message.

Under ``panel serve`` every widget, pane and ColumnDataSource change made in a callback is
otherwise sent as its own message, in order; when an action changes many things the last of
them (often the figure the user is looking at) arrives late.  :func:`batched` wraps a callback
in ``panel.io.hold``, so the changes are combined and sent together when it returns.

``pn.io.hold`` treats a session that Panel has not yet marked *loaded* (the browser has not
reported the page ready) as one whose document was never sent, and the changes made inside
the hold never reach the page; on a heavy page a first click can arrive in that window.  So
before the session is loaded the callback runs on the document's next tick instead, where its
changes travel as ordinary patches.  Outside a server session it simply calls the function.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import panel as pn

__all__ = ["batched"]

F = TypeVar("F", bound=Callable[..., Any])


def batched(fn: F) -> F:
    """Decorator: run ``fn`` with the page's document held (changes sent once, at the end).

    Before the session is loaded the call is deferred to the next tick and returns ``None``.
    """

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        doc = pn.state.curdoc
        if doc is None or doc.session_context is None:
            return fn(*args, **kwargs)
        if not pn.state.loaded:
            doc.add_next_tick_callback(functools.partial(fn, *args, **kwargs))
            return None
        with pn.io.hold(doc):
            return fn(*args, **kwargs)

    return wrapper  # type: ignore[return-value]
