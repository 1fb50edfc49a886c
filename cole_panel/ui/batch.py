"""Send everything one user action changes to the browser as ONE document patch.

Under ``panel serve`` every property change would otherwise travel as its own websocket
message, and the browser repaints the board between them; holding the document for the
duration of the action combines them so the page repaints once (this halves the time from a
click to the new stone on screen).  Outside a server session it simply runs the function.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import panel as pn

F = TypeVar("F", bound=Callable[..., Any])


def batched(fn: F) -> F:
    """Decorator: run ``fn`` with the session's document held (one combined patch)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        doc = pn.state.curdoc
        if doc is None or doc.session_context is None:
            return fn(*args, **kwargs)
        with pn.io.hold(doc):
            return fn(*args, **kwargs)

    return wrapper  # type: ignore[return-value]
