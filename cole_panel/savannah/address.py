"""The page settings a Savannah address asks for, each checked on its own (panel-free).

>>> found = read_savannah_query("?players=5&hand_size=5&start_row=40&seat5=MCTS&seat07=Human")
>>> found.values
{'players': 5, 'hand_size': 5}
>>> for problem in found.problems:
...     print(problem)  # doctest: +ELLIPSIS
seat5: there is no such parameter (use players, ...).
seat07: there is no such parameter (use players, ...).
start_row: 40 was not used: Rules field 'start_row': 5 hands of 5 and a row of 40 leave no draw pile.
"""

from __future__ import annotations

from typing import Any

from ..core.query import Query, keep_consistent, number, param_parsers, parse_whole, read_query
from .model import MAX_SEATS, SavannahModel
from .options import SavannahOptions

SEAT_NAMES = tuple(f"seat{p}" for p in range(MAX_SEATS))
STRENGTH_NAMES = tuple(f"strength{p}" for p in range(MAX_SEATS))
MAX_MOVES = 200
"""More moves than a game can have are not read."""


def _moves(text: str) -> list[str]:
    moves = [m.strip() for m in text.split(",") if m.strip()]
    if len(moves) > MAX_MOVES:
        raise ValueError(f"lists more than the {MAX_MOVES} moves a game can have")
    return moves


def _shuffles(text: str) -> list[int]:
    counts = [n for n in text.split(",") if n.strip()]
    if len(counts) > MAX_MOVES:
        raise ValueError("lists more shuffles than a game can have")
    try:
        return [parse_whole(n, 0, MAX_MOVES) for n in counts]
    except ValueError:
        raise ValueError(f"is not a list of move counts from 0 to {MAX_MOVES}") from None


def read_savannah_query(args: Any) -> Query:
    """The page settings an address asks for (rule options, seed, seats, strengths,
    hide_hands, speed, the moves so far and the shuffles after undos), each checked on its
    own; options that do not fit together are dropped, last given first, and named."""
    names = [*SavannahOptions.OPTION_NAMES, "seed", *SEAT_NAMES, *STRENGTH_NAMES, "hide_hands"]
    parsers = {
        **param_parsers(SavannahModel, names),
        "speed": number(0, 5),
        "moves": _moves,
        "shuffles": _shuffles,
    }
    known = ", ".join([*SavannahOptions.OPTION_NAMES, "seed", "seat0 to seat4"])
    found = read_query(
        args, parsers, f"{known}, strength0 to strength4, hide_hands, speed, moves, shuffles"
    )
    return keep_consistent(
        found,
        lambda options: SavannahOptions(**options).make_rules(),
        SavannahOptions.OPTION_NAMES,
    )
