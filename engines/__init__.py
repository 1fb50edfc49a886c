"""Pure-Python rules engines for the Circle of Life family of games.

This package holds the vocabulary every game shares: the error raised for an
illegal action, the events a turn reports, and the score sheet.  Nothing here
(or in the game subpackages) imports a UI library.

>>> line = ScoreLine(0, "tree", 8, "trees in 2 rows and 2 columns", ((0, 1), (2, 3)))
>>> sheet = ScoreSheet([line, ScoreLine(1, "lion", 4, "flipped a zebra")])
>>> sheet.total(0)
8
>>> sheet.by_category(0)
{'tree': 8}

A score sheet prints as the table a page shows (a notebook draws it as an HTML table):

>>> print(sheet)
Player    Category  Points  Why
Player 1  tree           8  trees in 2 rows and 2 columns
Player 2  lion           4  flipped a zebra
Total: Player 1 8, Player 2 4.
"""

from __future__ import annotations

import html
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from engines.text import player_name

__all__ = ["Event", "Events", "IllegalAction", "ScoreLine", "ScoreSheet"]


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

    def __str__(self) -> str:
        return self.describe()

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


class Events(list):
    """The events of one turn, in order (what ``apply`` returns): a list of :class:`Event`
    that prints, and shows in a notebook, as their sentences.

    >>> from engines.circle import new_game
    >>> print(new_game().apply("E5"))
    Orange placed a stone at E5.
    Orange has a new singleton at E5.
    """

    def __str__(self) -> str:
        return "\n".join(event.describe() for event in self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self) if self else "Nothing happened.")


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

    ``names`` are the players' names when the game has its own (Circle's "Orange" and
    "Black"); otherwise a player is "Player 1", "Player 2"…

    >>> ScoreSheet().total(1)
    0

    It prints as the pages' table, and a notebook shows it as an HTML table (its rich repr):

    >>> sheet = ScoreSheet([ScoreLine(0, "alive", 3, "three critters")], names=("Orange", "Black"))
    >>> print(sheet)
    Player  Category  Points  Why
    Orange  alive          3  three critters
    Total: Orange 3, Black 0.
    >>> sheet._repr_html_()[:54]
    '<table><thead><tr><th>Player</th><th>Category</th><th>'
    """

    def __init__(self, lines: Iterable[ScoreLine] = (), names: Sequence[str] | None = None):
        super().__init__(lines)
        self.names = tuple(names) if names is not None else None
        """The players' names by index, or None for "Player 1", "Player 2"…"""

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

    def name(self, player: int) -> str:
        """How the sheet names a player."""
        if self.names is not None and 0 <= player < len(self.names):
            return self.names[player]
        return player_name(player)

    def rows(self) -> list[tuple[str, str, int, str]]:
        """The lines as a page's table shows them: (player, category in words, points, why)."""
        return [
            (self.name(line.player), line.category.replace("_", " "), line.points, line.note)
            for line in self
        ]

    def totals_line(self) -> str:
        """Every player's total, as one sentence ("Total: Orange 3, Black 1.")."""
        players = sorted({*self.players(), *range(len(self.names or ()))})
        return "Total: " + ", ".join(f"{self.name(p)} {self.total(p)}" for p in players) + "."

    def __str__(self) -> str:
        if not self:
            return "No points yet."
        table = [("Player", "Category", "Points", "Why"), *self.rows()]
        widths = [max(len(str(row[i])) for row in table) for i in range(3)]
        lines = [
            f"{who:<{widths[0]}}  {what:<{widths[1]}}  {points!s:>{widths[2]}}  {why}".rstrip()
            for who, what, points, why in table
        ]
        return "\n".join([*lines, self.totals_line()])

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{h}</th>" for h in ("Player", "Category", "Points", "Why"))
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(str(cell))}</td>" for cell in row) + "</tr>"
            for row in self.rows()
        )
        foot = html.escape(self.totals_line() if self else "No points yet.")
        return (
            f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody>"
            f'<tfoot><tr><td colspan="4">{foot}</td></tr></tfoot></table>'
        )

    def __repr__(self) -> str:
        return f"ScoreSheet({list.__repr__(self)})"
