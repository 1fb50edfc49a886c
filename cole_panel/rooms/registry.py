"""The rooms of one server process: made on request, found by name, removed when idle.

A room's name is unguessable (``secrets.token_urlsafe``): holding the link is what lets a
browser in, and no page lists the rooms.  The registry bounds the number of rooms and of pages
per room, and :meth:`RoomRegistry.sweep` (run periodically by the server) lets bots take over
seats left too long and removes rooms nobody has looked at for ``idle_timeout`` seconds.

This is the one piece of mutable state shared by every session of a ``panel serve`` process,
on purpose: :func:`shared_registry` creates it on first use, over the server's database
(:func:`~cole_panel.core.database.shared_database`).  With a :class:`~.store.RoomStore` the
registry is this process's window on the rooms of the database: a room made here is written
there, a room asked for by name is read from there if this process does not hold it yet (after
a restart, or made by another process), a room idle in this process leaves its memory but stays
in the database until nobody has used it for ``keep_for`` seconds, and a :class:`RoomFeed`
thread takes every change another process writes to a room held here (PostgreSQL
``LISTEN/NOTIFY``, or a poll of the versions every :data:`POLL_SECONDS` on SQLite).  See
``docs/deploy.md``.
"""

from __future__ import annotations

import contextlib
import logging
import re
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from ..core.routing import own_name
from ..game_pages import GAME_PAGES, GamePage
from .classroom import MAX_TABLES, TEACHER_ACTIONS, Classroom, teach_table
from .room import Room
from .scheduling import PoolScheduler, server_loop
from .seats import SEAT_CHOICES, SEAT_RELEASE, RoomError
from .store import RoomRecord, RoomStore
from .teacher_key import check_key, server_key

WRONG_KEYS = 10
"""Wrong teacher's keys one network address may give within :data:`WRONG_KEY_SECONDS`."""

WRONG_KEY_SECONDS = 600.0

POLL_SECONDS = 0.1
"""How often a process on SQLite asks the database for the versions of the rooms it holds."""

LISTEN_SECONDS = 2.0
"""On PostgreSQL: the longest wait for a notification before the versions are polled anyway
(a notification missed while the listening connection was being made again)."""

_log = logging.getLogger(__name__)

ROOM_GAMES: Mapping[str, GamePage] = GAME_PAGES
"""The games that can be played in a room (every game with a page record), by name."""

NAME_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,64}")
"""What a room name (and a browser token) looks like; anything else is refused unread."""


def model_class(game: str) -> type:
    """The model class of a game that has rooms."""
    page = ROOM_GAMES.get(game) if isinstance(game, str) else None
    if page is None:
        raise RoomError(
            f"{str(game)[:40].title()} cannot be played in a room yet; rooms exist for "
            f"{', '.join(g.title() for g in ROOM_GAMES)}."
        )
    return page.model_class


def new_token() -> str:
    """An unguessable name for a room or a browser (about 128 bits)."""
    return secrets.token_urlsafe(16)


class RoomRegistry:
    """Every room of this process, bounded in number and size."""

    def __init__(
        self,
        *,
        max_rooms: int = 2000,
        max_viewers: int = 16,
        rooms_per_browser: int = 3,
        rooms_per_address: int = 200,
        tables_per_teacher: int = 4 * MAX_TABLES,
        teacher_key: str | None = None,
        idle_timeout: float = 30 * 60,
        seat_timeout: float = 120.0,
        seat_release: float = SEAT_RELEASE,
        scheduler: Callable[[], Any] | None = None,
        clock: Callable[[], float] = time.monotonic,
        store: RoomStore | None = None,
        keep_for: float = 7 * 24 * 3600,
    ):
        self.max_rooms = max_rooms
        """Rooms in use at once (within ``idle_timeout``) in every process.  A room nobody
        watches costs its database row and some 20-30 KB while held; the pages that watch it
        are what costs (each counted by Bokeh's sessions, and at most ``max_viewers`` people
        a room)."""
        self.max_viewers = max_viewers
        self.rooms_per_browser = rooms_per_browser
        """Open rooms one browser token may have made."""
        self.rooms_per_address = rooms_per_address
        """Open rooms one network address may have made: a school's Wi-Fi is often one
        address, so high enough for several classes at once, low enough that one address
        never takes more than a tenth of ``max_rooms``."""
        self.tables_per_teacher = tables_per_teacher
        """Tables one teacher's browser may have open, every table counted."""
        self.teacher_key = teacher_key
        """The key making a class needs (:mod:`.teacher_key`): None, none (a registry made
        in Python by whoever runs it); ``""``, classes are off."""
        self._wrong_keys: dict[str | None, list[float]] = {}
        self.idle_timeout = idle_timeout
        self.seat_timeout = seat_timeout
        """Seconds a person may be away before a bot plays her seat."""
        self.seat_release = seat_release
        """Seconds a person may be away before her seat is free to take again."""
        self.scheduler = scheduler
        """Makes each room's bot scheduler (None: bots move inline)."""
        self.clock = clock
        self.store = store
        """The database the rooms are kept in (None: this process's memory only)."""
        self.keep_for = keep_for
        """How long a room nobody uses stays in the database."""
        self._rooms: dict[str, Room] = {}
        self._classes: dict[str, Classroom] = {}
        self._makers: dict[str, tuple[str, str | None, str]] = {}
        """Who made each open room: (browser token, address, what it counts as)."""
        self._lock = threading.Lock()
        self._feed: RoomFeed | None = None

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
        table: tuple[str, int] | None = None,
    ) -> Room:
        model = model_class(game)(**{**(options or {}), "seed": None})
        room = self._room(own_name(new_token), model, host, seated=seated)
        if table is not None:  # kept with the room: a class's tables are found by it
            room.class_name, room.table_number = table
        if self.store is not None:
            room.attach(self.store)
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
            room = self._new_room(
                game, host, options, seated=True, address=address, counts_as=counts_as
            )
        self._watch()
        return room

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
        key: str | None = None,
    ) -> Classroom:
        """``tables`` tables of ``game`` made at once for the teacher's browser ``teacher``
        (from network ``address``, giving the teacher's ``key``), who sits at none; ``seats``:
        what plays each seat ('Open' or a bot kind, the rest open).  The class counts as one
        room toward the browser's and the address's limits of rooms; each table counts toward
        the teacher's ``tables_per_teacher`` and the server's ``max_rooms``."""
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
        self._check_teacher(key, address)
        name = own_name(new_token)
        with self._lock:
            self._check_limits(teacher, address, name)
            self._check_tables(teacher, tables)
            if len(self._rooms) + tables > self.max_rooms:
                raise RoomError(
                    f"The server has room for {self.max_rooms - len(self._rooms)} more tables "
                    f"now, not {tables}; make fewer, or try again later."
                )
            rooms = [
                self._new_room(
                    game,
                    teacher,
                    options,
                    seated=False,
                    address=address,
                    counts_as=name,
                    table=(name, number),
                )
                for number in range(1, tables + 1)
            ]
            classroom = Classroom(name, new_token(), game, [r.name for r in rooms])
            self._classes[name] = classroom
        for room in rooms:
            for p, kind in enumerate(seats[: len(room.seats)]):
                if kind != room.seats[p].kind:
                    room.set_seat(teacher, p, kind)
        if self.store is not None:  # last: a class kept is one whose tables are all kept
            self.store.insert_class(name, classroom.key, game, classroom.tables)
        self._watch()
        return classroom

    def get_class(self, name: str, key: str) -> Classroom:
        """The class called ``name`` if ``key`` is its teacher's; RoomError otherwise (the
        same sentence for both: a wrong key tells nothing about the class)."""
        found = None
        if NAME_PATTERN.fullmatch(name or ""):
            found = self._classes.get(name) or self._load_class(name)
        if found is None or not found.allows(key):
            raise RoomError(
                "There is no such class, or this is not its teacher's link: the link may be "
                "mistyped, or every table was closed."
            )
        return found

    def class_tables_by_name(self, name: str) -> tuple[str, list[str]]:
        """The game and the tables' room names of class ``name`` (what its projector view
        shows the class, no key needed: the same links the students are given); RoomError if
        there is no such class."""
        found = None
        if NAME_PATTERN.fullmatch(name or ""):
            found = self._classes.get(name) or self._load_class(name)
        if found is None:
            raise RoomError(
                "There is no such class: the link may be mistyped, or every table was closed."
            )
        return found.game, list(found.tables)

    def _load_class(self, name: str) -> Classroom | None:
        """The class ``name`` from the database (after a restart, or made by another
        process), now known to this process; or None."""
        kept = self.store.load_class(name) if self.store is not None else None
        if kept is None:
            return None
        key, game, tables = kept
        with self._lock:
            return self._classes.setdefault(name, Classroom(name, key, game, tables))

    def _held_or_kept(self, name: str) -> Room | None:
        """The room ``name`` if this process holds it or the database keeps it."""
        return self._rooms.get(name) or self._load(name)

    def class_tables(self, classroom: Classroom) -> list[Room | None]:
        """The class's tables, table 1 first (None: closed); looking keeps them open."""
        out = [self._held_or_kept(name) for name in classroom.tables]
        for room in out:
            if room is not None:
                room.touch()
        return out

    def teach(self, name: str, key: str, table: int, action: str, seat: int | None = None) -> None:
        """The teacher (holding ``key``) does ``action`` at table ``table`` (0-based) of class
        ``name``: pause, resume, reset (keeping or freeing the seats), free ``seat``, close
        (see :data:`~.classroom.TEACHER_ACTIONS`)."""
        classroom = self.get_class(name, key)
        if action not in TEACHER_ACTIONS:
            raise RoomError(f"{action!r} is not one of {', '.join(TEACHER_ACTIONS)}.")
        if not isinstance(table, int) or not 0 <= table < len(classroom.tables):
            raise RoomError(f"There is no table {table + 1}.")
        room = self._held_or_kept(classroom.tables[table])
        if room is None:
            raise RoomError(f"Table {table + 1} is closed.")
        if action == "close":
            if self.store is not None:  # for every process, and through a restart
                self.store.delete(room.name)
            self._remove(room.name)
        else:
            teach_table(room, action, seat)

    def _remove(self, name: str) -> None:
        with self._lock:
            room = self._rooms.pop(name, None)
            self._makers.pop(name, None)
            for cname, c in list(self._classes.items()):
                if not any(t in self._rooms for t in c.tables):
                    del self._classes[cname]
        if room is not None:
            room.close()

    def _room(self, name: str, model: Any, host: str, seated: bool = True) -> Room:
        return Room(
            name,
            model,
            host,
            scheduler=self.scheduler() if self.scheduler else None,
            max_viewers=self.max_viewers,
            seat_timeout=self.seat_timeout,
            seat_release=self.seat_release,
            clock=self.clock,
            seated=seated,
        )

    def _load(self, name: str) -> Room | None:
        """The room ``name`` from the database, now held by this process (or None)."""
        record = self.store.load(name) if self.store is not None else None
        if record is None:
            return None
        with self._lock:
            if name in self._rooms:  # another page of this process loaded it meanwhile
                return self._rooms[name]
            room = self._restore(record)
            if room is not None:
                self._rooms[name] = room
        self._watch()
        if room is not None:
            room.run_bots()  # a bot's turn left by a process that stopped
        return room

    def _restore(self, record: RoomRecord) -> Room | None:
        try:
            cls = model_class(record.game)
            keep = {k: v for k, v in record.options.items() if k in cls.param}
            model = cls(**{**keep, "seed": None})
            room = self._room(record.name, model, record.host)
            room.attach(self.store, record)
        except (RoomError, ValueError, TypeError) as err:  # a row this version cannot read
            _log.error("Room %s could not be restored: %s", record.name, err)
            return None
        return room

    def _watch(self) -> None:
        if self.store is not None and self._feed is None:
            with self._lock:
                if self._feed is None:
                    self._feed = RoomFeed(self)

    def held(self) -> dict[str, Room]:
        """The rooms this process holds now, by name."""
        return dict(self._rooms)

    def _check_limits(self, host: str, address: str | None, counts_as: str | None) -> None:
        """RoomError naming the limit a new room of ``host`` at ``address`` would pass."""
        # with a database: the rooms of every process used within the idle time
        count = len(self._rooms) if self.store is None else self.store.count(self.idle_timeout)
        if count >= self.max_rooms:
            raise RoomError(
                f"The server already has {self.max_rooms} rooms, its limit; try again "
                f"later (idle rooms are closed after {_duration(self.idle_timeout)})."
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

    def check_teacher(self, key: str | None, address: str | None) -> None:
        """RoomError unless ``key`` is the server's teacher's key, as making tables needs:
        what a class given a course needs too (:mod:`.course_class`)."""
        self._check_teacher(key, address)

    def _check_teacher(self, key: str | None, address: str | None) -> None:
        """RoomError unless ``key`` is the teacher's key (after :data:`WRONG_KEYS` wrong keys
        from one address within :data:`WRONG_KEY_SECONDS`, every key is refused a while)."""
        if self.teacher_key is None:
            return
        now = self.clock()
        with self._lock:
            tries = [t for t in self._wrong_keys.get(address, []) if now - t < WRONG_KEY_SECONDS]
            self._wrong_keys[address] = tries
        if len(tries) >= WRONG_KEYS:
            raise RoomError(
                f"{WRONG_KEYS} wrong teacher's keys from your network: try again in "
                f"{_duration(WRONG_KEY_SECONDS - (now - tries[0]))}."
            )
        try:
            check_key(self.teacher_key, key)
        except RoomError:
            if self.teacher_key:
                with self._lock:
                    self._wrong_keys.setdefault(address, []).append(now)
            raise

    def _check_tables(self, teacher: str, tables: int) -> None:
        """RoomError if ``teacher``'s browser would have more than ``tables_per_teacher``."""
        held = sum(
            1
            for name, (token, _, unit) in self._makers.items()
            if token == teacher and unit != name and name in self._rooms
        )
        if held + tables > self.tables_per_teacher:
            raise RoomError(
                f"This browser already has {held} open tables; with {tables} more it would "
                f"pass its limit of {self.tables_per_teacher}. Close a class's tables first."
            )

    def get(self, name: str, game: str | None = None) -> Room:
        """The room called ``name`` (of ``game``, if given); RoomError with a sentence if there
        is none."""
        room = None
        if NAME_PATTERN.fullmatch(name or ""):
            room = self._rooms.get(name) or self._load(name)
        if room is None:
            idle = self.idle_timeout if self.store is None else self.keep_for
            raise RoomError(
                "There is no such room: the link may be mistyped, or the room was closed after "
                f"{_duration(idle)} without anyone looking at it."
            )
        if game is not None and room.game != game:
            raise RoomError(f"That room plays {room.model.title}, not this page's game.")
        room.touch()
        return room

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
                room.run_bots()  # a bot whose lease another process let expire
        if self.store is not None:
            self.store.touch(n for n, r in self._rooms.items() if not r.is_idle)
            for name in self.store.expire(self.keep_for):
                gone = self._rooms.pop(name, None)
                if gone is not None:
                    gone.close()
        return removed

    def take_changes(self, versions: dict[str, int] | None = None) -> list[str]:
        """Take every room held here whose row another process changed (``versions``: the
        rows' versions, read now if not given); returns their names."""
        held = self.held()
        if versions is None and self.store is not None:
            versions = self.store.versions(held) if held else {}
            for name in held.keys() - versions.keys():  # removed by another process
                self._remove(name)
        taken = []
        for name, version in (versions or {}).items():
            room = held.get(name)
            if room is not None and version > room.version and room.refresh():
                taken.append(name)
        return taken

    def close_all(self) -> None:
        """Remove every room (tests; a server shutting down)."""
        with self._lock:
            rooms, self._rooms = list(self._rooms.values()), {}
            self._classes.clear()
            self._makers.clear()
            feed, self._feed = self._feed, None
        if feed is not None:
            feed.stop()
        for room in rooms:
            room.close()


def _duration(seconds: float) -> str:
    """'30 minutes', '7 days'.

    >>> _duration(1800), _duration(7 * 24 * 3600)
    ('30 minutes', '7 days')
    """
    if seconds >= 2 * 24 * 3600:
        return f"{seconds / 86400:g} days"
    if seconds >= 2 * 3600:
        return f"{seconds / 3600:g} hours"
    return f"{seconds / 60:g} minutes"


class RoomFeed:
    """A daemon thread that brings every change another process writes to a room held by
    ``registry`` into it (each room's pages are then told as for a change made here)."""

    def __init__(self, registry: RoomRegistry):
        self.registry = registry
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="cole-room-feed", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def _run(self) -> None:
        store = self.registry.store
        while not self._stop.is_set():
            try:
                if store.database.is_sqlite:
                    self._poll()
                else:
                    self._listen()
            except Exception:  # the database away for a moment: try again, never die
                _log.exception("The rooms' feed lost the database; trying again")
                self._stop.wait(1.0)

    def _poll(self) -> None:
        while not self._stop.wait(POLL_SECONDS):
            self.registry.take_changes()

    def _listen(self) -> None:
        self.registry.take_changes()  # what was missed while not listening
        for name, version in self.registry.store.database.listen(LISTEN_SECONDS):
            if self._stop.is_set():
                return
            if name and version:  # (version 0: a room removed)
                with contextlib.suppress(RoomError):
                    self.registry.take_changes({name: version})
            else:
                self.registry.take_changes()


_shared: list[RoomRegistry] = []
_shared_lock = threading.Lock()


def configure(**limits: Any) -> RoomRegistry:
    """Make the process-wide registry with other ``limits`` (``max_rooms``, ``max_viewers``,
    ``rooms_per_browser``, ``rooms_per_address``, ``idle_timeout``, ``seat_timeout``, ``seat_release``); call it from ``panel serve --setup`` before the first
    page opens.  Returns it."""
    with _shared_lock:
        if _shared:
            raise RuntimeError("The rooms' registry is already in use; configure it at setup.")
        limits.setdefault("teacher_key", server_key())
        _shared.append(
            RoomRegistry(scheduler=PoolScheduler.for_current_loop, store=_store(), **limits)
        )
        return _shared[0]


def _store() -> RoomStore:
    from ..core.database import shared_database

    server_loop()  # remembered now, on the loop of the first page
    return RoomStore(shared_database())


def shared_registry() -> RoomRegistry:
    """The process-wide registry (made on first use; see the module docstring)."""
    with _shared_lock:
        if not _shared:
            _shared.append(
                RoomRegistry(
                    scheduler=PoolScheduler.for_current_loop,
                    store=_store(),
                    teacher_key=server_key(),
                )
            )
        return _shared[0]
