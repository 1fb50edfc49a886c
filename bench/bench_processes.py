"""Rooms across processes: a move in a browser on one `panel serve` → the other browser's
canvas, served by ANOTHER process on the same database.

Method: two ``panel serve apps/circle.py`` processes on 127.0.0.1 sharing one database — a
SQLite file in a temporary data folder (the other process hears of the move by polling the
room's version every 100 ms), then a throwaway PostgreSQL server (``LISTEN/NOTIFY``; skipped
with a line saying so when Debian's postgresql is not installed).  The host's page is on the
first process, the guest's on the second; they take turns clicking, timed in the browsers as
in ``bench_rooms`` (:func:`bench.bench_rooms.measure_latency`): click → the next animation
frame after the OTHER page's stones change, and click → the mover's own repaint beside it.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from contextlib import ExitStack

from bench.bench_rooms import measure_latency
from bench.latency import PanelServer, summary

TARGET_MS = 500.0


def across(env: dict[str, str]) -> tuple[list[float], list[float]]:
    """The latencies with the host on one process and the guest on another, both on ``env``'s
    database."""
    with ExitStack() as stack:
        pair = []
        for n in range(2):
            server = PanelServer(f"circle-process-{n}", env=env)
            server.script = server.script.with_name("circle.py")
            pair.append(server.start())
            stack.callback(server.stop)
        return measure_latency((pair[0], pair[1]))


def report(name: str, other: list[float], own: list[float]) -> None:
    print(summary(f"{name}: move → the other process's page", other, width=44))
    print(summary(f"{name}: move → the mover's own page", own, width=44))
    median = statistics.median(other)
    met = "MET" if median <= TARGET_MS else "NOT MET"
    print(
        f"{name}: median x{median / statistics.median(own):.2f} of the own page; target median "
        f"<= {TARGET_MS:.0f} ms -> {met}"
    )


def main() -> None:
    start = time.perf_counter()
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    report("SQLite", *across({"COLE_DATA_DIR": tempfile.mkdtemp(prefix="cole-bench-")}))
    from tests.postgres import postgres_server

    try:
        with postgres_server() as url:
            report("PostgreSQL", *across({"COLE_DATABASE_URL": url}))
    except RuntimeError as err:
        print(f"PostgreSQL: not measured ({err})")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
