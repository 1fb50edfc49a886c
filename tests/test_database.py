"""The server's database: its schema reached by migrations, once, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from sqlalchemy import inspect, text

from cole_panel.core.database import MIGRATIONS, Database, metadata


def test_a_new_database_gets_every_table_by_migration_and_only_once(database_url):
    db = Database(database_url)
    assert db.schema_version() == len(MIGRATIONS)
    tables = inspect(db.engine)
    for table in metadata.tables.values():  # the queries' tables are what the migrations made
        columns = {c["name"] for c in tables.get_columns(table.name)}
        assert columns == {c.name for c in table.columns}, table.name
    again = Database(database_url)  # a second process (or a restart) opening it
    assert again.schema_version() == len(MIGRATIONS)
    with again.writing() as conn:
        conn.execute(text("UPDATE cole_schema SET version = :v"), {"v": len(MIGRATIONS) + 1})
    with pytest.raises(RuntimeError, match="newer than this program"):
        Database(database_url)


def test_sqlite_is_in_wal_mode_in_the_data_folder_and_a_failed_write_leaves_nothing(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("COLE_DATA_DIR", str(tmp_path / "data"))
    from cole_panel.core.database import database_url

    db = Database(database_url())
    assert (tmp_path / "data" / "cole-panel.sqlite3").exists()
    with db.reading() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
    with pytest.raises(ZeroDivisionError), db.writing() as conn:
        conn.execute(text("INSERT INTO leases VALUES ('x', 'me', 1.0)"))
        raise ZeroDivisionError
    with db.reading() as conn:
        assert conn.execute(text("SELECT count(*) FROM leases")).scalar() == 0


def test_the_default_data_folder_is_the_users_not_a_temporary_one(monkeypatch, tmp_path):
    from cole_panel.core.database import data_dir

    monkeypatch.delenv("COLE_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "cole-panel"


def test_a_database_of_schema_1_keeps_its_rooms_through_the_migrations(database_url):
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    from cole_panel.rooms.store import RoomStore

    url = make_url(database_url)
    if url.get_backend_name() == "postgresql":
        url = url.set(drivername="postgresql+psycopg")
    old = create_engine(url)  # what a server of schema 1 left behind
    with old.begin() as conn:
        conn.execute(text("CREATE TABLE cole_schema (version INTEGER NOT NULL)"))
        conn.execute(text("INSERT INTO cole_schema (version) VALUES (1)"))
        for statement in MIGRATIONS[0]:
            conn.execute(text(statement))
        conn.execute(
            text(
                "INSERT INTO rooms VALUES ('r', 'circle', 'h', '{}', '[]', '[]', '{}', '', "
                ":no, NULL, NULL, 3, 1.0, 1.0)"
            ),
            {"no": False},
        )
    old.dispose()
    record = RoomStore(Database(database_url)).load("r")
    assert (record.game, record.version, record.paused, record.names) == ("circle", 3, False, {})
