"""Rules options described once: each ``Rules`` field's label, help text, bounds and choices.

A game's ``Rules`` dataclass declares every field with :func:`option`, which keeps the field's
:class:`OptionSpec` in ``dataclasses.field(metadata=...)``.  Everything that shows, bounds or
reads an option derives from that one place: the Param options class of the pages
(``cole_panel.core.options.options_class``), the lab's command-line flags and the page
address reader.  This module stays pure Python (no Param): the lab's parsing needs nothing more.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Rules:
...     size: int = option(4, "Board size", "Cells on a side.", bounds=(2, 8))
...     fast: bool = option(False, "Fast game", "Whether the game is short.")
...     colour: str = option("red", "Colour", "Who starts.", choices=("red", "blue"))
>>> [spec.name for spec in option_specs(Rules)]
['size', 'fast', 'colour']
>>> option_spec(Rules, "size")
OptionSpec(kind='whole', label='Board size', doc='Cells on a side.', bounds=(2, 8), name='size', default=4)
>>> parse_rules(Rules, "size=3, fast=yes")
Rules(size=3, fast=True, colour='red')
>>> parse_rules(Rules, "size=12")
Traceback (most recent call last):
...
ValueError: size must be a whole number from 2 to 8, not '12'.
>>> parse_rules(Rules, "shape=round")
Traceback (most recent call last):
...
ValueError: Unknown option 'shape': the options are size, fast and colour.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engines.text import unknown

__all__ = [
    "KINDS",
    "OPTION_KEY",
    "OptionSpec",
    "changed_options",
    "option",
    "option_spec",
    "option_specs",
    "parse_option",
    "parse_rules",
    "rules_values",
]

OPTION_KEY = "option"
"""The key of a field's ``metadata`` that holds its :class:`OptionSpec`."""
KINDS = ("whole", "flag", "choice", "wholes", "pairs")
"""What an option holds: a whole number (or None where allowed), true or false, one of a few
words, a fixed number of whole numbers, or ``(word, whole number)`` pairs."""
_WHOLE = re.compile(r"[+-]?[0-9]{1,12}")
_TRUE, _FALSE = ("true", "yes", "1", "on"), ("false", "no", "0", "off")
_MAX_ITEMS = 100
"""More numbers or pairs than this in one option's text are not read."""


@dataclass(frozen=True)
class OptionSpec:
    """How one ``Rules`` field is labelled, explained, bounded and read from text."""

    kind: str
    """One of :data:`KINDS`."""
    label: str
    """A few words naming the option where a player sets it ("Board radius")."""
    doc: str
    """One or two sentences of help: what the option does, and the rulebook's value."""
    bounds: tuple[int, int] | None = None
    """Lowest and highest whole number (of each number, for ``wholes`` and ``pairs``)."""
    soft_bounds: tuple[int, int] | None = None
    """The range a slider offers when the hard bounds are far wider."""
    choices: tuple[str, ...] = ()
    """The words a ``choice`` option takes."""
    allow_none: bool = False
    """Whether a ``whole`` option may be None (written ``none``)."""
    length: int | None = None
    """How many numbers a ``wholes`` option holds."""
    words: tuple[str, ...] = ()
    """Names that stand for 0, 1, … in a ``whole`` option (the players' colours)."""
    name: str = ""
    """The field's name (set by :func:`option_specs`)."""
    default: Any = None
    """The field's default (set by :func:`option_specs`)."""

    def __repr__(self) -> str:
        shown = {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if f.name in ("kind", "label", "doc") or getattr(self, f.name) != f.default
        }
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in shown.items())})"

    @property
    def requirement(self) -> str:
        """What a good value is, as words ("a whole number from 2 to 8")."""
        number = "a whole number" + self._range
        if self.kind == "flag":
            return "true or false"
        if self.kind == "choice" and len(self.choices) == 2:
            return " or ".join(self.choices)
        if self.kind == "choice":
            return "one of " + ", ".join(self.choices)
        if self.kind == "wholes":
            return f"{self.length} whole numbers{self._range} between commas"
        if self.kind == "pairs":
            return "CODE:COUNT pairs between commas"
        if self.words:
            return f"{number} or one of {', '.join(self.words)}"
        return f"none or {number}" if self.allow_none else number

    def read(self, text: str, bounded: bool = True) -> Any:
        """The value ``text`` stands for; ``ValueError`` says what it is not ("is not a whole
        number from 2 to 8").  ``bounded=False`` leaves the range to the ``Rules`` check.

        >>> OptionSpec("whole", "Players", "", bounds=(2, 5)).read(" 3 ")
        3
        >>> OptionSpec("wholes", "Points", "", bounds=(0, 9), length=2).read("5,2")
        (5, 2)
        """
        word = str(text).strip()
        if self.kind == "flag":
            if word.lower() in _TRUE + _FALSE:
                return word.lower() in _TRUE
        elif self.kind == "choice":
            found = [c for c in self.choices if c.lower() == word.lower()]
            if found:
                return found[0]
        elif self.kind == "whole":
            if self.allow_none and word.lower() == "none":
                return None
            named = [n for n, w in enumerate(self.words) if w.lower() == word.lower()]
            if named:
                return named[0]
            value = self._whole(word, bounded)
            if value is not None:
                return value
            if not bounded:
                raise ValueError("is not " + dataclasses.replace(self, bounds=None).requirement)
        else:
            items = word.replace(",", " ").split()
            value = self._items(items, bounded) if len(items) <= _MAX_ITEMS else None
            if value is not None:
                return value
        raise ValueError(f"is not {self.requirement}")

    def write(self, value: Any) -> str:
        """The text :meth:`read` takes back to ``value`` (for a link or a command line).

        >>> OptionSpec("pairs", "Deck", "").write((("WH", 12), ("GR", 3)))
        'WH:12,GR:3'
        """
        if value is None:
            return "none"
        if isinstance(value, bool):
            return str(value).lower()
        if self.kind == "pairs":
            return ",".join(f"{code}:{count}" for code, count in value)
        if isinstance(value, tuple):
            return ",".join(map(str, value))
        return str(value)

    def read_number(self, text: str) -> int:
        """One whole number within :attr:`bounds` (one of a ``wholes`` or ``pairs`` option's
        numbers); ``ValueError`` says what it is not.

        >>> OptionSpec("wholes", "Points", "", bounds=(0, 9), length=2).read_number("12")
        Traceback (most recent call last):
        ...
        ValueError: is not a whole number from 0 to 9
        """
        value = self._whole(str(text).strip(), True)
        if value is None:
            raise ValueError("is not a whole number" + self._range)
        return value

    @property
    def _range(self) -> str:
        return "" if self.bounds is None else f" from {self.bounds[0]} to {self.bounds[1]}"

    def _whole(self, word: str, bounded: bool) -> int | None:
        if _WHOLE.fullmatch(word) is None:
            return None
        value = int(word)
        lo, hi = self.bounds if bounded and self.bounds else (value, value)
        return value if lo <= value <= hi else None

    def _items(self, items: list[str], bounded: bool) -> tuple | None:
        if self.kind == "wholes":
            numbers = [self._whole(item, bounded) for item in items]
            if len(numbers) != self.length or None in numbers:
                return None
            return tuple(numbers)
        pairs = []
        for item in items:
            code, sep, count = item.partition(":")
            number = self._whole(count.strip(), bounded)
            if not sep or number is None or not code.strip():
                return None
            pairs.append((code.strip().upper(), number))
        return tuple(pairs)


def option(
    default: Any,
    label: str,
    doc: str,
    *,
    bounds: tuple[int, int] | None = None,
    soft_bounds: tuple[int, int] | None = None,
    choices: Iterable[str] = (),
    allow_none: bool = False,
    words: Iterable[str] = (),
) -> Any:
    """A ``Rules`` field with its default and its :class:`OptionSpec` (the kind follows from
    the default and the choices).

    >>> option(True, "Fast game", "Whether the game is short.").metadata["option"].kind
    'flag'
    """
    choices = tuple(choices)
    if isinstance(default, bool):
        kind = "flag"
    elif choices:
        kind = "choice"
    elif isinstance(default, tuple) and all(isinstance(v, int) for v in default):
        kind = "wholes"
    elif isinstance(default, tuple):
        kind = "pairs"
    else:
        kind = "whole"
    length = len(default) if kind == "wholes" else None
    spec = OptionSpec(
        kind, label, doc, bounds, soft_bounds, choices, allow_none, length, tuple(words)
    )
    return dataclasses.field(default=default, metadata={OPTION_KEY: spec})


@functools.cache
def option_specs(rules_type: type) -> tuple[OptionSpec, ...]:
    """Every field's :class:`OptionSpec`, in field order.

    A field declared without :func:`option` (a game written before it, or a quick test game)
    gets a plain spec: its kind from its default, its name as label, no help and no bounds (its
    ``Rules`` check still refuses a bad value); ``TypeError`` if it has no default.
    """
    specs = []
    for f in dataclasses.fields(rules_type):
        spec = f.metadata.get(OPTION_KEY)
        if not isinstance(spec, OptionSpec):
            if f.default is dataclasses.MISSING:
                raise TypeError(f"{rules_type.__name__}.{f.name} has no default option value.")
            label = f.name.replace("_", " ").capitalize()
            spec = option(f.default, label, "").metadata[OPTION_KEY]
        specs.append(dataclasses.replace(spec, name=f.name, default=f.default))
    return tuple(specs)


def option_spec(rules_type: type, name: str) -> OptionSpec:
    """The :class:`OptionSpec` of one field; ``ValueError`` if there is no such option."""
    for spec in option_specs(rules_type):
        if spec.name == name:
            return spec
    names = [spec.name for spec in option_specs(rules_type)]
    raise ValueError(unknown("option", name, names))


def parse_option(spec: OptionSpec, text: str, what: str | None = None) -> Any:
    """The value of one option from its text; ``ValueError`` with a sentence naming it
    (as ``what``, e.g. a command-line flag, if given).

    >>> parse_option(OptionSpec("flag", "Fast", "", name="fast"), "maybe")
    Traceback (most recent call last):
    ...
    ValueError: fast must be true or false, not 'maybe'.
    """
    try:
        return spec.read(text)
    except ValueError:
        shown = str(text).strip()[:40]
        raise ValueError(
            f"{what or spec.name} must be {spec.requirement}, not {shown!r}."
        ) from None


def rules_values(rules_type: type, text: str, names: Iterable[str] | None = None) -> dict[str, Any]:
    """The options written in ``text`` (``"name=value"`` items between spaces or commas, ``-``
    for ``_`` in a name), each read alone; ``ValueError`` with a sentence naming a bad one.
    ``names`` limits the options that may be written (default: every field).

    >>> from engines.circle import Rules
    >>> rules_values(Rules, "radius=3 no-placement-wins=false")
    {'radius': 3, 'no_placement_wins': False}
    """
    wanted = None if names is None else set(names)
    by_name = {
        spec.name: spec
        for spec in option_specs(rules_type)
        if wanted is None or spec.name in wanted
    }
    values = {}
    for item in _items(str(text)):
        name, sep, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if not sep:
            raise ValueError(
                f"{item[:40]!r} is not OPTION=VALUE with one of the options {', '.join(by_name)}."
            )
        if name not in by_name:
            raise ValueError(unknown("option", name[:40], by_name))
        values[name] = parse_option(by_name[name], value)
    return values


def _items(text: str) -> list[str]:
    """``name=value`` items: split at spaces and at commas that start a new ``name=``."""
    items: list[str] = []
    for word in text.split():
        for part in word.split(","):
            if "=" in part or not items:
                items.append(part)
            elif part:
                items[-1] += "," + part
    return [item for item in items if item]


def changed_options(rules: Any, names: Iterable[str] | None = None) -> dict[str, str]:
    """The options of ``rules`` (only ``names``, if given) that differ from the defaults, as
    the text :meth:`OptionSpec.read` takes back (what a link carries).

    >>> from engines.circle import Rules
    >>> changed_options(Rules(radius=5, no_placement_wins=False))
    {'radius': '5', 'no_placement_wins': 'false'}
    """
    wanted = None if names is None else set(names)
    return {
        spec.name: spec.write(getattr(rules, spec.name))
        for spec in option_specs(type(rules))
        if (wanted is None or spec.name in wanted) and getattr(rules, spec.name) != spec.default
    }


def parse_rules(rules_type: type, text: str) -> Any:
    """A ``rules_type`` with the options written in ``text`` (the others at their defaults);
    ``ValueError`` with a sentence naming a bad option or a pair that does not fit together."""
    return rules_type(**rules_values(rules_type, text))
