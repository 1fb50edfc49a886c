"""A class given a course: what a student or a visitor can try.  Making one needs the
teacher's key (the same guessing limit as tables); a student's page reads and writes only its
own browser's row of the class it was opened for; the whole class is read only with its
teacher's key, and a wrong key tells nothing about the class; the projector view and the
students' page never show the key."""

from __future__ import annotations

import html
import tempfile

import panel as pn
import pytest
from sqlalchemy import func, select

from cole_panel.core.database import Database, course_classes
from cole_panel.rooms.class_page import ClassMaker, course_overview
from cole_panel.rooms.course_class import NO_CLASS, CourseClasses
from cole_panel.rooms.course_page import CourseProjector
from cole_panel.rooms.registry import WRONG_KEYS, RoomRegistry, new_token
from cole_panel.rooms.seats import RoomError

KEY = "the-teachers-key-0123"


@pytest.fixture
def classes():
    db = Database.in_folder(tempfile.mkdtemp())
    yield CourseClasses(db)
    db.close()


def _count(classes: CourseClasses) -> int:
    with classes.database.reading() as conn:
        return conn.execute(select(func.count()).select_from(course_classes)).scalar_one()


def _said(maker: ClassMaker) -> str:
    return html.unescape(maker._said.object)


def _maker(classes: CourseClasses, key: str) -> ClassMaker:
    maker = ClassMaker(RoomRegistry(teacher_key=KEY), new_token(), "", classes)
    maker._give.value = "course"
    maker._key.value = key
    return maker


def test_a_course_class_needs_the_teachers_key_and_guessing_it_is_stopped(classes):
    maker = _maker(classes, "guess")
    for _ in range(WRONG_KEYS):
        maker._create()
        assert "not this server's teacher's key" in _said(maker)
    maker._key.value = KEY  # the right key, from the same network: refused a while
    maker._create()
    assert f"{WRONG_KEYS} wrong teacher's keys" in _said(maker)
    assert _count(classes) == 0
    made = _maker(classes, KEY)
    made._create()
    assert _count(classes) == 1 and made._key.value == ""  # the key is not left in the page


def test_a_student_reads_and_writes_only_her_own_row_of_her_own_class(classes):
    first, second = classes.create("circle"), classes.create("circle")
    ada, eve = new_token(), new_token()
    classes.join(first.name, ada, "Ada")
    classes.record(first.name, ada, {"first-stone": 3})
    # Eve, in the other class, can neither read nor write Ada's stars by either class's name
    assert classes.student(first.name, eve) is None
    assert classes.record(first.name, eve, {"first-stone": 1, "critter": 3}) is False
    classes.join(second.name, eve, "Eve")
    assert classes.record(second.name, eve, {"critter": 3})
    assert classes.student(second.name, ada) is None
    (seen,) = classes.overview(first.name, first.key)
    assert (seen.name, seen.progress) == ("Ada", {"first-stone": 3})
    for token in ("", "short", "x" * 500, None, "../../etc"):
        assert classes.student(first.name, token) is None
        assert classes.record(first.name, token, {"critter": 3}) is False
        with pytest.raises(RoomError, match="no browser token"):
            classes.join(first.name, token, "Mallory")


@pytest.mark.parametrize("key", ["", "guess", None, 12345, "x" * 5000])
def test_the_class_is_read_only_with_its_teachers_key(classes, key):
    made = classes.create("savannah")
    other = classes.create("savannah")
    classes.join(made.name, new_token(), "Ada")
    for wrong in (key, other.key):
        with pytest.raises(RoomError) as refused:
            course_overview(classes, made.name, wrong, "")
        assert str(refused.value) == NO_CLASS  # the same sentence as no class at all
    with pytest.raises(RoomError) as missing:
        classes.overview("n" * 22, made.key)
    assert str(missing.value) == NO_CLASS


def test_the_projector_view_shows_the_link_but_not_the_key(classes):
    made = classes.create("ecosystem")
    shown = " ".join(
        str(p.object) for p in pn.panel(CourseProjector(made, "")).select(pn.pane.HTML)
    )
    assert f"class={made.name}" in shown and made.key not in shown
