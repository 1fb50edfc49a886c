"""Shared fixtures of the lab tests: a small study and a Dask scheduler started as a user would."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def cole(*args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    """Run the ``cole`` command (as ``python -m cole_panel.lab``) and capture its output
    (a generous timeout: on a loaded 2-core machine a Dask cluster takes long to stop)."""
    return subprocess.run(
        [sys.executable, "-m", "cole_panel.lab", *args],
        cwd=ROOT,
        env=checkout_env(),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@pytest.fixture(scope="session")
def dask_scheduler() -> Iterator[str]:
    """``dask scheduler`` and one ``dask worker`` subprocess on free loopback ports."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    common = {
        "cwd": ROOT,
        "env": checkout_env(),
        "stdout": subprocess.DEVNULL,
        "stderr": subprocess.DEVNULL,
        "start_new_session": True,
    }
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "dask",
                "scheduler",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--no-dashboard",
                "--idle-timeout",  # an orphan (the test run was killed) ends by itself
                "600s",
            ],
            **common,
        )
    ]
    try:
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
                break
            assert time.monotonic() < deadline, "dask scheduler did not start"
            time.sleep(0.2)
        procs.append(
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "dask",
                    "worker",
                    address,
                    "--nworkers",
                    "1",
                    "--nthreads",
                    "1",
                    "--no-dashboard",
                    "--death-timeout",
                    "60",
                    "--host",
                    "127.0.0.1",
                ],
                **common,
            )
        )
        from distributed import Client

        with Client(address, timeout="30s") as client:
            client.wait_for_workers(1, timeout=60)
        yield address
    finally:
        for proc in reversed(procs):
            stop_process_group(proc)


# The real-browser harness of tests/browser, for the lab page's browser test.
from tests.browser.conftest import (  # noqa: E402, F401
    browser,
    checkout_env,
    free_port,
    open_page,
    panel_server,
    pytest_runtest_makereport,
    stop_process_group,
)
