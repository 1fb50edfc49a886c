"""A move of On the Savannah as played, and the sentences that tell a player about moves."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines import Event
from engines.savannah import Discard, Move, Play, State, Steal, name_of
from engines.text import and_list, article, player_name

from ..core import Turn as BaseTurn


@dataclass(frozen=True)
class Turn(BaseTurn):
    """One move as played, with the positions before and after it (never mutated)."""

    player: int
    """Who moved."""
    move: Move
    """The move: ``Play``, ``Discard`` or ``Steal``."""
    events: tuple[Event, ...]
    """What it did, in order."""
    before: State
    """The position the move was made in."""
    state: State
    """The position it led to."""

    ACTION_FIELD = "move"

    @classmethod
    def record(cls, before: State, action: Move, events: Any, after: State) -> Turn:
        return cls(before.current_player, action, tuple(events), before, after)

    @property
    def label(self) -> str:
        """``'Player 1 played a zebra'`` and the like."""
        verb = {Play: "played", Discard: "discarded", Steal: "took"}[type(self.move)]
        return f"{player_name(self.player)} {verb} {article(name_of(self.move.card))}"


def preview_text(events: list[Event]) -> str:
    """What a play would do, in one sentence (kills and scares only)."""
    kinds = {"killed": [], "scared": [], "row_discarded": []}
    for e in events:
        if e.kind in ("killed", "scared"):
            kinds[e.kind].append(name_of(e.card))
        elif e.kind == "row_discarded":
            kinds["row_discarded"].extend(name_of(c) for c in e.cards)
    parts = []
    if kinds["killed"]:
        parts.append("kill " + and_list(kinds["killed"]))
    if kinds["scared"]:
        parts.append("scare away " + and_list(kinds["scared"]))
    if kinds["row_discarded"]:
        parts.append("discard " + and_list(kinds["row_discarded"]))
    return f"It would {' and '.join(parts)}." if parts else "It would hunt nothing now."
