"""Test-wide settings.

Under CI (``CI`` set) hypothesis runs derandomized, so a submission's result does not depend on
the luck of the draw; locally every run explores new examples.  ``HYPOTHESIS_PROFILE=thorough``
runs ten times as many examples for a hunt before a release: property tests ask for their count
with :func:`tests.strategies.examples`, which scales it by the loaded profile.

Every test runs with ``COLE_DATA_DIR`` set to a new temporary folder and no
``COLE_DATABASE_URL``: no test writes into the user's data folder or an outside database.
"""

from __future__ import annotations

import os
import tempfile
import uuid

import pytest
from hypothesis import HealthCheck, settings

import tests.nim.game  # noqa: F401  (the test-only game joins the engine records: conformance)

_COMMON = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("ci", max_examples=100, derandomize=True, print_blob=True, **_COMMON)
settings.register_profile("thorough", max_examples=1000, **_COMMON)
settings.register_profile("dev", max_examples=100, print_blob=True, **_COMMON)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)

# Nothing a test runs writes into the user's data folder or a database named outside: every
# server and store started by a test (subprocesses inherit this) uses a fresh folder.
os.environ["COLE_DATA_DIR"] = tempfile.mkdtemp(prefix="cole-test-data-")
os.environ.pop("COLE_DATABASE_URL", None)


@pytest.fixture(scope="session")
def postgres_url():
    """A throwaway PostgreSQL server for the session (:mod:`tests.postgres`)."""
    from tests.postgres import postgres_server

    with postgres_server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path):
    """A new, empty database on each backend: a SQLite file in a temporary data folder, or a
    new database on the session's PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'cole-panel.sqlite3'}"
    import psycopg

    server = request.getfixturevalue("postgres_url")
    name = f"test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return server.rsplit("/", 1)[0] + f"/{name}"
