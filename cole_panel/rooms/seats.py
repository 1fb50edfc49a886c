"""Who sits where in a room: the seat value, what may sit at a seat, and the names people type.

A :class:`Seat` is kept in the room's database row as a small dict (:meth:`Seat.kept`) and
read back with :meth:`Seat.from_kept`, which takes only what it knows from a row someone else
may have written.

>>> seat = Seat("Human", "token-a", "Ada", away_since=5.0)
>>> Seat.from_kept(seat.kept(), now=9.0)
Seat(kind='Human', owner='token-a', name='Ada', away_since=9.0, taken_over=False)
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from ..core import BOT_KINDS

__all__ = [
    "NAME_LIMIT",
    "OPEN",
    "SEAT_CHOICES",
    "TAKEOVER_KIND",
    "SEAT_RELEASE",
    "RoomError",
    "Seat",
    "name_key",
    "person_name",
    "reserved_for",
]

OPEN = "Open"
"""A seat waiting for a person to sit down (the model plays it as 'Human': no bot moves it)."""

SEAT_CHOICES: tuple[str, ...] = (OPEN, *BOT_KINDS)
"""What the host may put at a seat nobody sits at."""

TAKEOVER_KIND = "Greedy"
"""The bot that plays the seat of a person who has been away too long."""

SEAT_RELEASE = 300.0
"""Seconds a person may be away before her seat is free to take again (a room's
``seat_release``): five minutes, three after a bot took it over at the default
``seat_timeout`` of two.  The bot plays on until someone sits down."""

NAME_LIMIT = 24
"""The longest name a person may type (longer is cut)."""


def person_name(text: Any) -> str:
    r"""A name a person typed, made safe to keep and show: text only, no control or format
    characters, spaces collapsed, at most :data:`NAME_LIMIT` characters (the page escapes it).

    >>> person_name("  Ada\u202e  <b>Lovelace</b>\n")
    'Ada <b>Lovelace</b>'
    >>> person_name("x" * 40) == "x" * NAME_LIMIT
    True
    """
    if not isinstance(text, str):
        raise RoomError("A name is text.")
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in unicodedata.normalize("NFC", text[: NAME_LIMIT * 8])
        if ch.isspace() or unicodedata.category(ch)[0] != "C"
    )
    name = " ".join(kept.split())[:NAME_LIMIT].strip()
    if not name:
        raise RoomError("Type a name of at least one letter.")
    return name


TITLES = ("teacher", "host", "watcher", "server", "bot", "referee")
"""Words a person's name may not be alone: what the pages call someone else."""

_TITLE_WITH_NUMBER = re.compile(r"(guest|player|seat|table)\d*")


def name_key(name: str) -> str:
    """What two names must not share to be told apart: their letters and digits, case and
    accents aside.

    >>> name_key("Zoë  B."), name_key("zoe b") == name_key("Zoë  B.")
    ('zoeb', True)
    """
    return "".join(ch for ch in unicodedata.normalize("NFKD", name).casefold() if ch.isalnum())


def reserved_for(name: str, seat_titles: tuple[str, ...] = ()) -> str | None:
    """What ``name`` would read as, if it is a title a person may not take: the teacher, the
    host, a bot (``Greedy bot``), a default name (``Guest 2``) or a seat's title
    (``seat_titles``: ``Black``, ``Player 1``); None for a name of one's own.  Letters'
    case, accents, spaces and marks are not told apart.

    >>> reserved_for("T e a c h e r!"), reserved_for("greedy BOT"), reserved_for("Guest 3")
    ('t e a c h e r', 'greedy bot', 'guest 3')
    >>> reserved_for("Black", ("Orange", "Black")), reserved_for("Ada", ("Orange", "Black"))
    ('black', None)
    """
    plain = name_key(name)
    bots = [name_key(kind) for kind in BOT_KINDS]
    taken = {*TITLES, *bots, *(f"{b}bot" for b in bots), *(name_key(t) for t in seat_titles)}
    if plain in taken or _TITLE_WITH_NUMBER.fullmatch(plain):
        return " ".join(name.casefold().split()).strip(" !.?")
    return None


class RoomError(ValueError):
    """A request the room refuses; the message is one sentence for the page."""


@dataclass
class Seat:
    """Who plays one seat of the room's game."""

    kind: str = OPEN
    """'Open', 'Human' (a person sits here) or a bot kind."""
    owner: str | None = None
    """The browser token of the person sitting here, or None."""
    name: str = ""
    """How the room calls the person ('Host', 'Guest 2')."""
    away_since: float | None = None
    """When the person's last page closed (None while one is open)."""
    taken_over: bool = False
    """Whether a bot plays for the person who went away (with no ``owner``: for the person
    who was away so long that the seat is free, until someone sits down)."""

    @property
    def free(self) -> bool:
        """Whether anyone may sit down here: open, or a bot standing in for nobody.

        >>> Seat().free, Seat("Greedy").free, Seat("Greedy", taken_over=True).free
        (True, False, True)
        """
        return self.owner is None and (self.kind == OPEN or self.taken_over)

    def released(self) -> Seat:
        """The seat once its person is gone for good: the bot standing in plays on, and the
        seat is free to take.

        >>> Seat("Human", "token-a", "Ada", away_since=5.0).released()
        Seat(kind='Greedy', owner=None, name='', away_since=None, taken_over=True)
        """
        return Seat(TAKEOVER_KIND, taken_over=True)

    def kept(self) -> dict[str, Any]:
        """The seat as the room's row keeps it (whether away, not since when)."""
        return {
            "kind": self.kind,
            "owner": self.owner,
            "name": self.name,
            "away": self.away_since is not None,
            "taken_over": self.taken_over,
        }

    @classmethod
    def from_kept(cls, kept: dict[str, Any], now: float) -> Seat:
        """The seat a row keeps; a person away is away from ``now`` (this process's clock)."""
        return cls(
            kept.get("kind", OPEN),
            kept.get("owner"),
            str(kept.get("name", "")),
            now if kept.get("away") else None,
            bool(kept.get("taken_over")),
        )
