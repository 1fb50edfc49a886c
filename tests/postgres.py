"""A throwaway PostgreSQL server for a test session or a bench run (Debian's ``postgresql``).

:func:`postgres_server` runs ``initdb`` and ``pg_ctl`` in a new temporary folder, as the
``postgres`` user when run as root (initdb refuses root; CI runs as root), trust auth on
127.0.0.1 only, and yields its address (``postgresql://cole@127.0.0.1:PORT/postgres``); the
server is stopped and its folder removed at the end.  ``make test`` installs the package
(``make postgresql``); without it this FAILS with a sentence, it never skips.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator

from tests.ports import free_port


def _bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        raise RuntimeError(
            "PostgreSQL is not installed: the tests need Debian's postgresql "
            "(`make postgresql` or `apt-get install -y postgresql`)."
        )
    return found[-1]


def _as_postgres(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


@contextlib.contextmanager
def postgres_server() -> Iterator[str]:
    """A running PostgreSQL server's address (see the module docstring)."""
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    folder = tempfile.mkdtemp(prefix="cole-pg-")
    os.chmod(folder, 0o755)
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    data, port = os.path.join(folder, "data"), free_port()
    run = {"check": True, "capture_output": True, "text": True, "cwd": folder}
    try:
        subprocess.run(_as_postgres([initdb, "-D", data, "-A", "trust", "-U", "cole"]), **run)
        options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        start = [pg_ctl, "-D", data, "-o", options, "-l", f"{folder}/log", "-w", "start"]
        subprocess.run(_as_postgres(start), **run)
        yield f"postgresql://cole@127.0.0.1:{port}/postgres"
    except subprocess.CalledProcessError as err:
        raise RuntimeError(f"PostgreSQL did not start: {err.stderr or err.stdout}") from err
    finally:
        with contextlib.suppress(subprocess.CalledProcessError):
            subprocess.run(_as_postgres([pg_ctl, "-D", data, "-m", "fast", "stop"]), **run)
        shutil.rmtree(folder, ignore_errors=True)
