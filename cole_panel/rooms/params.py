"""Which parameters of a game model a room shares with every page, and which each page keeps.

A room's model is the game; each page's mirror copies the shared parameters (as its seat may
see them: :mod:`.redaction`) and keeps its own for what it looks at.  This module imports no
Panel or Bokeh.
"""

from __future__ import annotations

from ..core import GameModel

SEAT_PARAMS = {f"{kind}{p}" for kind in ("seat", "strength") for p in range(6)}
"""The seat menus of every game (at most 5 seats; one spare)."""

SESSION_PARAMS = {
    "view_index",
    "hint",
    "hint_strength",
    "selected",
    "revealed",
    "hide_hands",
    "pending",
    "undone",
}
"""Parameters each page keeps for itself (what it looks at, its hints, its chosen card, the
Ecosystem picks it has placed but not yet passed)."""

GAME_PARAMS = ("state", "start", "history", "future", "events", "message", "message_is_error")
"""The game itself, as every page receives it."""

ROOM_WATCHED = set(GAME_PARAMS) | SEAT_PARAMS
"""Parameters of the room's model whose change every page must hear about."""


def room_options(model: GameModel) -> set[str]:
    """The model's rule options (used by the next new game): its own parameters beyond the
    game core's, the seats and what each page keeps for itself."""
    base = set(GameModel.param) | SEAT_PARAMS | SESSION_PARAMS
    return {name for name in model.param if name not in base}
