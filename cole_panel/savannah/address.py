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

from ..core.query import Query, keep_consistent, number, param_parsers, read_query
from .model import MAX_SEATS, SavannahModel
from .options import SavannahOptions

SEAT_NAMES = tuple(f"seat{p}" for p in range(MAX_SEATS))
STRENGTH_NAMES = tuple(f"strength{p}" for p in range(MAX_SEATS))


def read_savannah_query(args: Any) -> Query:
    """The page settings an address asks for (rule options, seed, seats, strengths,
    hide_hands, speed), each checked on its own; options that do not fit together are
    dropped, last given first, and named."""
    names = [*SavannahOptions.OPTION_NAMES, "seed", *SEAT_NAMES, *STRENGTH_NAMES, "hide_hands"]
    parsers = {**param_parsers(SavannahModel, names), "speed": number(0, 5)}
    known = ", ".join([*SavannahOptions.OPTION_NAMES, "seed", "seat0 to seat4"])
    found = read_query(args, parsers, f"{known}, strength0 to strength4, hide_hands, speed")
    return keep_consistent(
        found,
        lambda options: SavannahOptions(**options).make_rules(),
        SavannahOptions.OPTION_NAMES,
    )
