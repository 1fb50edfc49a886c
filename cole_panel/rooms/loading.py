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
