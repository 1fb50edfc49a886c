"""What the people of a room are called: the name each browser gives itself, checked.

A :class:`RoomNames` is the :class:`~.room.Room`'s collaborator for names: it reads and
changes the room through its public API only (``room.names``, ``room.seats``,
:meth:`~.room.Room.changing`, :meth:`~.room.Room.tell`).  A name is refused when it is a seat's
title or the host's (unless it is the browser's own), when someone else here has it, or when
the browser renamed itself too often (each rename is a write every page hears).  Panel-free.
"""

from __future__ import annotations

from typing import Any

from .seats import RoomError, name_key, person_name, reserved_for
from .store import with_name

RENAMES = 5
"""Names one browser may give itself in a room within :data:`RENAME_SECONDS`."""

RENAME_SECONDS = 60.0


class RoomNames:
    """The names of one room's people (see the module docstring)."""

    def __init__(self, room: Any):
        self.room = room
        self._renames: dict[str, list[float]] = {}
        """When each browser last renamed itself."""

    def rename(self, token: str, text: Any) -> str:
        """The browser ``token`` says what it is called (see :func:`person_name`); its seat,
        if any, takes the name now.  Returns the name kept."""
        room = self.room
        name = person_name(text)
        titles = tuple(room.model.player_name(p) for p in range(len(room.seats)))
        if reserved_for(name, titles) is not None and name_key(name) not in self.own_titles(token):
            raise RoomError(f"{name!r} is what the room calls someone else; choose another name.")
        with room.changing():
            self._check(token, name)
            room.names = with_name(room.names, token, name)
            seat = room.seat_of(token)
            if seat is not None:
                room.seats[seat].name = name
            room.touch()
            room.tell()
        return name

    def own_titles(self, token: str) -> set[str]:
        """The titles ``token`` may take as a name: the host's, and at a class's table the
        teacher's (the table's host)."""
        room = self.room
        if token != room.host:
            return set()
        return {name_key("Host"), *([name_key("Teacher")] if room.class_name else [])}

    def _check(self, token: str, name: str) -> None:
        """RoomError if another person here is called ``name`` or ``token`` renamed
        :data:`RENAMES` times within :data:`RENAME_SECONDS`."""
        room = self.room
        same = {name_key(name)}
        others = [n for t, n in room.names.items() if t != token]
        others += [s.name for s in room.seats if s.owner not in (None, token)]
        if any(name_key(other) in same for other in others):
            raise RoomError(f"Someone here is already called {name!r}; choose another name.")
        now = room.clock()
        recent = [t for t in self._renames.get(token, []) if now - t < RENAME_SECONDS]
        if len(recent) >= RENAMES:
            raise RoomError(
                f"You changed your name {RENAMES} times within a minute; wait a little."
            )
        self._renames[token] = [*recent, now]
