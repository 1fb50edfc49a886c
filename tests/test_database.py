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
