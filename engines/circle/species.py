"""The twelve species of the Circle of Life and how to tell them apart.

A species is a *free polyhex* of one to four cells: any translation, rotation or
reflection of a shape is the same species.  Cells are axial ``(q, r)`` pairs whose
six neighbours differ by (±1, 0), (0, ±1), (1, −1) and (−1, 1).

>>> species_of([(0, 0), (0, 1), (1, 1)])
'3-bend'
>>> species_of({(5, -2), (4, -1), (3, 0), (2, 1)})
'4-line'
>>> PREY["pair"], PREDATOR["pair"]
('singleton', '3-bend')
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from ..cells import is_connected as cells_connected
from ..text import article

__all__ = [
    "PREDATOR",
    "PREY",
    "SHAPES",
    "SPECIES",
    "SPECIES_INDEX",
    "ALIASES",
    "DIRECTIONS",
    "canonical",
    "is_connected",
    "orientations",
    "plural",
    "species_of",
    "with_article",
]

Cell = tuple[int, int]

SPECIES: tuple[str, ...] = (
    "singleton",
    "4-line",
    "propeller",
    "diamond",
    "snake",
    "arch",
    "sled",
    "key",
    "triangle",
    "3-line",
    "3-bend",
    "pair",
)
"""The 12 species in food-circle order: each eats the next, and the last (pair) eats the first."""

SPECIES_INDEX: dict[str, int] = {name: i for i, name in enumerate(SPECIES)}
"""Position of each species on the circle (``SPECIES_INDEX["pair"] == 11``)."""

PREY: dict[str, str] = {name: SPECIES[(i + 1) % 12] for i, name in enumerate(SPECIES)}
"""``PREY[name]`` is the one species that ``name`` eats."""

PREDATOR: dict[str, str] = {prey: eater for eater, prey in PREY.items()}
"""``PREDATOR[name]`` is the one species that eats ``name``."""

DIRECTIONS: tuple[Cell, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six axial neighbour offsets, in turning order."""

SHAPES: dict[str, frozenset[Cell]] = {
    "singleton": frozenset({(0, 0)}),
    "pair": frozenset({(0, 0), (0, 1)}),
    "3-bend": frozenset({(0, 0), (0, 1), (1, 1)}),
    "3-line": frozenset({(0, 0), (0, 1), (0, 2)}),
    "triangle": frozenset({(0, 0), (0, 1), (1, 0)}),
    "key": frozenset({(0, 0), (0, 1), (0, 2), (1, 0)}),
    "sled": frozenset({(0, 0), (0, 1), (0, 2), (1, 2)}),
    "arch": frozenset({(0, 0), (0, 1), (1, 1), (2, 0)}),
    "snake": frozenset({(0, 0), (0, 1), (1, 1), (1, 2)}),
    "diamond": frozenset({(0, 0), (0, 1), (1, 0), (1, 1)}),
    "propeller": frozenset({(0, 1), (1, 1), (1, 2), (2, 0)}),
    "4-line": frozenset({(0, 0), (0, 1), (0, 2), (0, 3)}),
}
"""One representative shape per species, exactly as listed in DESIGN §3 (all verified)."""

ALIASES: dict[str, str] = {
    "pistol": "key",
    "worm": "sled",
    "wave": "snake",
    "bee": "diamond",
    "bar": "4-line",
}
"""Other names players use for the same shapes (the usual polyhex names)."""

_PLURALS = {"arch": "arches"}


def plural(name: str, count: int = 2) -> str:
    """The species name for ``count`` critters: ``plural("arch") == "arches"``."""
    if count == 1:
        return name
    return _PLURALS.get(name, name + "s")


def with_article(name: str) -> str:
    """``"a pair"``, ``"an arch"``: a species name as a noun phrase."""
    return article(name)


def _rotate(cell: Cell) -> Cell:
    q, r = cell
    return (-r, q + r)


def _reflect(cell: Cell) -> Cell:
    q, r = cell
    return (q, -q - r)


def normalise(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    cells = list(cells)
    mq = min(q for q, _ in cells)
    mr = min(r for _, r in cells)
    return tuple(sorted((q - mq, r - mr) for q, r in cells))


def orientations(cells: Iterable[Cell]) -> list[frozenset[Cell]]:
    """The 12 images of ``cells`` under the 6 rotations and 2 reflections (with repeats).

    >>> len(orientations([(0, 0)])), len(set(orientations([(0, 0), (0, 1)])))  # turned about (0, 0)
    (12, 6)
    """
    out = []
    shape = list(cells)
    for flip in (False, True):
        current = [_reflect(c) for c in shape] if flip else shape
        for _ in range(6):
            out.append(frozenset(current))
            current = [_rotate(c) for c in current]
    return out


def canonical(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """A representative of the free polyhex: the least normalised form over all 12 orientations."""
    return min(normalise(o) for o in orientations(cells))


def is_connected(cells: Iterable[Cell]) -> bool:
    """Whether the cells form one group under hex adjacency (an empty set is not connected)."""
    cells = set(cells)
    return bool(cells) and cells_connected(cells, DIRECTIONS)


@lru_cache(maxsize=1)
def _by_canonical() -> dict[tuple[Cell, ...], str]:
    table = {canonical(shape): name for name, shape in SHAPES.items()}
    if len(table) != len(SHAPES):  # pragma: no cover - guards the constant above
        raise AssertionError("two species in SHAPES are the same free polyhex")
    return table


@lru_cache(maxsize=256)
def species_of_normalised(shape: tuple[Cell, ...]) -> str:
    return _by_canonical()[canonical(shape)]


def species_of(cells: Iterable[Cell]) -> str:
    """The species of a critter: a connected set of 1–4 cells, in any position.

    Raises ``ValueError`` with a sentence for an empty, disconnected or oversized set.

    >>> species_of([(0, 1), (1, 1), (1, 2), (2, 0)])
    'propeller'
    >>> species_of([(0, 0), (0, 2)])
    Traceback (most recent call last):
    ...
    ValueError: The cells (0, 0), (0, 2) are not connected, so they are not one critter.
    """
    try:
        cells = {(int(q), int(r)) for q, r in cells}
    except (TypeError, ValueError):
        raise ValueError("A critter is a set of (q, r) integer pairs.") from None
    if not cells:
        raise ValueError("An empty set of cells is not a critter.")
    if len(cells) > 4:
        raise ValueError(f"A critter has at most 4 stones, not {len(cells)}.")
    if not is_connected(cells):
        listed = ", ".join(str(c) for c in sorted(cells))
        raise ValueError(f"The cells {listed} are not connected, so they are not one critter.")
    return species_of_normalised(normalise(cells))
