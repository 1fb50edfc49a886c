"""Names in a room: a student cannot pass for the teacher, a bot, a seat or someone else
there, nor flood the other seats with renames (once, 50 renames in 2.5 s sent 645 frames to
another seat, each a database write)."""

from __future__ import annotations

import pytest

from cole_panel.rooms.registry import RoomRegistry, new_token
from cole_panel.rooms.room import RENAMES
from cole_panel.rooms.seats import RoomError


class Clock:
    now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def room():
    clock = Clock()
    registry = RoomRegistry(clock=clock)
    made = registry.create("circle", new_token())
    made.clock_for_test = clock
    yield made
    registry.close_all()


@pytest.mark.parametrize(
    "name", ["Teacher", "teacher!", "TÉACHER", "Greedy bot", "Random", "Guest 2", "Host", "Black"]
)
def test_no_one_takes_a_name_the_room_gives_someone_else(room, name):
    student = new_token()
    with pytest.raises(RoomError, match="calls someone else"):
        room.rename(student, name)
    assert student not in room.names


def test_two_people_in_a_room_are_never_called_alike(room):
    ada, eve = new_token(), new_token()
    room.rename(ada, "Ada")
    for alike in ("Ada", "ada", " A d a ", "Adá"):
        with pytest.raises(RoomError, match="already called"):
            room.rename(eve, alike)
    room.rename(ada, "Ada")  # her own name again is fine
    assert room.rename(eve, "Eve") == "Eve"


def test_renames_are_limited_to_a_few_a_minute(room):
    student = new_token()
    for n in range(RENAMES):
        room.rename(student, f"Name {chr(65 + n)}")
    with pytest.raises(RoomError, match=f"{RENAMES} times within a minute"):
        room.rename(student, "One more")
    assert room.names[student] == f"Name {chr(65 + RENAMES - 1)}"
    room.clock_for_test.now += 61
    assert room.rename(student, "One more") == "One more"


def test_the_host_may_be_called_host_and_a_tables_teacher_teacher():
    registry = RoomRegistry()
    teacher = new_token()
    table = registry.create_class("circle", teacher, 1).tables[0]
    room = registry.get(table)
    assert room.rename(teacher, "Teacher") == "Teacher"
    host = new_token()
    own = registry.create("circle", host)
    assert own.rename(host, "Host") == "Host"
    with pytest.raises(RoomError, match="calls someone else"):
        own.rename(host, "Teacher")
    registry.close_all()
