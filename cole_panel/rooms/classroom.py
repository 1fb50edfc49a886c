"""A teacher's class: several tables (rooms) of one game made at once, run from one page.

The teacher sits at no table: each table is a :class:`~.room.Room` hosted by the teacher's
browser with every seat open (or a bot's), and the class is a small record the registry keeps
(:meth:`~.registry.RoomRegistry.create_class`): its public name, the teacher's secret key and
its tables' room names.  Holding the key is what lets a page pause, reset or close a table
(:meth:`~.registry.RoomRegistry.teach`); the students get the tables' links only.

:func:`table_summary` is what the teacher's overview shows of a table — who plays, whose turn,
the score as the teacher may know it (another player's hidden hand is not counted: the
teacher sits at no seat), finished or paused.  Panel-free.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field
from typing import Any

from ..game_pages import GAME_PAGES
from .room import Room
from .seats import OPEN

MAX_TABLES = 30
"""The most tables one class may have."""

TEACHER_ACTIONS = ("pause", "resume", "reset", "reset-free", "free", "close")
"""What the teacher may do to a table: pause it, let it go on, a new game with the same people
in their seats ("reset") or with every person's seat free ("reset-free"), free one seat
("free", with the seat), close it."""


def teach_table(room: Room, action: str, seat: int | None = None) -> None:
    """Do the teacher's ``action`` (one of :data:`TEACHER_ACTIONS` but "close", which removes
    the table) at ``room``; ``seat`` is the seat "free" frees.  The caller checks her key."""
    if action == "free":
        room.free_seat(seat)
    elif action in ("reset", "reset-free"):
        room.reset(keep_seats=action == "reset")
    else:
        room.set_paused(action == "pause")


@dataclass
class Classroom:
    """One teacher's class: ``name`` is in every class link, ``key`` only in the teacher's."""

    name: str
    key: str = field(repr=False)
    game: str
    tables: list[str]
    """The room names of the tables, table 1 first."""

    def allows(self, key: Any) -> bool:
        """Whether ``key`` is the teacher's (compared in constant time)."""
        return isinstance(key, str) and hmac.compare_digest(key.encode(), self.key.encode())


def _who(room: Room, p: int) -> str:
    seat = room.seats[p]
    if seat.owner is not None and not seat.taken_over:
        return seat.name
    if seat.kind == OPEN:
        return "open seat"
    return f"{seat.kind} bot"


def hidden_score_parts(game: str) -> tuple[str, ...]:
    """The score parts of ``game`` decided by a hidden hand (unknown to the teacher until the
    end): its page record's."""
    page = GAME_PAGES.get(game)
    return page.hidden_score_parts if page is not None else ()


def _scores(room: Room) -> list[str]:
    """Each player's score as someone at no seat may know it: a hidden part reads '?'."""
    state = room.model.state
    hidden = () if state.is_over else hidden_score_parts(room.game)
    known = [0] * state.players
    unknown = [False] * state.players
    for line in state.score_sheet():
        if line.category in hidden:
            unknown[line.player] = True
        else:
            known[line.player] += line.points
    return [f"{k} + ? in hand" if u else str(k) for k, u in zip(known, unknown, strict=True)]


def table_summary(room: Room) -> dict[str, Any]:
    """What the teacher's overview shows of one table (plain values)."""
    with room.lock:
        state, model = room.model.state, room.model
        mover = state.current_player
        scores = _scores(room)
        return {
            "name": room.name,
            "game": room.game,
            "moves": len(model.history),
            "over": state.is_over,
            "outcome": model.outcome_text if state.is_over else "",
            "paused": room.paused,
            "people": room.people,
            "mover": None if mover is None else model.player_name(mover),
            "mover_who": None if mover is None else _who(room, mover),
            "players": [
                {"player": model.player_name(p), "who": _who(room, p), "score": scores[p]}
                for p in range(len(room.seats))
            ],
        }
