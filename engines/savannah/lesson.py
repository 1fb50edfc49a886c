"""A Learn stage's start position in On the Savannah, from a course file's ``position`` table.

The table's fields are :func:`make_state`'s: the row (``"zebra@1"`` bears seat 1's token),
the hands, the kill piles, the discard pile, the next cards drawn and where the other cards go.

>>> game = position({"row": ["impala", "zebra@1"], "hands": [["lion"], ["meerkat"]]}, {})
>>> game.row, game.token_on("zebra#1"), game.players
(('impala#1', 'zebra#1'), 1, 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .rules import Rules
from .setup import make_state
from .state import State

__all__ = ["FIELDS", "position"]

FIELDS = ("row", "hands", "kills", "discard", "pile", "leftover", "current")
"""The fields of a ``position`` table (see :func:`engines.savannah.make_state`)."""


def position(table: Mapping[str, Any], options: Mapping[str, Any]) -> State:
    """The position ``table`` describes, under the game options ``options`` (``Rules`` fields;
    the players default to the number of hands); ``ValueError`` names the field of a mistake."""
    for key in table:
        if key not in FIELDS:
            raise ValueError(f"unknown field {key!r} (a position has {', '.join(FIELDS)}).")
    hands = table.get("hands", [[], []])
    rules = Rules.from_dict({"players": len(hands), **options})
    return make_state(**{**dict(table), "hands": hands}, rules=rules)
