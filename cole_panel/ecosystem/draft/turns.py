"""A pick of the Ecosystem draft as played, and how sentences name where a card went."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines import Event
from engines.ecosystem import Passed, Pick, RoundEnded, State, cell_label

from ...core import Turn as BaseTurn


@dataclass(frozen=True)
class Turn(BaseTurn):
    """One pick as played, with the state it led to."""

    player: int
    """Who picked."""
    pick: Pick
    """The card, the cell and the park."""
    round: int
    """Round of the pick (0 or 1)."""
    turn: int
    """Picks already made from each hand that round when this one was made (0–9)."""
    events: tuple[Event, ...]
    """What happened, in order (placed; then passing, dealing or the final scoring)."""
    state: State
    """The state after the pick (never mutated)."""

    ACTION_FIELD = "pick"

    @classmethod
    def record(cls, before: State, action: Pick, events: Any, after: State) -> Turn:
        return cls(before.current_player, action, before.round, before.turn, tuple(events), after)

    def describe(self) -> str:
        """The pick's events as sentences (the final scoring shortened to the result)."""
        return " ".join(e.describe() for e in self.events if e.kind not in ("scored", "flipped"))

    @property
    def closed_turn(self) -> bool:
        """Whether this pick ended the turn (the hands passed, or the round ended)."""
        return any(isinstance(e, (Passed, RoundEnded)) for e in self.events)


def where(park: str | None, cell: tuple[int, int]) -> str:
    return cell_label(cell) if park is None else f"{park.capitalize()} {cell_label(cell)}"


def park_phrase(park: str | None) -> str:
    return "your park" if park is None else f"your {park.capitalize()} park"
