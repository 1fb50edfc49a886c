"""Ports for the servers the tests start (Panel, HAProxy, PostgreSQL, notebook servers).

Two test workers (``pytest -n 2``) start servers at the same time, so a port one of them checks
must not be handed to the other before its server binds it.  Each worker takes ports of its own
remainder modulo the number of workers, drawn at random below Linux's ephemeral range
(32768-60999), where no outgoing connection takes one between the check and the bind.  Asking
the system (``bind(0)``) cannot give that split: Linux hands ``bind(0)`` even ports only, so a
worker waiting for an odd one waits for ever.
"""

from __future__ import annotations

import os
import random
import socket

LOW, HIGH = 20000, 32768
_given: set[int] = set()


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now, that no other test worker can be
    given, and that this process has not given before."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT") or 1)
    worker = int((os.environ.get("PYTEST_XDIST_WORKER") or "gw0").removeprefix("gw") or 0)
    draw = random.SystemRandom()
    for _ in range(2000):
        port = draw.randrange(LOW + worker % workers, HIGH, workers)
        if port in _given:
            continue
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
        _given.add(port)
        return port
    raise RuntimeError(f"no free port between {LOW} and {HIGH} for test worker {worker}")
