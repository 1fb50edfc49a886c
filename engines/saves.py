"""Reading a saved state back: the checks every game's save reader makes the same way.

A save is a JSON object with a tag naming the game, a format version, the rules and the seed,
then each game's own fields.  :func:`read_envelope` checks the object, its set of fields, the
tag and the version; :func:`read_rules` and :func:`read_seed` read the two shared values.  Every
``ValueError`` starts with the field it is about, written by ``where`` (:func:`plain`,
``"seed"``, or :func:`quoted`, ``"field 'seed'"``, as each game's messages name fields).

>>> read_envelope({"game": "chess", "version": 1}, ["game", "version"], "game", "go", 1)
Traceback (most recent call last):
...
ValueError: game: this is a save of 'chess', not 'go'.
>>> read_seed("x", quoted)
Traceback (most recent call last):
...
ValueError: field 'seed': must be a whole number or null, not 'x'.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, TypeVar

__all__ = ["plain", "quoted", "read_envelope", "read_rules", "read_seed"]

R = TypeVar("R")
Where = Callable[[str], str]


def plain(field: str) -> str:
    """A field named as itself: ``seed``."""
    return field


def quoted(field: str) -> str:
    """A field named in words: ``field 'seed'``."""
    return f"field {field!r}"


def read_envelope(
    data: Any,
    fields: str | Collection[str],
    tag_field: str,
    tag: str,
    version: int,
    where: Where = plain,
) -> Mapping[str, Any]:
    """``data`` as a mapping holding exactly ``fields`` (names, or one string of names separated
    by spaces), tagged ``tag`` in its ``tag_field`` and at ``version``."""
    if isinstance(fields, str):
        fields = fields.split()
    if not isinstance(data, Mapping):
        raise ValueError(f"A save must be a JSON object (a mapping), not {type(data).__name__}.")
    missing = sorted(set(fields) - set(data))
    if missing:
        raise ValueError(f"{where(missing[0])}: missing (the save has no {missing[0]!r} field).")
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise ValueError(f"{where(unknown[0])}: unknown field in a save.")
    if data[tag_field] != tag:
        raise ValueError(f"{where(tag_field)}: this is a save of {data[tag_field]!r}, not {tag!r}.")
    if type(data["version"]) is not int or data["version"] != version:
        raise ValueError(
            f"{where('version')}: this program reads version {version}, not {data['version']!r}."
        )
    return data


def read_rules(rules_type: Callable[..., R], value: Any, where: Where = plain) -> R:
    """``rules_type.from_dict(value)``, its error named after the ``rules`` field."""
    try:
        return rules_type.from_dict(value)  # type: ignore[attr-defined]
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{where('rules')}: {exc}") from None


def read_seed(value: Any, where: Where = plain) -> int | None:
    """A saved seed: a whole number (not a bool) or None."""
    if value is not None and type(value) is not int:
        raise ValueError(f"{where('seed')}: must be a whole number or null, not {value!r}.")
    return value
