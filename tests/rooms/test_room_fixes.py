"""Room fixes of issue 26 (Deliver 4) and a teacher's class (Deliver 3), without a browser:
people are counted by browser, an undo vote reaches every page with who asked, a message's
colour follows it, a refused file is the host's to read, names are typed and made safe, and a
teacher's tables are made at once, kept by the registry and run with the teacher's key."""

from __future__ import annotations

import pytest

from cole_panel.rooms import RoomError, RoomRegistry, new_token
from cole_panel.rooms.classroom import table_summary
from cole_panel.rooms.pages import _status_html
from cole_panel.rooms.seats import NAME_LIMIT

from . import test_rooms
from .test_rooms import page, seated_pair

clock, registry = test_rooms.clock, test_rooms.registry  # the same fixtures


def test_two_reloads_count_one_person_not_three_pages(registry):
    room, a, b, listener = seated_pair(registry)
    page(room, b.token)  # the guest reloads twice: her old pages are not yet gone
    page(room, b.token)
    info = room.status(listener)
    assert info["viewers"] == 4 and info["people"] == 2
    assert "2 people here" in _status_html(info)


def test_an_undo_vote_shows_on_every_page_with_who_asked(registry):
    room, a, b, listener = seated_pair(registry)
    room.rename(b.token, "Bo")
    a.play("E5")
    b.play("E6")
    b.undo()
    watcher, watching = page(room, new_token())
    for who, mine in ((a.listener, False), (listener, True), (watching, False)):
        info = room.status(who)
        assert info["undo_asked"] == ["Bo"] and info["undo_mine"] is mine
    assert "press Undo to agree" in _status_html(room.status(a.listener))
    assert "waiting for the others" in _status_html(room.status(listener))
    a.undo()
    assert room.status(a.listener)["undo_asked"] == [] and len(room.model.history) == 1


def test_a_messages_colour_follows_the_latest_message(registry):
    room, a, b, _ = seated_pair(registry)
    assert not b.play("E5") and b.message_is_error  # not her turn: a red refusal
    a.play("E5")
    assert b.message == room.model.message and not b.message_is_error


def test_a_hosts_refused_file_is_told_to_the_host_only(registry):
    room, a, b, _ = seated_pair(registry)
    said = b.message
    assert not a.load('{"format": "nonsense <script>"}')
    assert a.message_is_error and "Could not load" in a.message
    assert b.message == said and room.model.message == said and not b.message_is_error


def test_a_typed_name_is_kept_safe_shown_and_bounded(registry):
    room, a, b, listener = seated_pair(registry)
    room.rename(b.token, '  <img src=x onerror="alert(1)">\u202e' + "x" * 50)
    name = room.seats[1].name
    assert len(name) == NAME_LIMIT and "\u202e" not in name
    text = _status_html(room.status(listener))
    assert "<img" not in text and "&lt;img" in text
    assert a.turn_words(1) == f"Waiting for {name}" and name in a.seat_name(1)
    assert a.person_of(1) == name and a.person_of(0) == "you"
    with pytest.raises(RoomError):
        room.rename(b.token, " \n\t ")
    with pytest.raises(RoomError):
        room.rename(b.token, 42)
    watcher = new_token()  # a name typed before sitting is the seat's once she sits
    room.rename(watcher, "Cy")
    assert room.names[watcher] == "Cy"


def test_a_teacher_makes_tables_sits_at_none_and_runs_them_with_the_key():
    registry = RoomRegistry(max_rooms=8, rooms_per_browser=2)
    teacher = new_token()
    classroom = registry.create_class("circle", teacher, 3, seats=["Open", "Greedy"])
    registry.create("circle", teacher)  # the class counts as one of the browser's two rooms
    with pytest.raises(RoomError, match="limit of 2"):
        registry.create("circle", teacher)
    with pytest.raises(RoomError, match="room for 4 more tables"):
        registry.create_class("circle", new_token(), 5)
    tables = registry.class_tables(classroom)
    assert [r.seat_of(teacher) for r in tables] == [None] * 3
    assert all(r.seats[1].kind == "Greedy" and r.seats[0].owner is None for r in tables)
    student = new_token()
    s, _ = page(tables[0], student)
    tables[0].claim(student, 0)
    assert s.play("E5")
    assert len(tables[0].model.history) == 2  # the bot answered
    summary = table_summary(tables[0])
    assert summary["moves"] == 2 and summary["mover"] == "Orange"
    with pytest.raises(RoomError, match="not its teacher"):
        registry.teach(classroom.name, new_token(), 0, "reset")
    registry.teach(classroom.name, classroom.key, 0, "pause")
    assert not s.play("E6") and "paused" in s.message
    registry.teach(classroom.name, classroom.key, 0, "resume")
    registry.teach(classroom.name, classroom.key, 0, "reset")
    assert tables[0].model.history == [] and tables[0].seats[0].owner == student
    registry.teach(classroom.name, classroom.key, 2, "close")
    assert registry.class_tables(classroom)[2] is None and tables[2].closed
    with pytest.raises(RoomError, match="1 to 30"):
        registry.create_class("circle", teacher, 31)
    registry.close_all()


def test_in_savannah_the_teacher_does_not_see_the_hands_in_the_score(registry):
    classroom = registry.create_class("savannah", new_token(), 1)
    (table,) = registry.class_tables(classroom)
    assert all("? in hand" in p["score"] for p in table_summary(table)["players"])
