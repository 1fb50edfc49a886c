"""Limits that fit a school and that one student cannot exhaust: making a class needs the
teacher's key, every table counts toward its teacher's limit, one network address is held to
a tenth of the server's rooms while a whole school behind one address still plays, and each
refusal names its limit.  (Once, a student made a class of 30 tables and one of 20 from one
browser and filled the server's 50 rooms for half an hour.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from cole_panel.rooms.registry import WRONG_KEYS, RoomRegistry, new_token
from cole_panel.rooms.seats import RoomError
from cole_panel.rooms.teacher_key import KEY_ENV, ensure_key, server_key
from tests.browser.conftest import PAGE_LOAD_TIMEOUT_MS, VIEWPORT

KEY = "the-teachers-key-0123"
SCHOOL = "203.0.113.7"


@pytest.fixture
def registry():
    made = RoomRegistry(teacher_key=KEY)
    yield made
    made.close_all()


def test_a_class_needs_the_teachers_key(registry):
    for wrong in (None, "", "guess", KEY + "x", 12345, "x" * 5000):
        with pytest.raises(RoomError, match="not this server's teacher's key"):
            registry.create_class("circle", new_token(), 30, key=wrong, address="198.51.100.1")
    assert len(registry) == 0
    classroom = registry.create_class("circle", new_token(), 3, key=KEY)
    assert len(classroom.tables) == 3 and len(registry) == 3


def test_classes_are_off_without_a_key():
    registry = RoomRegistry(teacher_key="")
    with pytest.raises(RoomError, match=rf"Classes are off.*\({KEY_ENV}\)"):
        registry.create_class("circle", new_token(), 1, key="")


def test_guessing_the_key_is_stopped_for_a_while(registry):
    for _ in range(WRONG_KEYS):
        with pytest.raises(RoomError, match="not this server's"):
            registry.create_class("circle", new_token(), 1, key="guess", address=SCHOOL)
    with pytest.raises(RoomError, match=f"{WRONG_KEYS} wrong teacher's keys from your network"):
        registry.create_class("circle", new_token(), 1, key=KEY, address=SCHOOL)
    registry.create_class("circle", new_token(), 1, key=KEY, address="198.51.100.9")


def test_every_table_counts_toward_its_teachers_limit():
    registry = RoomRegistry(teacher_key=KEY, tables_per_teacher=40)
    teacher = new_token()
    registry.create_class("circle", teacher, 30, key=KEY)
    with pytest.raises(RoomError, match="30 open tables.*limit of 40"):
        registry.create_class("savannah", teacher, 20, key=KEY)
    registry.create_class("savannah", teacher, 10, key=KEY)
    registry.close_all()


def test_a_whole_school_behind_one_address_plays():
    """Four classes of 30 at one address: each teacher's 30 tables, and each student two rooms
    of her own, all made (the defaults)."""
    registry = RoomRegistry(teacher_key=KEY)
    for _ in range(4):
        registry.create_class("savannah", new_token(), 30, key=KEY, address=SCHOOL)
    for _ in range(30):
        student = new_token()
        for _ in range(2):
            registry.create("circle", student, address=SCHOOL)
    assert len(registry) == 4 * 30 + 60
    registry.close_all()


def test_a_flood_from_one_address_stops_at_its_limit_and_others_still_play():
    """Fresh cookies for every room (the per-browser limit of 3 gets round): the address's
    limit stops it, at a tenth of the server's rooms, and says which limit."""
    registry = RoomRegistry()
    assert registry.rooms_per_address * 10 <= registry.max_rooms
    for _ in range(registry.rooms_per_address):
        registry.create("circle", new_token(), address="198.51.100.66")
    with pytest.raises(RoomError, match=f"its limit of {registry.rooms_per_address}"):
        registry.create("circle", new_token(), address="198.51.100.66")
    registry.create("circle", new_token(), address=SCHOOL)
    registry.close_all()


def test_make_serve_makes_a_key_once_and_keeps_it(tmp_path, monkeypatch):
    monkeypatch.delenv(KEY_ENV, raising=False)
    monkeypatch.setenv("COLE_DATA_DIR", str(tmp_path))
    said = ensure_key()
    key = server_key()
    assert said and key in said and len(key) >= 16
    assert ensure_key() is None and server_key() == key  # not made, nor shown, again
    assert (tmp_path / "teacher-key").stat().st_mode & 0o077 == 0  # the operator's alone
    monkeypatch.setenv(KEY_ENV, "chosen-by-the-operator")
    assert server_key() == "chosen-by-the-operator"


@pytest.mark.browser
def test_a_student_on_the_class_page_makes_no_table_without_the_key(browser, own_server):
    server = own_server("classroom", also=("circle",))
    context = browser.new_context(viewport=VIEWPORT)
    try:
        page = context.new_page()
        page.goto(server.url, timeout=PAGE_LOAD_TIMEOUT_MS)
        page.locator(".cole-class-key input").fill("a guess")
        page.get_by_role("button", name="Make the tables").click()
        expect(page.locator(".cole-class-said")).to_contain_text(
            "not this server's teacher's key", timeout=30_000
        )
        expect(page.locator("a.cole-class-link")).to_have_count(0)
    finally:
        context.close()
