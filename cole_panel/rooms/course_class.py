"""A class given a course or a puzzle set instead of tables: one link for every student, and
the teacher's overview of each student's name, stages done and stars, or puzzles solved.

The teacher makes the class on ``/classroom`` (with the server's teacher's key, as for
tables); it is a row of ``course_classes`` (its public name, the teacher's secret key, the
game, its :data:`KINDS`).  The students' link is ``/learn?game=<game>&class=<name>``: a
student types her name there and each stage she finishes (or puzzle she solves) is written to
her row of ``class_students``.  Her row's key
is a hash of the class's name and her browser's token cookie, so a page can only ever read or
write its own browser's row of the class it was opened for; the whole class is read only with
the teacher's key (:meth:`CourseClasses.overview`).  Panel-free.

>>> import tempfile
>>> from cole_panel.core.database import Database
>>> classes = CourseClasses(Database.in_folder(tempfile.mkdtemp()))
>>> made = classes.create("circle")
>>> classes.join(made.name, "browser-token-of-ada-1", "  Ada <b> ")
'Ada <b>'
>>> classes.record(made.name, "browser-token-of-ada-1", {"first-stone": 3, "nowhere": 2})
True
>>> [(s.name, s.stages, s.stars) for s in classes.overview(made.name, made.key)]
[('Ada <b>', 1, 3)]
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from engines.learn import load_course

from ..core.database import Database, class_students, course_classes
from ..core.learn_model import read_progress
from ..game_pages import GAME_PAGES, load
from .registry import NAME_PATTERN, new_token
from .seats import RoomError, name_key, person_name, reserved_for

__all__ = [
    "KINDS",
    "MAX_COURSE_CLASSES",
    "MAX_STUDENTS",
    "CourseClass",
    "CourseClasses",
    "Student",
    "puzzle_ids",
    "read_solved",
    "shared_course_classes",
]

MAX_STUDENTS = 200
"""The most students one class may have (each a row, read every refresh of the overview)."""

MAX_COURSE_CLASSES = 2000
"""The most course classes the server keeps at once (the oldest are forgotten after
:data:`KEEP_FOR` seconds)."""

KEEP_FOR = 90 * 24 * 3600.0
"""How long a course class and its students' stars are kept: a school term or so."""

KINDS = ("course", "puzzles")
"""What a class may be given besides tables: a game's course, or its puzzle set."""

PUZZLE_SETS = {
    "circle": "cole_panel.circle.puzzle_model:shipped_puzzles",
    "savannah": "cole_panel.savannah.puzzle_model:shipped_puzzles",
    "ecosystem": "cole_panel.ecosystem.draft.puzzle_model:shipped_puzzles",
}
"""Where each game's puzzle set is (read on demand)."""

NO_CLASS = "There is no such class, or this is not its teacher's link: the link may be mistyped."


@dataclass(frozen=True)
class CourseClass:
    """A class following a game's course: ``name`` is in every link, ``key`` only in the
    teacher's."""

    name: str
    key: str = field(repr=False)
    game: str
    kind: str = "course"
    """One of :data:`KINDS`."""

    def allows(self, key: Any) -> bool:
        """Whether ``key`` is the teacher's (compared in constant time)."""
        return isinstance(key, str) and hmac.compare_digest(key.encode(), self.key.encode())


@dataclass(frozen=True)
class Student:
    """One line of the teacher's overview."""

    name: str
    stages: int
    """Stages done at least once."""
    stars: int
    """Stars won over the course (the most of each stage)."""
    progress: dict[str, int]
    """Stage id -> the most stars won there."""
    solved: frozenset[str] = frozenset()
    """The ids of the puzzles of the set she has solved."""

    @property
    def puzzles(self) -> int:
        """How many puzzles of the set she has solved."""
        return len(self.solved)


def student_key(class_name: str, token: str) -> str:
    """A student's row: a hash of the class and her browser's token (never the token itself).

    >>> len(student_key("class", "token")), student_key("a", "b") == student_key("a", "c")
    (40, False)
    """
    return hashlib.sha256(f"class\n{class_name}\n{token}".encode()).hexdigest()[:40]


@functools.cache
def puzzle_ids(game: str) -> frozenset[str]:
    """The ids of ``game``'s puzzle set."""
    return frozenset(p.id for p in load(PUZZLE_SETS[game])())


def read_solved(data: Any, game: str) -> frozenset[str]:
    """The puzzle ids of ``game``'s set in untrusted ``data`` (a list); anything else dropped.

    >>> sorted(read_solved(["nowhere", 3, sorted(puzzle_ids("circle"))[0]], "circle")) == [
    ...     sorted(puzzle_ids("circle"))[0]]
    True
    """
    if not isinstance(data, list):
        return frozenset()
    return frozenset(x for x in data if isinstance(x, str)) & puzzle_ids(game)


def _token(token: Any) -> str:
    if not isinstance(token, str) or not NAME_PATTERN.fullmatch(token):
        raise RoomError("This page has no browser token yet; reload it and try again.")
    return token


class CourseClasses:
    """The course classes of a database and their students (see the module docstring)."""

    def __init__(self, database: Database):
        self.database = database

    def create(self, game: str, kind: str = "course") -> CourseClass:
        """A new class given ``game``'s course or puzzle set (``kind``, one of :data:`KINDS`);
        the caller checked the teacher's key."""
        if game not in GAME_PAGES:
            raise RoomError(f"{game!r} has no course; choose one of {', '.join(GAME_PAGES)}.")
        if kind not in KINDS:
            raise RoomError(f"{kind!r} is not what a class may be given; use one of {KINDS}.")
        made = CourseClass(new_token(), new_token(), game, kind)
        now = self.database.clock()
        with self.database.writing() as conn:
            self._forget_old(conn, now)
            count = conn.execute(select(func.count()).select_from(course_classes)).scalar_one()
            if count >= MAX_COURSE_CLASSES:
                raise RoomError("The server keeps as many classes as it can; try again later.")
            conn.execute(
                insert(course_classes).values(
                    name=made.name, teacher_key=made.key, game=game, kind=kind, created=now
                )
            )
        return made

    @staticmethod
    def _forget_old(conn: Any, now: float) -> None:
        old = select(course_classes.c.name).where(course_classes.c.created < now - KEEP_FOR)
        conn.execute(delete(class_students).where(class_students.c.class_name.in_(old)))
        conn.execute(delete(course_classes).where(course_classes.c.created < now - KEEP_FOR))

    def find(self, name: Any) -> CourseClass | None:
        """The class called ``name`` (anything a page sent), or None."""
        if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name):
            return None
        with self.database.reading() as conn:
            row = conn.execute(select(course_classes).where(course_classes.c.name == name)).first()
        if row is None:
            return None
        return CourseClass(row.name, row.teacher_key, row.game, row.kind)

    def get(self, name: Any, key: Any) -> CourseClass:
        """The class ``name`` if ``key`` is its teacher's; RoomError otherwise (one sentence
        for both: a wrong key tells nothing about the class)."""
        found = self.find(name)
        if found is None or not found.allows(key):
            raise RoomError(NO_CLASS)
        return found

    def join(self, name: str, token: str, typed: Any) -> str:
        """Browser ``token`` is a student of class ``name`` called ``typed`` (cleaned: the
        name kept, returned); a second call renames her.  RoomError with a sentence for a bad
        name, a name another student has, a full class or no such class."""
        token = _token(token)
        student = person_name(typed)
        if reserved_for(student):
            raise RoomError(f"{student!r} is what the pages call someone else; type your own name.")
        if self.find(name) is None:
            raise RoomError("There is no such class: the link may be mistyped.")
        key, now = student_key(name, token), self.database.clock()
        try:
            with self.database.writing() as conn:
                rows = conn.execute(
                    select(class_students.c.student, class_students.c.name).where(
                        class_students.c.class_name == name
                    )
                ).all()
                if any(r.student != key and name_key(r.name) == name_key(student) for r in rows):
                    raise RoomError(f"Someone in this class is already called {student!r}.")
                if any(r.student == key for r in rows):
                    conn.execute(
                        update(class_students)
                        .where(class_students.c.class_name == name, class_students.c.student == key)
                        .values(name=student, written=now)
                    )
                    return student
                if len(rows) >= MAX_STUDENTS:
                    raise RoomError(f"This class is full: it has {MAX_STUDENTS} students.")
                conn.execute(
                    insert(class_students).values(
                        class_name=name,
                        student=key,
                        name=student,
                        stages="{}",
                        puzzles="[]",
                        written=now,
                    )
                )
        except IntegrityError as err:  # the same browser joining twice at once
            raise RoomError("Your name is being kept already; reload the page.") from err
        return student

    def student(self, name: str, token: str) -> Student | None:
        """Browser ``token``'s own line in class ``name`` (None: she has not joined)."""
        found = self.find(name)
        if found is None or not isinstance(token, str) or not NAME_PATTERN.fullmatch(token):
            return None
        query = select(class_students).where(
            class_students.c.class_name == name,
            class_students.c.student == student_key(name, token),
        )
        with self.database.reading() as conn:
            row = conn.execute(query).first()
        return None if row is None else _student(row, found.game)

    def record(self, name: str, token: str, progress: dict[str, int]) -> bool:
        """Keep ``progress`` (stage id -> stars; only the course's stages, 1 to 3 stars) as
        browser ``token``'s in class ``name``; False when she has not joined it."""
        found = self.find(name)
        if found is None or not isinstance(token, str) or not NAME_PATTERN.fullmatch(token):
            return False
        kept = read_progress(progress, load_course(found.game))
        with self.database.writing() as conn:
            done = conn.execute(
                update(class_students)
                .where(
                    class_students.c.class_name == name,
                    class_students.c.student == student_key(name, token),
                )
                .values(stages=json.dumps(kept, sort_keys=True), written=self.database.clock())
            )
        return done.rowcount == 1

    def record_solved(self, name: str, token: str, solved: Any) -> bool:
        """Add the puzzles ``solved`` (ids of the game's set; others dropped) to those browser
        ``token`` solved in class ``name``; False when she has not joined it."""
        found = self.find(name)
        if found is None or not isinstance(token, str) or not NAME_PATTERN.fullmatch(token):
            return False
        where = (
            class_students.c.class_name == name,
            class_students.c.student == student_key(name, token),
        )
        new = read_solved(list(solved), found.game)
        with self.database.writing() as conn:
            row = conn.execute(select(class_students.c.puzzles).where(*where)).first()
            if row is None:
                return False
            kept = sorted(_solved(row.puzzles, found.game) | new)
            conn.execute(
                update(class_students)
                .where(*where)
                .values(puzzles=json.dumps(kept), written=self.database.clock())
            )
        return True

    def overview(self, name: str, key: str) -> list[Student]:
        """Every student of class ``name`` by name, for its teacher (holding ``key``)."""
        found = self.get(name, key)
        query = select(class_students).where(class_students.c.class_name == name)
        with self.database.reading() as conn:
            rows = conn.execute(query).all()
        return sorted((_student(r, found.game) for r in rows), key=lambda s: name_key(s.name))


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


def _solved(text: str, game: str) -> frozenset[str]:
    return read_solved(_json(text), game)


def _student(row: Any, game: str) -> Student:
    progress = read_progress(_json(row.stages), load_course(game))
    solved = _solved(row.puzzles, game)
    return Student(row.name, len(progress), sum(progress.values()), progress, solved)


_shared: list[CourseClasses] = []


def shared_course_classes() -> CourseClasses:
    """The process's course classes, in its database."""
    if not _shared:
        from ..core.database import shared_database

        _shared.append(CourseClasses(shared_database()))
    return _shared[0]
