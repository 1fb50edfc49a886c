"""The three moves of On the Savannah as values, and their saved form.

A move prints in the game's notation (what ``State.parse_action`` reads back):

>>> str(Play("zebra#2")), str(Steal("impala#1"))
('play zebra#2', 'steal impala#1')
>>> parse_move("Play zebra", lambda kind: ["lion#1", "zebra#3"])
Play(card='zebra#3')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .cards import name_of

# ---------------------------------------------------------------------------- moves


@dataclass(frozen=True)
class Play:
    """Play a card from hand at the right end of the row."""

    card: str
    """The card id, e.g. ``'zebra#2'``."""

    def __str__(self) -> str:
        return "play " + self.card


@dataclass(frozen=True)
class Discard:
    """Put a card from hand on the discard pile (only when no card in hand can be played)."""

    card: str
    """The card id."""

    def __str__(self) -> str:
        return "discard " + self.card


@dataclass(frozen=True)
class Steal:
    """After a scavenger's kill: take this card from another player's kill pile."""

    card: str
    """The card id, in another player's kill pile."""

    def __str__(self) -> str:
        return "steal " + self.card


Move = Play | Discard | Steal
"""Any move a player makes."""

MOVES = {"play": Play, "discard": Discard, "steal": Steal}


def move_to_dict(move: Move) -> dict[str, str]:
    """``Play('zebra#2') -> {'type': 'play', 'card': 'zebra#2'}``."""
    return {"type": type(move).__name__.lower(), "card": move.card}


def move_from_dict(data: Any) -> Move:
    """Read :func:`move_to_dict`'s form; ValueError names a bad field."""
    if not isinstance(data, dict):
        raise ValueError("a move must be a table with 'type' and 'card'")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in MOVES:
        raise ValueError(f"move field 'type': {kind!r} is not one of play, discard, steal")
    card = data.get("card")
    if not isinstance(card, str):
        raise ValueError(f"move field 'card': {card!r} is not a card id")
    return MOVES[kind](card)


def parse_move(text: str, held: Callable[[str], Iterable[str]] | None = None) -> Move:
    """The move ``str(move)`` wrote; a card named without its number (``"play zebra"``) is the
    first of ``held(kind)`` of that name (``held`` None: taken as written).  ``ValueError``
    with a sentence when ``text`` is no move."""
    words = text.split(maxsplit=1) if isinstance(text, str) else []
    if len(words) != 2 or words[0].lower() not in MOVES:
        raise ValueError(f"A move reads like 'play zebra#2' (or discard, steal), not {text!r}.")
    kind, card = words[0].lower(), words[1].strip()
    if "#" not in card and held is not None:
        card = next((c for c in held(kind) if name_of(c) == card.lower()), card)
    return MOVES[kind](card)
