"""A small, bounded, file-backed store of games in progress, so a reload or a server restart
brings a visitor back to their game.

Each game is a save file (the model's ``save()`` JSON) under a key made from a browser's
random token and the app's name; the file name is a hash of the key, so nothing a visitor
sends becomes a path.  The store lives in a temporary folder (``$COLE_GAME_STORE`` to choose
another), keeps at most ``max_games`` files (the least recently written go first), refuses a
save over ``max_bytes`` and forgets games not written for ``max_age`` seconds.

>>> import tempfile
>>> store = GameStore(tempfile.mkdtemp(), max_games=2)
>>> store.put("token-a", "circle", '{"moves": []}')
True
>>> store.get("token-a", "circle"), store.get("token-b", "circle")
('{"moves": []}', None)
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
import threading
import time
from pathlib import Path

__all__ = ["GameStore", "default_folder"]


def default_folder() -> Path:
    """``$COLE_GAME_STORE``, else ``cole-panel-games`` in the system's temporary folder."""
    return Path(
        os.environ.get("COLE_GAME_STORE") or Path(tempfile.gettempdir()) / "cole-panel-games"
    )


class GameStore:
    """Games in progress, one JSON file per (browser token, app)."""

    def __init__(
        self,
        folder: str | Path | None = None,
        max_games: int = 500,
        max_bytes: int = 1_000_000,
        max_age: float = 7 * 24 * 3600,
    ):
        self.folder = Path(folder) if folder is not None else default_folder()
        self.max_games = max_games
        self.max_bytes = max_bytes
        self.max_age = max_age
        self._writes = 0

    def _path(self, token: str, app: str) -> Path:
        digest = hashlib.sha256(f"{app}\n{token}".encode()).hexdigest()[:40]
        return self.folder / f"{digest}.json"

    def get(self, token: str, app: str) -> str | None:
        """The stored game, or None (none, too old, unreadable)."""
        path = self._path(token, app)
        try:
            if time.time() - path.stat().st_mtime > self.max_age:
                return None
            if path.stat().st_size > self.max_bytes:
                return None
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    def put(self, token: str, app: str, text: str) -> bool:
        """Keep ``text`` as this browser's game of ``app``; False if too big or unwritable."""
        data = text.encode("utf-8")
        if len(data) > self.max_bytes:
            return False
        path = self._path(token, app)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            # One temporary file per writer: pages are built on a thread of their own while
            # the event loop keeps other pages' games (two tabs of one browser share a path).
            temporary = path.with_suffix(f".{os.getpid()}-{threading.get_ident()}.tmp")
            temporary.write_bytes(data)
            os.replace(temporary, path)
        except OSError:
            return False
        self._writes += 1
        if self._writes % 20 == 1:
            self.prune()
        return True

    def forget(self, token: str, app: str) -> None:
        """Drop this browser's game of ``app``."""
        with contextlib.suppress(OSError):
            self._path(token, app).unlink()

    def prune(self) -> int:
        """Delete games too old and the oldest beyond ``max_games``; returns how many went."""
        try:
            files = [(p.stat().st_mtime, p) for p in self.folder.glob("*.json")]
        except OSError:
            return 0
        files.sort(reverse=True)
        now = time.time()
        doomed = [
            p for i, (t, p) in enumerate(files) if i >= self.max_games or now - t > self.max_age
        ]
        for path in doomed:
            with contextlib.suppress(OSError):
                path.unlink()
        return len(doomed)
