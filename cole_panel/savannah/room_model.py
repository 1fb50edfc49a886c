"""A room page's model of an On the Savannah game (see :mod:`cole_panel.rooms.mirror`)."""

from __future__ import annotations

from typing import Any

import param

from ..rooms.mirror import RoomMirror
from .model import SavannahModel


class RoomSavannahModel(RoomMirror, SavannahModel):
    """A page's view of a room's On the Savannah game: only its own seat's hand."""

    hide_hands = param.Boolean(default=False, doc="No device is shared in a room.")

    @property
    def hand_owner(self) -> int | None:
        return self.my_seat  # a spectator sees no hand

    @property
    def known_hands(self) -> frozenset[int]:
        """Only this seat's own hand (the others on this page are made up), all once over."""
        if self.state.is_over:
            return frozenset(range(self.player_count))
        return frozenset() if self.my_seat is None else frozenset({self.my_seat})

    def _fresh_position(self) -> dict[str, Any]:
        return {"selected": None, "revealed": None}
