"""Game options: one frozen :class:`Rules` per game, with every reading of an open rule.

The defaults are the readings in ``docs/rules/savannah.md``.

>>> Rules()
Rules(players=4, tokens=10, hand_size=3, start_row=6, first_player=0, count_played_card=False, no_token='play', elephant_majority='strict', steal='choose', steal_per_kill=False, equal_turns=False, big_five_bonus=25, tie_break='shared')
>>> Rules(players=6)
Traceback (most recent call last):
...
ValueError: Rules field 'players': 6 is not from 2 to 5
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from .cards import DECK_SIZE

__all__ = ["Rules"]

_CHOICES = {
    "no_token": ("play", "discard"),
    "elephant_majority": ("strict", "tied"),
    "steal": ("choose", "richest"),
    "tie_break": ("shared", "most_alive"),
}
_BOUNDS = {
    "players": (2, 5),
    "tokens": (1, 20),
    "hand_size": (1, 5),
    "start_row": (0, 40),
    "first_player": (0, 4),
    "big_five_bonus": (0, 100),
}


@dataclass(frozen=True)
class Rules:
    """Options of one game of On the Savannah."""

    players: int = 4
    """Number of players, 2 to 5."""
    tokens: int = 10
    """Tokens per player."""
    hand_size: int = 3
    """Cards in each hand (dealt at the start, drawn back to after each turn)."""
    start_row: int = 6
    """Cards dealt face up into the starting row of the savannah."""
    first_player: int = 0
    """Who takes the first turn."""
    count_played_card: bool = False
    """Whether "count N from the right" and "left of the k-th from the right" count the card just
    played as the rightmost one.  Default False: they count the row as it was before the card
    was played (the rulebook's "the line as it was at the start of the turn")."""
    no_token: str = "play"
    """A player with no tokens left: ``'play'`` (plays cards without a token; they belong to
    nobody) or ``'discard'`` (may play nothing, so discards a card each turn)."""
    elephant_majority: str = "strict"
    """Elephant's "most animals": ``'strict'`` (more than every other player) or ``'tied'`` (at
    least as many as every other player)."""
    steal: str = "choose"
    """Scavenger's steal: ``'choose'`` (the player picks any card from another player's kill
    pile) or ``'richest'`` (automatically the highest-level card of the player with the most
    kill-pile points)."""
    steal_per_kill: bool = False
    """Whether a scavenger steals once per card it kills (True) or once per turn it kills."""
    equal_turns: bool = False
    """Whether the round is finished after the last card is drawn, so that everyone has had the
    same number of turns (without drawing).  Default False: the game ends with that turn."""
    big_five_bonus: int = 25
    """Bonus for a kill pile holding all five Big Five animals."""
    tie_break: str = "shared"
    """Tied totals: ``'shared'`` (all tied players win) or ``'most_alive'`` (most animals alive
    with their token; still tied: shared)."""

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in _CHOICES:
                if value not in _CHOICES[f.name]:
                    raise ValueError(
                        f"Rules field {f.name!r}: {value!r} is not one of "
                        f"{', '.join(map(repr, _CHOICES[f.name]))}"
                    )
            elif f.type == "bool":
                if type(value) is not bool:
                    raise ValueError(f"Rules field {f.name!r}: {value!r} is not true or false")
            else:
                lo, hi = _BOUNDS[f.name]
                if type(value) is not int or not lo <= value <= hi:
                    raise ValueError(f"Rules field {f.name!r}: {value!r} is not from {lo} to {hi}")
        if self.first_player >= self.players:
            raise ValueError(
                f"Rules field 'first_player': {self.first_player} is not a seat of "
                f"{self.players} players"
            )
        if self.players * self.hand_size + self.start_row >= DECK_SIZE:
            raise ValueError(
                f"Rules field 'start_row': {self.players} hands of "
                f"{self.hand_size} and a row of {self.start_row} leave no draw pile"
            )

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Read :meth:`to_dict`'s form; ValueError names a bad or unknown field."""
        if not isinstance(data, dict):
            raise ValueError("Rules must be a table of options")
        names = {f.name for f in fields(cls)}
        for key in data:
            if key not in names:
                raise ValueError(f"Rules field {key!r}: unknown option")
        return cls(**data)
