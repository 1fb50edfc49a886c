"""Memory handed back to the system once the sessions of a wave of visitors have ended.

A served page's document holds thousands of Bokeh and Panel objects; when its session ends
they are freed, but in cycles that only the collector's oldest generation finds, and the C
allocator keeps the freed pages for reuse: the server's resident memory stays where the
busiest minute left it.  After a session ends, :func:`hand_back_soon` has the collector run
and glibc's ``malloc_trim`` give the free pages back, once for all the sessions that ended
within :data:`DELAY` seconds (``bench load`` prints the resident memory after two waves).

While pages are built, the collector's oldest generation is walked seldom
(:func:`collect_oldest_seldom`): each such walk visits every object of every live session,
so with 30 sessions open it took an eighth of the pages' build time, to find garbage that
:func:`hand_back` collects anyway once sessions end.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import gc
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

__all__ = ["DELAY", "OLDEST_EVERY", "collect_oldest_seldom", "hand_back", "hand_back_soon"]

DELAY = 10.0
"""Seconds after a session ends before the memory is handed back (sessions ending meanwhile
share the one hand-back: a full collection costs 0.1-0.3 s of CPU, not to be paid per page)."""

OLDEST_EVERY = 1000
"""The collector walks its oldest generation after this many collections of the middle one
(Python's default: 10).  Building 30 Ecosystem pages in one process, the collector's time went
from 2.5-2.8 s to 0.4 s of 18-20 s (``bench.profile_page``'s figures are one page each)."""

_log = logging.getLogger(__name__)
_lock = threading.Lock()
_due = False


@functools.cache
def _malloc_trim() -> Any:
    """glibc's ``malloc_trim``, or None on a system without it."""
    name = ctypes.util.find_library("c")
    try:
        return ctypes.CDLL(name).malloc_trim if name else None
    except (OSError, AttributeError):
        return None


@functools.cache  # a setting of the whole process, made once
def collect_oldest_seldom() -> None:
    """Have the collector walk its oldest generation after :data:`OLDEST_EVERY` collections
    of the middle one instead of 10 (a server's setting: :func:`hand_back` collects it all
    once sessions end)."""
    young, middle, _oldest = gc.get_threshold()
    gc.set_threshold(young, middle, OLDEST_EVERY)


def hand_back() -> bool:
    """Collect cyclic garbage and give free heap pages back to the system; True if the
    allocator could be asked to (glibc)."""
    start = time.perf_counter()
    gc.collect()
    trim = _malloc_trim()
    if trim is not None:
        trim(0)
    _log.debug("Memory handed back in %.0f ms", 1000 * (time.perf_counter() - start))
    return trim is not None


def hand_back_soon(*_: Any, idle: Callable[[], bool] = lambda: True) -> None:
    """Hand the memory back :data:`DELAY` seconds from now on the running event loop (a
    session-destroyed callback), or later once ``idle()`` says so (a collection holds the
    interpreter for a while: not while pages wait to be built); one hand-back waits at most."""
    global _due
    from tornado.ioloop import IOLoop

    with _lock:
        if _due:
            return
        _due = True
    loop = IOLoop.current()

    def run() -> None:
        global _due
        if not idle():
            loop.call_later(DELAY, run)
            return
        with _lock:
            _due = False
        hand_back()

    loop.call_later(DELAY, run)
