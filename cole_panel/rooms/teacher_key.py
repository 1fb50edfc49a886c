"""The server's teacher's key: what a page must give to make a class's tables.

``/classroom`` is open to anyone, and a class of 30 tables is 30 rooms: without a key one
student could fill the server's rooms.  The operator sets the key (``$COLE_TEACHER_KEY``) and
gives it to the teachers; ``make serve`` makes one when none is set, keeps it in the data
folder (:func:`key_file`) and says where (:func:`ensure_key`).  With neither, classes are off.
Panel-free.

>>> check_key("", "anything")
Traceback (most recent call last):
...
cole_panel.rooms.seats.RoomError: Classes are off on this server: whoever runs it has set no teacher's key (COLE_TEACHER_KEY).
>>> check_key("s3cret-key-for-teachers", "s3cret-key-for-teachers")
"""

from __future__ import annotations

import hmac
import os
import secrets
from pathlib import Path

from .seats import RoomError

__all__ = ["KEY_ENV", "KEY_FILE", "check_key", "ensure_key", "key_file", "server_key"]

KEY_ENV = "COLE_TEACHER_KEY"
"""The environment variable holding the teacher's key."""

KEY_FILE = "teacher-key"
"""The file in the data folder holding the key ``make serve`` made."""

MAX_KEY_CHARACTERS = 200
"""A key given longer than this is refused unread."""


def key_file() -> Path:
    """Where ``make serve`` keeps the key it made (the data folder, ``$COLE_DATA_DIR``)."""
    from ..core.database import data_dir

    return data_dir() / KEY_FILE


def server_key() -> str:
    """The teacher's key: ``$COLE_TEACHER_KEY``, else the one kept in :func:`key_file`, else
    ``""`` (classes are off)."""
    key = os.environ.get(KEY_ENV, "").strip()
    if key:
        return key
    try:
        return key_file().read_text(encoding="utf-8").strip()
    except OSError:
        return ""


def check_key(expected: str, given: object) -> None:
    """RoomError with a sentence unless ``given`` is the key ``expected`` (``""``: off)."""
    if not expected:
        raise RoomError(
            f"Classes are off on this server: whoever runs it has set no teacher's key ({KEY_ENV})."
        )
    if (
        not isinstance(given, str)
        or len(given) > MAX_KEY_CHARACTERS
        or not hmac.compare_digest(given.strip().encode(), expected.encode())
    ):
        raise RoomError(
            "That is not this server's teacher's key; ask whoever runs the server for it."
        )


def ensure_key() -> str | None:
    """Make a key when none is set or kept, and return the sentence that says so (shown once,
    when it is made); else None.  What ``make serve`` runs before serving."""
    if server_key():
        return None
    path = key_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(12)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(key + "\n")
    return (
        f"A teacher's key was made for this server: {key}\n"
        f"Give it to the teachers: /classroom asks for it to make tables. It is kept in "
        f"{path}; set {KEY_ENV} to choose your own."
    )
