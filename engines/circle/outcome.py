"""How a game of Circle of Life ended.

>>> Outcome.won(0, "capture_target", (20, 4), 20).describe().startswith("Orange wins")
True
"""

from __future__ import annotations

from dataclasses import dataclass

from engines import protocol

from .events import Won

__all__ = ["Outcome"]


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
