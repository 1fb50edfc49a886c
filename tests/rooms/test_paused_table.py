"""A paused table says so on every page, in its turn line and its message, and both say it
goes on once the teacher lets it (a student read "Your move: choose an empty cell" at a paused
table, and "paused" after the teacher pressed Go on)."""

from __future__ import annotations

import pytest

from cole_panel.circle.dashboard import CircleDashboard
from cole_panel.ecosystem.dashboard import EcosystemDashboard
from cole_panel.rooms import RoomRegistry, new_token
from cole_panel.rooms.pages import RoomPage
from cole_panel.rooms.room import GOES_ON, PAUSED
from cole_panel.savannah.dashboard import SavannahDashboard

DASHBOARDS = {
    "circle": CircleDashboard,
    "ecosystem": EcosystemDashboard,
    "savannah": SavannahDashboard,
}


@pytest.mark.parametrize("game", list(DASHBOARDS))
def test_a_paused_table_says_so_and_says_it_goes_on(game):
    registry = RoomRegistry()
    teacher, student = new_token(), new_token()
    classroom = registry.create_class(game, teacher, 1)
    room = registry.get(classroom.tables[0])
    room.claim(student, 0)
    page = RoomPage(room, student, DASHBOARDS[game])
    room.admit(page.listener, page.mirror.sync)

    def turn_line() -> str:
        return page.mirror.turn_words(0) + " | " + getattr(page.mirror, "turn_text", str)()

    assert "Your move" in turn_line() or "pick" in turn_line()
    registry.teach(classroom.name, classroom.key, 0, "pause")
    assert page.mirror.message == PAUSED and not page.mirror.message_is_error
    assert "aused by the teacher" in turn_line()
    assert "Your move" not in page.mirror.turn_words(0)
    registry.teach(classroom.name, classroom.key, 0, "resume")
    assert page.mirror.message == GOES_ON
    assert "aused" not in turn_line()
    registry.close_all()
