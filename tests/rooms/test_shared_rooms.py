"""Rooms in the database: a restarted process brings them back, two processes share them,
their bots run once.  Each "process" is a RoomRegistry with its own Database object on the
same database (a real SQLite file or a real PostgreSQL server)."""

from __future__ import annotations

import time

import pytest

from cole_panel.core.database import Database
from cole_panel.rooms import RoomError, RoomRegistry, new_token
from cole_panel.rooms.store import RoomStore

from .test_rooms import CountingScheduler, page

WAIT = 30.0  # seconds; a guard against a hang on a loaded machine, not a measurement


def process(url: str, **options) -> RoomRegistry:
    """One server process's registry on the database at ``url``."""
    return RoomRegistry(store=RoomStore(Database(url)), **options)


def eventually(check, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


@pytest.fixture
def processes(database_url):
    made: list[RoomRegistry] = []

    def start(**options) -> RoomRegistry:
        made.append(process(database_url, **options))
        return made[-1]

    yield start
    for registry in made:
        registry.close_all()


def test_a_restarted_process_brings_back_the_game_seats_names_and_undo_vote(processes):
    first = processes()
    host, guest = new_token(), new_token()
    room = first.create("circle", host)
    a, _ = page(room, host)
    b, _ = page(room, guest)
    room.claim(guest, 1)
    assert a.play("E5") and b.play("E6")
    b.undo()  # the guest asks; the host has not answered yet
    name = room.name
    # the process dies: nothing closed, nothing flushed; another one starts on the database
    second = processes()
    again = second.get(name, "circle")
    assert again is not room
    assert [again.model.state.label(m) for m in again.model.state.moves] == ["E5", "E6"]
    assert [(s.owner, s.name) for s in again.seats] == [(host, "Host"), (guest, "Guest 2")]
    assert again.undo_votes == {guest} and again.host == host
    host_page, _ = page(again, host)
    assert host_page.my_seat == 0
    host_page.undo()  # the guest's vote survived: the host's makes it unanimous
    assert len(again.model.history) == 1


def test_a_savannah_room_comes_back_with_every_hidden_hand(processes, tmp_path):
    first = processes()
    people = [new_token() for _ in range(3)]
    room = first.create("savannah", people[0], {"players": 3})
    for seat in (1, 2):
        room.claim(people[seat], seat)
    for _ in range(4):
        mover = room.model.state.current_player
        assert room.play(people[mover], room.model.state.legal_actions()[0]) is None
    again = processes().get(room.name, "savannah")
    assert again.model.state.to_dict() == room.model.state.to_dict()
    assert again.model.players == 3 and len(again.model.history) == 4


def test_a_move_through_one_process_reaches_the_pages_of_the_other(processes):
    one, two = processes(), processes()
    host, guest = new_token(), new_token()
    room = one.create("circle", host)
    a, _ = page(room, host)
    there = two.get(room.name, "circle")  # the guest's page is served by the other process
    b, _ = page(there, guest)
    there.claim(guest, 1)
    eventually(lambda: room.seats[1].owner == guest, "the seat taken there was not seen here")
    assert a.play("E5")
    eventually(lambda: len(b.history) == 1, "the move made here did not reach the page there")
    assert b.play("E6")
    # the host moves at once, before this process may have heard: the room takes the newer
    # row first, so the move is played on the right position
    assert a.play("E4") or "turn" in a.message
    eventually(lambda: len(b.history) == 3 and len(a.history) == 3, "the moves did not meet")
    assert room.model.save() == there.model.save()
    with pytest.raises(RoomError, match="already taken"):
        room.claim(new_token(), 1)


def test_the_bots_of_a_room_run_once_whatever_the_number_of_processes(processes):
    counters = [CountingScheduler(), CountingScheduler()]
    one = processes(scheduler=lambda: counters[0])
    two = processes(scheduler=lambda: counters[1])
    host = new_token()
    room = one.create("circle", host)
    room.set_seat(host, 1, "Random")
    there = two.get(room.name, "circle")
    pages = [page(room, host)[0], page(there, new_token())[0]]
    for move in range(4):
        room.play(host, room.model.state.legal_actions()[0])
        eventually(
            lambda m=move: all(len(p.history) == 2 * m + 2 for p in pages),
            "the bot's answer did not reach both processes' pages",
        )
    bot_moves = sum(t.player == 1 for t in room.model.history)
    assert bot_moves == 4
    assert counters[0].computed + counters[1].computed == bot_moves


def test_no_room_is_read_for_a_name_of_the_wrong_shape_or_one_never_made(processes):
    registry = processes()
    for name in ("../../etc/passwd", "x" * 22, "' OR 1=1 --"):
        with pytest.raises(RoomError, match="no such room"):
            registry.get(name)


def test_a_restarted_process_brings_back_a_class_its_tables_paused_and_every_name(processes):
    first = processes()
    teacher, ada, watcher = new_token(), new_token(), new_token()
    classroom = first.create_class("circle", teacher, 3, seats=["Open", "Random"])
    tables = first.class_tables(classroom)
    tables[0].rename(ada, "Ada")
    tables[0].claim(ada, 0)
    tables[0].rename(watcher, "Mr <b>Wu</b>")  # watching, seated nowhere
    tables[0].rename(teacher, "Teacher")
    first.teach(classroom.name, classroom.key, 1, "pause")
    first.teach(classroom.name, classroom.key, 2, "close")
    # the process dies; another one starts on the database and the teacher's page opens
    second = processes()
    again = second.get_class(classroom.name, classroom.key)
    assert again.tables == classroom.tables and again.game == "circle"
    with pytest.raises(RoomError, match="no such class"):
        second.get_class(classroom.name, "not the key" * 2)
    one, two, three = second.class_tables(again)
    assert three is None, "a closed table came back"
    assert [one.paused, two.paused] == [False, True]
    assert (one.class_name, one.table_number, two.table_number) == (classroom.name, 1, 2)
    assert one.names == {ada: "Ada", watcher: "Mr <b>Wu</b>", teacher: "Teacher"}
    assert [(s.kind, s.name) for s in one.seats] == [("Human", "Ada"), ("Random", "")]
    assert [s.kind for s in two.seats] == ["Open", "Random"]
    watching, _ = page(one, watcher)
    assert watching.my_seat is None and one.names[watcher] == "Mr <b>Wu</b>"
    second.teach(classroom.name, classroom.key, 1, "resume")  # the teacher goes on
    assert not processes().class_tables(again)[1].paused


def test_a_table_paused_reset_or_closed_through_one_process_is_so_on_the_other(processes):
    one, two = processes(), processes()
    teacher, ada = new_token(), new_token()
    classroom = one.create_class("circle", teacher, 2)
    here = one.class_tables(classroom)
    there = two.class_tables(two.get_class(classroom.name, classroom.key))
    a, _ = page(here[0], ada)
    here[0].claim(ada, 0)
    assert a.play("E5")
    eventually(lambda: len(there[0].model.history) == 1, "the move did not cross")
    two.teach(classroom.name, classroom.key, 0, "pause")
    eventually(lambda: here[0].paused, "the pause made there was not seen here")
    assert not a.play("E6") and "paused" in a.message
    two.teach(classroom.name, classroom.key, 0, "reset")
    eventually(lambda: not here[0].model.history, "the reset made there was not seen here")
    two.teach(classroom.name, classroom.key, 1, "close")
    eventually(lambda: here[1].closed, "the table closed there is still open here")
    assert one.class_tables(classroom)[1] is None
    two.teach(classroom.name, classroom.key, 0, "close")  # the last table: the class goes
    with pytest.raises(RoomError, match="no such class"):
        processes().get_class(classroom.name, classroom.key)
