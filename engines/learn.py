"""Learn: a course for each game, rule by rule, every stage checked by the engine itself.

A :class:`Course` is one game's list of :class:`Rule` (the rulebook's rules, each with the
sentences it quotes) and of :class:`Stage` (a tiny position, one instruction, a goal from
:mod:`engines.learn_goals`, a stored solution and wrong tries).  Both come from data:
``engines/<game>/rulebook.toml`` and ``engines/<game>/course.toml``, checked on load with the
field of any mistake named (:class:`CourseError`).  A stage's position is built by the game's
own setup helper (``engines.<game>.lesson.position``), so it is one the engine accepts.

A page plays a stage through an :class:`Attempt`: each move gets a :class:`Verdict` (illegal,
with the engine's sentence; not allowed in this stage; missed, with what happened instead, and
the stage starts again; progress; done, with the stars).

>>> course = load_course("circle")
>>> stage = course.stages[0]
>>> attempt = stage.start()
>>> verdict = attempt.play("Z9")
>>> verdict.kind, verdict.message
('illegal', "'Z9' is not on this board: rows run from A to I.")
>>> verdict = attempt.play(stage.solution[0])
>>> verdict.kind, verdict.stars
('done', 3)
>>> stars(4, par=2), stars(5, par=2)
(2, 1)
"""

from __future__ import annotations

import importlib
import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from engines import Event
from engines.games import get_game
from engines.learn_goals import AllGoal, BestGoal, Goal, Try, read_goal

__all__ = [
    "VERDICTS",
    "Attempt",
    "Course",
    "CourseError",
    "Rule",
    "Stage",
    "Verdict",
    "course_files",
    "load_course",
    "best_value",
    "read_course",
    "reply",
    "stars",
]

VERDICTS = ("illegal", "not_allowed", "missed", "progress", "done")
"""What a try at a move can come to, in :attr:`Verdict.kind`."""


class CourseError(ValueError):
    """A course or rulebook file with a mistake; the message names the file and the field."""


def stars(moves: int, par: int) -> int:
    """Stars for finishing a stage in ``moves`` moves (every move of every try counts): 3 within
    ``par``, 2 within twice ``par``, else 1."""
    return 3 if moves <= par else 2 if moves <= 2 * par else 1


@dataclass(frozen=True)
class Rule:
    """One rule of a rulebook, quoted.

    >>> Rule("several-prey", "Several prey at once", ("You may devour several instances",))
    Rule(id='several-prey', name='Several prey at once', quotes=('You may devour several instances',))
    """

    id: str
    """A short name, e.g. ``"several-prey"``; stages list it in ``teaches``."""
    name: str
    """The rule in a few words, for a list of rules."""
    quotes: tuple[str, ...]
    """The rulebook's own sentences (or parts of them) that state the rule, word for word."""


@dataclass(frozen=True)
class Verdict:
    """What one try at a move came to.

    >>> Verdict("illegal", "E5 is already taken.").describe()
    'E5 is already taken.'
    """

    kind: str
    """One of :data:`VERDICTS`."""
    message: str
    """The engine's sentence (illegal), the stage's rule (not allowed), what the goal wanted
    against what happened (missed), or the stage's success sentence (done)."""
    events: tuple[Event, ...] = ()
    """What the move (and the replies to it) did, as the student may see it."""
    moves: int = 0
    """Moves played in this stage so far, every try counted."""
    stars: int = 0
    """Once done: 1 to 3."""

    def describe(self) -> str:
        """Everything to say: what happened, then the message."""
        said = [event.describe() for event in self.events]
        return " ".join([*said, self.message] if self.message else said)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe form (each event as its ``to_dict``), for a page or a log.

        >>> Verdict("done", "Eaten.", (), 2, 2).to_dict()
        {'kind': 'done', 'message': 'Eaten.', 'events': [], 'moves': 2, 'stars': 2, 'text': 'Eaten.'}
        """
        return {
            "kind": self.kind,
            "message": self.message,
            "events": [event.to_dict() for event in self.events],
            "moves": self.moves,
            "stars": self.stars,
            "text": self.describe(),
        }


def _thaw(value: Any) -> Any:
    return [_thaw(v) for v in value] if isinstance(value, tuple) else value


def _freeze(value: Any) -> Any:
    return tuple(_freeze(v) for v in value) if isinstance(value, list) else value


@dataclass(frozen=True)
class Stage:
    """One stage of a course: a position, an instruction and a goal the engine checks."""

    game: str
    """The game's machine name (``engines.games``)."""
    id: str
    """Unique in its course; the ``stage=`` of a link."""
    title: str
    teaches: tuple[str, ...]
    """The ids of the rules it teaches."""
    instruction: str
    """One sentence: what to do."""
    goal: Goal
    par: int
    """Moves for three stars."""
    hint: str
    success: str
    """The sentence shown when the goal is reached."""
    solution: tuple[str, ...]
    """A shortest way to the goal, as move texts (checked by :func:`engines.learn_check.check_stage`)."""
    wrong: tuple[tuple[str, ...], ...]
    """Legal tries that miss the goal (checked too)."""
    limit: int
    """Moves in one try before it counts as missed and the stage starts again."""
    position: tuple[tuple[str, Any], ...] = ()
    """The ``position`` table of the course file (lists as tuples)."""
    options: tuple[tuple[str, Any], ...] = ()
    """Game options (``Rules`` fields) that differ from the defaults."""
    allowed: tuple[str, ...] = ()
    """The only moves the stage accepts (empty: any legal move)."""
    replies: tuple[str, ...] = ()
    """The other players' moves, in order; once used up (or when one is illegal), the first
    legal move."""
    refused: tuple[str, ...] = ()
    """Moves the instruction says the rules refuse at the start (checked to be illegal)."""

    def state(self) -> Any:
        """A new game at the stage's start position."""
        lesson = importlib.import_module(get_game(self.game).module + ".lesson")
        table = {k: _thaw(v) for k, v in self.position}
        return lesson.position(table, {k: _thaw(v) for k, v in self.options})

    def start(self) -> Attempt:
        """A new attempt at this stage."""
        return Attempt(self)

    def stars(self, moves: int) -> int:
        """Stars for finishing in ``moves`` moves."""
        return stars(moves, self.par)


@dataclass(frozen=True)
class Course:
    """One game's rules and stages, in teaching order."""

    game: str
    title: str
    book: str
    """The rulebook's file name (in ``shared/seeds/``)."""
    rules: tuple[Rule, ...]
    stages: tuple[Stage, ...]

    def __iter__(self) -> Iterator[Stage]:
        return iter(self.stages)

    def __len__(self) -> int:
        return len(self.stages)

    def stage(self, stage_id: str) -> Stage:
        """The stage with this id; ``KeyError`` naming the ids otherwise."""
        for stage in self.stages:
            if stage.id == stage_id:
                return stage
        raise KeyError(f"{self.game} has no stage {stage_id!r}.")

    def after(self, stage_id: str) -> Stage | None:
        """The stage after this one, or ``None`` after the last."""
        ids = [s.id for s in self.stages]
        n = ids.index(self.stage(stage_id).id)
        return self.stages[n + 1] if n + 1 < len(ids) else None

    def rule(self, rule_id: str) -> Rule:
        """The rule with this id."""
        for rule in self.rules:
            if rule.id == rule_id:
                return rule
        raise KeyError(f"{self.game} has no rule {rule_id!r}.")

    def quotes(self, stage_id: str) -> tuple[str, ...]:
        """The rulebook's sentences a stage teaches, in the order of its rules."""
        return tuple(
            q for rule_id in self.stage(stage_id).teaches for q in self.rule(rule_id).quotes
        )

    def uncovered(self) -> list[Rule]:
        """The rules no stage teaches (a complete course has none)."""
        taught = {rule_id for stage in self.stages for rule_id in stage.teaches}
        return [rule for rule in self.rules if rule.id not in taught]

    def lines(self) -> list[str]:
        """One line per stage: its id, a tab, its title, a tab, the rules it teaches."""
        return [f"{s.id}\t{s.title}\t{', '.join(s.teaches)}" for s in self.stages]


class Attempt:
    """A student's attempt at a stage: the position now, the moves used, and a verdict for
    every try at a move.  Only :meth:`play` changes it."""

    def __init__(self, stage: Stage):
        self.stage = stage
        self._start = stage.state()
        self.seat: int = self._start.current_player
        """The student's seat: whoever moves first in the stage's position."""
        self.state = self._start.clone()
        """The position now (a game ``State``; read it, never change it)."""
        self.moves = 0
        """Moves played in this stage, every try counted."""
        self.tries = 1
        """Tries started (a missed try starts the next)."""
        self.done = False
        self._events: list[Event] = []
        self._in_try = 0
        self._replies = list(stage.replies)
        self._best: int | None = None

    def play(self, move: Any) -> Verdict:
        """Try ``move`` (a game action, or its text); what it came to.

        Illegal and not-allowed moves change nothing and do not count.  After a legal move the
        goal is checked: done; missed (the try had its last move, or the game ended), and the
        stage starts again; else the other players reply, the goal is checked again (a reply
        may finish the game), and the try goes on (progress).
        """
        state = self.state
        if self.done:
            return Verdict("illegal", "This stage is done: play it again or go on.", (), self.moves)
        try:
            action = state.parse_action(move) if isinstance(move, str) else move
        except ValueError as err:
            return Verdict("illegal", str(err), (), self.moves)
        reason = state.why_illegal(action)
        if reason is not None:
            return Verdict("illegal", reason, (), self.moves)
        allowed = self.stage.allowed
        if allowed and state.action_to_str(action) not in allowed:
            listed = ", ".join(allowed)
            return Verdict("not_allowed", f"In this stage, play one of: {listed}.", (), self.moves)
        if self._best is None and _best_goal(self.stage.goal) is not None:
            self._best = best_value(self.stage, self._start)
        events = list(state.apply(action))
        self.moves += 1
        self._in_try += 1
        verdict = self._judge(events, replied=False)
        if verdict is None:
            events += reply(state, self.seat, self._replies)
            verdict = self._judge(events, replied=True)
        return verdict or Verdict("progress", "", self._seen(events), self.moves)

    def _seen(self, events: list[Event]) -> tuple[Event, ...]:
        return tuple(e.seen_by(self.seat) for e in events)

    def _judge(self, events: list[Event], replied: bool) -> Verdict | None:
        """Done or missed, or ``None`` while the try goes on (the replies come first)."""
        attempt = Try(self._start, self.state, tuple(self._events + events), self.seat, self._best)
        if self.stage.goal.reached(attempt):
            self.done = True
            n = self.stage.stars(self.moves)
            return Verdict("done", self.stage.success, self._seen(events), self.moves, n)
        if self.state.is_over or self._in_try >= self.stage.limit:
            report = self.stage.goal.report(attempt)
            seen = self._seen(events)
            self._restart()
            again = f"{report} Try again." if report else "That is not the goal: try again."
            return Verdict("missed", again, seen, self.moves)
        if replied:
            self._events += events
        return None

    def start_position(self) -> Any:
        """A copy of the stage's start position (what a new try starts from)."""
        return self._start.clone()

    def _restart(self) -> None:
        self.state = self._start.clone()
        self.tries += 1
        self._events = []
        self._in_try = 0
        self._replies = list(self.stage.replies)

    def again(self) -> None:
        """Start the stage over (the moves already played still count for the stars)."""
        self.done = False
        self._restart()


def reply(state: Any, seat: int, replies: list[str]) -> list[Event]:
    """Play the other players' moves until it is ``seat``'s turn or the game is over: the next
    of ``replies`` (used up in order) when it is legal, else the first legal move."""
    events: list[Event] = []
    while not state.is_over and state.current_player != seat:
        action = None
        if replies:
            try:
                action = state.parse_action(replies.pop(0))
            except ValueError:
                action = None
        if action is None or not state.is_legal(action):
            action = state.legal_actions()[0]
        events += state.apply(action)
    return events


def _best_goal(goal: Goal) -> BestGoal | None:
    if isinstance(goal, BestGoal):
        return goal
    if isinstance(goal, AllGoal):
        return next((g for g in map(_best_goal, goal.goals) if g is not None), None)
    return None


def best_value(stage: Stage, start: Any) -> int:
    """The most that any legal first move reaches, for the stage's ``best`` goal (each move
    tried on a copy; a one-move stage has no replies)."""
    goal = _best_goal(stage.goal)
    seat = start.current_player
    values = []
    for action in start.legal_actions():
        state = start.clone()
        state.apply(action)
        values.append(goal.value(state, seat))
    return max(values)


# ---------------------------------------------------------------------------- reading


STAGE_FIELDS = {
    "id": True,
    "title": True,
    "teaches": True,
    "instruction": True,
    "goal": True,
    "par": True,
    "hint": True,
    "success": True,
    "solution": True,
    "wrong": True,
    "position": True,
    "limit": False,
    "options": False,
    "allowed": False,
    "replies": False,
    "refused": False,
}
"""Every field of a ``[[stage]]`` table, and whether it is required."""


def _slug(table: Mapping[str, Any], where: str) -> str:
    """An id: lower-case letters, digits and hyphens, so that it can stand in a link."""
    value = _words(table, "id", where)
    if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", value):
        raise CourseError(f"{where}.id: {value!r} is not lower-case words joined by hyphens.")
    return value


def _words(table: Mapping[str, Any], key: str, where: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value.strip():
        raise CourseError(f"{where}.{key}: must be text, not {value!r}.")
    return value.strip()


def _moves(value: Any, where: str) -> tuple[str, ...]:
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not all(isinstance(m, str) and m.strip() for m in items):
        raise CourseError(f"{where}: must be a move's text or a list of them, not {value!r}.")
    return tuple(items)


def _count(table: Mapping[str, Any], key: str, where: str, default: int | None) -> int:
    value = table.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise CourseError(f"{where}.{key}: must be a whole number of at least 1, not {value!r}.")
    return value


def _table(table: Mapping[str, Any], key: str, where: str) -> tuple[tuple[str, Any], ...]:
    value = table.get(key, {})
    if not isinstance(value, Mapping):
        raise CourseError(f"{where}.{key}: must be a table, not {value!r}.")
    return tuple((k, _freeze(v)) for k, v in sorted(value.items()))


def _stage(game: str, table: Any, where: str, rule_ids: set[str]) -> Stage:
    if not isinstance(table, Mapping):
        raise CourseError(f"{where}: must be a table.")
    for key in table:
        if key not in STAGE_FIELDS:
            raise CourseError(f"{where}: unknown field {key!r}.")
    for key, required in STAGE_FIELDS.items():
        if required and key not in table:
            raise CourseError(f"{where}: the field {key!r} is missing.")
    where = f"{where} ({table['id']!r})" if isinstance(table["id"], str) else where
    teaches = table["teaches"]
    if not isinstance(teaches, list) or not teaches:
        raise CourseError(f"{where}.teaches: must list the ids of the rules it teaches.")
    for rule_id in teaches:
        if rule_id not in rule_ids:
            raise CourseError(f"{where}.teaches: {rule_id!r} is not a rule of the rulebook file.")
    try:
        goal = read_goal(table["goal"], f"{where}.goal")
    except ValueError as err:
        raise CourseError(str(err)) from None
    wrong = table["wrong"]
    if not isinstance(wrong, list) or not wrong:
        raise CourseError(f"{where}.wrong: must list at least one wrong try.")
    par = _count(table, "par", where, None)
    stage = Stage(
        game=game,
        id=_slug(table, where),
        title=_words(table, "title", where),
        teaches=tuple(teaches),
        instruction=_words(table, "instruction", where),
        goal=goal,
        par=par,
        hint=_words(table, "hint", where),
        success=_words(table, "success", where),
        solution=_moves(table["solution"], f"{where}.solution"),
        wrong=tuple(_moves(w, f"{where}.wrong[{n}]") for n, w in enumerate(wrong)),
        limit=_count(table, "limit", where, par),
        position=_table(table, "position", where),
        options=_table(table, "options", where),
        allowed=_moves(table.get("allowed", []), f"{where}.allowed"),
        replies=_moves(table.get("replies", []), f"{where}.replies"),
        refused=_moves(table.get("refused", []), f"{where}.refused"),
    )
    return _checked_start(stage, where)


def _checked_start(stage: Stage, where: str) -> Stage:
    if stage.limit < stage.par:
        raise CourseError(f"{where}.limit: must be at least par ({stage.par}).")
    if _best_goal(stage.goal) is not None and stage.limit != 1:
        raise CourseError(f"{where}.goal: a 'best' goal needs a one-move stage (limit = 1).")
    try:
        state = stage.state()
    except (ValueError, KeyError, TypeError) as err:
        raise CourseError(f"{where}.position: {err}") from None
    if state.is_over:
        raise CourseError(f"{where}.position: the game is already over.")
    for text in stage.allowed:
        try:
            written = state.action_to_str(state.parse_action(text))
        except ValueError as err:
            raise CourseError(f"{where}.allowed: {err}") from None
        if written != text:
            raise CourseError(f"{where}.allowed: write {text!r} as the engine does: {written!r}.")
    return stage


def _rules(text: str, source: str) -> tuple[str, tuple[Rule, ...]]:
    data = _toml(text, source)
    book = data.get("book")
    if not isinstance(book, str) or not book.endswith(".txt"):
        raise CourseError(f"{source}: book: must name the rulebook's .txt file, not {book!r}.")
    rules = []
    for n, table in enumerate(data.get("rule", [])):
        where = f"{source}: rule[{n}]"
        if not isinstance(table, Mapping) or set(table) != {"id", "name", "quotes"}:
            raise CourseError(f"{where}: must have exactly id, name and quotes.")
        quotes = table["quotes"]
        if (
            not isinstance(quotes, list)
            or not quotes
            or not all(isinstance(q, str) for q in quotes)
        ):
            raise CourseError(f"{where}.quotes: must list the rulebook's sentences.")
        rules.append(Rule(_slug(table, where), _words(table, "name", where), tuple(quotes)))
    ids = [r.id for r in rules]
    if not rules or len(set(ids)) != len(ids):
        raise CourseError(f"{source}: rule: the ids must be there and differ from each other.")
    return book, tuple(rules)


def _toml(text: str, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise CourseError(f"{source}: not valid TOML: {err}.") from None


def read_course(game: str, course_text: str, rulebook_text: str, source: str = "course") -> Course:
    """A course from the texts of its two files; :class:`CourseError` names the field of a
    mistake (``source`` names the course file in the message)."""
    book, rules = _rules(rulebook_text, f"{source} (rulebook)")
    data = _toml(course_text, source)
    unknown = set(data) - {"game", "title", "stage"}
    if unknown:
        raise CourseError(f"{source}: unknown field {sorted(unknown)[0]!r}.")
    if data.get("game") != game:
        raise CourseError(f"{source}: game: this course is for {data.get('game')!r}, not {game!r}.")
    title = _words(data, "title", source)
    ids = {rule.id for rule in rules}
    tables = data.get("stage", [])
    if not isinstance(tables, list) or not tables:
        raise CourseError(f"{source}: stage: a course needs at least one [[stage]].")
    stages = tuple(_stage(game, t, f"{source}: stage[{n}]", ids) for n, t in enumerate(tables))
    seen: set[str] = set()
    for n, stage in enumerate(stages):
        if stage.id in seen:
            raise CourseError(f"{source}: stage[{n}].id: {stage.id!r} is used twice.")
        seen.add(stage.id)
    return Course(game, title, book, rules, stages)


def course_files(game: str) -> tuple[Path, Path]:
    """The packaged course and rulebook files of a game."""
    folder = Path(importlib.import_module(get_game(game).module).__file__).parent
    return folder / "course.toml", folder / "rulebook.toml"


@cache
def _packaged(game: str) -> Course:
    course, rulebook = course_files(game)
    return read_course(
        game, course.read_text(encoding="utf-8"), rulebook.read_text(encoding="utf-8"), str(course)
    )


def load_course(game: str, path: Path | str | None = None) -> Course:
    """A game's course: the packaged one (read once), or the course file at ``path`` (with the
    packaged rulebook).  :class:`CourseError` names the file and field of a mistake."""
    name = get_game(game).name
    if path is None:
        return _packaged(name)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise CourseError(f"{path}: cannot be read ({err}).") from None
    rulebook = course_files(name)[1].read_text(encoding="utf-8")
    return read_course(name, text, rulebook, str(path))
