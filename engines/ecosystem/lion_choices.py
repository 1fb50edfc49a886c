"""A caller's lion choices, checked and turned into the scorer's indexes.

>>> from engines.ecosystem import Park, score
>>> park = Park.parse("GR LI .. .. ..\\n.. .. .. .. ..\\n.. ZB .. GZ ..\\n.. .. .. .. ..")
>>> score([park], lion_choices={0: {(0, 1): (2, 3)}}).by_category(0)["lion"]
4
>>> score([park], lion_choices={0: {(0, 1): (0, 0)}})
Traceback (most recent call last):
...
ValueError: lion_choices[0]: the lion at A2 can only flip a gazelle or zebra, and A1 holds none
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .masks import GZ, LI, ZB
from .park import COLS, ROWS
from .parkdata import ParkData

__all__ = ["check_lion_choices"]


def check_lion_choices(
    choices: Any, names: tuple[str | None, ...], players: list[list[ParkData]]
) -> dict[tuple[int, int, int], int]:
    """{(player, slot, lion index): prey index} from {player: {lion cell: prey cell}};
    ``ValueError`` names the first choice that is not a lion of that player flipping a gazelle
    or zebra of the same park."""
    out: dict[tuple[int, int, int], int] = {}
    if not choices:
        return out
    if not isinstance(choices, Mapping):
        raise ValueError("lion_choices must map each player to {lion cell: prey cell}")
    for player, mapping in choices.items():
        if not (isinstance(player, int) and 0 <= player < len(players)):
            raise ValueError(f"lion_choices: {player!r} is not a player")
        if not isinstance(mapping, Mapping):
            raise ValueError(f"lion_choices[{player}] must map lion cells to prey cells")
        for lion, prey in mapping.items():
            ls, li = _cell_index(lion, names, f"lion_choices[{player}]")
            pd = players[player][ls]
            if pd.kinds[li] != LI:
                raise ValueError(f"lion_choices[{player}]: there is no lion at {pd.labels[li]}")
            ps, pi = _cell_index(prey, names, f"lion_choices[{player}][{lion!r}]")
            if ps != ls:
                raise ValueError(
                    f"lion_choices[{player}]: the lion at {pd.labels[li]} can only flip a card "
                    "in its own park"
                )
            if pd.kinds[pi] not in (GZ, ZB):
                raise ValueError(
                    f"lion_choices[{player}]: the lion at {pd.labels[li]} can only flip a "
                    f"gazelle or zebra, and {pd.labels[pi]} holds none"
                )
            out[(player, ls, li)] = pi
    return out


def _cell_index(cell: Any, names: tuple[str | None, ...], where: str) -> tuple[int, int]:
    if names == (None,):
        ok = isinstance(cell, tuple) and len(cell) == 2
        slot, rc = 0, cell
    else:
        ok = isinstance(cell, tuple) and len(cell) == 3 and cell[0] in names
        slot, rc = (names.index(cell[0]), cell[1:]) if ok else (0, None)
    if (
        ok
        and all(isinstance(v, int) and not isinstance(v, bool) for v in rc)
        and 0 <= rc[0] < ROWS
        and 0 <= rc[1] < COLS
    ):
        return slot, rc[0] * COLS + rc[1]
    form = "(row, column)" if names == (None,) else "(park, row, column)"
    raise ValueError(f"{where}: {cell!r} is not a cell {form}")
