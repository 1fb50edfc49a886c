"""A refused Save tells the student why (it used to give no message, only a traceback in the
server's log): a room's game with hidden cards is saved only once it is over."""

from __future__ import annotations

import pytest

from cole_panel.rooms.registry import RoomRegistry, new_token
from cole_panel.rooms.seats import RoomError
from cole_panel.savannah.model import SavannahModel
from cole_panel.ui.saveload import SaveLoad


def test_a_refused_save_says_why_in_the_page():
    registry = RoomRegistry()
    host = new_token()
    room = registry.create("savannah", host)

    class Seat:  # what the room's page saves through: the room, for this browser
        message = ""

        def save(self) -> str:
            return room.save(host)

    model = SavannahModel()
    model.save = Seat().save  # the page's own model, saving as its room does
    box = SaveLoad(model=model)
    with pytest.raises(RoomError):
        box._download.callback()
    assert box.status.startswith("Not saved: A room's game with hidden cards")
    assert not box.ok and model.message == box.status
    registry.close_all()
