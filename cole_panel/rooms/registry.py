"""The rooms of one server process: made on request, found by name, removed when idle.

A room's name is unguessable (``secrets.token_urlsafe``): holding the link is what lets a
browser in, and no page lists the rooms.  The registry bounds the number of rooms and of pages
per room, and :meth:`RoomRegistry.sweep` (run periodically by the server) lets bots take over
seats left too long and removes rooms nobody has looked at for ``idle_timeout`` seconds.

This is the one piece of mutable state shared by every session of a ``panel serve`` process,
on purpose: :func:`shared_registry` creates it on first use.  See ``docs/deploy.md`` for more
than one process.
"""

from __future__ import annotations

import importlib
import re
import secrets
import threading
import time
from collections.abc import Callable
from typing import Any

from .classroom import MAX_TABLES, TEACHER_ACTIONS, Classroom
from .room import SEAT_CHOICES, Room, RoomError

ROOM_GAMES: dict[str, str] = {
    "circle": "cole_panel.circle.model:CircleModel",
    "savannah": "cole_panel.savannah.model:SavannahModel",
    "ecosystem": "cole_panel.ecosystem.model:EcosystemModel",
}
"""The games that can be played in a room, and their models."""

NAME_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,64}")
"""What a room name (and a browser token) looks like; anything else is refused unread."""


def model_class(game: str) -> type:
    """The model class of a game that has rooms."""
    if game not in ROOM_GAMES:
        raise RoomError(
            f"{game.title()} cannot be played in a room yet; rooms exist for "
            f"{', '.join(g.title() for g in ROOM_GAMES)}."
        )
    module, name = ROOM_GAMES[game].split(":")
    return getattr(importlib.import_module(module), name)


def new_token() -> str:
    """An unguessable name for a room or a browser (about 128 bits)."""
    return secrets.token_urlsafe(16)


class RoomRegistry:
    """Every room of this process, bounded in number and size."""

    def __init__(
        self,
        *,
        max_rooms: int = 50,
        max_viewers: int = 16,
        rooms_per_browser: int = 3,
        rooms_per_address: int = 10,
        idle_timeout: float = 30 * 60,
        seat_timeout: float = 120.0,
        scheduler: Callable[[], Any] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.max_rooms = max_rooms
        self.max_viewers = max_viewers
        self.rooms_per_browser = rooms_per_browser
        """Open rooms one browser token may have made."""
        self.rooms_per_address = rooms_per_address
        """Open rooms one network address may have made (a school's Wi-Fi may be one)."""
        self.idle_timeout = idle_timeout
        self.seat_timeout = seat_timeout
        self.scheduler = scheduler
        """Makes each room's bot scheduler (None: bots move inline)."""
        self.clock = clock
        self._rooms: dict[str, Room] = {}
        self._classes: dict[str, Classroom] = {}
        self._makers: dict[str, tuple[str, str | None, str]] = {}
        """Who made each open room: (browser token, address, what it counts as)."""
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._rooms)

    def _new_room(
        self,
        game: str,
        host: str,
        options: dict[str, Any] | None,
        *,
        seated: bool,
        address: str | None,
        counts_as: str | None,
    ) -> Room:
        model = model_class(game)(**{**(options or {}), "seed": None})
        room = Room(
            new_token(),
            model,
            host,
            scheduler=self.scheduler() if self.scheduler else None,
            max_viewers=self.max_viewers,
            seat_timeout=self.seat_timeout,
            clock=self.clock,
            seated=seated,
        )
        self._rooms[room.name] = room
        self._makers[room.name] = (host, address, counts_as or room.name)
        return room

    def create(
        self,
        game: str,
        host: str,
        options: dict[str, Any] | None = None,
        *,
        address: str | None = None,
        counts_as: str | None = None,
    ) -> Room:
        """A new room playing ``game``, hosted (and its first seat taken) by browser ``host``
        from network ``address``, its first game set up with ``options`` (the model's rule
        parameters).  Rooms made with the same ``counts_as`` (a teacher's class of tables,
        bounded by its own code) count as one toward the host's and the address's limits."""
        if not NAME_PATTERN.fullmatch(host or ""):
            raise RoomError("This page has no browser token yet; reload it and try again.")
        model_class(game)
        with self._lock:
            self._check_limits(host, address, counts_as)
            return self._new_room(
                game, host, options, seated=True, address=address, counts_as=counts_as
            )

    # ------------------------------------------------------------------ a teacher's class
    def create_class(
        self,
        game: str,
        teacher: str,
        tables: int,
        options: dict[str, Any] | None = None,
        seats: list[str] | tuple[str, ...] = (),
        *,
        address: str | None = None,
    ) -> Classroom:
        """``tables`` tables of ``game`` made at once for the teacher's browser ``teacher``
        (from network ``address``), who sits at none; ``seats``: what plays each seat ('Open'
        or a bot kind, the rest open).  The class counts as one room toward the browser's and
        the address's limits; each table counts toward the server's ``max_rooms``."""
        if not NAME_PATTERN.fullmatch(teacher or ""):
            raise RoomError("This page has no browser token yet; reload it and try again.")
        model_class(game)
        if not isinstance(tables, int) or not 1 <= tables <= MAX_TABLES:
            raise RoomError(f"A class has 1 to {MAX_TABLES} tables.")
        bad = [k for k in seats if k not in SEAT_CHOICES]
        if bad:
            raise RoomError(
                f"{bad[0]!r} is not a seat choice; use one of {', '.join(SEAT_CHOICES)}."
            )
        name = new_token()
        with self._lock:
            self._check_limits(teacher, address, name)
            if len(self._rooms) + tables > self.max_rooms:
                raise RoomError(
                    f"The server has room for {self.max_rooms - len(self._rooms)} more tables "
                    f"now, not {tables}; make fewer, or try again later."
                )
            rooms = [
                self._new_room(
                    game, teacher, options, seated=False, address=address, counts_as=name
                )
                for _ in range(tables)
            ]
            classroom = Classroom(name, new_token(), game, [r.name for r in rooms])
            self._classes[name] = classroom
        for room in rooms:
            for p, kind in enumerate(seats[: len(room.seats)]):
                if kind != room.seats[p].kind:
                    room.set_seat(teacher, p, kind)
        return classroom

    def get_class(self, name: str, key: str) -> Classroom:
        """The class called ``name`` if ``key`` is its teacher's; RoomError otherwise (the
        same sentence for both: a wrong key tells nothing about the class)."""
        found = self._classes.get(name) if NAME_PATTERN.fullmatch(name or "") else None
        if found is None or not found.allows(key):
            raise RoomError(
                "There is no such class, or this is not its teacher's link: the link may be "
                "mistyped, or every table was closed."
            )
        return found

    def class_tables(self, classroom: Classroom) -> list[Room | None]:
        """The class's tables, table 1 first (None: closed); looking keeps them open."""
        out = [self._rooms.get(name) for name in classroom.tables]
        for room in out:
            if room is not None:
                room.touch()
        return out

    def teach(self, name: str, key: str, table: int, action: str) -> None:
        """The teacher (holding ``key``) pauses, resumes, resets or closes table ``table``
        (0-based) of class ``name``."""
        classroom = self.get_class(name, key)
        if action not in TEACHER_ACTIONS:
            raise RoomError(f"{action!r} is not one of {', '.join(TEACHER_ACTIONS)}.")
        if not isinstance(table, int) or not 0 <= table < len(classroom.tables):
            raise RoomError(f"There is no table {table + 1}.")
        room = self._rooms.get(classroom.tables[table])
        if room is None:
            raise RoomError(f"Table {table + 1} is closed.")
        if action == "close":
            self._remove(room.name)
        elif action == "reset":
            room.reset()
        else:
            room.set_paused(action == "pause")

    def _remove(self, name: str) -> None:
        with self._lock:
            room = self._rooms.pop(name, None)
            self._makers.pop(name, None)
            for cname, c in list(self._classes.items()):
                if not any(t in self._rooms for t in c.tables):
                    del self._classes[cname]
        if room is not None:
            room.close()

    def _check_limits(self, host: str, address: str | None, counts_as: str | None) -> None:
        """RoomError naming the limit a new room of ``host`` at ``address`` would pass."""
        if len(self._rooms) >= self.max_rooms:
            raise RoomError(
                f"The server already has {self.max_rooms} rooms, its limit; try again "
                f"later (idle rooms are closed after {self.idle_timeout / 60:g} minutes)."
            )
        makers = [m for name, m in self._makers.items() if name in self._rooms]
        mine = {unit for token, _, unit in makers if token == host}
        if counts_as not in mine and len(mine) >= self.rooms_per_browser:
            raise RoomError(
                f"This browser already has {len(mine)} open rooms, its limit of "
                f"{self.rooms_per_browser}; go back to one of them, or try again once one "
                f"has been closed ({self.idle_timeout / 60:g} minutes after its last page)."
            )
        here = {unit for _, where, unit in makers if address and where == address}
        if address and counts_as not in here and len(here) >= self.rooms_per_address:
            raise RoomError(
                f"Your network already has {len(here)} open rooms, its limit of "
                f"{self.rooms_per_address}; join one of them, or try again once one has "
                f"been closed ({self.idle_timeout / 60:g} minutes after its last page)."
            )

    def get(self, name: str, game: str | None = None) -> Room:
        """The room called ``name`` (of ``game``, if given); RoomError with a sentence if there
        is none."""
        room = self._rooms.get(name) if NAME_PATTERN.fullmatch(name or "") else None
        if room is None:
            raise RoomError(
                "There is no such room: the link may be mistyped, or the room was closed after "
                f"{self.idle_timeout / 60:g} minutes without anyone looking at it."
            )
        if game is not None and room.game != game:
            raise RoomError(f"That room plays {room.model.title}, not this page's game.")
        room.touch()
        return room

    def rooms_of(self, token: str) -> list[Room]:
        """The rooms where browser ``token`` holds a seat (a page may offer to go back)."""
        return [r for r in list(self._rooms.values()) if r.seat_of(token) is not None]

    def sweep(self) -> list[str]:
        """Let bots take over seats left too long; remove rooms idle for ``idle_timeout``.
        Returns the names of the rooms removed."""
        now = self.clock()
        removed = []
        for name, room in list(self._rooms.items()):
            if room.is_idle and now - room.last_active >= self.idle_timeout:
                self._remove(name)
                removed.append(name)
            else:
                room.sweep_seats()
        return removed

    def close_all(self) -> None:
        """Remove every room (tests; a server shutting down)."""
        with self._lock:
            rooms, self._rooms = list(self._rooms.values()), {}
            self._classes.clear()
            self._makers.clear()
        for room in rooms:
            room.close()


_shared: list[RoomRegistry] = []
_shared_lock = threading.Lock()


def configure(**limits: Any) -> RoomRegistry:
    """Make the process-wide registry with other ``limits`` (``max_rooms``, ``max_viewers``,
    ``rooms_per_browser``, ``rooms_per_address``, ``idle_timeout``, ``seat_timeout``); call it from ``panel serve --setup`` before the first
    page opens.  Returns it."""
    from .serving import PoolScheduler

    with _shared_lock:
        if _shared:
            raise RuntimeError("The rooms' registry is already in use; configure it at setup.")
        _shared.append(RoomRegistry(scheduler=PoolScheduler.for_current_loop, **limits))
        return _shared[0]


def shared_registry() -> RoomRegistry:
    """The process-wide registry (made on first use; see the module docstring)."""
    with _shared_lock:
        if not _shared:
            from .serving import PoolScheduler

            _shared.append(RoomRegistry(scheduler=PoolScheduler.for_current_loop))
        return _shared[0]
