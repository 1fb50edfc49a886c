"""A throwaway HAProxy for a test (Debian's ``haproxy``), as tests/postgres.py starts PostgreSQL.

:func:`haproxy_server` writes :func:`cole_panel.haproxy.haproxy_config` for the given serving
processes into a new temporary folder, starts ``haproxy -db`` on a free port of 127.0.0.1 and
yields that port; HAProxy is stopped and its folder removed at the end.  ``make test``
installs the package (``make haproxy``); without it this FAILS with a sentence, it never skips.
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from cole_panel.haproxy import haproxy_command, haproxy_config
from tests.ports import free_port


def _listening(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
        return True
    return False


@contextlib.contextmanager
def haproxy_server(
    servers: Sequence[str],
    timeout: float = 30.0,
    behind_proxy: bool = False,
    port: int | None = None,
) -> Iterator[int]:
    """The port of a running HAProxy fronting ``servers`` (``host:port``, process 0 first;
    ``behind_proxy``: the address headers a request carries are passed on; ``port``: its
    port, else a free one)."""
    command = haproxy_command()
    if command is None:
        raise RuntimeError(
            "HAProxy is not installed: the process tests need Debian's haproxy "
            "(`make haproxy` or `apt-get install -y haproxy`)."
        )
    folder = Path(tempfile.mkdtemp(prefix="cole-haproxy-"))
    port = port or free_port()
    config = folder / "haproxy.cfg"
    config.write_text(haproxy_config(servers, f"127.0.0.1:{port}", behind_proxy=behind_proxy))
    log = open(folder / "log", "w")  # noqa: SIM115 - HAProxy's until it stops
    proc = subprocess.Popen([command, "-f", str(config), "-db"], stdout=log, stderr=log)
    try:
        deadline = time.monotonic() + timeout
        while not _listening(port):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"HAProxy did not start: {(folder / 'log').read_text()}")
            time.sleep(0.05)
        yield port
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
        log.close()
        shutil.rmtree(folder, ignore_errors=True)
