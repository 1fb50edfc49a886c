"""Cells as coordinate pairs, the one connectivity test for every board (hex or square).

>>> square = ((-1, 0), (1, 0), (0, -1), (0, 1))
>>> is_connected({(0, 0), (0, 1), (1, 1)}, square), is_connected({(0, 0), (1, 1)}, square)
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["is_connected"]

Cell = tuple[int, int]


def is_connected(cells: Iterable[Cell], steps: Iterable[Cell]) -> bool:
    """Whether ``cells`` form one group when a cell touches the cells one of ``steps`` away
    (an empty set counts as connected)."""
    cells = set(cells)
    steps = tuple(steps)
    if not cells:
        return True
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        a, b = todo.pop()
        for da, db in steps:
            n = (a + da, b + db)
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)
