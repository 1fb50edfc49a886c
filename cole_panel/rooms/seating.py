"""Who plays each seat of a room: people sitting down, the host's bots, a seat freed, a person
away taken over by a bot and later released.

A :class:`Seating` is the :class:`~.room.Room`'s collaborator for its seats: it reads and
changes the room through the room's public API only (``room.seats``, ``room.places``,
``room.model``, :meth:`~.room.Room.changing`, :meth:`~.room.Room.tell`), each change inside
the room's one change so it is written back and every page hears it.  Panel-free.
"""

from __future__ import annotations

from typing import Any

from .seats import OPEN, SEAT_CHOICES, TAKEOVER_KIND, RoomError, Seat


class Seating:
    """The seats of one room (see the module docstring)."""

    def __init__(self, room: Any):
        self.room = room

    def claim(self, token: str, seat: int) -> None:
        """The browser ``token`` sits down at ``seat`` (an open one, or a bot's if it is the
        host's choice); one seat per browser."""
        room = self.room
        with room.changing():
            seats, name_of = room.seats, room.model.player_name
            if not 0 <= seat < len(seats):
                raise RoomError(f"There is no seat {seat + 1}; the game has {len(seats)}.")
            held = room.seat_of(token)
            if held is not None:
                raise RoomError(f"You already play {name_of(held)}.")
            s = seats[seat]
            if s.owner is not None:
                raise RoomError(f"{name_of(seat)} is already taken.")
            if s.kind != OPEN and not s.taken_over and token != room.host:
                raise RoomError(
                    f"A bot plays {name_of(seat)}; only the host can seat a person there."
                )
            number = sum(x.owner is not None for x in seats) + 1
            default = "Host" if token == room.host else f"Guest {number}"
            seats[seat] = Seat("Human", token, room.names.get(token, default))
            for listener in room.places:
                if listener.token == token:
                    listener.seat = seat
            self.set_kind(seat, "Human")

    def set_seat(self, token: str, seat: int, kind: str, strength: int | None = None) -> None:
        """The host puts a bot at a free seat, or opens it for a person."""
        room = self.room
        with room.changing():
            if token != room.host:
                raise RoomError("Only the host who made the room can change who plays a seat.")
            if kind not in SEAT_CHOICES:
                raise RoomError(
                    f"{kind!r} is not a seat choice; use one of {', '.join(SEAT_CHOICES)}."
                )
            s = room.seats[seat]
            if s.owner is not None and not s.taken_over:
                raise RoomError(f"{s.name} sits at {room.model.player_name(seat)}.")
            if s.taken_over:  # the person away loses the seat to the host's choice
                self.unseat(seat, Seat(kind))
            s = room.seats[seat]
            s.kind = kind
            if strength is not None:
                room.model.param.update({f"strength{seat}": strength})
            self.set_kind(seat, kind)

    def set_kind(self, seat: int, kind: str) -> None:
        """``seat`` is played by ``kind`` now: the model is told, every page hears it and the
        bots move if it is theirs."""
        room = self.room
        room.touch()
        room.model.param.update({f"seat{seat}": "Human" if kind == OPEN else kind})
        room.tell()
        room.run_bots()

    def free_seat(self, seat: int) -> None:
        """Free ``seat`` for anyone to take (the teacher's "Free"): whoever sat there is a
        watcher now, and the seat is open.  The caller checks the teacher's key."""
        room = self.room
        with room.changing():
            if not isinstance(seat, int) or not 0 <= seat < len(room.seats):
                raise RoomError(f"There is no seat {seat}; the game has {len(room.seats)}.")
            self.unseat(seat, Seat())
            self.set_kind(seat, OPEN)

    def unseat(self, seat: int, now: Seat) -> None:
        """Put ``now`` at ``seat`` in place of its person (her undo vote goes with her)."""
        room = self.room
        room.undo_votes.discard(room.seats[seat].owner)
        room.seats[seat] = now
        room.places.reseat(room.seat_of)

    def returned(self, seat: int) -> None:
        """The person of ``seat`` is back: no longer away, and her seat is hers again if a
        bot took it over."""
        s = self.room.seats[seat]
        s.away_since = None
        if s.taken_over:
            s.taken_over, s.kind = False, "Human"
            self.room.model.param.update({f"seat{seat}": "Human"})

    def sweep(self) -> list[int]:
        """Let a bot play each seat whose person has been away for ``seat_timeout`` seconds,
        and free each seat whose person has been away for ``seat_release``; returns the
        seats that changed."""
        room = self.room
        now, changed = room.clock(), []
        if not any(s.away_since is not None and s.owner is not None for s in room.seats):
            return changed
        with room.changing():
            for p, s in enumerate(room.seats):
                away = now - s.away_since if s.away_since is not None else None
                if away is None or s.owner is None:
                    continue
                if away >= room.seat_release:
                    self.unseat(p, s.released())
                elif away >= room.seat_timeout and not s.taken_over:
                    s.taken_over, s.kind = True, TAKEOVER_KIND
                else:
                    continue
                room.model.param.update({f"seat{p}": TAKEOVER_KIND})
                changed.append(p)
            if changed:
                room.tell()
                room.run_bots()
        return changed

    def resize(self, players: int) -> None:
        """As many seats as the game now has players (those beyond it go, new ones are open)."""
        room = self.room
        room.seats = room.seats[:players] + [Seat() for _ in range(players - len(room.seats))]
        room.places.reseat(room.seat_of)
        self.tell_model()

    def tell_model(self) -> None:
        """The model's seat parameters say who plays each seat (the room's seats, not a
        loaded file's)."""
        room = self.room
        for p, s in enumerate(room.seats):
            room.model.param.update({f"seat{p}": "Human" if s.kind == OPEN else s.kind})
