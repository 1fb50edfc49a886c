"""What a Circle of Life turn reports, in order: Placed, Evolved, then Ate (if it fed), then Won.

Cells are axial ``(q, r)`` pairs; each event also carries the board ``radius`` so that
:meth:`describe` can name cells by their labels.

>>> Placed(0, (0, 0)).describe()
'Orange placed a stone at E5.'
>>> Ate(0, (1, 0), "3-bend", "pair", 2, 4, ((-1, 1), (0, 1), (2, 0), (2, 1))).describe()
"Orange's 3-bend at E6 ate 2 Black pairs (4 stones)."
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engines import Event
from engines.text import article, counted

from .board import label
from .rules import PLAYER_NAMES
from .species import plural, with_article

__all__ = ["CAPTURE_TARGET", "NO_LEGAL_PLACEMENT", "Ate", "Evolved", "Placed", "Won"]

Cell = tuple[int, int]

CAPTURE_TARGET = "capture_target"
"""Win reason: the winner has eaten at least the capture target."""
NO_LEGAL_PLACEMENT = "no_legal_placement"
"""Win reason: the player to move could not place a stone."""


def _labels(cells: tuple[Cell, ...], radius: int) -> str:
    return " ".join(label(c, radius) for c in cells)


@dataclass(frozen=True)
class Placed(Event):
    """A player put a stone on an empty cell (the evolve step).

    Attributes:
        player: Who placed (0 or 1).
        cell: Where the stone went.
        radius: Board radius, for labels.
    """

    kind: ClassVar[str] = "placed"
    player: int
    cell: Cell
    radius: int = 4

    def describe(self) -> str:
        return f"{PLAYER_NAMES[self.player]} placed a stone at {label(self.cell, self.radius)}."


@dataclass(frozen=True)
class Evolved(Event):
    """The new stone's critter after merging with every friendly critter it touches.

    Attributes:
        player: Owner of the critter.
        cell: The stone just placed.
        species: Species of the critter the stone now belongs to.
        cells: All cells of that critter, in reading order.
        merged: How many existing critters the stone joined (0: it stands alone as a singleton).
        radius: Board radius, for labels.
    """

    kind: ClassVar[str] = "evolved"
    player: int
    cell: Cell
    species: str
    cells: tuple[Cell, ...]
    merged: int = 0
    radius: int = 4

    def describe(self) -> str:
        who = PLAYER_NAMES[self.player]
        where = _labels(self.cells, self.radius)
        if self.merged == 0:
            return f"{who} has a new singleton at {where}."
        if self.merged == 1:
            return f"{who}'s critter grew into {with_article(self.species)} ({where})."
        return f"{who} merged {self.merged} critters into {with_article(self.species)} ({where})."


@dataclass(frozen=True)
class Ate(Event):
    """The new stone's critter ate every adjacent enemy critter of its prey species.

    Attributes:
        player: The eater's owner.
        cell: The stone just placed (part of the eating critter).
        species: Species of the eating critter.
        prey: Species of the critters eaten.
        critters: How many enemy critters were eaten.
        stones: How many stones they had between them.
        cells: The eaten stones' cells, now empty, in reading order.
        radius: Board radius, for labels.
    """

    kind: ClassVar[str] = "ate"
    player: int
    cell: Cell
    species: str
    prey: str
    critters: int
    stones: int
    cells: tuple[Cell, ...]
    radius: int = 4

    def describe(self) -> str:
        who = PLAYER_NAMES[self.player]
        victim = PLAYER_NAMES[1 - self.player]
        where = label(self.cell, self.radius)
        noun = plural(self.prey, self.critters)
        prey = f"{victim} {noun}"
        prey = article(prey) if self.critters == 1 else f"{self.critters} {prey}"
        return f"{who}'s {self.species} at {where} ate {prey} ({counted(self.stones, 'stone')})."


@dataclass(frozen=True)
class Won(Event):
    """The game is over.

    Attributes:
        player: The winner.
        reason: ``"capture_target"`` or ``"no_legal_placement"``.
        eaten: Stones the winner has eaten.
        target: The capture target of the game.
        stuck: For ``no_legal_placement``: the player who could not place.
    """

    kind: ClassVar[str] = "won"
    player: int
    reason: str
    eaten: int = 0
    target: int = 20
    stuck: int | None = None

    def describe(self) -> str:
        who = PLAYER_NAMES[self.player]
        if self.reason == CAPTURE_TARGET:
            stones = "1 stone" if self.eaten == 1 else f"{self.eaten} stones"
            return f"{who} wins by eating {stones} (target {self.target})."
        if self.stuck == self.player:
            return f"{who} wins: it is her turn and she cannot place a stone."
        stuck = PLAYER_NAMES[self.stuck] if self.stuck is not None else "the other player"
        return f"{who} wins: it is {stuck}'s turn and she cannot place a stone."
