"""Rooms: one game, several browsers (issue 15).

Panel-free: :class:`Room` (the authoritative game, its seats and bots), :class:`RoomRegistry`
(the rooms of a process), :func:`snapshot` (what a seat may see) and the mirror models.  The
served side (:func:`game_page`, :class:`RoomPage`) lives in :mod:`cole_panel.rooms.serving`,
imported on demand so that the models stay importable without Panel.
"""

from .mirror import (
    MIRRORS,
    RoomCircleModel,
    RoomEcosystemModel,
    RoomMirror,
    RoomSavannahModel,
)
from .params import room_options
from .redaction import Redactor, snapshot
from .registry import ROOM_GAMES, RoomRegistry, new_token, shared_registry
from .room import OPEN, SEAT_CHOICES, Room, RoomError, Seat

__all__ = [
    "MIRRORS",
    "OPEN",
    "ROOM_GAMES",
    "SEAT_CHOICES",
    "Redactor",
    "Room",
    "RoomCircleModel",
    "RoomEcosystemModel",
    "RoomError",
    "RoomMirror",
    "RoomRegistry",
    "RoomSavannahModel",
    "Seat",
    "game_page",
    "new_token",
    "room_options",
    "shared_registry",
    "snapshot",
]


def __getattr__(name: str):  # the served side loads Panel: only when asked for
    if name == "game_page":
        from .serving import game_page

        return game_page
    raise AttributeError(name)
