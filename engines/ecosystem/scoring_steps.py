"""The values scoring hands out: what a lion chose, and the sheet after one step."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines import ScoreLine, ScoreSheet

from .masks import Cell

# ---- public value types --------------------------------------------------------------


@dataclass(frozen=True)
class LionChoice:
    """What one lion did during scoring and what else it could have done."""

    player: int
    """Owner of the lion."""
    lion: Cell
    """The lion's cell (score-line cell form)."""
    prey: Cell | None
    """The gazelle or zebra it flipped, or None if it flipped nothing."""
    options: tuple[tuple[Cell, int], ...]
    """Every face-up gazelle or zebra it could flip, in reading order, with the owner's final
    total if it flips that one (later lions choosing as the rules say)."""
    reason: str
    """Why this prey: ``best``, ``reading_order``, ``chosen`` (given in ``lion_choices``),
    ``no_grassland`` (not next to a grassland) or ``no_prey`` (nothing face up to flip)."""

    @property
    def cell(self) -> Cell:
        """Alias of :attr:`lion`."""
        return self.lion


@dataclass(frozen=True)
class ScoringStep:
    """The score sheet after one step of scoring (one card type, or one lion)."""

    category: str
    """Category scored in this step, e.g. ``"cheetah"``."""
    lines: tuple[ScoreLine, ...]
    """Lines scored in this step (possibly none)."""
    flipped: tuple[frozenset, ...]
    """Per player, every cell face down after this step (score-line cell form)."""
    totals: tuple[int, ...]
    """Per player, the running total after this step."""
    sheet: ScoreSheet
    """Every line so far; the last step's sheet is what :func:`score` returns."""
    parks: tuple[Any, ...]
    """Per player, the park (or ``(west, east)`` pair) with this step's flips face down."""
    lion: LionChoice | None = None
    """For a lion step, that lion's choice; otherwise None."""
