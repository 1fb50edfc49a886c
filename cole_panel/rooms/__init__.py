"""Rooms: one game, several browsers (issue 15).

Panel-free: :class:`Room` (the authoritative game, its seats and bots), :class:`RoomRegistry`
(the rooms of a process), :func:`snapshot` (what a seat may see) and the mirror base (each
game's mirror model lives in its package: the ``room_model`` of its page record).  The
served side (:func:`game_page`, :class:`RoomPage`) lives in :mod:`cole_panel.rooms.pages`,
imported on demand so that the models stay importable without Panel.
"""

from .mirror import MIRRORS, RoomMirror
from .params import room_options
from .redaction import Redactor, snapshot
from .registry import ROOM_GAMES, RoomRegistry, new_token, shared_registry
from .room import Room
from .seats import OPEN, SEAT_CHOICES, RoomError, Seat

__all__ = [
    "MIRRORS",
    "OPEN",
    "ROOM_GAMES",
    "SEAT_CHOICES",
    "Redactor",
    "Room",
    "RoomError",
    "RoomMirror",
    "RoomRegistry",
    "Seat",
    "game_page",
    "new_token",
    "room_options",
    "shared_registry",
    "snapshot",
]


def __getattr__(name: str):  # the served side loads Panel: only when asked for
    if name == "game_page":
        from .pages import game_page

        return game_page
    raise AttributeError(name)
