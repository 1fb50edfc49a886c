"""A saved game loaded into a room: its moves, on a deal its writer did not choose.

A save holds its whole deal (every hand, the draw pile), and the host who loads it may have
written it.  So a room keeps a file's moves but, while the game has hidden cards and is not
over, deals the cards still unseen again (:func:`redealt`: the engine's ``redeal`` with a
fresh server seed, the same moves replayed on it).  The file's own deal is played only when
every person seated agrees to it (a :class:`LoadOffer`); with nobody else seated, the host
alone agrees.  A class's table loads no file at all (the room refuses it).
This module imports no Panel or Bokeh.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from engines.games import get_game
from engines.protocol import play_all

from .seats import RoomError, Seat

AFTER_THE_MOVES = ("redo", "pending")
"""Save fields of moves beyond those played (undone, or placed but not yet passed): they were
made from the file's deal, so a deal made again leaves them out."""


def fresh_rng() -> random.Random:
    """A generator for one deal, seeded by the system (never by anything a visitor sent)."""
    return random.Random(random.SystemRandom().randrange(2**64))


def needs_redeal(game: str, model: Any) -> bool:
    """Whether the game ``model`` read from a file hides cards someone could have chosen:
    a game with hidden information, not over (once over, every hand is shown)."""
    return get_game(game).hidden_information and not model.state.is_over


def redealt(game: str, model: Any, text: str, rng: random.Random) -> str:
    """``text``, a save that ``model`` read, with every card its moves have not shown dealt
    again from ``rng`` (the game's engine ``redeal``) and its moves replayed on that deal.
    RoomError with a sentence when the game or the file cannot be dealt again."""
    redeal = getattr(get_game(game).package, "redeal", None)
    data = json.loads(text)
    if redeal is None or not isinstance(data, dict) or not {"start", "state"} <= data.keys():
        raise RoomError(
            "This file's hidden cards cannot be dealt again here, so it cannot be loaded "
            "into a room; start a new game instead."
        )
    actions = [t.action for t in model.history]
    start = redeal(model.start, actions, rng)
    data.update(start=start.to_dict(), state=play_all(start.clone(), actions).to_dict())
    for name in AFTER_THE_MOVES:
        if name in data:
            data[name] = []
    return json.dumps(data)


@dataclass
class LoadOffer:
    """A file the host asked to play with its own deal, waiting for every person seated.

    >>> offer = LoadOffer("{}", {"token-a"})
    >>> offer.waiting([Seat("Human", "token-a", "Ada"), Seat("Human", "token-b", "Bo")])
    ['Bo']
    """

    text: str = field(repr=False)
    agreed: set[str]
    """The browser tokens of those who agreed (the host first)."""

    def waiting(self, seats: list[Seat]) -> list[str]:
        """The names of the people seated (a bot not standing in for them) yet to agree."""
        return [
            s.name
            for s in seats
            if s.owner is not None and not s.taken_over and s.owner not in self.agreed
        ]


class RoomLoads:
    """A room's loads of a saved game: the host's file, and the offer of its own deal until
    everyone seated agrees.  The :class:`~.room.Room`'s collaborator: it changes the room
    through its public API only (``room.model``, ``room.load_offer``, ``room.seating``,
    :meth:`~.room.Room.changing`, :meth:`~.room.Room.tell`)."""

    def __init__(self, room: Any):
        self.room = room

    def load(self, token: str, text: str, keep_deal: bool = False) -> str | None:
        """The host loads a saved game; returns None or why not (a sentence).  A running game
        with hidden cards keeps the file's moves on a deal made again by the server, unless
        ``keep_deal`` and every person seated agrees to the file's deal (:meth:`agree`; the
        sentence returned then says who it waits for).  A class's table loads no file."""
        room = self.room
        with room.changing():
            if token != room.host:
                return "Only the host who made the room can load a game into it."
            if room.class_name is not None:
                return (
                    "A class's table loads no file: its games are dealt by the server. Ask "
                    "the teacher to reset the table for a new game."
                )
            # Read first in a model of its own: a refusal (which quotes the file) is the
            # host's to read, not a message of the room's game that every page shows.
            probe = type(room.model)()
            if not probe.load(text):
                return probe.message
            if needs_redeal(room.game, probe):
                if keep_deal:
                    room.load_offer = LoadOffer(text, {token})
                    return self._load_if_agreed()
                try:
                    text = redealt(room.game, probe, text, room.deal_rng())
                except RoomError as err:
                    return str(err)
            return self._adopt(text)

    def agree(self, token: str) -> str | None:
        """A person seated agrees to play the file the host offered with its own deal; once
        everyone seated has, it is loaded.  Returns None (loaded) or a sentence."""
        room = self.room
        with room.changing():
            if room.load_offer is None:
                return "No file waits for your agreement."
            if room.seat_of(token) is None:
                return "Only the people playing agree to a file's deal."
            room.load_offer.agreed.add(token)
            return self._load_if_agreed()

    def _load_if_agreed(self) -> str | None:
        room = self.room
        waiting = room.load_offer.waiting(room.seats)
        if waiting:
            room.tell()
            return (
                "The file's own deal is played once every person seated agrees: waiting for "
                + ", ".join(waiting)
                + "."
            )
        text, room.load_offer = room.load_offer.text, None
        return self._adopt(text)

    def _adopt(self, text: str) -> str | None:
        room = self.room
        room.load_offer = None
        if not room.model.load(text):  # pragma: no cover - a probe read the same game
            return room.model.message
        if room.model.player_count != len(room.seats):
            room.seating.resize(room.model.player_count)
        room.seating.tell_model()  # the room's seats, not the file's, play
        room.run_bots()
        return None
