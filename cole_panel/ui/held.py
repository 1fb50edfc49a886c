"""Like :func:`cole_panel.ui.batched`, safe in the first seconds of a session.

``pn.io.hold`` treats a session that Panel has not yet marked *loaded* (the browser has not
reported the page ready) as one whose document was never sent, and drops the model changes
made inside the hold. On a heavy page a first click can arrive in that window, and its
redraw would be lost. So: before the session is loaded the function runs on the document's
next tick (with the document lock held, changes then travel as ordinary patches); once it is
loaded it runs inside ``pn.io.hold`` (one combined patch); outside a server it just runs.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import panel as pn

F = TypeVar("F", bound=Callable[..., Any])


def held(fn: F) -> F:
    """Decorator: run ``fn`` with the session's document held, or on its next tick before the
    session is loaded."""

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
