"""Which memory allocator a serving process runs with: mimalloc where the system has it.

Python's own small-object allocator keeps a 1 MB arena as long as one object in it lives, and
after a class's wave of pages has ended the arenas stay scattered with such objects: 30
On the Savannah pages, expired and collected, left a process 22-30 MB larger after a second
wave than after the first (``python -m bench load``), and it settles only after three or four
waves.  glibc's allocator (``PYTHONMALLOC=malloc``) hands that memory back but costs 15% more
CPU per page; Microsoft's mimalloc hands it back (+9-11 MB) at the same CPU as Python's own
(``docs/findings.md``, "Serving: memory handed back").  So the launcher starts its serving processes with
mimalloc (``PYTHONMALLOC=malloc`` and the library preloaded) when the system has it (Debian:
``libmimalloc2.0``, which ``make serve`` installs when it may), and with Python's allocator
otherwise.  ``COLE_ALLOCATOR=python`` keeps Python's allocator; a ``PYTHONMALLOC`` already set
is left as it is.

>>> allocator_env({"COLE_ALLOCATOR": "python"}, "libmimalloc.so.2")
{}
>>> allocator_env({}, "libmimalloc.so.2")
{'PYTHONMALLOC': 'malloc', 'LD_PRELOAD': 'libmimalloc.so.2'}
>>> allocator_env({"LD_PRELOAD": "libx.so"}, "libmimalloc.so.2")["LD_PRELOAD"]
'libmimalloc.so.2 libx.so'
>>> allocator_env({}, None)
{}
"""

from __future__ import annotations

import ctypes.util
import functools
from collections.abc import Mapping

__all__ = ["CHOICE_ENV", "allocator_env", "mimalloc"]

CHOICE_ENV = "COLE_ALLOCATOR"
"""``python`` keeps Python's own allocator in the serving processes; anything else (or unset)
takes mimalloc where the system has it."""


@functools.cache
def mimalloc() -> str | None:
    """The system's mimalloc library (a name the loader finds), or None."""
    return ctypes.util.find_library("mimalloc")


def allocator_env(environ: Mapping[str, str], library: str | None) -> dict[str, str]:
    """What to add to a serving process's environment ``environ`` so that it runs with
    ``library`` (:func:`mimalloc`); nothing when it is None, when the person chose Python's
    allocator (:data:`CHOICE_ENV`) or set ``PYTHONMALLOC`` themselves."""
    if library is None or environ.get(CHOICE_ENV) == "python" or "PYTHONMALLOC" in environ:
        return {}
    preload = " ".join(filter(None, [library, environ.get("LD_PRELOAD", "")]))
    return {"PYTHONMALLOC": "malloc", "LD_PRELOAD": preload}
