"""Nothing lost silently on a served page: a notice when the connection drops, automatic
reconnection, and the visitor's game back after a reload or a server restart.

``pn.extension(..., **CONNECTION)`` turns on Panel's notice ("Lost the connection…", with a
countdown to the next attempt) and Bokeh's reconnection to the same session.

:func:`keep_game` gives each browser a random token in a cookie (set by the page itself, so
only that browser has it; ``SameSite=Strict``) and keeps the model's save file in a
:class:`~cole_panel.core.game_store.GameStore` (the server's database, so it outlives the
process) under that token after every change, and a game that has ended among the finished
games too.  A new
session from the same browser (a reload, a restart, a lost session) loads it back.  The save
stays on the server and is only ever loaded into that browser's own game, whose views show
what they always show: other players' hidden cards never reach the page.  Two tabs of the same
game in one browser share it (the one that moved last wins).  The address is kept with the
game: the game comes back when the page is reloaded at the same address or opened with no
parameters; an address with other parameters (a shared position, other settings) wins.  Outside ``panel serve`` (a
notebook) nothing happens.
"""

from __future__ import annotations

import json
from typing import Any

from ..core.game_store import GameStore
from ..runtime.page import served_doc
from .address import page_location
from .token import COOKIE, browser_token, keep_token

__all__ = ["CONNECTION", "COOKIE", "keep_game", "shared_store"]


CONNECTION: dict[str, Any] = {
    "disconnect_notification": (
        "Lost the connection to the server. If it does not come back, reload the page: "
        "your game will be waiting."
    ),
    "reconnect": True,
}
"""Keyword arguments for ``pn.extension``: the lost-connection notice and reconnection."""

_store: GameStore | None = None


def shared_store() -> GameStore:
    """The server's one store of kept games (made on first use)."""
    global _store
    if _store is None:
        _store = GameStore()
    return _store


def keep_game(model: Any, app: str, store: GameStore | None = None) -> bool:
    """Bring this browser's game of ``app`` back into ``model`` and keep it from now on.

    Returns whether a stored game was loaded.  Only under ``panel serve``.
    """
    if served_doc() is None:
        return False
    store = store or shared_store()
    token, new = browser_token()
    keep_token()  # the page writes the cookie (the one writer, shared with rooms)
    location = page_location()
    restored = False
    if not new:
        restored = _restore(model, store.get(token, app), _address(location))

    def remember(*_: Any) -> None:
        entry = {"address": _address(location), "game": model.save()}
        store.put(token, app, json.dumps(entry))
        if model.state.is_over:
            store.finish(token, app, entry["game"])

    model.param.watch(remember, ["state", "history", "future"])
    if location is not None:
        location.param.watch(remember, ["search"])  # e.g. Circle keeps its moves in the address
    return restored


def _address(location: Any) -> str:
    return (location.search if location is not None else "").lstrip("?")


def _restore(model: Any, entry: str | None, address: str) -> bool:
    """Load the stored game if the page was opened at its address or with no parameters."""
    try:
        kept = json.loads(entry) if entry else None
        if not isinstance(kept, dict) or not isinstance(kept.get("game"), str):
            return False
    except (ValueError, RecursionError):
        return False
    if address and address != kept.get("address"):
        return False
    if not model.load(kept["game"]):
        return False
    model.param.update(message="Welcome back: your game is as you left it.", message_is_error=False)
    return True
