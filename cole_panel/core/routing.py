"""Which serving process HAProxy sends a room's, a class's or a browser's pages to.

With several serving processes behind HAProxy (:mod:`cole_panel.haproxy`), a page naming a
room (``?room=``) or a class (``?class=``) goes to the process its name leads to, and any
other page of a browser with a token (the ``cole_player`` cookie) to the process its token
leads to.  HAProxy computes it natively, ``<name>,crc32,mod(<count>)`` (the CRC-32 of
Ethernet, gzip and PNG, :func:`zlib.crc32`), so no map or table has to be kept in step with
the processes.  A name is drawn where it is made so that it leads to the process that made
it: a room's pages, a class's tables and a browser's pages then meet in the process that
holds them, and what that process counts (the people on a room, its page limit, a browser's
rooms) is whole.  The launcher tells each process its place (``COLE_PROCESS``) and the count
(``COLE_PROCESSES``), the same on every machine behind one HAProxy; a process started
otherwise is the only one.  Panel-free.

>>> process_of("abc", 1), process_of("abc", 3) == zlib.crc32(b"abc") % 3
(0, True)
>>> name = drawn_for(2, 3, iter(["a", "b", "c", "d", "e", "f", "g"]).__next__)
>>> process_of(name, 3)
2
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Callable

__all__ = [
    "COUNT_ENV",
    "PROCESS_ENV",
    "drawn_for",
    "own_name",
    "process_of",
    "this_process",
]

PROCESS_ENV = "COLE_PROCESS"
"""The environment variable naming a serving process's place, 0 to N - 1."""

COUNT_ENV = "COLE_PROCESSES"
"""The environment variable giving the number of serving processes behind HAProxy."""


def process_of(name: str, count: int) -> int:
    """The process (0 to ``count`` - 1) that ``name`` leads to: HAProxy's
    ``crc32,mod(count)`` of it."""
    return zlib.crc32(name.encode("utf-8", "replace")) % count


def this_process() -> tuple[int, int]:
    """(place, count) of this process behind HAProxy; (0, 1) if it serves alone or was told
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
