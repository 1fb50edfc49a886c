"""The server's one database: rooms, classes, kept games, finished games and bot leases.

SQLite is the embedded default: the file ``cole-panel.sqlite3`` in the data folder
(``$COLE_DATA_DIR``, else the user's data directory from ``platformdirs``, e.g.
``~/.local/share/cole-panel``; never a temporary folder), in WAL mode so that readers never
wait for a writer and several processes of one machine share it.  ``$COLE_DATABASE_URL``
(``postgresql://user@host:port/db``) puts everything in PostgreSQL instead, for several
machines; its ``LISTEN/NOTIFY`` then tells every process at once that a room changed.  Both go
through SQLAlchemy Core 2 (psycopg 3 for PostgreSQL): one small interface, :class:`Database`.

The schema is versioned: :data:`MIGRATIONS` lists every change since the first, each a few
portable SQL statements; opening a database applies those it lacks, in one transaction, and
the table ``cole_schema`` holds the version reached.  Every write is one transaction
(:meth:`Database.writing`); on SQLite it begins ``IMMEDIATE`` (the write lock is taken first,
so a read-then-write never fails half way with "database is locked").

>>> import tempfile
>>> db = Database.in_folder(tempfile.mkdtemp())
>>> db.schema_version() == len(MIGRATIONS), db.is_sqlite
(True, True)
>>> db.take_lease("bot:room", "process-a", seconds=10), db.take_lease("bot:room", "process-b")
(True, False)
"""

from __future__ import annotations

import hashlib
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import platformdirs
from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    Engine,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError

__all__ = [
    "CHANNEL",
    "MIGRATIONS",
    "Database",
    "class_students",
    "classes",
    "course_classes",
    "data_dir",
    "database_url",
    "finished_games",
    "kept_games",
    "leases",
    "rooms",
    "shared_database",
]

DATA_DIR_VARIABLE = "COLE_DATA_DIR"
URL_VARIABLE = "COLE_DATABASE_URL"
FILE_NAME = "cole-panel.sqlite3"
CHANNEL = "cole_rooms"
"""The PostgreSQL channel on which a room's change is announced (payload ``"<name> <version>"``)."""


def data_dir() -> Path:
    """``$COLE_DATA_DIR``, else the user's data directory for cole-panel (XDG on Linux)."""
    return Path(os.environ.get(DATA_DIR_VARIABLE) or platformdirs.user_data_dir("cole-panel"))


def database_url() -> str:
    """``$COLE_DATABASE_URL``, else the SQLite file in :func:`data_dir`."""
    return os.environ.get(URL_VARIABLE) or f"sqlite:///{data_dir() / FILE_NAME}"


MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (  # 1: rooms, kept games, finished games, leases
        "CREATE TABLE rooms (name VARCHAR(64) PRIMARY KEY, game VARCHAR(32) NOT NULL,"
        " host VARCHAR(64) NOT NULL, save TEXT NOT NULL, seats TEXT NOT NULL,"
        " votes TEXT NOT NULL, options TEXT NOT NULL, message TEXT NOT NULL,"
        " message_is_error BOOLEAN NOT NULL, class_name VARCHAR(64), table_number INTEGER,"
        " version INTEGER NOT NULL, created DOUBLE PRECISION NOT NULL,"
        " touched DOUBLE PRECISION NOT NULL)",
        "CREATE INDEX rooms_class ON rooms (class_name)",
        "CREATE TABLE kept_games (key VARCHAR(64) PRIMARY KEY, game TEXT NOT NULL,"
        " written DOUBLE PRECISION NOT NULL)",
        "CREATE TABLE finished_games (key VARCHAR(64) PRIMARY KEY, source VARCHAR(64) NOT NULL,"
        " app VARCHAR(32) NOT NULL, save TEXT NOT NULL, finished DOUBLE PRECISION NOT NULL)",
        "CREATE TABLE leases (name VARCHAR(96) PRIMARY KEY, holder VARCHAR(96) NOT NULL,"
        " expires DOUBLE PRECISION NOT NULL)",
    ),
    (  # 2: what a teacher's class needs back after a restart
        "ALTER TABLE rooms ADD COLUMN paused BOOLEAN NOT NULL DEFAULT FALSE",
        "ALTER TABLE rooms ADD COLUMN names TEXT NOT NULL DEFAULT '{}'",
        "CREATE TABLE classes (name VARCHAR(64) PRIMARY KEY, teacher_key VARCHAR(64) NOT NULL,"
        " game VARCHAR(32) NOT NULL, tables TEXT NOT NULL, created DOUBLE PRECISION NOT NULL)",
    ),
    (  # 3: a class given a course or a puzzle set: the class, each student's name and results
        "CREATE TABLE course_classes (name VARCHAR(64) PRIMARY KEY,"
        " teacher_key VARCHAR(64) NOT NULL, game VARCHAR(32) NOT NULL,"
        " kind VARCHAR(16) NOT NULL, created DOUBLE PRECISION NOT NULL)",
        "CREATE TABLE class_students (class_name VARCHAR(64) NOT NULL,"
        " student VARCHAR(64) NOT NULL, name VARCHAR(64) NOT NULL, stages TEXT NOT NULL,"
        " puzzles TEXT NOT NULL, written DOUBLE PRECISION NOT NULL,"
        " PRIMARY KEY (class_name, student))",
    ),
)
"""Every schema change, in order: migration ``n`` (1-based) takes a database from version
``n - 1`` to ``n``.  Add a change by appending a tuple; never edit one already released."""

metadata = MetaData()
rooms = Table(
    "rooms",
    metadata,
    Column("name", String(64), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("host", String(64), nullable=False),
    Column("save", Text, nullable=False, doc="The game as its save file."),
    Column("seats", Text, nullable=False, doc="JSON: kind, owner, name, away, taken_over."),
    Column("votes", Text, nullable=False, doc="JSON: the tokens that asked to undo."),
    Column("options", Text, nullable=False, doc="JSON: the room's rule options."),
    Column("message", Text, nullable=False),
    Column("message_is_error", Boolean, nullable=False),
    Column("class_name", String(64), doc="The class the room is a table of (or NULL)."),
    Column("table_number", Integer, doc="Its number in that class."),
    Column("version", Integer, nullable=False, doc="Raised by one at every change."),
    Column("created", Float, nullable=False),
    Column("touched", Float, nullable=False, doc="Last written or looked at (epoch s)."),
    Column("paused", Boolean, nullable=False, doc="Whether the teacher paused the table."),
    Column("names", Text, nullable=False, doc="JSON: the name each browser typed, by token."),
)
classes = Table(
    "classes",
    metadata,
    Column("name", String(64), primary_key=True, doc="The class's name, in every class link."),
    Column("teacher_key", String(64), nullable=False, doc="In the teacher's link only."),
    Column("game", String(32), nullable=False),
    Column("tables", Text, nullable=False, doc="JSON: its tables' room names, table 1 first."),
    Column("created", Float, nullable=False),
)
course_classes = Table(
    "course_classes",
    metadata,
    Column("name", String(64), primary_key=True, doc="In the students' link and the teacher's."),
    Column("teacher_key", String(64), nullable=False, doc="In the teacher's link only."),
    Column("game", String(32), nullable=False, doc="The game whose course or puzzles it has."),
    Column("kind", String(16), nullable=False, doc="'course' or 'puzzles'."),
    Column("created", Float, nullable=False),
)
class_students = Table(
    "class_students",
    metadata,
    Column("class_name", String(64), primary_key=True),
    Column("student", String(64), primary_key=True, doc="Hash of the class and the browser token."),
    Column("name", String(64), nullable=False, doc="The name the student typed (cleaned)."),
    Column("stages", Text, nullable=False, doc="JSON: stage id -> the most stars won (1-3)."),
    Column("puzzles", Text, nullable=False, doc="JSON: the ids of the puzzles solved, sorted."),
    Column("written", Float, nullable=False),
)
kept_games = Table(
    "kept_games",
    metadata,
    Column("key", String(64), primary_key=True),
    Column("game", Text, nullable=False),
    Column("written", Float, nullable=False),
)
finished_games = Table(
    "finished_games",
    metadata,
    Column("key", String(64), primary_key=True, doc="Hash of the source and the save."),
    Column("source", String(64), nullable=False, doc="The room's name, or a kept game's key."),
    Column("app", String(32), nullable=False),
    Column("save", Text, nullable=False),
    Column("finished", Float, nullable=False),
)
leases = Table(
    "leases",
    metadata,
    Column("name", String(96), primary_key=True),
    Column("holder", String(96), nullable=False),
    Column("expires", Float, nullable=False),
)


def _engine(url: str) -> Engine:
    parsed = make_url(url)
    if parsed.get_backend_name() == "postgresql":
        return create_engine(parsed.set(drivername="postgresql+psycopg"), pool_pre_ping=True)
    if parsed.get_backend_name() != "sqlite":
        raise ValueError(f"COLE_DATABASE_URL must be postgresql:// or sqlite:///, not {url!r}.")
    if parsed.database:
        Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(parsed, connect_args={"timeout": 30})

    @event.listens_for(engine, "connect")
    def _connected(dbapi_connection, _record):  # noqa: ANN001 - SQLAlchemy's hook
        dbapi_connection.isolation_level = None  # we say BEGIN ourselves (below)
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")  # WAL: durable through a process kill
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection):  # noqa: ANN001
        writing = connection.get_execution_options().get("cole_write", False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if writing else "BEGIN")

    return engine


class Database:
    """One database (see the module docstring); safe to share between threads."""

    def __init__(self, url: str, clock: Callable[[], float] = time.time):
        self.url = url
        self.engine = _engine(url)
        self.is_sqlite = self.engine.dialect.name == "sqlite"
        self.clock = clock
        self.migrate()

    @classmethod
    def in_folder(cls, folder: str | Path) -> Database:
        """The SQLite database of data folder ``folder``."""
        return cls(f"sqlite:///{Path(folder) / FILE_NAME}")

    def __repr__(self) -> str:
        return f"Database({self.engine.url.render_as_string(hide_password=True)!r})"

    @contextmanager
    def writing(self) -> Iterator[Connection]:
        """One write transaction: committed at the end of the block, rolled back on error."""
        with self.engine.connect() as conn:
            conn.execution_options(cole_write=True)
            with conn.begin():
                yield conn

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        """A read-only transaction."""
        with self.engine.connect() as conn, conn.begin():
            yield conn

    def migrate(self) -> int:
        """Apply the migrations this database lacks (one transaction); returns its version."""
        with self.writing() as conn:
            conn.execute(text("CREATE TABLE IF NOT EXISTS cole_schema (version INTEGER NOT NULL)"))
            if not self.is_sqlite:  # two processes starting at once: one migrates
                conn.execute(text("LOCK TABLE cole_schema IN EXCLUSIVE MODE"))
            found = conn.execute(text("SELECT version FROM cole_schema")).scalar()
            if found is None:
                conn.execute(text("INSERT INTO cole_schema (version) VALUES (0)"))
                found = 0
            if found > len(MIGRATIONS):
                raise RuntimeError(
                    f"The database is at schema version {found}, newer than this program "
                    f"({len(MIGRATIONS)}): update cole-panel before using it."
                )
            for statements in MIGRATIONS[found:]:
                for statement in statements:
                    conn.execute(text(statement))
            conn.execute(text("UPDATE cole_schema SET version = :v"), {"v": len(MIGRATIONS)})
        return len(MIGRATIONS)

    def schema_version(self) -> int:
        with self.reading() as conn:
            return conn.execute(text("SELECT version FROM cole_schema")).scalar_one()

    # ------------------------------------------------------------------ announcing changes
    def announce(self, conn: Connection, name: str, version: int) -> None:
        """Tell every process listening that room ``name`` reached ``version`` (PostgreSQL:
        sent when ``conn``'s transaction commits; SQLite: the processes poll instead)."""
        if not self.is_sqlite:
            conn.execute(text("SELECT pg_notify(:c, :p)"), {"c": CHANNEL, "p": f"{name} {version}"})

    def listen(self, timeout: float) -> Iterator[tuple[str, int]]:
        """PostgreSQL only: ``(room name, version)`` of every change announced, forever;
        yields ``("", 0)`` after ``timeout`` seconds without one (the caller's chance to poll
        or stop)."""
        import psycopg

        conninfo = self.engine.url.set(drivername="postgresql").render_as_string(False)
        with psycopg.connect(conninfo, autocommit=True) as conn:
            conn.execute(f"LISTEN {CHANNEL}")
            while True:
                got = False
                for note in conn.notifies(timeout=timeout, stop_after=1):
                    name, _, version = note.payload.partition(" ")
                    got = True
                    yield name, int(version) if version.isdigit() else 0
                if not got:
                    yield "", 0

    # ------------------------------------------------------------------ leases
    def take_lease(
        self,
        name: str,
        holder: str,
        seconds: float = 20.0,
        unless: Callable[[Connection], bool] | None = None,
    ) -> bool:
        """Hold ``name`` for ``seconds`` if nobody else holds it (or their hold expired), and
        ``unless(conn)`` (checked in the same transaction) is not true."""
        now = self.clock()
        try:
            with self.writing() as conn:
                if unless is not None and unless(conn):
                    return False
                row = conn.execute(
                    select(leases.c.holder, leases.c.expires)
                    .where(leases.c.name == name)
                    .with_for_update()
                ).first()
                values = {"holder": holder, "expires": now + seconds}
                if row is None:
                    conn.execute(insert(leases).values(name=name, **values))
                elif row.holder == holder or row.expires <= now:
                    conn.execute(update(leases).where(leases.c.name == name).values(values))
                else:
                    return False
        except IntegrityError:  # another process inserted the same lease first
            return False
        return True

    def release_lease(self, name: str, holder: str, conn: Connection | None = None) -> None:
        """Give ``name`` back (if ``holder`` holds it)."""
        gone = delete(leases).where(leases.c.name == name, leases.c.holder == holder)
        if conn is not None:
            conn.execute(gone)
            return
        with self.writing() as conn:
            conn.execute(gone)

    # ------------------------------------------------------------------ finished games
    def keep_finished(self, conn: Connection, source: str, app: str, save: str) -> bool:
        """Keep a finished game once (a second call with the same game does nothing)."""
        key = hashlib.sha256(f"{source}\n{save}".encode()).hexdigest()[:40]
        if conn.execute(select(finished_games.c.key).where(finished_games.c.key == key)).first():
            return False
        conn.execute(
            insert(finished_games).values(
                key=key, source=source[:64], app=app[:32], save=save, finished=self.clock()
            )
        )
        return True

    def finished(self, app: str | None = None) -> list[str]:
        """The saves of the finished games kept (of ``app``), oldest first."""
        query = select(finished_games.c.save).order_by(finished_games.c.finished)
        if app is not None:
            query = query.where(finished_games.c.app == app)
        with self.reading() as conn:
            return list(conn.execute(query).scalars())

    def close(self) -> None:
        self.engine.dispose()


_shared: list[Database] = []
_shared_lock = threading.Lock()


def shared_database() -> Database:
    """The process's database, from ``$COLE_DATABASE_URL`` / ``$COLE_DATA_DIR`` (made on first
    use)."""
    with _shared_lock:
        if not _shared:
            _shared.append(Database(database_url()))
        return _shared[0]
