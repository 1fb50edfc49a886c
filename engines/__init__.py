"""Pure-Python rules engines for the Circle of Life family of games.

This package holds the vocabulary every game shares: the error raised for an
illegal action, the event a turn reports, and the score sheet.  Nothing here
(or in the game subpackages) imports a UI library.

>>> line = ScoreLine(0, "tree", 8, "trees in 2 rows and 2 columns", ((0, 1), (2, 3)))
>>> sheet = ScoreSheet([line, ScoreLine(0, "lion", 4, "flipped a zebra")])
>>> sheet.total(0)
12
>>> sheet.by_category(0)
{'tree': 8, 'lion': 4}
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass, fields
from typing import Any, ClassVar

__all__ = ["Event", "IllegalAction", "ScoreLine", "ScoreSheet"]


class IllegalAction(ValueError):
    """An action the rules forbid in the current state.

    The message is one sentence a player understands ("E4 is already taken.").
    Raising it never changes the state.
    """


@dataclass(frozen=True)
class Event:
    """Something that happened during a turn.

    Games subclass this as frozen dataclasses with their own fields and a ``kind``
    (``placed``, ``ate``, ``flipped``…); each subclass overrides :meth:`describe`.

    >>> @dataclass(frozen=True)
    ... class Rained(Event):
    ...     kind = "rained"
    ...     mm: int
    ...     def describe(self):
    ...         return f"It rained {self.mm} mm."
    >>> Rained(3).to_dict()
    {'kind': 'rained', 'mm': 3, 'text': 'It rained 3 mm.'}
    """

    kind: ClassVar[str] = "event"
    """A short machine-readable name of what happened, e.g. ``"placed"``; subclasses set it."""

    def describe(self) -> str:
        """One plain sentence saying what happened."""
        return self.kind.capitalize() + "."

    def seen_by(self, seat: int | None) -> Event:
        """This event as ``seat`` (None: a spectator) may see it: most events are public, so
        the event itself; an event that tells a hidden card returns a copy without it."""
        return self

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe form for logs and UIs (tuples become lists)."""
        return {
            "kind": self.kind,
            **{k: _jsonable(v) for k, v in _fields(self).items()},
            "text": self.describe(),
        }


def _fields(obj: Any) -> dict[str, Any]:
    return {f.name: getattr(obj, f.name) for f in fields(obj)}


def _jsonable(value: Any) -> Any:
    if isinstance(value, (tuple, list, frozenset, set)):
        items = [_jsonable(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, (set, frozenset)) else items
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class ScoreLine:
    """One line of a score sheet: who scored what, for which cards or cells, and why."""

    player: int
    """Index of the player the points belong to."""
    category: str
    """Scoring category in snake case, e.g. ``"watering_hole"`` or ``"alive"``."""
    points: int
    """Points earned by this line (negative for penalties)."""
    note: str = ""
    """Why, in words a player understands."""
    cells: tuple[Hashable, ...] = ()
    """The board cells or cards that earned the line, so a view can highlight them."""


class ScoreSheet(list):
    """A list of :class:`ScoreLine` with per-player totals.

    >>> ScoreSheet().total(1)
    0
    """

    def __init__(self, lines: Iterable[ScoreLine] = ()):
        super().__init__(lines)

    def for_player(self, player: int) -> Iterator[ScoreLine]:
        """The lines of one player, in order."""
        return (line for line in self if line.player == player)

    def total(self, player: int) -> int:
        """Sum of one player's points."""
        return sum(line.points for line in self.for_player(player))

    def by_category(self, player: int) -> dict[str, int]:
        """One player's points per category, in first-seen order."""
        out: dict[str, int] = {}
        for line in self.for_player(player):
            out[line.category] = out.get(line.category, 0) + line.points
        return out

    def players(self) -> list[int]:
        """Every player that has at least one line, sorted."""
        return sorted({line.player for line in self})

    def __repr__(self) -> str:
        return f"ScoreSheet({list.__repr__(self)})"
