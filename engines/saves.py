"""Saved states: the label every game's save starts with, and the checks every reader makes.

A save is a JSON object ``{"game": <the game's name>, "version": SAVE_VERSION, ...}`` with the
rules and the seed, then each game's own fields; :func:`header` writes its first two fields.
:func:`read_envelope` checks the object, its set of fields, the label and the version, and reads
version 1 saves too (they labelled the game each their own way, see :class:`V1Label`);
:func:`read_rules` and :func:`read_seed` read the two shared values.  Every game's reader
says what is wrong with a field in one wording, :func:`bad_field`'s ``"<field>: <why>"``.

>>> header("go")
{'game': 'go', 'version': 2}
>>> read_envelope({"game": "chess", "version": 2}, [], "go")
Traceback (most recent call last):
...
ValueError: game: this is a save of 'chess', not 'go'.
>>> old = {"format": "go-state", "version": 1}
>>> dict(read_envelope(old, [], "go", v1=V1Label("format", "go-state")))
{'game': 'go', 'version': 2}
>>> read_seed("x")
Traceback (most recent call last):
...
ValueError: seed: must be a whole number or null, not 'x'.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, NamedTuple, TypeVar

__all__ = [
    "LABEL",
    "SAVE_VERSION",
    "V1Label",
    "bad_field",
    "header",
    "read_envelope",
    "read_rules",
    "read_seed",
]

SAVE_VERSION = 2
"""The version every engine writes (2: one label, ``"game"``, holding the game's name)."""
LABEL = "game"
"""The field that names the game in a save."""

R = TypeVar("R")


def bad_field(field: str, why: str) -> ValueError:
    """The error every save reader raises for a bad field: the field's name, then why.

    >>> bad_field("moves[3]", "E5 is already taken.")
    ValueError('moves[3]: E5 is already taken.')
    """
    return ValueError(f"{field}: {why}")


class V1Label(NamedTuple):
    """How a game's version 1 saves labelled it: the field and its value."""

    field: str
    value: str


def header(game: str) -> dict[str, Any]:
    """The first fields of a save of ``game``: its label and :data:`SAVE_VERSION`."""
    return {LABEL: game, "version": SAVE_VERSION}


def read_envelope(
    data: Any,
    fields: str | Collection[str],
    game: str,
    v1: V1Label | None = None,
) -> Mapping[str, Any]:
    """``data`` as a save of ``game`` at :data:`SAVE_VERSION` holding exactly the label, the
    version and ``fields`` (names, or one string of names separated by spaces).  A version 1
    save labelled as ``v1`` says (default: the same label) is read as its version 2 form."""
    if not isinstance(data, Mapping):
        raise ValueError(f"A save must be a JSON object (a mapping), not {type(data).__name__}.")
    v1 = v1 or V1Label(LABEL, game)
    if type(data.get("version")) is int and data["version"] == 1 and data.get(v1.field) == v1.value:
        if v1.field != LABEL and LABEL in data:
            raise bad_field(LABEL, "unknown field in a version 1 save.")
        data = {**header(game), **{k: v for k, v in data.items() if k not in (v1.field, "version")}}
    # A save of another game is named by its label, or by the field older saves used.
    field = LABEL if LABEL in data or "format" not in data else "format"
    if field in data and data[field] != game:
        raise bad_field(field, f"this is a save of {data[field]!r}, not {game!r}.")
    fields = fields.split() if isinstance(fields, str) else list(fields)
    fields = [LABEL, "version", *fields]
    missing = sorted(set(fields) - set(data))
    if missing:
        raise bad_field(missing[0], f"missing (the save has no {missing[0]!r} field).")
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise bad_field(unknown[0], "unknown field in a save.")
    if type(data["version"]) is not int or data["version"] != SAVE_VERSION:
        raise bad_field(
            "version", f"this program reads version 1 or {SAVE_VERSION}, not {data['version']!r}."
        )
    return data


def read_rules(rules_type: Callable[..., R], value: Any) -> R:
    """``rules_type.from_dict(value)``, its error named after the ``rules`` field."""
    try:
        return rules_type.from_dict(value)  # type: ignore[attr-defined]
    except (TypeError, ValueError) as exc:
        raise bad_field("rules", str(exc)) from None


def read_seed(value: Any) -> int | None:
    """A saved seed: a whole number (not a bool) or None."""
    if value is not None and type(value) is not int:
        raise bad_field("seed", f"must be a whole number or null, not {value!r}.")
    return value
