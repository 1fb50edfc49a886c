"""A room's page limit counts people, not page builds: plain requests that keep no cookie and
the reloads of one browser never fill it, and a seated player can always come back (once,
16 cookieless GETs shut a table: "This room is full: 16 pages already watch it")."""

from __future__ import annotations

import pytest

from cole_panel.rooms.registry import RoomRegistry, new_token
from cole_panel.rooms.seats import RoomError


def open_page(room, token: str, known: bool = True) -> int:
    listener = room.reserve(token, known)
    room.admit(listener, lambda: None)
    return listener


@pytest.fixture
def room():
    registry = RoomRegistry(max_viewers=3)
    made = registry.create("circle", new_token())
    yield made
    registry.close_all()


def test_pages_with_no_browser_token_never_fill_a_room(room):
    for _ in range(40):  # what 40 plain GETs build: each a token made for it alone
        open_page(room, new_token(), known=False)
    for _ in range(3):
        open_page(room, new_token())
    with pytest.raises(RoomError, match="3 people already watch it"):
        open_page(room, new_token())


def test_one_browsers_reloads_and_tabs_count_once(room):
    student = new_token()
    for _ in range(20):
        open_page(room, student)
    open_page(room, new_token())
    open_page(room, new_token())
    assert room.people == 3
    with pytest.raises(RoomError, match="full"):
        open_page(room, new_token())


def test_a_seated_player_always_comes_back_to_a_full_room(room):
    guest = new_token()
    first = open_page(room, guest)
    room.claim(guest, 1)
    room.leave(first)
    for _ in range(3):
        open_page(room, new_token())
    with pytest.raises(RoomError, match="full"):
        open_page(room, new_token())
    back = open_page(room, guest)
    assert room.listeners[back].seat == 1
