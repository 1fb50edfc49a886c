"""Page-address parameters, each checked on its own: the good ones kept, each bad one named.

An address is typed, pasted and shared by people: every parameter is read by its own parser,
a bad one becomes one sentence starting with its name, and the others still apply.  Nothing
here raises on any address.

>>> parsers = {"players": whole(2, 5), "hide": flag(), "seat0": choice(["Human", "MCTS"])}
>>> found = read_query("?players=9&hide=yes&seat0=mcts&colour=red", parsers)
>>> found.values
{'hide': True, 'seat0': 'MCTS'}
>>> for problem in found.problems:
...     print(problem)
players: '9' is not a whole number from 2 to 5.
colour: there is no such parameter (use players, hide, seat0).
>>> parse_whole("²", 0, 99, "gazelles")
Traceback (most recent call last):
ValueError: gazelles: '²' is not a whole number from 0 to 99.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl

import param

from engines.options import option_specs

from .untrusted import short, shown

__all__ = [
    "MAX_QUERY_LENGTH",
    "Query",
    "choice",
    "flag",
    "keep_consistent",
    "number",
    "param_parsers",
    "parse_whole",
    "query_pairs",
    "read_query",
    "rules_parsers",
    "whole",
]

MAX_QUERY_LENGTH = 8000
"""Longer addresses are cut before reading (a whole game of the largest board, or a
five-player Savannah game's moves, fits)."""
_TRUE, _FALSE = ("true", "yes", "1", "on"), ("false", "no", "0", "off")
_WHOLE = re.compile(r"[+-]?[0-9]{1,12}")
_NUMBER = re.compile(r"[+-]?[0-9]{1,6}(\.[0-9]{1,6})?")

Parser = Callable[[str], Any]
"""Reads one parameter's text; ValueError with the end of a sentence ('is not ...')."""


@dataclass
class Query:
    """What an address asks for: the values read, and one sentence per bad parameter."""

    values: dict[str, Any] = field(default_factory=dict)
    """Each good parameter's value, by name (the last one when a name is repeated)."""
    problems: list[str] = field(default_factory=list)
    """One sentence per bad parameter, starting with its name."""

    def sentence(self, lead: str = "Not used from the page address:") -> str:
        """The problems as one message ('' when there are none)."""
        return f"{lead} {' '.join(self.problems)}" if self.problems else ""


def query_pairs(args: Any) -> tuple[list[tuple[str, str]], list[str]]:
    """``(name, text)`` pairs of an address query (``"?a=1&b=2"``) or of Panel's
    ``session_args`` (name to a list of bytes), and the problems met reading them."""
    problems: list[str] = []
    if isinstance(args, str):
        if len(args) > MAX_QUERY_LENGTH:
            problems.append(
                f"The address is longer than {MAX_QUERY_LENGTH} characters; the rest is ignored."
            )
            args = args[:MAX_QUERY_LENGTH]
        return parse_qsl(args.lstrip("?"), keep_blank_values=True), problems
    pairs = []
    for name, raw in (args or {}).items():
        values = raw if isinstance(raw, list) else [raw]
        for value in values[-1:]:  # a repeated parameter: the last one counts
            text = value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)
            pairs.append((str(name), text))
    total = sum(len(n) + len(v) for n, v in pairs)
    if total > MAX_QUERY_LENGTH:
        problems.append(
            f"The address is longer than {MAX_QUERY_LENGTH} characters; the rest is ignored."
        )
        kept, used = [], 0
        for name, text in pairs:
            used += len(name) + len(text)
            if used > MAX_QUERY_LENGTH:
                break
            kept.append((name, text))
        pairs = kept
    return pairs, problems


def read_query(args: Any, parsers: Mapping[str, Parser], known: str | None = None) -> Query:
    """Read every parameter of ``args`` with its parser in ``parsers``; never raises.

    ``known`` is how the sentence about an unknown name lists the good ones (default: all)."""
    known = known or ", ".join(parsers)
    pairs, problems = query_pairs(args)
    found = Query(problems=problems)
    for name, text in pairs:
        label = short(name, 40)
        parser = parsers.get(name)
        if parser is None:
            found.problems.append(f"{label}: there is no such parameter (use {known}).")
            continue
        try:
            found.values[name] = parser(text)
        except ValueError as err:
            found.values.pop(name, None)
            found.problems.append(f"{label}: {shown(text, 40)} {err}.")
    return found


def keep_consistent(
    found: Query, check: Callable[[dict[str, Any]], None], names: Iterable[str] | None = None
) -> Query:
    """Drop the parameters that do not fit together, last given first, until ``check`` (which
    raises ValueError with a sentence) accepts the rest; each dropped one is named.

    ``names`` limits the parameters ``check`` sees (the others are always kept)."""
    keys = [k for k in found.values if names is None or k in names]
    while keys:
        chosen = {k: found.values[k] for k in keys}
        try:
            check(chosen)
            return found
        except ValueError as err:
            reason = str(err).rstrip(".")
        culprit = next((k for k in reversed(keys) if _passes(check, chosen, k)), keys[-1])
        keys.remove(culprit)
        value = found.values.pop(culprit)
        found.problems.append(f"{culprit}: {shown(value, 40)} was not used: {reason}.")
    return found


def _passes(check: Callable[[dict[str, Any]], None], chosen: dict[str, Any], without: str) -> bool:
    try:
        check({k: v for k, v in chosen.items() if k != without})
    except ValueError:
        return False
    return True


# ---------------------------------------------------------------------- parsers


def parse_whole(text: str, lo: int | None, hi: int | None, what: str | None = None) -> int:
    """A whole number from ``lo`` to ``hi`` (None: no bound) written with ASCII digits
    (nothing else: not '²', not a 5,000-digit number); ValueError with a sentence, starting
    with ``what`` if given."""
    stripped = text.strip()
    if _WHOLE.fullmatch(stripped):
        value = int(stripped)
        if (lo is None or value >= lo) and (hi is None or value <= hi):
            return value
    reason = "is not a whole number" + ("" if lo is None else f" from {lo} to {hi}")
    if what is None:
        raise ValueError(reason)
    raise ValueError(f"{what}: {shown(stripped, 40)} {reason}.")


def whole(lo: int | None = None, hi: int | None = None) -> Parser:
    """Parser of a whole number from ``lo`` to ``hi`` (any, up to 12 digits, by default)."""
    return lambda text: parse_whole(text, lo, hi)


def number(lo: float, hi: float) -> Parser:
    """Parser of a decimal number from ``lo`` to ``hi``."""

    def read(text: str) -> float:
        stripped = text.strip()
        if _NUMBER.fullmatch(stripped) and lo <= float(stripped) <= hi:
            return float(stripped)
        raise ValueError(f"is not a number from {lo:g} to {hi:g}")

    return read


def flag() -> Parser:
    """Parser of true/false (also yes/no, on/off, 1/0)."""

    def read(text: str) -> bool:
        word = text.strip().lower()
        if word in _TRUE or word in _FALSE:
            return word in _TRUE
        raise ValueError("is not true or false")

    return read


def choice(options: Sequence[Any] | Mapping[str, Any]) -> Parser:
    """Parser of one of ``options`` (written in any case); a mapping gives words to values."""
    table = dict(options) if isinstance(options, Mapping) else {str(o): o for o in options}
    lowered = {word.lower(): value for word, value in table.items()}

    def read(text: str) -> Any:
        key = text.strip().lower()
        if key in lowered:
            return lowered[key]
        raise ValueError(f"is not one of {', '.join(table)}")

    return read


def rules_parsers(
    rules_type: type, names: Iterable[str] | None = None, *, bounded: bool = True
) -> dict[str, Parser]:
    """A parser for each option of ``rules_type`` (only ``names``, if given) from the
    :class:`~engines.options.OptionSpec` its field declares; ``bounded=False`` reads only the
    form of a number and leaves its range to the ``Rules`` check.

    >>> from engines.circle import Rules
    >>> read_query("?radius=9&first_player=black", rules_parsers(Rules)).problems
    ["radius: '9' is not a whole number from 2 to 8."]
    """
    wanted = None if names is None else set(names)
    return {
        spec.name: functools.partial(spec.read, bounded=bounded)
        for spec in option_specs(rules_type)
        if wanted is None or spec.name in wanted
    }


def param_parsers(owner: param.Parameterized | type, names: Iterable[str]) -> dict[str, Parser]:
    """A parser for each named parameter of ``owner`` from its type and bounds (Integer,
    Number, Boolean, Selector)."""
    parsers: dict[str, Parser] = {}
    for name in names:
        p = owner.param[name]
        if isinstance(p, param.Boolean):
            parsers[name] = flag()
        elif isinstance(p, param.Selector):
            parsers[name] = choice(p.objects)
        elif isinstance(p, (param.Integer, param.Number)):
            lo, hi = p.bounds or (None, None)
            lo = -(10**9) + 1 if lo is None else lo
            hi = 10**9 - 1 if hi is None else hi
            parsers[name] = whole(lo, hi) if isinstance(p, param.Integer) else number(lo, hi)
        else:
            raise TypeError(f"no address parser for the parameter {name!r}")
    return parsers
