"""A small, bounded store of games in progress, so a reload or a server restart brings a
visitor back to their game.

Each game is a save file (the model's ``save()`` JSON, with the page's address) under a key
made from a browser's random token and the app's name; the key kept is a hash of both, so
nothing a visitor sends becomes a name in the database.  The games live in the server's
database (:mod:`cole_panel.core.database`: SQLite in the data folder, or PostgreSQL), kept at
most ``max_games`` (the least recently written go first), a save over ``max_bytes`` refused
and games not written for ``max_age`` seconds forgotten.  A game that has ended is also kept
among the finished games (:meth:`GameStore.finish`).

>>> import tempfile
>>> from cole_panel.core.database import Database
>>> store = GameStore(Database.in_folder(tempfile.mkdtemp()), max_games=2)
>>> store.put("token-a", "go", '{"moves": []}')
True
>>> store.get("token-a", "go"), store.get("token-b", "go")
('{"moves": []}', None)
"""

from __future__ import annotations

import hashlib

from sqlalchemy import delete, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import SQLAlchemyError

from .database import Database, kept_games, shared_database

__all__ = ["GameStore"]


def _upsert(db: Database, key: str, text: str, now: float):
    """``INSERT ... ON CONFLICT (key) DO UPDATE``: one statement, whoever writes first."""
    dialect = sqlite if db.is_sqlite else postgresql
    statement = dialect.insert(kept_games).values(key=key, game=text, written=now)
    return statement.on_conflict_do_update(
        index_elements=[kept_games.c.key], set_={"game": text, "written": now}
    )


class GameStore:
    """Games in progress, one row per (browser token, app)."""

    def __init__(
        self,
        database: Database | None = None,
        max_games: int = 500,
        max_bytes: int = 1_000_000,
        max_age: float = 7 * 24 * 3600,
    ):
        self._db = database
        self.max_games = max_games
        self.max_bytes = max_bytes
        self.max_age = max_age
        self._writes = 0

    @property
    def database(self) -> Database:
        """The database the games are kept in (the process's, unless one was given)."""
        if self._db is None:
            self._db = shared_database()
        return self._db

    @staticmethod
    def key(token: str, app: str) -> str:
        """The row's key: a hash of the browser's token and the app."""
        return hashlib.sha256(f"{app}\n{token}".encode()).hexdigest()[:40]

    def get(self, token: str, app: str) -> str | None:
        """The stored game, or None (none, too old, too big, the database unreachable)."""
        db = self.database
        query = select(kept_games.c.game, kept_games.c.written).where(
            kept_games.c.key == self.key(token, app)
        )
        try:
            with db.reading() as conn:
                row = conn.execute(query).first()
        except SQLAlchemyError:
            return None
        if row is None or db.clock() - row.written > self.max_age:
            return None
        return row.game if len(row.game.encode("utf-8")) <= self.max_bytes else None

    def put(self, token: str, app: str, text: str) -> bool:
        """Keep ``text`` as this browser's game of ``app``; False if too big or unwritable."""
        if len(text.encode("utf-8")) > self.max_bytes:
            return False
        db = self.database
        try:
            with db.writing() as conn:
                conn.execute(_upsert(db, self.key(token, app), text, db.clock()))
        except SQLAlchemyError:
            return False
        self._writes += 1
        if self._writes % 20 == 1:
            self.prune()
        return True

    def finish(self, token: str, app: str, save: str) -> bool:
        """Keep ``save``, a game that has ended, among the finished games (once)."""
        db = self.database
        try:
            with db.writing() as conn:
                return db.keep_finished(conn, self.key(token, app), app, save)
        except SQLAlchemyError:
            return False

    def forget(self, token: str, app: str) -> None:
        """Drop this browser's game of ``app``."""
        with self.database.writing() as conn:
            conn.execute(delete(kept_games).where(kept_games.c.key == self.key(token, app)))

    def touch(self, token: str, app: str, when: float) -> None:
        """Set when the game was last written (tests; an import keeping the old time)."""
        with self.database.writing() as conn:
            conn.execute(
                update(kept_games)
                .where(kept_games.c.key == self.key(token, app))
                .values(written=when)
            )

    def prune(self) -> int:
        """Delete games too old and the oldest beyond ``max_games``; returns how many went."""
        db = self.database
        try:
            with db.writing() as conn:
                old = conn.execute(
                    delete(kept_games).where(kept_games.c.written < db.clock() - self.max_age)
                ).rowcount
                count = conn.execute(select(func.count()).select_from(kept_games)).scalar_one()
                extra = max(0, count - self.max_games)
                if extra:
                    doomed = (
                        select(kept_games.c.key).order_by(kept_games.c.written).limit(extra)
                    ).scalar_subquery()
                    conn.execute(delete(kept_games).where(kept_games.c.key.in_(doomed)))
        except SQLAlchemyError:
            return 0
        return old + extra
