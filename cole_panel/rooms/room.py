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
inside :meth:`Room._changing` (the row locked, taken first if another process wrote a newer
version, written back with the next version in the same transaction), :meth:`Room.refresh`
takes a newer row written elsewhere, and a process runs the room's bots only while it holds
the room's bot lease, so they run once whatever the number of processes.
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
from .loading import LoadOffer, fresh_rng, needs_redeal, redealt
from .params import ROOM_WATCHED, room_options
from .places import Listener, PagePlaces
from .redaction import Redactor, snapshot
from .seats import (
    OPEN,
    SEAT_CHOICES,
    SEAT_RELEASE,
    TAKEOVER_KIND,
    RoomError,
    Seat,
    name_key,
    person_name,
    reserved_for,
)
from .store import RoomRecord, RoomStore, plain_options, with_name

PAUSED = "The teacher paused this table: no move until it goes on."
"""Every page's message while the teacher pauses the table."""

GOES_ON = "The teacher let the table go on: play on."
"""Every page's message once the table goes on."""

RENAMES = 5
"""Names one browser may give itself in a room within :data:`RENAME_SECONDS`."""

RENAME_SECONDS = 60.0


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
        self._clock = clock
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
        self._renames: dict[str, list[float]] = {}
        """When each browser last renamed itself (:meth:`rename`'s limit)."""
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
        self._kept: RoomRecord | None = None
        self._depth = 0
        self._bots_asked = False
        self._drive_bots()
        for p in range(len(self.seats)):
            model.param.update({f"seat{p}": "Human"})
        model.param.watch(lambda *_: self._notify(), list(ROOM_WATCHED & set(model.param)))
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
        with self._changing():
            waiting = self.places.admit(listener, notify)
            if waiting is None:  # given back meanwhile (the room closed)
                return
            waiting.seat = self.seat_of(waiting.token)
            if waiting.seat is not None:
                self._returned(waiting.seat)
            self.touch()
            self._notify()

    def leave(self, listener: int) -> None:
        """A session closed (or its page was never built); its person keeps the seat (marked
        away if no page of theirs is left)."""
        with self._changing():
            if self.places.give_back(listener):
                return
            gone = self.places.close(listener)
            if gone is None:
                return
            self.touch()
            if gone.seat is not None and not self.places.has_open(gone.token):
                self.seats[gone.seat].away_since = self._clock()
            self._notify()

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
        self.last_active = self._clock()

    # ------------------------------------------------------------------ seats
    def claim(self, token: str, seat: int) -> None:
        """The browser ``token`` sits down at ``seat`` (an open one, or a bot's if it is the
        host's choice); one seat per browser."""
        with self._changing():
            if not 0 <= seat < len(self.seats):
                raise RoomError(f"There is no seat {seat + 1}; the game has {len(self.seats)}.")
            held = self.seat_of(token)
            if held is not None:
                raise RoomError(f"You already play {self.model.player_name(held)}.")
            s = self.seats[seat]
            if s.owner is not None:
                raise RoomError(f"{self.model.player_name(seat)} is already taken.")
            if s.kind != OPEN and not s.taken_over and token != self.host:
                raise RoomError(
                    f"A bot plays {self.model.player_name(seat)}; only the host can seat a person "
                    "there."
                )
            number = sum(x.owner is not None for x in self.seats) + 1
            default = "Host" if token == self.host else f"Guest {number}"
            self.seats[seat] = Seat("Human", token, self.names.get(token, default))
            for listener in self.places:
                if listener.token == token:
                    listener.seat = seat
            self._set_kind(seat, "Human")

    def rename(self, token: str, text: Any) -> str:
        """The browser ``token`` says what it is called (see :func:`person_name`); its seat,
        if any, takes the name now.  Returns the name kept."""
        name = person_name(text)
        titles = tuple(self.model.player_name(p) for p in range(len(self.seats)))
        if reserved_for(name, titles) is not None and name_key(name) not in self._own_titles(token):
            raise RoomError(f"{name!r} is what the room calls someone else; choose another name.")
        with self._changing():
            self._check_rename(token, name)
            self.names = with_name(self.names, token, name)
            seat = self.seat_of(token)
            if seat is not None:
                self.seats[seat].name = name
            self.touch()
            self._notify()
        return name

    def _own_titles(self, token: str) -> set[str]:
        """The titles ``token`` may take as a name: the host's, and at a class's table the
        teacher's (the table's host)."""
        if token != self.host:
            return set()
        return {name_key("Host"), *([name_key("Teacher")] if self.class_name else [])}

    def _check_rename(self, token: str, name: str) -> None:
        """RoomError if another person here is called ``name`` or ``token`` renamed
        :data:`RENAMES` times within :data:`RENAME_SECONDS` (each is a write every page hears)."""
        same = {name_key(name)}
        others = [n for t, n in self.names.items() if t != token]
        others += [s.name for s in self.seats if s.owner not in (None, token)]
        if any(name_key(other) in same for other in others):
            raise RoomError(f"Someone here is already called {name!r}; choose another name.")
        now = self._clock()
        recent = [t for t in self._renames.get(token, []) if now - t < RENAME_SECONDS]
        if len(recent) >= RENAMES:
            raise RoomError(
                f"You changed your name {RENAMES} times within a minute; wait a little."
            )
        self._renames[token] = [*recent, now]

    def set_seat(self, token: str, seat: int, kind: str, strength: int | None = None) -> None:
        """The host puts a bot at a free seat, or opens it for a person."""
        with self._changing():
            if token != self.host:
                raise RoomError("Only the host who made the room can change who plays a seat.")
            if kind not in SEAT_CHOICES:
                raise RoomError(
                    f"{kind!r} is not a seat choice; use one of {', '.join(SEAT_CHOICES)}."
                )
            s = self.seats[seat]
            if s.owner is not None and not s.taken_over:
                raise RoomError(f"{s.name} sits at {self.model.player_name(seat)}.")
            if s.taken_over:  # the person away loses the seat to the host's choice
                self._unseat(seat, Seat(kind))
            s = self.seats[seat]
            s.kind = kind
            if strength is not None:
                self.model.param.update({f"strength{seat}": strength})
            self._set_kind(seat, kind)

    def _set_kind(self, seat: int, kind: str) -> None:
        self.touch()
        self.model.param.update({f"seat{seat}": "Human" if kind == OPEN else kind})
        self._notify()
        self.run_bots()

    def free_seat(self, seat: int) -> None:
        """Free ``seat`` for anyone to take (the teacher's "Free"): whoever sat there is a
        watcher now, and the seat is open.  The caller checks the teacher's key."""
        with self._changing():
            if not isinstance(seat, int) or not 0 <= seat < len(self.seats):
                raise RoomError(f"There is no seat {seat}; the game has {len(self.seats)}.")
            self._unseat(seat, Seat())
            self._set_kind(seat, OPEN)

    def _unseat(self, seat: int, now: Seat) -> None:
        """Put ``now`` at ``seat`` in place of its person (her undo vote goes with her)."""
        self.undo_votes.discard(self.seats[seat].owner)
        self.seats[seat] = now
        self.places.reseat(self.seat_of)

    def _returned(self, seat: int) -> None:
        s = self.seats[seat]
        s.away_since = None
        if s.taken_over:
            s.taken_over, s.kind = False, "Human"
            self.model.param.update({f"seat{seat}": "Human"})

    def sweep_seats(self) -> list[int]:
        """Let a bot play each seat whose person has been away for ``seat_timeout`` seconds,
        and free each seat whose person has been away for ``seat_release``; returns the
        seats that changed."""
        now, changed = self._clock(), []
        if not any(s.away_since is not None and s.owner is not None for s in self.seats):
            return changed
        with self._changing():
            for p, s in enumerate(self.seats):
                away = now - s.away_since if s.away_since is not None else None
                if away is None or s.owner is None:
                    continue
                if away >= self.seat_release:
                    self._unseat(p, s.released())
                elif away >= self.seat_timeout and not s.taken_over:
                    s.taken_over, s.kind = True, TAKEOVER_KIND
                else:
                    continue
                self.model.param.update({f"seat{p}": TAKEOVER_KIND})
                changed.append(p)
            if changed:
                self._notify()
                self.run_bots()
        return changed

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
            self._returned(p)
        return None

    def why_not_yours(self, token: str) -> str | None:
        """Why the browser ``token`` may not move now (a sentence), or None."""
        with self.lock:
            return self._mover_check(token)

    def play(self, token: str, action: Any) -> str | None:
        """The browser ``token`` makes a move; returns None, or why it is refused (the game
        is then unchanged and nobody else is told)."""
        with self._changing():
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
        with self._changing():
            if self.seat_of(token) is None:
                return "Only the people playing can ask to undo."
            self.undo_votes.add(token)
            people = {s.owner for s in self.seats if s.owner is not None and not s.taken_over}
            missing = people - self.undo_votes
            if missing:
                names = [s.name for s in self.seats if s.owner in missing]
                self._notify()
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
        with self._changing():
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
            self._resize(self.model.player_count)
        self.touch()
        self.run_bots()

    # ------------------------------------------------------------------ a teacher's table
    def set_paused(self, paused: bool) -> None:
        """Pause the table (no move is taken, no bot moves) or let it go on.  The caller
        checks the teacher's key (:meth:`RoomRegistry.teach`)."""
        with self._changing():
            was, self.paused = self.paused, bool(paused)
            if self.paused:
                self.model.bot_loop.cancel()
            if was != self.paused:  # every page's message says so, and says it when it goes on
                self.model.param.update(
                    message=PAUSED if self.paused else GOES_ON, message_is_error=False
                )
            self.touch()
            self._notify()
            self.run_bots()

    def reset(self, keep_seats: bool = True) -> None:
        """A new game with the same options (the teacher's "Reset"): the same people in the
        same seats, or (``keep_seats`` False) every person's seat free, the bots she chose
        kept."""
        with self._changing():
            if not keep_seats:
                for p, s in enumerate(self.seats):
                    if s.owner is not None or s.taken_over:
                        self._unseat(p, Seat())
                        self.model.param.update({f"seat{p}": "Human"})
            self._restart()
            self._notify()

    def _resize(self, players: int) -> None:
        seats = self.seats[:players] + [Seat() for _ in range(players - len(self.seats))]
        self.seats = seats
        self.places.reseat(self.seat_of)
        for p, s in enumerate(seats):
            self.model.param.update({f"seat{p}": "Human" if s.kind == OPEN else s.kind})

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
        """The host loads a saved game; returns None or why not (a sentence).  A running game
        with hidden cards keeps the file's moves on a deal made again by the server (see
        :mod:`.loading`), unless ``keep_deal`` and every person seated agrees to the file's
        deal (:meth:`agree_load`; the sentence returned then says who it waits for).  A
        class's table loads no file."""
        with self._changing():
            if token != self.host:
                return "Only the host who made the room can load a game into it."
            if self.class_name is not None:
                return (
                    "A class's table loads no file: its games are dealt by the server. Ask "
                    "the teacher to reset the table for a new game."
                )
            # Read first in a model of its own: a refusal (which quotes the file) is the
            # host's to read, not a message of the room's game that every page shows.
            probe = type(self.model)()
            if not probe.load(text):
                return probe.message
            if needs_redeal(self.game, probe):
                if keep_deal:
                    self.load_offer = LoadOffer(text, {token})
                    return self._load_if_agreed()
                try:
                    text = redealt(self.game, probe, text, self.deal_rng())
                except RoomError as err:
                    return str(err)
            return self._adopt(text)

    def agree_load(self, token: str) -> str | None:
        """A person seated agrees to play the file the host offered with its own deal; once
        everyone seated has, it is loaded.  Returns None (loaded) or a sentence."""
        with self._changing():
            if self.load_offer is None:
                return "No file waits for your agreement."
            if self.seat_of(token) is None:
                return "Only the people playing agree to a file's deal."
            self.load_offer.agreed.add(token)
            return self._load_if_agreed()

    def _load_if_agreed(self) -> str | None:
        waiting = self.load_offer.waiting(self.seats)
        if waiting:
            self._notify()
            return (
                "The file's own deal is played once every person seated agrees: waiting for "
                + ", ".join(waiting)
                + "."
            )
        text, self.load_offer = self.load_offer.text, None
        return self._adopt(text)

    def _adopt(self, text: str) -> str | None:
        self.load_offer = None
        if not self.model.load(text):  # pragma: no cover - a probe read the same game
            return self.model.message
        if self.model.player_count != len(self.seats):
            self._resize(self.model.player_count)
        for p, s in enumerate(self.seats):  # the room's seats, not the file's, play
            self.model.param.update({f"seat{p}": "Human" if s.kind == OPEN else s.kind})
        self.run_bots()
        return None

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
        with self._changing():
            fn()

    def _bot_moved(self) -> None:
        self.undo_votes.clear()
        self.touch()

    # ------------------------------------------------------------------ telling the viewers
    def _notify(self) -> None:
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
        now = self._clock()
        seats = [Seat.from_kept(s, now) for s in record.seats[: m.player_count]]
        self.seats = seats + [Seat() for _ in range(m.player_count - len(seats))]
        self.places.reseat(self.seat_of, everyone=False)
        for p, s in enumerate(self.seats):  # the room's seats, not the file's, play
            m.param.update({f"seat{p}": "Human" if s.kind == OPEN else s.kind})
        self.host, self.undo_votes = record.host, set(record.votes)
        self.class_name, self.table_number = record.class_name, record.table_number
        self.paused, self.names = record.paused, dict(record.names)
        m.param.update(message=record.message, message_is_error=record.message_is_error)
        self.version, self._kept = record.version, record
        self._notify()

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
    def _changing(self) -> Iterator[None]:
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
            self._notify()
            self.model.bot_loop.stop()
            self.places.clear()
            self.redactor.clear()
