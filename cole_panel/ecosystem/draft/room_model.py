"""A room page's model of an Ecosystem draft (see :mod:`cole_panel.rooms.mirror`)."""

from __future__ import annotations

from typing import Any

from ...rooms.mirror import RoomMirror
from .model import EcosystemModel


class RoomEcosystemModel(RoomMirror, EcosystemModel):
    """A page's view of a room's Ecosystem draft: its own seat's hand, picks only in turn.

    The engine takes the picks one seat at a time, so each page picks when the room's game
    says it is its seat's turn.  A pick waiting for "Pass hands" stays on this page
    (``pending`` is the page's own) until it is passed: then it goes to the room.
    """

    @property
    def viewer(self) -> int:
        seat = self.my_seat
        return 0 if seat is None else seat  # a spectator looks at Player 1's parks

    @property
    def hand_owner(self) -> int | None:
        return self.viewer if self.room is None else self.my_seat  # a spectator holds none

    @property
    def human_to_move(self) -> bool:
        p = self.state.current_player
        return p is not None and self.room is not None and p == self.my_seat

    def hand_of(self, player: int, park: str | None = None) -> tuple:
        if self.room is not None and player != self.my_seat:
            return ()  # only a seat's own hand is shown (the others' are made up anyway)
        return super().hand_of(player, park)

    def turn_text(self) -> str:
        p = self.state.current_player
        if self.room is not None and self.room.paused and p is not None:
            return f"{self.state.round_text()}: paused by the teacher, no pick until it goes on."
        if self.room is None or p is None or p == self.my_seat:
            return super().turn_text()
        where = self.state.round_text()
        waiting = self.turn_words(p)
        if waiting.startswith("Waiting for"):
            return f"{where}: {waiting} to pick."
        return f"{where}: {self.seat_name(p)} is picking."

    def pick(self, card: Any, cell: tuple[int, int], park: str | None = None) -> bool:
        if self.room is not None:
            why = self.room.why_not_yours(self.token)
            if why is not None:
                return self.refuse(why)
        return super().pick(card, cell, park)

    def confirm(self) -> bool:
        """ "Pass hands": the page's pending picks go to the room, in the order made."""
        if self.room is None or not self.ready_to_pass:
            return super().confirm()
        picks = list(self.pending)
        self.param.update(pending=[], undone=[])
        for pick in picks:
            why = self.room.play(self.token, pick)
            if why is not None:
                return self.refuse(why)
        return True

    def undo(self) -> bool:
        if self.room is None or self.pending:
            return EcosystemModel.undo(self)  # a pick not yet passed is the page's own
        return super().undo()

    def redo(self) -> bool:
        if self.room is None or self.undone:
            return EcosystemModel.redo(self)
        return super().redo()

    def _fresh_position(self) -> dict[str, Any]:
        return {"pending": [], "undone": []}
