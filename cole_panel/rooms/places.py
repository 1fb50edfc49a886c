"""The pages open on one room: a place per browser session, kept while the page is built.

A page *reserves* its place first (it sees the room as its browser's seat does but does not
count as open), is *admitted* once built (it then hears every change) and *leaves* when its
session ends.  Panel-free; the :class:`~.room.Room` holding them changes them under its lock.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Listener:
    """One browser session watching the room."""

    token: str
    notify: Callable[[], Any]
    seat: int | None = None
    votes: set = field(default_factory=set)
    counted: bool = True
    """Whether the browser counts toward the room's people (it sent a token of its own)."""


class PagePlaces:
    """The open pages of a room (``open``) and those being built (``waiting``), by id."""

    def __init__(self, max_viewers: int = 16):
        self.max_viewers = max_viewers
        self.open: dict[int, Listener] = {}
        self.waiting: dict[int, Listener] = {}
        self._serial = 0

    def full_for(self, token: str, seat: int | None, known: bool = True) -> bool:
        """Whether a page of browser ``token`` is turned away: every place is taken by other
        people (browsers with a page open or being built), it holds no seat, and it is a
        browser the room does not count yet.  A reload or a second tab of one browser, a
        seated player coming back, and a page with no browser token of its own yet
        (``known`` False: a plain request that keeps no cookie) are never turned away."""
        if seat is not None or not known or any(x.token == token for x in self):
            return False
        return len({x.token for x in self if x.counted}) >= self.max_viewers

    def reserve(self, token: str, seat: int | None, known: bool = True) -> int:
        """A place for a page of browser ``token`` (seated at ``seat``) being built; a page
        with a token made for it (``known`` False) does not count toward the people."""
        self._serial += 1
        self.waiting[self._serial] = Listener(token, lambda: None, seat, counted=known)
        return self._serial

    def admit(self, listener: int, notify: Callable[[], Any]) -> Listener | None:
        """The page ``listener`` is built: it is open now (None if it was given back)."""
        page = self.waiting.pop(listener, None)
        if page is not None:
            page.notify = notify
            self.open[listener] = page
        return page

    def give_back(self, listener: int) -> bool:
        """Drop the place of a page still being built; whether there was one."""
        return self.waiting.pop(listener, None) is not None

    def close(self, listener: int) -> Listener | None:
        """The open page ``listener`` closed: the place it had (or None)."""
        return self.open.pop(listener, None)

    def get(self, listener: int) -> Listener | None:
        """The page ``listener``, open or still being built."""
        return self.open.get(listener) or self.waiting.get(listener)

    def __iter__(self) -> Iterator[Listener]:
        """Every page, open or being built."""
        return iter([*self.open.values(), *self.waiting.values()])

    def has_open(self, token: str) -> bool:
        """Whether browser ``token`` has a page open."""
        return any(x.token == token for x in self.open.values())

    @property
    def people(self) -> int:
        """How many browsers have a page open (a reload or a second tab is one person)."""
        return len({x.token for x in self.open.values()})

    @property
    def is_idle(self) -> bool:
        """No page is open (nor being built)."""
        return not self.open and not self.waiting

    def reseat(self, seat_of: Callable[[str], int | None], everyone: bool = True) -> None:
        """Give every page (``everyone``; else the open ones) its browser's seat now."""
        for page in self if everyone else list(self.open.values()):
            page.seat = seat_of(page.token)

    def notify(self) -> None:
        """Tell every open page that the room changed."""
        for page in list(self.open.values()):
            page.notify()

    def clear(self) -> None:
        self.open.clear()
        self.waiting.clear()
