"""A page's own model of a room's game: it shows the room's game and sends moves to the room.

Each browser session in a room gets a *mirror*: an ordinary game model (so the game's own
dashboard shows it, unchanged) whose parameters are copied from the room's model as its seat
may see them (:mod:`.redaction`), and whose requests — a move, undo, a new game, a seat change, a
load — go to the :class:`~.room.Room`, which alone changes the game.  A mirror never runs a
bot (the room does, once) and counts only its own seat as a person, so the game's page shows
that seat's hand and nobody else's.  Each game's mirror class is ``RoomMirror`` put before its
model, in the game's package (the ``room_model`` of its page record).  This module imports no
Panel or Bokeh.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ..game_pages import GAME_PAGES
from .params import SEAT_PARAMS, room_options
from .room import Room
from .seats import OPEN, RoomError

_SAID = ("message", "message_is_error")


class RoomMirror:
    """Mixin put before a game model: see the module docstring."""

    room: Room | None = None
    listener: int | None = None
    token: str = ""
    _syncing = False
    runs_own_bots = False
    """A page's "Pause bots" has nothing to pause: the room runs the bots."""
    keep_file_deal = False
    """Whether the host's next loaded file asks to keep its own deal (everyone seated must
    agree; else the server deals the unseen cards again)."""

    def bind(self, room: Room, token: str, listener: int) -> None:
        """Attach to ``room`` as the page of browser ``token`` (listener id ``listener``)."""
        self.room, self.token, self.listener = room, token, listener
        seats = sorted(SEAT_PARAMS & set(self.param))
        self.param.watch(self._on_seat_menu, seats)

    @property
    def my_seat(self) -> int | None:
        """The seat this page plays, or None for a spectator."""
        return None if self.room is None else self.room.seat_of(self.token)

    def sync(self) -> None:
        """Take the room's game as this page's seat may see it."""
        if self.room is None or self.listener is None:
            return
        values = self.room.snapshot(self.listener)
        # The room's message replaces this page's own (a refusal) only when the room says
        # something new; every other value follows the room's.
        seen, self._seen = getattr(self, "_seen", {}), values
        changed = {
            k: v
            for k, v in values.items()
            if (seen.get(k, self) is not v if k in _SAID else getattr(self, k) is not v)
        }
        if changed.keys() & set(_SAID):  # a message and its colour go together
            changed.update({k: values[k] for k in _SAID})
        if "state" in changed:
            changed.update(self._fresh_position())
        # Someone sitting down or going away changes no game value, but the page's turn line
        # names who it waits for: the seat menus are signalled again for the views to redraw.
        words = [self.turn_words(p) for p in range(len(self.room.seats))]
        retell = words != getattr(self, "_words", None)
        self._words = words
        if not changed and not retell:
            return
        self._syncing = True
        try:
            self.param.update(changed)
            if retell and not any(name.startswith("seat") for name in changed):
                self.param.trigger(
                    *sorted(n for n in SEAT_PARAMS & set(self.param) if n[:4] == "seat")
                )
        finally:
            self._syncing = False

    def turn_words(self, player: int) -> str:
        """'Your move' at this page's seat, 'Waiting for Guest 2' at another person's,
        'Paused by the teacher' at every seat while the teacher pauses the table."""
        room = self.room
        if room is None or not 0 <= player < len(room.seats):
            return super().turn_words(player)
        if room.paused:  # nobody's move: the turn line says so, and again when it goes on
            return "Paused by the teacher"
        if player == self.my_seat:
            return "Your move"
        seat = room.seats[player]
        if seat.owner is not None and not seat.taken_over:
            return f"Waiting for {seat.name}"
        if seat.kind == OPEN:
            return f"Waiting for someone to sit as {self.player_name(player)}"
        return super().turn_words(player)

    def person_of(self, player: int) -> str | None:
        """'you' at this page's seat, the name of the person at another, else None."""
        room = self.room
        if room is None or not 0 <= player < len(room.seats):
            return None
        if player == self.my_seat:
            return "you"
        seat = room.seats[player]
        return seat.name if seat.owner is not None and not seat.taken_over else None

    def seat_name(self, player: int) -> str:
        """'Black (you)', 'Black (Ada)' (the name its person typed), 'Black (open seat)'."""
        room = self.room
        if room is None or not 0 <= player < len(room.seats):
            return super().seat_name(player)
        name, person = self.player_name(player), self.person_of(player)
        if person is not None:
            return f"{name} ({person})"
        if room.seats[player].kind == OPEN:
            return f"{name} (open seat)"
        return super().seat_name(player)

    def _fresh_position(self) -> dict[str, Any]:
        """Per-page values to reset when the position changes (a stale hint or choice)."""
        return {}

    # ------------------------------------------------------------------ who plays
    @property
    def humans(self) -> list[int]:
        seat = self.my_seat
        return [] if seat is None else [seat]

    @property
    def bot_to_move(self) -> bool:
        return False  # the room runs its bots, once for every page

    # ------------------------------------------------------------------ requests
    def play(self, action: Any = None) -> bool:
        if self.room is None:
            return super().play(action)
        to_move = getattr(self, "_to_move", None)
        if to_move is not None:
            action = to_move(action)
            if isinstance(action, str):
                return self.refuse(action)
        why = self.room.play(self.token, action)
        return True if why is None else self.refuse(why)

    def undo(self) -> bool:
        if self.room is None:
            return super().undo()
        if not self.history:
            return self.refuse("There is no move to undo.")
        said = self.room.vote_undo(self.token)
        self.param.update(message=said, message_is_error=False)
        return True

    def redo(self) -> bool:
        if self.room is None:
            return super().redo()
        return self.refuse("Redo is off in a room: play the move again instead.")

    def new_game(self) -> bool:
        if self.room is None:
            return super().new_game()
        options = {name: getattr(self, name) for name in room_options(self)}
        try:
            self.room.new_game(self.token, options)
        except RoomError as err:
            return self.refuse(str(err))
        return True

    def load(self, text: str) -> bool:
        if self.room is None:
            return super().load(text)
        why = self.room.load(self.token, text, keep_deal=self.keep_file_deal)
        return True if why is None else self.refuse(why)

    def agree_to_load(self) -> bool:
        """Agree to play the file the host offered with its own deal (see
        :meth:`~.room.Room.agree_load`)."""
        if self.room is None:
            return self.refuse("There is no room here, so no file waits for your agreement.")
        why = self.room.agree_load(self.token)
        return True if why is None else self.refuse(why)

    def save(self) -> str:
        if self.room is None:
            return super().save()
        return self.room.save(self.token)

    def review_line(self) -> tuple[Any, list[Any]]:
        if self.room is None:
            return super().review_line()
        return self.room.review_line(self.token)

    def bot_move(self) -> bool:
        return self.refuse("In a room, bots play only the seats the host gives them.")

    def play_out(self, kind: str = "Greedy") -> int:
        self.refuse("In a room, bots play only the seats the host gives them.")
        return 0

    def _on_seat_menu(self, *events: Any) -> None:
        if self._syncing or self.room is None:
            return
        for e in events:
            p = int(e.name[-1])
            try:
                if e.name.startswith("seat"):
                    if e.new == "Human":
                        self.room.claim(self.token, p)
                    else:
                        self.room.set_seat(self.token, p, e.new)
                else:
                    self.room.set_seat(self.token, p, self.room.seats[p].kind, e.new)
            except RoomError as err:
                self.refuse(str(err))
        me = self.room.listeners.get(self.listener)
        if me is not None:
            me.notify()  # a refused change is set back by the room's values


class _Mirrors(Mapping):
    """Each room game's mirror model, by game name (from the games' page records)."""

    def __getitem__(self, game: str) -> type:
        if game not in GAME_PAGES:
            raise KeyError(game)
        return GAME_PAGES[game].room_model_class

    def __iter__(self) -> Iterator[str]:
        return iter(list(GAME_PAGES))

    def __len__(self) -> int:
        return len(GAME_PAGES)


MIRRORS: Mapping[str, type] = _Mirrors()
"""Each room game's mirror model (imported on first use)."""
