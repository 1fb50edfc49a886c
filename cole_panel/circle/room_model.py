"""A room page's model of a Circle of Life game (see :mod:`cole_panel.rooms.mirror`)."""

from __future__ import annotations

from typing import Any

from ..rooms.mirror import RoomMirror
from .model import CircleModel


class RoomCircleModel(RoomMirror, CircleModel):
    """A page's view of a room's Circle of Life game."""

    def _fresh_position(self) -> dict[str, Any]:
        return {"hint": None}
