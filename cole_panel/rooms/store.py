"""Rooms in the database: one row per room, shared by every process serving it.

A :class:`RoomRecord` is everything a room is besides its pages: the game as its save text,
the seats (kind, owner's token, name, away, taken over by a bot), the undo votes, the rule
options, the last message, the class and table it belongs to, whether the teacher paused it,
the names typed by the people not seated (and kept for a seat they take later), and a
*version* raised by one at every change.  :class:`RoomStore` reads and writes them
(:mod:`cole_panel.core.database`), and a teacher's classes: each one's name, key, game and
tables, so that the teacher's page comes back after a restart.

A change is made inside :meth:`RoomStore.changing`: the room's row is locked (SQLite: the
write lock; PostgreSQL: ``SELECT ... FOR UPDATE``), the process checks that its copy is the
latest version (else takes the row first), applies the request with the ordinary
:class:`~cole_panel.rooms.room.Room` method and writes the row back with the next version,
all in one transaction.  So two processes never apply two moves to the same position; the
other processes hear of the new version (PostgreSQL ``NOTIFY``, or a poll of the versions on
SQLite: :class:`~cole_panel.rooms.registry.RoomFeed`) and take the row.

>>> import tempfile
>>> from cole_panel.core.database import Database
>>> store = RoomStore(Database.in_folder(tempfile.mkdtemp()))
>>> store.insert(RoomRecord("r" * 22, "go", "h" * 22, "{}", ({"kind": "Human"},)))
>>> store.load("r" * 22).version, store.versions(["r" * 22, "x" * 22])
(1, {'rrrrrrrrrrrrrrrrrrrrrr': 1})
"""

from __future__ import annotations

import json
import os
import secrets
import socket
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy import Connection, delete, func, insert, select, update

from ..core.database import Database, classes, leases, rooms

__all__ = ["NAMES_KEPT", "RoomRecord", "RoomStore", "plain_options", "with_name"]

NAMES_KEPT = 64
"""The most typed names a room keeps (a browser may come back with a new token each time)."""


@dataclass(frozen=True)
class RoomRecord:
    """One room as the database holds it."""

    name: str
    game: str
    host: str
    save: str
    """The game as its save file (every hand and the draw pile: it never leaves the server)."""
    seats: tuple[dict[str, Any], ...]
    """Each seat's ``kind``, ``owner`` (a browser token or None), ``name``, ``away`` and
    ``taken_over``."""
    votes: tuple[str, ...] = ()
    """The browser tokens that asked to undo the last move."""
    options: dict[str, Any] = field(default_factory=dict)
    """The room's rule options (the next new game's)."""
    message: str = ""
    message_is_error: bool = False
    class_name: str | None = None
    """The class this room is a table of, if any."""
    table_number: int | None = None
    paused: bool = False
    """Whether the teacher paused the table (no move, no bot)."""
    names: dict[str, str] = field(default_factory=dict)
    """The name each browser typed, by its token (seated or not)."""
    version: int = 1

    def same_room_as(self, other: RoomRecord | None) -> bool:
        """Whether ``other`` holds the same room (its version aside)."""
        return other is not None and replace(other, version=self.version) == self


def plain_options(options: dict[str, Any]) -> dict[str, Any]:
    """The options that survive JSON as they are (tuples come back as lists).

    >>> plain_options({"players": 3, "rng": object(), "points": (0, 1)})
    {'players': 3, 'points': (0, 1)}
    """
    out = {}
    for name, value in options.items():
        try:
            json.dumps(value)
        except (TypeError, ValueError):
            continue
        out[name] = value
    return out


def with_name(names: dict[str, str], token: str, name: str) -> dict[str, str]:
    """``names`` with browser ``token`` called ``name``, the newest; the oldest go first past
    :data:`NAMES_KEPT`.

    >>> with_name({"a": "Ada", "b": "Ben"}, "a", "Ann")
    {'b': 'Ben', 'a': 'Ann'}
    """
    kept = [(t, n) for t, n in names.items() if t != token][1 - NAMES_KEPT :]
    return dict([*kept, (token, name)])


def _row(record: RoomRecord) -> dict[str, Any]:
    return {
        "name": record.name,
        "game": record.game,
        "host": record.host,
        "save": record.save,
        "seats": json.dumps(list(record.seats)),
        "votes": json.dumps(sorted(record.votes)),
        "options": json.dumps(record.options, sort_keys=True),
        "message": record.message,
        "message_is_error": record.message_is_error,
        "class_name": record.class_name,
        "table_number": record.table_number,
        "paused": record.paused,
        "names": json.dumps(record.names, sort_keys=True),
        "version": record.version,
    }


def _record(row: Any) -> RoomRecord:
    return RoomRecord(
        name=row.name,
        game=row.game,
        host=row.host,
        save=row.save,
        seats=tuple(json.loads(row.seats)),
        votes=tuple(json.loads(row.votes)),
        options=json.loads(row.options),
        message=row.message,
        message_is_error=bool(row.message_is_error),
        class_name=row.class_name,
        table_number=row.table_number,
        paused=bool(row.paused),
        names=json.loads(row.names),
        version=row.version,
    )


def _forget_empty_classes(conn: Connection) -> None:
    """Remove the classes none of whose tables is left."""
    held = select(rooms.c.class_name).where(rooms.c.class_name.is_not(None))
    conn.execute(delete(classes).where(classes.c.name.not_in(held)))


class Change:
    """A room's row, locked for one change (see :meth:`RoomStore.changing`)."""

    def __init__(self, store: RoomStore, conn: Connection, name: str, version: int | None):
        self.store, self.conn, self.name = store, conn, name
        self.version = version
        """The row's version now (None: the room is no longer in the database)."""

    def current(self) -> RoomRecord | None:
        """The row as it is (read in the change's transaction)."""
        row = self.conn.execute(select(rooms).where(rooms.c.name == self.name)).first()
        return None if row is None else _record(row)

    def write(self, record: RoomRecord) -> int:
        """Write ``record`` as the next version; returns that version."""
        version = (self.version or 0) + 1
        now = self.store.database.clock()
        values = {**_row(record), "version": version, "touched": now}
        self.conn.execute(update(rooms).where(rooms.c.name == self.name).values(values))
        self.store.database.announce(self.conn, self.name, version)
        self.version = version
        return version

    def keep_finished(self, app: str, save: str) -> None:
        """Keep the room's game, just ended, among the finished games."""
        self.store.database.keep_finished(self.conn, self.name, app, save)

    def release_bots(self) -> None:
        """Give back this process's lease on the room's bots (its move is being written)."""
        self.store.database.release_lease(
            self.store.bot_lease(self.name), self.store.holder, self.conn
        )


class RoomStore:
    """The rooms of a database (see the module docstring)."""

    def __init__(self, database: Database, holder: str | None = None):
        self.database = database
        self.holder = holder or f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
        """Who this process is, in the leases it takes."""

    def insert(self, record: RoomRecord) -> None:
        """Keep a new room (its version 1)."""
        now = self.database.clock()
        row = {**_row(record), "version": 1, "created": now, "touched": now}
        with self.database.writing() as conn:
            conn.execute(insert(rooms).values(row))
            self.database.announce(conn, record.name, 1)

    def load(self, name: str) -> RoomRecord | None:
        """The room called ``name``, or None."""
        with self.database.reading() as conn:
            row = conn.execute(select(rooms).where(rooms.c.name == name)).first()
        return None if row is None else _record(row)

    def versions(self, names: Iterable[str]) -> dict[str, int]:
        """The version of each of ``names`` still in the database."""
        names = list(names)
        if not names:
            return {}
        query = select(rooms.c.name, rooms.c.version).where(rooms.c.name.in_(names))
        with self.database.reading() as conn:
            return {row.name: row.version for row in conn.execute(query)}

    @contextmanager
    def changing(self, name: str) -> Iterator[Change]:
        """Lock room ``name``'s row for one change (see the module docstring)."""
        with self.database.writing() as conn:
            version = conn.execute(
                select(rooms.c.version).where(rooms.c.name == name).with_for_update()
            ).scalar()
            yield Change(self, conn, name, version)

    def count(self, within: float = float("inf")) -> int:
        """How many rooms the database holds that were used ``within`` seconds."""
        query = select(func.count()).select_from(rooms)
        if within != float("inf"):
            query = query.where(rooms.c.touched >= self.database.clock() - within)
        with self.database.reading() as conn:
            return conn.execute(query).scalar_one()

    def touch(self, names: Iterable[str]) -> None:
        """Rooms with pages open: not idle (their ``touched`` time is now)."""
        names = list(names)
        if names:
            with self.database.writing() as conn:
                conn.execute(
                    update(rooms)
                    .where(rooms.c.name.in_(names))
                    .values(touched=self.database.clock())
                )

    def expire(self, idle: float) -> list[str]:
        """Remove the rooms nobody has used for ``idle`` seconds (and the classes left with
        no table); returns their names."""
        cutoff = self.database.clock() - idle
        with self.database.writing() as conn:
            names = list(
                conn.execute(select(rooms.c.name).where(rooms.c.touched < cutoff)).scalars()
            )
            if names:
                conn.execute(delete(rooms).where(rooms.c.name.in_(names)))
                _forget_empty_classes(conn)
            conn.execute(delete(leases).where(leases.c.expires < self.database.clock()))
        return names

    def delete(self, name: str) -> None:
        """Remove room ``name`` (a teacher closed the table), and its class if that was its
        last table, in one transaction; the other processes drop it at their next look."""
        with self.database.writing() as conn:
            conn.execute(delete(rooms).where(rooms.c.name == name))
            _forget_empty_classes(conn)
            self.database.announce(conn, name, 0)

    # ------------------------------------------------------------------ a teacher's classes
    def insert_class(self, name: str, key: str, game: str, tables: list[str]) -> None:
        """Keep the class ``name`` (its tables already kept, table 1 first)."""
        row = {"name": name, "teacher_key": key, "game": game, "tables": json.dumps(tables)}
        with self.database.writing() as conn:
            conn.execute(insert(classes).values({**row, "created": self.database.clock()}))

    def load_class(self, name: str) -> tuple[str, str, list[str]] | None:
        """The class ``name``'s key, game and table names, or None."""
        query = select(classes).where(classes.c.name == name)
        with self.database.reading() as conn:
            row = conn.execute(query).first()
        return None if row is None else (row.teacher_key, row.game, json.loads(row.tables))

    @staticmethod
    def bot_lease(name: str) -> str:
        return f"bots:{name}"

    def take_bots(self, name: str, version: int, seconds: float = 20.0) -> bool:
        """Whether this process may run room ``name``'s bots now, its copy being ``version``
        (it then holds the lease for ``seconds``, given back when a move is written).  A
        process whose copy is older gets no lease: it will hear of the newer one."""

        def stale(conn: Connection) -> bool:
            # the row locked: a move being written meanwhile is waited for, then seen
            query = select(rooms.c.version).where(rooms.c.name == name).with_for_update()
            now = conn.execute(query).scalar()
            return now != version

        return self.database.take_lease(self.bot_lease(name), self.holder, seconds, stale)
