"""Setting up a Circle of Life position: each player's cells read and checked, grouped into
critters, as the arrays a :class:`~engines.circle.state.State` plays on.

Cells are (q, r) pairs (a save) or, for hand-built positions, labels too; every problem is a
``ValueError`` naming the field and the value.

>>> from engines.circle.board import board
>>> owner, crit, occ, placed = read_position(board(4), 4, [["E5", "E6"], ["D5"]], "", labels=True)
>>> [bin(m).count("1") for m in occ], placed
([2, 1], [[30, 31], [22]])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .board import Board, on_board, parse_label
from .rules import PLAYER_NAMES
from .saves import cell_value


def stone_lists(stones: Any) -> list[Any]:
    """Each player's cells from ``{0: cells, 1: cells}`` or ``[cells, cells]``; ``ValueError``
    otherwise."""
    if isinstance(stones, Mapping):
        unknown = [k for k in stones if type(k) is not int or k not in (0, 1)]
        if unknown:
            raise ValueError(f"stones: players are 0 and 1, not {unknown[0]!r}.")
        return [stones.get(0, ()), stones.get(1, ())]
    if isinstance(stones, Sequence) and not isinstance(stones, str) and len(stones) == 2:
        return [stones[0], stones[1]]
    raise ValueError("stones must give each player's cells: {0: [...], 1: [...]}.")


def read_position(
    b: Board, radius: int, lists: Sequence[Any], prefix: str, labels: bool = False
) -> tuple[list[int], list[int], list[int], list[list[int]]]:
    """The arrays of a position with ``lists[p]`` player ``p``'s cells: the owner of each cell
    (-1 empty), the critter bitmask covering each cell, each player's stones as a bitmask,
    and the cell numbers each player placed (in the order given).  ``ValueError`` names the
    field (``prefix`` first) of a cell off the board, a cell given twice, or a critter of
    more than 4 stones."""
    owner = [-1] * b.size
    placed: list[list[int]] = [[], []]
    for p in (0, 1):
        field = f"{prefix}stones[{p}]"
        items = lists[p]
        if isinstance(items, str) and labels:
            items = items.split()
        if not isinstance(items, Iterable) or isinstance(items, (str, Mapping)):
            raise ValueError(f"{field} must be a list of cells, not {items!r}.")
        for n, cell in enumerate(items):
            i = _cell_number(b, radius, cell, f"{field}[{n}]", labels)
            if owner[i] >= 0:
                raise ValueError(f"{field}[{n}]: {b.labels[i]} has two stones on it.")
            owner[i] = p
            placed[p].append(i)
    crit, occ = _critters(b, owner, placed, prefix)
    return owner, crit, occ, placed


def _cell_number(b: Board, radius: int, cell: Any, where: str, labels: bool) -> int:
    if isinstance(cell, str) and labels:
        try:
            cell = parse_label(cell, radius)
        except ValueError as err:
            raise ValueError(f"{where}: {err}") from None
    cell = cell_value(cell, where)
    if not on_board(cell, radius):
        raise ValueError(f"{where}: {cell!r} is not on the board of radius {radius}.")
    return b.index[cell]


def _critters(
    b: Board, owner: list[int], placed: list[list[int]], prefix: str
) -> tuple[list[int], list[int]]:
    """Each cell's critter bitmask and each player's stones, the stones grouped by contact."""
    crit = [0] * b.size
    occ = [0, 0]
    for p in (0, 1):
        for i in placed[p]:
            if crit[i]:
                continue
            group = 1 << i
            todo = [i]
            while todo:
                c = todo.pop()
                for j in b.nbrs[c]:
                    if owner[j] == p and not group >> j & 1:
                        group |= 1 << j
                        todo.append(j)
            if group.bit_count() > 4:
                where = " ".join(b.labels[c] for c in sorted(members(group)))
                raise ValueError(
                    f"{prefix}stones[{p}]: {PLAYER_NAMES[p]}'s critter at {where} has "
                    f"{group.bit_count()} stones; a critter has at most 4."
                )
            for c in members(group):
                crit[c] = group
            occ[p] |= group
    return crit, occ


def members(mask: int) -> list[int]:
    """The cell numbers of a bitmask, lowest first.

    >>> members(0b1010)
    [1, 3]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
