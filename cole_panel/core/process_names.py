"""Which serving process behind the front (:mod:`cole_panel.front`) a name leads to.

With ``--processes N`` the front sends each page to one of N processes by a name the request
carries: its room's or its class's (in the address), else its browser's token (the cookie).
A name is drawn where it is made so that it leads to the process that made it: a room's
pages, a class's tables and a browser's pages then meet in the process that holds them, and
what that process counts (the people on a room, its page limit, a browser's rooms) is whole.
The launcher tells each process its place (``COLE_PROCESS``) and the count
(``COLE_PROCESSES``); a process started otherwise is the only one.  Panel-free.

>>> process_of("abc", 1)
0
>>> name = drawn_for(2, 3, iter(["a", "b", "c", "d", "e", "f", "g"]).__next__)
>>> process_of(name, 3)
2
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable

__all__ = [
    "COUNT_ENV",
    "FRONT_HEADER",
    "FRONT_KEY_ENV",
    "PROCESS_ENV",
    "drawn_for",
    "own_name",
    "process_of",
    "this_process",
]

PROCESS_ENV = "COLE_PROCESS"
"""The environment variable naming a serving process's place, 0 to N - 1."""

COUNT_ENV = "COLE_PROCESSES"
"""The environment variable giving the number of serving processes behind the front."""

FRONT_HEADER = "X-Cole-Front"
"""The header by which the front vouches for the session name it gives a page
(``Bokeh-Session-Id``, which leads the page's websocket to the same process)."""

FRONT_KEY_ENV = "COLE_FRONT_KEY"
"""The environment variable holding the front's key (one per run, set by the front for its
processes); :data:`FRONT_HEADER` must carry it.  The front strips both headers from what a
visitor sends, and the processes keep the key out of their pages' tokens."""


def process_of(name: str, count: int) -> int:
    """The process (0 to ``count`` - 1) that ``name`` leads to."""
    digest = hashlib.blake2b(name.encode("utf-8", "replace"), digest_size=4).digest()
    return int.from_bytes(digest, "big") % count


def this_process() -> tuple[int, int]:
    """(place, count) of this process behind the front; (0, 1) if it serves alone or was told
    something unreadable."""
    try:
        index = int(os.environ.get(PROCESS_ENV, "0"))
        count = int(os.environ.get(COUNT_ENV, "1"))
    except ValueError:
        return 0, 1
    return (index, count) if 0 <= index < count else (0, 1)


def drawn_for(process: int, count: int, draw: Callable[[], str]) -> str:
    """The first name ``draw()`` gives that leads to ``process`` (``count`` draws on average)."""
    while True:
        name = draw()
        if process_of(name, count) == process:
            return name


def own_name(draw: Callable[[], str]) -> str:
    """A name from ``draw()`` that leads to this process."""
    return drawn_for(*this_process(), draw)
