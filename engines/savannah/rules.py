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

from ..options import option, option_specs
from .cards import DECK_SIZE

__all__ = ["Rules"]


@dataclass(frozen=True)
class Rules:
    """Options of one game of On the Savannah (each field's label, help and bounds are its
    :class:`~engines.options.OptionSpec`)."""

    players: int = option(4, "Players", "Number of players, 2 to 5.", bounds=(2, 5))
    tokens: int = option(
        10, "Tokens per player", "Tokens per player (rulebook: 10).", bounds=(1, 20)
    )
    hand_size: int = option(
        3,
        "Cards in hand",
        "Cards in each hand, dealt at the start and drawn back to after every turn (rulebook: 3).",
        bounds=(1, 5),
    )
    start_row: int = option(
        6,
        "Cards in the starting row",
        "Cards dealt face up into the starting row (rulebook: 6). A long starting row leaves a "
        "short draw pile, so a quick game.",
        bounds=(0, 40),
    )
    first_player: int = option(
        0, "Who starts (0 = Player 1)", "Who takes the first turn: 0 is Player 1.", bounds=(0, 4)
    )
    count_played_card: bool = option(
        False,
        "'Count from the right' includes the card just played",
        "Whether 'count N from the right' and 'left of the k-th from the right' count the card "
        "just played as the rightmost one (default: no, the row as it was at the start of the "
        "turn).",
    )
    no_token: str = option(
        "play",
        "Without tokens left",
        "A player without tokens: 'play' plays cards that belong to nobody; 'discard' may only "
        "discard.",
        choices=("play", "discard"),
    )
    elephant_majority: str = option(
        "strict",
        "Elephant's 'most animals'",
        "The elephant's 'most animals': 'strict' needs more than every other player, 'tied' at "
        "least as many.",
        choices=("strict", "tied"),
    )
    steal: str = option(
        "choose",
        "Scavenger's steal",
        "After a scavenger's kill: 'choose' any card of another kill pile, or 'richest' (the "
        "highest-level card of the pile with the most points, automatically).",
        choices=("choose", "richest"),
    )
    steal_per_kill: bool = option(
        False,
        "Steal once per card killed",
        "Whether a scavenger steals once per card it kills (default: once per turn it kills).",
    )
    equal_turns: bool = option(
        False,
        "Finish the round (equal turns)",
        "Whether the round is finished after the last card is drawn so everyone has had the same "
        "number of turns, without drawing (default: the game ends with that turn).",
    )
    big_five_bonus: int = option(
        25,
        "Big Five bonus",
        "Bonus for a kill pile holding all of the Big Five (rulebook: 25).",
        bounds=(0, 100),
    )
    tie_break: str = option(
        "shared",
        "Ties",
        "Tied totals: 'shared' (all tied players win) or 'most_alive' (most animals alive with "
        "their token; still tied: shared).",
        choices=("shared", "most_alive"),
    )

    def __post_init__(self) -> None:
        for spec in option_specs(Rules):
            value = getattr(self, spec.name)
            if spec.kind == "choice":
                if value not in spec.choices:
                    raise ValueError(
                        f"Rules field {spec.name!r}: {value!r} is not one of "
                        f"{', '.join(map(repr, spec.choices))}"
                    )
            elif spec.kind == "flag":
                if type(value) is not bool:
                    raise ValueError(f"Rules field {spec.name!r}: {value!r} is not true or false")
            else:
                lo, hi = spec.bounds
                if type(value) is not int or not lo <= value <= hi:
                    raise ValueError(
                        f"Rules field {spec.name!r}: {value!r} is not from {lo} to {hi}"
                    )
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
