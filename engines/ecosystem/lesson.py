"""A Learn stage's start position in Ecosystem: Savanna, from a course file's ``position`` table.

>>> empty = ".. .. .. .. ..\\n" * 4
>>> game = position({"parks": [empty, empty]}, {})
>>> game.turn, len(game.hand(0)), game.current_player
(0, 11, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .positions import make_state
from .rules import Rules
from .state import State

__all__ = ["FIELDS", "position"]

FIELDS = ("parks", "hands")
"""The fields of a ``position`` table (see :func:`engines.ecosystem.positions.make_state`):
each player's park text(s) and the first players' hands; player 0 picks first."""


def position(table: Mapping[str, Any], options: Mapping[str, Any]) -> State:
    """The position ``table`` describes, under the game options ``options`` (``Rules`` fields;
    the players default to the number of parks); ``ValueError`` names the field of a mistake."""
    for key in table:
        if key not in FIELDS:
            raise ValueError(f"unknown field {key!r} (a position has {', '.join(FIELDS)}).")
    parks = table.get("parks", [])
    rules = Rules.from_dict({"players": len(parks), **options})
    return make_state(parks, table.get("hands", ()), rules=rules)
