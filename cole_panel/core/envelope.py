"""The one save-file envelope of every game: format, version, seats, then the game's fields.

>>> text = write_save("cole-panel/demo", [("Human", 2), ("MCTS", 4)], ["A", "B"], moves=[])
>>> data = read_save(text, "cole-panel/demo", "demo")
>>> read_seats(data, 2), data["moves"]
([('Human', 2), ('MCTS', 4)], [])
>>> read_save("[1]", "cole-panel/demo", "demo")
Traceback (most recent call last):
ValueError: it is not a saved demo game (expected a JSON object).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from .seats import DEFAULT_STRENGTH, SEAT_KINDS, STRENGTH_BOUNDS
from .untrusted import read_json_object, shown

SAVE_VERSION = 1
"""The version every game writes and reads."""


def write_save(
    fmt: str,
    seats: Sequence[tuple[str, int]],
    names: Sequence[str],
    *,
    indent: int | None = 1,
    **fields: Any,
) -> str:
    """The JSON text of a save: the envelope, one entry per seat, then ``fields``."""
    data = {
        "format": fmt,
        "version": SAVE_VERSION,
        "seats": [
            {"player": name, "kind": kind, "strength": strength}
            for name, (kind, strength) in zip(names, seats, strict=True)
        ],
        **fields,
    }
    return json.dumps(data, indent=indent)


def read_save(
    text: Any,
    fmt: str,
    title: str,
    *,
    required: Sequence[str] = (),
    other_formats: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """The save's fields after checking the envelope; ValueError with a sentence otherwise.

    ``title`` names the game in sentences ('Circle of Life'); ``other_formats`` maps a format
    the player might confuse with this one to the sentence that says so.
    """
    data = load_object(text, f"saved {title} game")
    found = data.get("format")
    if other_formats and isinstance(found, str) and found in other_formats:
        raise ValueError(other_formats[found])
    if found != fmt:
        raise ValueError(f"it is not a saved {title} game (the 'format' field is {shown(found)}).")
    check_version(data, required)
    return data


def load_object(text: Any, what: str) -> dict[str, Any]:
    """The JSON object in ``text``; ValueError saying why it is not ``what`` ('saved park').

    Text from a file is data: :func:`~cole_panel.core.untrusted.read_json_object` limits its
    size before parsing and refuses deep nesting with a sentence.
    """
    return read_json_object(text, what)


def check_version(data: Mapping[str, Any], required: Sequence[str] = ()) -> None:
    """ValueError unless the save has this app's version and every ``required`` field."""
    version = data.get("version")
    if type(version) is not int or version != SAVE_VERSION:
        raise ValueError(
            f"its 'version' field says version {shown(version)}; this app reads version "
            f"{SAVE_VERSION}."
        )
    for key in required:
        if key not in data:
            raise ValueError(f"the save has no '{key}' field.")


def read_seats(data: Mapping[str, Any], players: int) -> list[tuple[str, int]]:
    """The (kind, strength) of each seat of a save; missing seats are people."""
    raw = data.get("seats", [{} for _ in range(players)])
    if not isinstance(raw, list) or len(raw) != players:
        raise ValueError(f"its 'seats' must list the {players} players.")
    low, high = STRENGTH_BOUNDS
    seats = []
    for p, seat in enumerate(raw):
        if not isinstance(seat, dict):
            raise ValueError(f"seat {p + 1} is not an object.")
        kind = seat.get("kind", "Human")
        strength = seat.get("strength", DEFAULT_STRENGTH)
        if kind not in SEAT_KINDS:
            raise ValueError(
                f"seat {p + 1} has an unknown kind {shown(kind)}; use one of "
                f"{', '.join(SEAT_KINDS)}."
            )
        if type(strength) is not int or not low <= strength <= high:
            raise ValueError(f"seat {p + 1} has strength {shown(strength)}; use {low} to {high}.")
        seats.append((kind, strength))
    return seats


def read_flag(data: Mapping[str, Any], key: str, default: bool) -> bool:
    """A true/false field of a save (``default`` when absent)."""
    value = data.get(key, default)
    if type(value) is not bool:
        raise ValueError(f"its '{key}' is {shown(value)}, not true or false.")
    return value
