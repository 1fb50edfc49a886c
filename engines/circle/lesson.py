"""A Learn stage's start position in Circle of Life, from a course file's ``position`` table.

>>> game = position({"orange": "E5 E6", "black": "D5", "to_move": 1}, {"radius": 3})
>>> game.rules.radius, game.current_player, [c.species for c in game.critters()]
(3, 1, ['singleton', 'pair'])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .rules import Rules
from .state import State

__all__ = ["FIELDS", "position"]

FIELDS = ("orange", "black", "to_move", "eaten")
"""The fields of a ``position`` table: each player's stones as labels separated by spaces
(``"E5 E6"``), who moves (0 Orange, 1 Black; default Orange) and the stones eaten so far."""


def position(table: Mapping[str, Any], options: Mapping[str, Any]) -> State:
    """The position ``table`` describes, under the game options ``options`` (``Rules`` fields);
    ``ValueError`` names the field of a mistake."""
    for key in table:
        if key not in FIELDS:
            raise ValueError(f"unknown field {key!r} (a position has {', '.join(FIELDS)}).")
    rules = Rules.from_dict(dict(options))
    stones = {0: table.get("orange", ""), 1: table.get("black", "")}
    eaten = table.get("eaten", (0, 0))
    return State.from_position(stones, table.get("to_move", 0), eaten, rules)
