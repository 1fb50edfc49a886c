"""Serve apps in this process with a client on a thread: what a page costs the server itself.

The page benches that read the server's own process time (:mod:`bench.bench_build`,
:mod:`bench.profile_page`) need the Bokeh server's loop on the main thread and their requests
from another; :func:`serve_with_client` runs one such visit and stops the server after it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any


def serve_with_client(apps: dict[str, str], client: Callable[[Any], None], **options: Any) -> None:
    """Serve ``apps`` (route to script path) on a free loopback port, run ``client(server)`` on a
    thread while the server's loop runs here, and stop the server and its loop when the client
    returns; an error of the client is raised here."""
    import panel as pn

    server = pn.serve(apps, address="127.0.0.1", port=0, show=False, start=False, **options)
    loop = server.io_loop
    errors: list[BaseException] = []

    def visit() -> None:
        try:
            client(server)
        except BaseException as err:  # handed to the caller's thread below
            errors.append(err)
        finally:
            loop.add_callback(server.stop)
            loop.add_callback(loop.stop)

    thread = threading.Thread(target=visit, daemon=True)
    server.start()
    thread.start()
    loop.start()
    thread.join(5)
    if errors:
        raise errors[0]
