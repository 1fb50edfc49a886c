"""A room page's model of a Nim game (see :mod:`cole_panel.rooms.mirror`)."""

from __future__ import annotations

from cole_panel.rooms.mirror import RoomMirror

from .model import NimModel


class RoomNimModel(RoomMirror, NimModel):
    """A page's view of a room's Nim game (nothing is hidden)."""
