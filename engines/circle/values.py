"""Value types a game hands out: critters on the board, how a game ended, a move preview.

>>> Critter(0, frozenset({(0, 0), (0, 1)}), "pair").eaten_by
'3-bend'
"""

from __future__ import annotations

from dataclasses import dataclass

from engines import protocol

from .events import Won
from .species import PREDATOR, PREY

__all__ = ["Critter", "Outcome", "Preview"]

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
class Outcome(protocol.Outcome):
    """How a game of Circle of Life ended: the shared :class:`engines.protocol.Outcome` plus
    who was stuck and how many stones the winner had eaten.

    >>> Outcome((1,), "no_legal_placement", (3, 5), stuck=1).describe()
    'Black wins: it is her turn and she cannot place a stone.'
    """

    stuck: int | None = None
    """For ``"no_legal_placement"``: the player who could not place."""
    eaten: int = 0
    """Stones the winner had eaten when the game ended."""
    target: int = 20
    """The game's capture target."""

    @classmethod
    def won(
        cls, winner: int, reason: str, eaten: tuple[int, int], target: int, stuck: int | None = None
    ) -> Outcome:
        """The outcome of ``winner`` winning for ``reason`` with the stones ``eaten`` per player."""
        return cls((winner,), reason, tuple(eaten), stuck=stuck, eaten=eaten[winner], target=target)

    @property
    def reason(self) -> str:
        """``"capture_target"`` or ``"no_legal_placement"`` (the :attr:`termination`)."""
        return self.termination

    def describe(self) -> str:
        """One sentence: who won and why."""
        return self.event().describe()

    def event(self) -> Won:
        """The :class:`Won` event for this outcome."""
        return Won(self.winners[0], self.termination, self.eaten, self.target, self.stuck)


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
