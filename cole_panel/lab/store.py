"""Results files: one row per game, Parquet or CSV by the file's suffix.

A results file belongs to one study (its ``study`` column holds the study's fingerprint), so a
rerun with the same file skips the games it already holds, and a file from another study is
refused before anything is played or written.  Files are replaced atomically: a half-written
file never takes the place of a good one.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from .runner import COLUMNS, rows_in_order

SUFFIXES = (".parquet", ".csv")
"""The results formats, by file suffix."""

_TEXT = ("study", "game", "seed", "rules", "seats", "winners", "scores", "detail")


class StudyFileError(ValueError):
    """A results file that cannot be used for this study (one sentence says why)."""


def check_path(path: str | os.PathLike) -> Path:
    """The path if its suffix is a results format and its folder exists."""
    path = Path(path)
    if path.suffix.lower() not in SUFFIXES:
        raise StudyFileError(
            f"--output {path}: the file must end in .parquet or .csv, not {path.suffix or 'nothing'!r}."
        )
    if not path.parent.is_dir():
        raise StudyFileError(f"--output {path}: the folder {path.parent} does not exist.")
    if path.is_dir():
        raise StudyFileError(f"--output {path} is a folder, not a file.")
    return path


def load(path: str | os.PathLike, fingerprint: str | None = None) -> list[dict[str, Any]]:
    """The rows of a results file (none if it does not exist yet).

    With ``fingerprint``, a file holding another study's games raises :class:`StudyFileError`.
    """
    import pandas as pd

    path = check_path(path)
    if not path.exists():
        return []
    try:
        if path.suffix.lower() == ".parquet":
            frame = pd.read_parquet(path)
        else:
            frame = pd.read_csv(path, dtype={c: str for c in _TEXT}, keep_default_na=False)
    except Exception as error:  # noqa: BLE001 - any unreadable file gets the same one sentence
        raise StudyFileError(f"--output {path} is not a readable results file ({error}).") from None
    missing = [c for c in COLUMNS if c not in frame.columns]
    if missing:
        raise StudyFileError(
            f"--output {path} is not a cole results file (no {missing[0]!r} column)."
        )
    studies = set(frame["study"])
    if fingerprint is not None and studies - {fingerprint}:
        raise StudyFileError(
            f"--output {path} holds the games of another study; give another file or rerun "
            "that study's own command."
        )
    rows = frame[list(COLUMNS)].to_dict("records")
    for row in rows:
        row["key"] = int(row["key"])
        row["table"] = int(row["table"])
        row["turns"] = int(row["turns"])
    return rows_in_order(rows)


def save(path: str | os.PathLike, rows: list[dict[str, Any]]) -> None:
    """Write the rows (in key order) to ``path``, replacing it atomically."""
    import pandas as pd

    write_frame(check_path(path), pd.DataFrame(rows_in_order(rows), columns=list(COLUMNS)))


def write_frame(path: Path, frame: Any) -> None:
    """Write a pandas frame to ``path`` as Parquet or CSV by its suffix, replacing it atomically."""
    handle, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=path.suffix)
    os.close(handle)
    try:
        if path.suffix.lower() == ".parquet":
            frame.to_parquet(tmp, index=False)
        else:
            frame.to_csv(tmp, index=False)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def to_bytes(rows: list[dict[str, Any]], suffix: str = ".csv") -> bytes:
    """The rows as the bytes of a results file (for a download button)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"results{suffix}"
        save(path, rows)
        return path.read_bytes()
