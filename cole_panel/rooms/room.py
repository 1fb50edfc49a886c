"""One shared game: the authoritative model, its seats, its viewers, its bots.

A :class:`Room` owns ONE game model (any :class:`~cole_panel.core.GameModel` subclass) and is
the only code that changes it.  Each browser session registers a *listener* (a seat or none,
and a ``notify()`` callable); after every change the room calls every listener's ``notify``,
and the session then reads :meth:`Room.snapshot` for its seat on its own document's thread.
So the room never touches Panel or Bokeh: it is as panel-free as the models it holds.

Seats belong to browser tokens: a seat claimed by a token is played only by requests carrying
that token; a person who leaves keeps the seat, and a seat whose person has been away longer
than ``seat_timeout`` is taken over by a bot (until they return); after ``seat_release`` the
seat is free for anyone to take (the bot plays on until someone does).  The teacher may free
any seat, and her Reset keeps the people in their seats or frees every seat.
Bots run once per room, through the room's :class:`~cole_panel.core.BotScheduler` (served:
the shared worker-process pool, see :class:`~cole_panel.rooms.scheduling.PoolScheduler`).

With a :class:`~cole_panel.rooms.store.RoomStore` attached (:meth:`Room.attach`) the room is
also a row of the server's database, shared by every process serving it: each change runs
inside :meth:`Room.changing` (the row locked, taken first if another process wrote a newer
version, written back with the next version in the same transaction), :meth:`Room.refresh`
takes a newer row written elsewhere, and a process runs the room's bots only while it holds
the room's bot lease, so they run once whatever the number of processes.

Its seats, its people's names and the saved games loaded into it are kept by collaborators
(:class:`~.seating.Seating`, :class:`~.names.RoomNames`, :class:`~.loading.RoomLoads`) that
change the room through its public verbs only: :meth:`Room.changing` (one change, written
back) and :meth:`Room.tell` (every open page hears it).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from engines import IllegalAction
from engines.games import get_game

from ..core import InlineScheduler
from .loading import LoadOffer, RoomLoads, fresh_rng
from .names import RENAME_SECONDS, RENAMES, RoomNames
from .params import ROOM_WATCHED, room_options
from .places import Listener, PagePlaces
from .redaction import Redactor, snapshot
from .seating import Seating
from .seats import SEAT_RELEASE, RoomError, Seat
from .store import RoomRecord, RoomStore, plain_options

__all__ = ["GOES_ON", "PAUSED", "RENAMES", "RENAME_SECONDS", "Room"]

PAUSED = "The teacher paused this table: no move until it goes on."
"""Every page's message while the teacher pauses the table."""

GOES_ON = "The teacher let the table go on: play on."
"""Every page's message once the table goes on."""


class Room:
    """A game several browsers share: see the module docstring."""

    def __init__(
        self,
        name: str,
        model: Any,
        host: str,
        *,
        scheduler: Any = None,
        max_viewers: int = 16,
        seat_timeout: float = 120.0,
        seat_release: float = SEAT_RELEASE,
        clock: Callable[[], float] = time.monotonic,
        seated: bool = True,
    ):
        self.name = name
        self.model = model
        self.game = model.game
        self.host = host
        self.seat_timeout = seat_timeout
        self.seat_release = seat_release
        """Seconds away after which a person's seat is free to take again."""
        self.clock = clock
        """The room's clock (seconds; a test's own for seats away and renames)."""
        self.scheduler = scheduler or InlineScheduler()
        """Computes the room's bot moves (once per room, whatever the number of viewers)."""
        self.lock = threading.RLock()
        self.redactor = Redactor(model.game)
        self.seats = [Seat() for _ in range(model.player_count)]
        self.places = PagePlaces(max_viewers)
        """The pages open on the room and those being built."""
        self.undo_votes: set[str] = set()
        self.names: dict[str, str] = {}
        """The name each browser typed (kept for a seat it takes later)."""
        self.load_offer: LoadOffer | None = None
        """A file the host wants played with its own deal, until everyone seated agrees (kept
        in this process's memory only)."""
        self.deal_rng: Callable[[], Any] = fresh_rng
        """Makes the generator of each deal made again for a loaded file."""
        self.paused = False
        """Whether the teacher has paused the table: no move, no bot, until resumed."""
        self.closed = False
        """Whether the room was removed (its pages say so and play nothing)."""
        self.last_active = clock()
        self.store: RoomStore | None = None
        """The database the room is kept in (None: this process's memory only)."""
        self.version = 0
        """The version of the room's row this process holds."""
        self.class_name: str | None = None
        self.table_number: int | None = None
        self.seating = Seating(self)
        """Who plays each seat (:mod:`.seating`)."""
        self.naming = RoomNames(self)
        """What the people here are called (:mod:`.names`)."""
        self.loads = RoomLoads(self)
        """The host's saved games loaded, and the offers of their own deal (:mod:`.loading`)."""
        self._kept: RoomRecord | None = None
        self._depth = 0
        self._bots_asked = False
        self._drive_bots()
        for p in range(len(self.seats)):
            model.param.update({f"seat{p}": "Human"})
        model.param.watch(lambda *_: self.tell(), list(ROOM_WATCHED & set(model.param)))
        if seated:  # the host sits at the first seat (a teacher's table: nobody yet)
            self.claim(host, 0)

    # ------------------------------------------------------------------ viewers
    def join(self, token: str, notify: Callable[[], Any]) -> int:
        """Register a session of the browser ``token``; returns its listener id.  The browser
        goes back to the seat it holds, if any.  (A served page reserves its place first,
        :meth:`reserve`, and is admitted once built, :meth:`admit`.)"""
        listener = self.reserve(token)
        self.admit(listener, notify)
        return listener

    def reserve(self, token: str, known: bool = True) -> int:
        """Keep a place for a page of browser ``token`` being built; returns its listener id.
        The page sees the room as that browser's seat does but is not counted as open until
        :meth:`admit`; :meth:`leave` gives the place back.  RoomError if the room already
        has :attr:`max_viewers` other people (:meth:`PagePlaces.full_for`: a seated player,
        another page of a browser already here, and ``known`` False, a page whose browser
        sent no token, are never refused)."""
        with self.lock:
            seat = self.seat_of(token)
            if self.places.full_for(token, seat, known):
                raise RoomError(
                    f"This room is full: {self.max_viewers} people already watch it. "
                    "Try again when someone leaves."
                )
            return self.places.reserve(token, seat, known)

    def admit(self, listener: int, notify: Callable[[], Any]) -> None:
        """The page that reserved ``listener`` is built and shown: it now hears every change
        (``notify``) and counts among the room's pages."""
        with self.changing():
            waiting = self.places.admit(listener, notify)
            if waiting is None:  # given back meanwhile (the room closed)
                return
            waiting.seat = self.seat_of(waiting.token)
            if waiting.seat is not None:
                self.seating.returned(waiting.seat)
            self.touch()
            self.tell()

    def leave(self, listener: int) -> None:
        """A session closed (or its page was never built); its person keeps the seat (marked
        away if no page of theirs is left)."""
        with self.changing():
            if self.places.give_back(listener):
                return
            gone = self.places.close(listener)
            if gone is None:
                return
            self.touch()
            if gone.seat is not None and not self.places.has_open(gone.token):
                self.seats[gone.seat].away_since = self.clock()
            self.tell()

    @property
    def max_viewers(self) -> int:
        """The most pages the room lets open at once."""
        return self.places.max_viewers

    @property
    def listeners(self) -> dict[int, Listener]:
        """The pages open on the room, by listener id."""
        return self.places.open

    def _listener(self, listener: int) -> Listener | None:
        """The page ``listener``, open or still being built."""
        return self.places.get(listener)

    def seat_of(self, token: str) -> int | None:
        """The seat the browser ``token`` holds, or None (a spectator)."""
        return next((p for p, s in enumerate(self.seats) if s.owner == token), None)

    @property
    def viewers(self) -> int:
        """How many pages are open on the room."""
        return len(self.listeners)

    @property
    def people(self) -> int:
        """How many browsers have a page open on the room (a reload or a second tab of one
        browser is one person)."""
        return self.places.people

    @property
    def is_idle(self) -> bool:
        """No page is open on the room (nor being built)."""
        return self.places.is_idle

    def touch(self) -> None:
        self.last_active = self.clock()

    # ------------------------------------------------------------------ seats
    def claim(self, token: str, seat: int) -> None:
        """The browser ``token`` sits down at ``seat`` (:meth:`Seating.claim`)."""
        self.seating.claim(token, seat)

    def set_seat(self, token: str, seat: int, kind: str, strength: int | None = None) -> None:
        """The host puts a bot at a free seat, or opens it for a person."""
        self.seating.set_seat(token, seat, kind, strength)

    def free_seat(self, seat: int) -> None:
        """Free ``seat`` for anyone to take (the teacher's "Free"; she is checked by the caller)."""
        self.seating.free_seat(seat)

    def sweep_seats(self) -> list[int]:
        """Seats whose person is away go to a bot, then free (:meth:`Seating.sweep`); returns
        the seats that changed."""
        return self.seating.sweep()

    def rename(self, token: str, text: Any) -> str:
        """The browser ``token`` says what it is called (:meth:`RoomNames.rename`); returns the
        name kept."""
        return self.naming.rename(token, text)

    # ------------------------------------------------------------------ playing
    def _mover_check(self, token: str) -> str | None:
        if self.closed:
            return "This table was closed by the teacher."
        if self.paused:
            return "The teacher has paused this table; wait until it goes on."
        state = self.model.state
        p = state.current_player
        if p is None:
            return "The game is over."
        mine = self.seat_of(token)
        if mine is None:
            return "You are watching this room; take a free seat to play."
        if p != mine:
            return f"It is {self.model.player_name(p)}'s turn; you play {self.model.player_name(mine)}."
        if self.seats[p].taken_over:
            self.seating.returned(p)
        return None

    def why_not_yours(self, token: str) -> str | None:
        """Why the browser ``token`` may not move now (a sentence), or None."""
        with self.lock:
            return self._mover_check(token)

    def play(self, token: str, action: Any) -> str | None:
        """The browser ``token`` makes a move; returns None, or why it is refused (the game
        is then unchanged and nobody else is told)."""
        with self.changing():
            why = self._mover_check(token)
            if why is None:
                why = self.model.state.why_illegal(action)
            if why is not None:
                return why
            try:
                self.model.play(action)
            except IllegalAction as err:  # pragma: no cover - why_illegal said it was fine
                return str(err)
            self.touch()
            self.undo_votes.clear()
            self.run_bots()
            return None

    def vote_undo(self, token: str) -> str:
        """Undo the last move once every person seated has asked for it; returns a sentence."""
        with self.changing():
            if self.seat_of(token) is None:
                return "Only the people playing can ask to undo."
            self.undo_votes.add(token)
            people = {s.owner for s in self.seats if s.owner is not None and not s.taken_over}
            missing = people - self.undo_votes
            if missing:
                names = [s.name for s in self.seats if s.owner in missing]
                self.tell()
                return (
                    "Undo is off in a room unless every person agrees: waiting for "
                    + ", ".join(names)
                    + " to press Undo too."
                )
            self.undo_votes.clear()
            self.model.bot_loop.cancel()
            self.model.undo()
            self.touch()
            return self.model.message

    def new_game(self, token: str, options: dict[str, Any]) -> None:
        """The host starts a new game with ``options`` (the model's rule parameters)."""
        with self.changing():
            if token != self.host:
                raise RoomError("Only the host who made the room can start a new game.")
            keep = room_options(self.model)
            self.model.param.update({k: v for k, v in options.items() if k in keep})
            self._restart()

    def _restart(self) -> None:
        self.model.bot_loop.cancel()
        self.undo_votes.clear()
        self.load_offer = None
        self.model.new_game()
        if self.model.player_count != len(self.seats):
            self.seating.resize(self.model.player_count)
        self.touch()
        self.run_bots()

    # ------------------------------------------------------------------ a teacher's table
    def set_paused(self, paused: bool) -> None:
        """Pause the table (no move is taken, no bot moves) or let it go on.  The caller
        checks the teacher's key (:meth:`RoomRegistry.teach`)."""
        with self.changing():
            was, self.paused = self.paused, bool(paused)
            if self.paused:
                self.model.bot_loop.cancel()
            if was != self.paused:  # every page's message says so, and says it when it goes on
                self.model.param.update(
                    message=PAUSED if self.paused else GOES_ON, message_is_error=False
                )
            self.touch()
            self.tell()
            self.run_bots()

    def reset(self, keep_seats: bool = True) -> None:
        """A new game with the same options (the teacher's "Reset"): the same people in the
        same seats, or (``keep_seats`` False) every person's seat free, the bots she chose
        kept."""
        with self.changing():
            if not keep_seats:
                for p, s in enumerate(self.seats):
                    if s.owner is not None or s.taken_over:
                        self.seating.unseat(p, Seat())
                        self.model.param.update({f"seat{p}": "Human"})
            self._restart()
            self.tell()

    def save(self, token: str) -> str:
        """The room's game as a save file; with hidden cards only once the game is over."""
        with self.lock:
            if get_game(self.game).hidden_information and not self.model.state.is_over:
                raise RoomError(
                    "A room's game with hidden cards can be saved once it is over (a save holds "
                    "every hand and the draw pile)."
                )
            return self.model.save()

    def review_line(self, token: str) -> tuple[Any, list[Any]]:
        """The room's game for a review, the same for every seat and watcher: its true start
        and the moves played.  With hidden cards only once the game is over (a review would
        show every seat's hand); RoomError while it runs."""
        with self.lock:
            m = self.model
            if get_game(self.game).hidden_information and not m.state.is_over:
                raise RoomError(
                    "The review opens when the game is over: until then it would show the "
                    "cards of the other seats."
                )
            return m.start.clone(), [t.action for t in m.history]

    def load(self, token: str, text: str, keep_deal: bool = False) -> str | None:
        """The host loads a saved game (:meth:`RoomLoads.load`); None, or why not."""
        return self.loads.load(token, text, keep_deal)

    def agree_load(self, token: str) -> str | None:
        """A person seated agrees to the file's own deal (:meth:`RoomLoads.agree`)."""
        return self.loads.agree(token)

    # ------------------------------------------------------------------ bots
    def run_bots(self) -> None:
        """Let the mover's bot move (once per room, whatever the number of viewers and of
        processes: with a store, only while this process holds the room's bot lease), through
        the model's bot loop (set up by :meth:`_drive_bots`)."""
        self.model.bot_loop.schedule()

    def _drive_bots(self) -> None:
        """The room's side of its game's bot loop: a paused or closed room holds the bots,
        a move waits until the change it was asked in is written, and is played as a change
        of its own."""
        self.model.bot_loop.drive(
            self.scheduler,
            hold=lambda: self.paused or self.closed,
            permit=self._may_run_bots,
            delay=lambda: 0.3 if any(s.owner for s in self.seats) else 0.8,
            apply_with=self._as_change,
            on_move=self._bot_moved,
        )

    def _may_run_bots(self) -> bool:
        if self._depth:  # in a change: once it is written
            self._bots_asked = True
            return False
        # With a store, only while this process holds the room's bot lease.
        return self.store is None or self.store.take_bots(self.name, self.version)

    def _as_change(self, fn: Callable[[], None]) -> None:
        with self.changing():
            fn()

    def _bot_moved(self) -> None:
        self.undo_votes.clear()
        self.touch()

    # ------------------------------------------------------------------ telling the viewers
    def tell(self) -> None:
        """Tell every open page that the room changed (each then reads its snapshot)."""
        self.places.notify()

    def snapshot(self, listener: int) -> dict[str, Any]:
        """The parameter values the session ``listener`` may see (its seat's view)."""
        with self.lock:
            me = self._listener(listener)
            return snapshot(self.model, None if me is None else me.seat, self.redactor)

    def status(self, listener: int) -> dict[str, Any]:
        """Who sits where, for the room bar of session ``listener``."""
        with self.lock:
            me = self._listener(listener)
            token = me.token if me else None
            offer = self.load_offer
            return {
                "name": self.name,
                "game": self.game,
                "you": None if me is None else me.seat,
                "host": token == self.host,
                "viewers": len(self.listeners),
                "people": self.people,
                "paused": self.paused,
                "closed": self.closed,
                "undo_asked": [s.name for s in self.seats if s.owner in self.undo_votes],
                "undo_mine": token in self.undo_votes,
                "mover": self.model.state.current_player,
                "moves": len(self.model.history),
                "undo_votes": len(self.undo_votes),
                "load_waiting": None if offer is None else offer.waiting(self.seats),
                "load_mine": offer is not None and token in offer.agreed,
                "hides_cards": self.class_name is None and get_game(self.game).hidden_information,
                "seats": [
                    {
                        "player": self.model.player_name(p),
                        "kind": s.kind,
                        "name": s.name,
                        "yours": s.owner is not None and s.owner == token,
                        "taken": s.owner is not None,
                        "free": s.free,
                        "away": s.away_since is not None,
                        "taken_over": s.taken_over,
                    }
                    for p, s in enumerate(self.seats)
                ],
            }

    # ------------------------------------------------------------------ the database
    def attach(self, store: RoomStore, record: RoomRecord | None = None) -> None:
        """Keep the room in ``store`` from now on: as ``record`` (a row read from it), or as a
        new row of the room as it is."""
        with self.lock:
            if record is None:
                self._kept = self.record()
                store.insert(self._kept)
                self.version = 1
            else:
                self._take(record)
            self.store = store

    def record(self) -> RoomRecord:
        """The room as the database keeps it."""
        m = self.model
        options = {k: getattr(m, k) for k in sorted(room_options(m))}
        return RoomRecord(
            name=self.name,
            game=self.game,
            host=self.host,
            save=m.save(),
            seats=tuple(s.kept() for s in self.seats),
            votes=tuple(sorted(self.undo_votes)),
            options=plain_options(options),
            message=m.message,
            message_is_error=m.message_is_error,
            class_name=self.class_name,
            table_number=self.table_number,
            paused=self.paused,
            names=dict(self.names),
            version=self.version,
        )

    def _take(self, record: RoomRecord) -> None:
        """Become ``record`` (a newer row): its game, seats, votes, options and message."""
        m = self.model
        self.model.bot_loop.cancel()
        keep = room_options(m)
        m.param.update(
            {
                k: tuple(v) if isinstance(v, list) and isinstance(getattr(m, k), tuple) else v
                for k, v in record.options.items()
                if k in keep
            }
        )
        if not m.load(record.save):
            raise RoomError(f"This room's kept game cannot be read: {m.message}")
        now = self.clock()
        seats = [Seat.from_kept(s, now) for s in record.seats[: m.player_count]]
        self.seats = seats + [Seat() for _ in range(m.player_count - len(seats))]
        self.places.reseat(self.seat_of, everyone=False)
        self.seating.tell_model()  # the room's seats, not the file's, play
        self.host, self.undo_votes = record.host, set(record.votes)
        self.class_name, self.table_number = record.class_name, record.table_number
        self.paused, self.names = record.paused, dict(record.names)
        m.param.update(message=record.message, message_is_error=record.message_is_error)
        self.version, self._kept = record.version, record
        self.tell()

    def refresh(self) -> bool:
        """Take the room's row if another process wrote a newer version; whether it did."""
        if self.store is None:
            return False
        with self.lock:
            record = self.store.load(self.name)
            if record is None or record.version <= self.version:
                return False
            self._take(record)
            self.run_bots()
        return True

    @contextmanager
    def changing(self) -> Iterator[None]:
        """One change of the room (see the module docstring); the bots asked for during it
        start once it is written."""
        with self.lock:
            if self._depth:
                yield
                return
            self._depth = 1
            try:
                if self.store is None:
                    yield
                else:
                    yield from self._in_transaction()
            finally:
                self._depth = 0
            if self._bots_asked:
                self._bots_asked = False
                self.run_bots()

    def _in_transaction(self) -> Iterator[None]:
        try:
            with self.store.changing(self.name) as change:
                if change.version is None:
                    raise RoomError("This room has been closed.")
                if change.version != self.version:
                    self._take(change.current())
                was_over = self.model.state.is_over
                yield
                record = self.record()
                if record.same_room_as(self._kept):
                    return
                if self.model.state.is_over and not was_over:
                    change.keep_finished(self.game, record.save)
                change.release_bots()  # the next bot move, if any, is asked for afresh
                self.version = change.write(record)
                self._kept = replace(record, version=self.version)
        except RoomError:
            raise
        except Exception:
            self.version = -1  # not written: take the row before the next change
            raise

    def close(self) -> None:
        """Stop the bots and drop every viewer (the room is being removed); their pages are
        told first."""
        with self.lock:
            self.closed = True
            self.tell()
            self.model.bot_loop.stop()
            self.places.clear()
            self.redactor.clear()
