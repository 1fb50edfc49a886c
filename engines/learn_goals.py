"""What a Learn stage asks for: a small declarative vocabulary of goals, checked by the engine.

A course file names a goal by its ``kind`` and gives its arguments; no code lives in the data.
Every goal looks at a :class:`Try`: the position the stage started from, the position now, the
events of this try (the student's moves and the replies, in order) and the student's seat.

=========  ==================================================================================
kind       what must be true (arguments)
=========  ==================================================================================
event      an event of this kind happened (``event``), with fields equal to ``match`` (a list
           field matches when it holds the value), numeric fields at least ``at_least`` (a list
           field: at least that many items), ``count`` times or more; by default only the
           student's own events count (``mine = false``: anyone's)
no_event   no such event happened (the same arguments, without ``count``)
score      the student's points, in one ``category`` of the score sheet or in all, are at least
           ``at_least`` and/or at most ``at_most``
best       the student's points (one ``category`` or all) after her move are the most that any
           legal move reaches from the start (proven by trying every one); one-move stages only
win        the game is over and the student is among the winners (``termination``: how)
all        every goal of ``goals`` holds
=========  ==================================================================================

>>> from engines import circle
>>> start = circle.State.from_position({0: "E5", 1: "E7"}, to_move=0)
>>> after = start.clone()
>>> events = after.apply("E6")
>>> goal = read_goal({"kind": "event", "event": "ate", "match": {"prey": "singleton"}}, "goal")
>>> goal.reached(Try(start, after, tuple(events), 0))
True
>>> read_goal({"kind": "event", "event": "ate", "colour": "red"}, "goal")
Traceback (most recent call last):
...
ValueError: goal: unknown field 'colour' (a goal of kind 'event' has event, match, at_least, count, mine).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engines import Event

__all__ = [
    "GOAL_KINDS",
    "AllGoal",
    "BestGoal",
    "EventGoal",
    "Goal",
    "NoEventGoal",
    "ScoreGoal",
    "Try",
    "WinGoal",
    "read_goal",
]


@dataclass(frozen=True)
class Try:
    """One try at a stage, as a goal sees it."""

    start: Any
    """The stage's start position (a game ``State``; not to be changed)."""
    state: Any
    """The position now, after the student's moves and the replies."""
    events: tuple[Event, ...]
    """Everything that happened in this try, in order."""
    seat: int
    """The student's seat."""
    best: int | None = None
    """For a ``best`` goal: the most points any first move reaches (filled in by the stage)."""


def _points(state: Any, seat: int, category: str | None) -> int:
    sheet = state.score_sheet()
    if category is None:
        return sheet.total(seat)
    return sheet.by_category(seat).get(category, 0)


def _notes(state: Any, seat: int, category: str | None) -> str:
    """The score sheet's own words for the lines of one category, in brackets ("" for all)."""
    if category is None:
        return ""
    notes = [
        line.note for line in state.score_sheet().for_player(seat) if line.category == category
    ]
    return f" ({'; '.join(n for n in notes if n)})" if any(notes) else ""


def _what(category: str | None) -> str:
    return "points" if category is None else f"{category.replace('_', ' ')} points"


def _fits(value: Any, wanted: Any) -> bool:
    """Whether an event's field ``value`` matches ``wanted``: equal (a list to a list, item by
    item), or a list that holds ``wanted``."""
    if isinstance(value, (list, tuple)):
        same = isinstance(wanted, (list, tuple)) and _plain(value) == _plain(wanted)
        return same or any(_fits(item, wanted) for item in value)
    return value == wanted


def _plain(value: Any) -> Any:
    return [_plain(v) for v in value] if isinstance(value, (list, tuple)) else value


def _size(value: Any) -> int | float:
    if isinstance(value, (list, tuple)):
        return len(value)
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else -1


@dataclass(frozen=True)
class EventGoal:
    """An event of kind ``event`` happened, ``count`` times or more.

    >>> EventGoal("killed", (("card", "impala#1"),)).describe()
    "a 'killed' event with card 'impala#1'"
    """

    event: str
    match: tuple[tuple[str, Any], ...] = ()
    at_least: tuple[tuple[str, int], ...] = ()
    count: int = 1
    mine: bool = True

    def matching(self, attempt: Try) -> list[Event]:
        """The events of the try that this goal counts."""
        found = []
        for event in attempt.events:
            data = event.to_dict()
            if data["kind"] != self.event:
                continue
            if self.mine and data.get("player") != attempt.seat:
                continue
            if all(_fits(data.get(k), v) for k, v in self.match) and all(
                _size(data.get(k)) >= n for k, n in self.at_least
            ):
                found.append(event)
        return found

    def reached(self, attempt: Try) -> bool:
        """Whether the goal holds."""
        return len(self.matching(attempt)) >= self.count

    def report(self, attempt: Try) -> str:
        """What happened instead, when it matters beyond the events themselves."""
        return ""

    def describe(self) -> str:
        """The goal in words, for a course's author."""
        parts = [f"{k} {v!r}" for k, v in self.match] + [f"{k} >= {n}" for k, n in self.at_least]
        times = "" if self.count == 1 else f" ({self.count} times)"
        return f"a {self.event!r} event" + (" with " + ", ".join(parts) if parts else "") + times


@dataclass(frozen=True)
class NoEventGoal:
    """No event of kind ``event`` with these fields happened."""

    event: str
    match: tuple[tuple[str, Any], ...] = ()
    at_least: tuple[tuple[str, int], ...] = ()
    mine: bool = True

    def reached(self, attempt: Try) -> bool:
        """Whether the goal holds."""
        return not EventGoal(self.event, self.match, self.at_least, 1, self.mine).matching(attempt)

    def report(self, attempt: Try) -> str:
        """What happened instead, when it matters beyond the events themselves."""
        return ""

    def describe(self) -> str:
        """The goal in words, for a course's author."""
        return "no " + EventGoal(self.event, self.match, self.at_least).describe()[2:]


@dataclass(frozen=True)
class ScoreGoal:
    """The student's points (one category, or all) are within bounds.

    >>> ScoreGoal("zebra", at_least=9).describe()
    'zebra points at least 9'
    """

    category: str | None = None
    at_least: int | None = None
    at_most: int | None = None

    def reached(self, attempt: Try) -> bool:
        """Whether the goal holds."""
        got = _points(attempt.state, attempt.seat, self.category)
        low = self.at_least is None or got >= self.at_least
        return low and (self.at_most is None or got <= self.at_most)

    def report(self, attempt: Try) -> str:
        """The points scored, against the goal."""
        got = _points(attempt.state, attempt.seat, self.category)
        notes = _notes(attempt.state, attempt.seat, self.category)
        return f"Your {_what(self.category)}: {got}{notes}; the goal is {self._bounds()}."

    def _bounds(self) -> str:
        bounds = []
        if self.at_least is not None:
            bounds.append(f"at least {self.at_least}")
        if self.at_most is not None:
            bounds.append(f"at most {self.at_most}")
        return " and ".join(bounds)

    def describe(self) -> str:
        """The goal in words, for a course's author."""
        return f"{_what(self.category)} {self._bounds()}"


@dataclass(frozen=True)
class BestGoal:
    """The student's move reaches the most points (one category, or all) of any legal move."""

    category: str | None = None

    def value(self, state: Any, seat: int) -> int:
        """What the goal measures in a position."""
        return _points(state, seat, self.category)

    def reached(self, attempt: Try) -> bool:
        """Whether the goal holds (``attempt.best`` must be filled in)."""
        return attempt.best is not None and self.value(attempt.state, attempt.seat) >= attempt.best

    def report(self, attempt: Try) -> str:
        """The points scored, against the best."""
        got = self.value(attempt.state, attempt.seat)
        notes = _notes(attempt.state, attempt.seat, self.category)
        return (
            f"That makes {got} {_what(self.category)}{notes}; the best move makes {attempt.best}."
        )

    def describe(self) -> str:
        """The goal in words, for a course's author."""
        return f"the most {_what(self.category)} of any move"


@dataclass(frozen=True)
class WinGoal:
    """The game is over and the student is among the winners."""

    termination: str | None = None

    def reached(self, attempt: Try) -> bool:
        """Whether the goal holds."""
        outcome = attempt.state.outcome
        if outcome is None or attempt.seat not in outcome.winners:
            return False
        return self.termination is None or outcome.termination == self.termination

    def report(self, attempt: Try) -> str:
        """How the game stands."""
        outcome = attempt.state.outcome
        return "The game is not over yet." if outcome is None else outcome.describe()

    def describe(self) -> str:
        """The goal in words, for a course's author."""
        return "win" + (f" ({self.termination})" if self.termination else "")


@dataclass(frozen=True)
class AllGoal:
    """Every goal of ``goals`` holds."""

    goals: tuple[Any, ...]

    def reached(self, attempt: Try) -> bool:
        """Whether the goal holds."""
        return all(goal.reached(attempt) for goal in self.goals)

    def report(self, attempt: Try) -> str:
        """The reports of the goals that do not hold."""
        missed = [g.report(attempt) for g in self.goals if not g.reached(attempt)]
        return " ".join(text for text in missed if text)

    def describe(self) -> str:
        """The goal in words, for a course's author."""
        return " and ".join(goal.describe() for goal in self.goals)


Goal = EventGoal | NoEventGoal | ScoreGoal | BestGoal | WinGoal | AllGoal
"""Any goal."""


def _text(table: Mapping[str, Any], key: str, field: str, required: bool = True) -> str | None:
    value = table.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{field}.{key}: must be a word, not {value!r}.")
    return value


def _whole(table: Mapping[str, Any], key: str, field: str, low: int | None = None) -> int | None:
    value = table.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or low is not None and value < low:
        floor = "" if low is None else f" of at least {low}"
        raise ValueError(f"{field}.{key}: must be a whole number{floor}, not {value!r}.")
    return value


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, (str, int, float, bool)):
        return value
    raise ValueError(f"{value!r} is not a word, a number or a list of them.")


def _pairs(table: Mapping[str, Any], key: str, field: str, whole: bool = False) -> tuple:
    value = table.get(key, {})
    if not isinstance(value, Mapping):
        raise ValueError(f"{field}.{key}: must be a table of event fields, not {value!r}.")
    out = []
    for name, item in sorted(value.items()):
        if whole and (isinstance(item, bool) or not isinstance(item, int)):
            raise ValueError(f"{field}.{key}.{name}: must be a whole number, not {item!r}.")
        try:
            out.append((name, _frozen(item)))
        except ValueError as err:
            raise ValueError(f"{field}.{key}.{name}: {err}") from None
    return tuple(out)


def _flag(table: Mapping[str, Any], key: str, field: str) -> bool:
    value = table.get(key, True)
    if not isinstance(value, bool):
        raise ValueError(f"{field}.{key}: must be true or false, not {value!r}.")
    return value


def _event(table: Mapping[str, Any], field: str) -> EventGoal:
    return EventGoal(
        _text(table, "event", field),
        _pairs(table, "match", field),
        _pairs(table, "at_least", field, whole=True),
        _whole(table, "count", field, low=1) or 1,
        _flag(table, "mine", field),
    )


def _no_event(table: Mapping[str, Any], field: str) -> NoEventGoal:
    goal = _event(table, field)
    return NoEventGoal(goal.event, goal.match, goal.at_least, goal.mine)


def _score(table: Mapping[str, Any], field: str) -> ScoreGoal:
    low, high = _whole(table, "at_least", field), _whole(table, "at_most", field)
    if low is None and high is None:
        raise ValueError(f"{field}: a score goal needs at_least, at_most or both.")
    return ScoreGoal(_text(table, "category", field, required=False), low, high)


def _best(table: Mapping[str, Any], field: str) -> BestGoal:
    return BestGoal(_text(table, "category", field, required=False))


def _win(table: Mapping[str, Any], field: str) -> WinGoal:
    return WinGoal(_text(table, "termination", field, required=False))


def _all(table: Mapping[str, Any], field: str) -> AllGoal:
    goals = table.get("goals")
    if not isinstance(goals, list) or not goals:
        raise ValueError(f"{field}.goals: must be a list of goals.")
    return AllGoal(tuple(read_goal(g, f"{field}.goals[{n}]") for n, g in enumerate(goals)))


GOAL_KINDS: dict[str, tuple[Callable[[Mapping[str, Any], str], Any], tuple[str, ...]]] = {
    "event": (_event, ("event", "match", "at_least", "count", "mine")),
    "no_event": (_no_event, ("event", "match", "at_least", "mine")),
    "score": (_score, ("category", "at_least", "at_most")),
    "best": (_best, ("category",)),
    "win": (_win, ("termination",)),
    "all": (_all, ("goals",)),
}
"""Each goal kind: its reader and its fields (besides ``kind``)."""


def read_goal(table: Any, field: str) -> Goal:
    """The goal a course file's table describes; ``ValueError`` names the field of a mistake."""
    if not isinstance(table, Mapping):
        raise ValueError(f"{field}: must be a table with a kind, not {table!r}.")
    kind = table.get("kind")
    if kind not in GOAL_KINDS:
        raise ValueError(
            f"{field}.kind: {kind!r} is not a goal kind; the kinds are {', '.join(GOAL_KINDS)}."
        )
    reader, known = GOAL_KINDS[kind]
    for key in table:
        if key != "kind" and key not in known:
            raise ValueError(
                f"{field}: unknown field {key!r} (a goal of kind {kind!r} has {', '.join(known)})."
            )
    return reader(table, field)
