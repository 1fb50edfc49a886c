"""What one player of On the Savannah sees: her own hand and everything public (for bots)."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .rules import Rules

__all__ = ["Observation"]


@dataclass(frozen=True)
class Observation:
    """What one player sees: her own hand and everything public (for bots)."""

    player: int
    """Whose view this is."""
    rules: Rules
    """The options."""
    cards: tuple[Card, ...]
    """The deck's distinct cards (public)."""
    hand: tuple[str, ...]
    """Her own hand."""
    hand_sizes: tuple[int, ...]
    """How many cards each player holds."""
    row: tuple[str, ...]
    """The savannah, left to right."""
    tokens: tuple[int | None, ...]
    """The token on each row card (a seat) or None, parallel to ``row``."""
    tokens_left: tuple[int, ...]
    """Tokens each player has in reserve."""
    kill_piles: tuple[tuple[str, ...], ...]
    """Every player's kill pile (face up)."""
    discard_pile: tuple[str, ...]
    """The discard pile (face up), oldest first."""
    pile_size: int
    """Cards left in the draw pile."""
    current_player: int | None
    """Whose turn it is (None when over)."""
    pending_steals: int
    """Steals the current player still has to choose."""
    pending_card: str | None
    """The scavenger whose kill the pending steal is for."""
    turn: int
    """Turns completed."""
    is_over: bool
    """Whether the game has ended."""
