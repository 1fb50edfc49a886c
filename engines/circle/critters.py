"""A critter on the board, and what placing a stone would make of the critters around it.

>>> Critter(0, frozenset({(0, 0), (0, 1)}), "pair").eaten_by
'3-bend'
"""

from __future__ import annotations

from dataclasses import dataclass

from .species import PREDATOR, PREY

__all__ = ["Critter", "Preview"]

Cell = tuple[int, int]


@dataclass(frozen=True)
class Critter:
    """A connected group of one player's stones (1–4 of them).

    >>> Critter(0, frozenset({(0, 0), (0, 1)}), "pair").eats
    'singleton'
    """

    player: int
    """Owner (0 or 1)."""
    cells: frozenset[Cell]
    """The cells of its stones."""
    species: str
    """Its species (one of ``SPECIES``)."""

    @property
    def size(self) -> int:
        """Number of stones."""
        return len(self.cells)

    @property
    def eats(self) -> str:
        """The species this critter eats."""
        return PREY[self.species]

    @property
    def eaten_by(self) -> str:
        """The species that eats this critter."""
        return PREDATOR[self.species]


@dataclass(frozen=True)
class Preview:
    """What placing a stone on a cell would do, worked out without changing the game."""

    player: int
    """Who would place."""
    cell: Cell
    """The cell looked at."""
    reason: str | None
    """Why the placement is illegal (one sentence), or ``None`` when it is legal."""
    species: str | None = None
    """Species of the critter the stone would belong to (``None`` if illegal)."""
    cells: tuple[Cell, ...] = ()
    """Cells of that critter, in reading order."""
    merged: int = 0
    """How many existing friendly critters the stone would join."""
    eats: tuple[Critter, ...] = ()
    """The enemy critters it would eat."""
    wins: bool = False
    """Whether the meal would reach the capture target."""

    @property
    def legal(self) -> bool:
        """Whether the placement is allowed."""
        return self.reason is None

    @property
    def stones(self) -> int:
        """How many enemy stones it would eat."""
        return sum(c.size for c in self.eats)
