"""Issue 42, item 6: no seat squatted for good.

A seat whose person has been away for ``seat_release`` is free to take again (the bot that
took it over plays on until someone sits down); the teacher can free any seat, even one whose
person is here; her Reset keeps the people in their seats or frees every seat, as she
chooses; the host putting a bot or Open at a seat taken over frees it of its absent person.
"""

from __future__ import annotations

import panel as pn
import pytest

from cole_panel.circle.model import CircleModel
from cole_panel.rooms import RoomError, RoomRegistry, new_token
from cole_panel.rooms.class_page import ClassOverview
from cole_panel.rooms.pages import _status_html
from cole_panel.rooms.room import Room
from cole_panel.rooms.seats import SEAT_RELEASE, TAKEOVER_KIND, Seat

from ..rooms.test_rooms import Clock, page

TIMEOUT = 60
RELEASE = 180


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def registry(clock):
    reg = RoomRegistry(
        max_rooms=4,
        max_viewers=8,
        idle_timeout=10_000,
        seat_timeout=TIMEOUT,
        seat_release=RELEASE,
        clock=clock,
    )
    yield reg
    reg.close_all()


def squatted(registry, clock):
    """A Circle room whose seat 1 a squatter took and left ``RELEASE`` seconds ago (her
    page closed); ``(room, squatter)``."""
    host, squatter = new_token(), new_token()
    room = registry.create("circle", host)
    assert room.seat_release == RELEASE  # the registry's setting
    page(room, host)
    _mirror, listener = page(room, squatter)
    room.claim(squatter, 1)
    room.leave(listener)
    return room, squatter


def test_the_release_time_is_a_few_minutes_after_a_bot_takes_over():
    room = Room("r", CircleModel(), new_token())
    assert room.seat_release == SEAT_RELEASE == 300.0 > room.seat_timeout
    assert not Seat("Human", "t").free and Seat().free


def test_a_seat_left_long_enough_is_free_to_take_again_and_a_bot_plays_it_meanwhile(
    registry, clock
):
    room, squatter = squatted(registry, clock)
    newcomer = new_token()
    clock.now += TIMEOUT
    registry.sweep()
    assert room.seats[1].taken_over and room.model.seat1 == TAKEOVER_KIND
    with pytest.raises(RoomError, match="already taken"):
        room.claim(newcomer, 1)  # away, not yet gone: she may come back to it
    clock.now += RELEASE - TIMEOUT
    registry.sweep()
    assert room.seat_of(squatter) is None and room.model.seat1 == TAKEOVER_KIND
    assert room.status(None)["seats"][1]["free"] and not room.status(None)["seats"][1]["taken"]
    assert "(free: a bot plays until someone sits down)" in _status_html(room.status(None))
    room.claim(newcomer, 1)
    assert room.seat_of(newcomer) == 1 and room.model.seat1 == "Human"
    with pytest.raises(RoomError, match="already taken"):
        room.claim(squatter, 1)  # back too late: the seat is someone else's now


def test_a_squatter_back_before_the_release_keeps_her_seat(registry, clock):
    room, squatter = squatted(registry, clock)
    clock.now += RELEASE - 1
    registry.sweep()
    page(room, squatter)
    clock.now += RELEASE
    registry.sweep()
    assert room.seat_of(squatter) == 1 and not room.seats[1].taken_over


def test_the_host_putting_open_at_a_seat_taken_over_frees_it_of_its_absent_person(registry, clock):
    room, squatter = squatted(registry, clock)
    clock.now += TIMEOUT
    registry.sweep()
    room.set_seat(room.host, 1, "Open")
    assert room.seat_of(squatter) is None and room.seats[1] == Seat()
    room.claim(new_token(), 1)


def classroom_with_students(registry, seats=("Open", "Open")):
    teacher = new_token()
    classroom = registry.create_class("circle", teacher, 1, seats=list(seats))
    room = registry.class_tables(classroom)[0]
    students = [new_token() for _ in seats]
    for p, student in enumerate(students):
        page(room, student)
        if seats[p] == "Open":
            room.claim(student, p)
    return classroom, room, students


def test_the_teacher_frees_a_seat_even_while_its_student_is_here(registry):
    classroom, room, students = classroom_with_students(registry)
    with pytest.raises(RoomError):
        registry.teach(classroom.name, "not the key", 0, "free", 0)
    assert room.seat_of(students[0]) == 0
    registry.teach(classroom.name, classroom.key, 0, "free", 0)
    assert room.seat_of(students[0]) is None and room.seats[0] == Seat()
    assert room.seat_of(students[1]) == 1
    other = new_token()
    room.claim(other, 0)
    assert room.seat_of(other) == 0
    with pytest.raises(RoomError, match="no seat"):
        registry.teach(classroom.name, classroom.key, 0, "free", 5)


def test_the_teachers_reset_keeps_the_people_seated_or_frees_every_seat(registry):
    classroom, room, students = classroom_with_students(registry, seats=("Open", "Greedy"))
    room.play(students[0], room.model.state.legal_actions()[0])
    assert room.model.history
    registry.teach(classroom.name, classroom.key, 0, "reset")
    assert not room.model.history and room.seat_of(students[0]) == 0
    registry.teach(classroom.name, classroom.key, 0, "reset-free")
    assert room.seat_of(students[0]) is None and room.seats[0] == Seat()
    assert room.seats[1].kind == "Greedy"  # the bot she chose stays
    assert room.model.seat0 == "Human" and room.model.seat1 == "Greedy"


def test_the_overview_has_a_seat_menu_and_free_button_per_table(registry):
    classroom, room, students = classroom_with_students(registry)
    overview = ClassOverview(registry, classroom, "http://localhost:5006")
    free = [b for b in overview.__panel__().select(pn.widgets.Button) if b.label == "Free seat"]
    menu = overview.__panel__().select(pn.widgets.Select)[0]
    menu.value = 1
    free[0].clicks += 1
    assert room.seat_of(students[1]) is None and room.seat_of(students[0]) == 0
