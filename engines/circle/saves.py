"""Saving a game as a versioned JSON-safe dict, and loading it back with full checks.

Format version 2 (every key required, nothing else allowed; version 1 is the same)::

    {"game": "circle-of-life", "version": 2,
     "rules": {"radius": 4, "capture_target": 20, "first_player": 0, "no_placement_wins": true},
     "seed": null,
     "start": {"stones": [[[q, r], ...], [[q, r], ...]], "eaten": [0, 0], "to_move": 0},
     "moves": [[q, r], ...],
     "stones": [[...], [...]], "eaten": [e0, e1], "to_move": 0 | 1 | null,
     "winner": 0 | 1 | null, "reason": "capture_target" | "no_legal_placement" | null}

``start`` and ``moves`` define the game; the other position fields are a summary that
loading checks against the replayed moves.  Every error is a ``ValueError`` whose message
starts with the bad field (``moves[3]: E5 is already taken ...``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from ..saves import SAVE_VERSION, bad_field, header, read_envelope, read_rules, read_seed
from .rules import Rules

__all__ = ["FORMAT_VERSION", "GAME_NAME", "load", "save"]

Cell = tuple[int, int]

FORMAT_VERSION = SAVE_VERSION
"""Version of the save format this engine writes (it reads version 1 too)."""

GAME_NAME = "circle-of-life"
"""The ``"game"`` label of a save: the game's title as a slug, as every engine labels its saves."""


def save(state: Any) -> dict[str, Any]:
    """The save dict of a :class:`~engines.circle.State`."""
    s0, s1, eaten, to_move = state.start

    def listed(cells: Iterable[Cell]) -> list[list[int]]:
        return [list(cell) for cell in cells]

    outcome = state.outcome
    return {
        **header(GAME_NAME),
        "rules": state.rules.to_dict(),
        "seed": state.seed,
        "start": {"stones": [listed(s0), listed(s1)], "eaten": list(eaten), "to_move": to_move},
        "moves": listed(state.moves),
        "stones": [listed(state.stones(0)), listed(state.stones(1))],
        "eaten": list(state.eaten),
        "to_move": state.current_player,
        "winner": None if outcome is None else outcome.winner,
        "reason": None if outcome is None else outcome.reason,
    }


def load(cls: Any, data: Any) -> Any:
    """A ``cls`` (:class:`~engines.circle.State`) rebuilt from a save dict, checking every field."""
    data = read_envelope(data, _SAVE_KEYS, GAME_NAME)
    if isinstance(data["rules"], Mapping):
        for option in Rules.__dataclass_fields__:
            if option not in data["rules"]:
                raise bad_field("rules", f"the save has no {option!r} option.")
    rules = read_rules(Rules, data["rules"])
    seed = read_seed(data["seed"])
    start = data["start"]
    if not isinstance(start, Mapping):
        raise bad_field("start", "must be an object with stones, eaten and to_move.")
    for key in ("stones", "eaten", "to_move"):
        if key not in start:
            raise bad_field(f"start.{key}", f"the start position has no {key!r} field.")
    stones = start["stones"]
    if not isinstance(stones, list) or len(stones) != 2:
        raise bad_field("start.stones", "must be a list of two lists of cells.")
    state = cls.from_cells(stones, start["to_move"], start["eaten"], rules, seed, "start.")
    moves = data["moves"]
    if not isinstance(moves, list):
        raise bad_field("moves", f"must be a list of cells, not {type(moves).__name__}.")
    for n, move in enumerate(moves):
        cell = cell_value(move, f"moves[{n}]")
        reason = state.why_illegal(cell)
        if reason is not None:
            raise bad_field(f"moves[{n}]", reason)
        state.play_index(state.board.index[cell])
    written = state.to_dict()
    for key in ("stones", "eaten", "to_move", "winner", "reason"):
        if _strict(data[key]) != _strict(written[key]):
            raise bad_field(
                key,
                f"the saved value {data[key]!r} does not match the position the "
                f"moves lead to ({written[key]!r}).",
            )
    return state


_SAVE_KEYS = (
    "rules",
    "seed",
    "start",
    "moves",
    "stones",
    "eaten",
    "to_move",
    "winner",
    "reason",
)


def cell_value(cell: Any, field: str) -> Cell:
    if (
        not isinstance(cell, (tuple, list))
        or len(cell) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell)
    ):
        raise bad_field(field, f"must be a [q, r] pair of whole numbers, not {cell!r}.")
    return (cell[0], cell[1])


def pair_of_counts(value: Any, field: str) -> list[int]:
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
    ):
        raise bad_field(field, f"must be two whole numbers of stones (0 or more), not {value!r}.")
    return [value[0], value[1]]


def _strict(value: Any) -> str:
    """A JSON text of the value, so that 1, 1.0 and True compare different (tuples as lists)."""
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)
