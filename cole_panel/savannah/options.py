"""The options of the next new game of On the Savannah, as Param parameters.

>>> SavannahOptions(players=4).make_rules().players
4
"""

from __future__ import annotations

from typing import Any

import param

from engines.savannah import Rules

MAX_SEATS = 5
"""The most players a game can have."""


class SavannahOptions(param.Parameterized):
    """Every rule option of the game, with the rulebook's values as defaults."""

    players = param.Integer(
        default=3,
        bounds=(2, MAX_SEATS),
        doc=(
            "Players in the next new game, 2 to 5 (three keeps the wait between your turns short)."
        ),
    )
    tokens = param.Integer(default=10, bounds=(1, 20), doc="Tokens per player (rulebook: 10).")
    hand_size = param.Integer(
        default=3,
        bounds=(1, 5),
        doc=("Cards in each hand, drawn back to after every turn (rulebook: 3)."),
    )
    start_row = param.Integer(
        default=6,
        bounds=(0, 40),
        doc=(
            "Cards dealt face up into the starting row (rulebook: 6). A long starting row leaves a "
            "short draw pile, so a quick game."
        ),
    )
    first_player = param.Integer(
        default=0, bounds=(0, MAX_SEATS - 1), doc=("Who takes the first turn: 0 is Player 1.")
    )
    count_played_card = param.Boolean(
        default=False,
        doc=(
            "Whether 'count N from the right' counts the card just played as the rightmost one "
            "(default: no, the row as it was at the start of the turn)."
        ),
    )
    no_token = param.Selector(
        default="play",
        objects=["play", "discard"],
        doc=(
            "A player without tokens: 'play' plays cards that belong to nobody; 'discard' may only "
            "discard."
        ),
    )
    elephant_majority = param.Selector(
        default="strict",
        objects=["strict", "tied"],
        doc=(
            "The elephant's 'most animals': 'strict' needs more than every other player, 'tied' "
            "at least as many."
        ),
    )
    steal = param.Selector(
        default="choose",
        objects=["choose", "richest"],
        doc=(
            "After a scavenger's kill: 'choose' any card of another kill pile, or 'richest' (the "
            "best card of the richest pile, automatically)."
        ),
    )
    steal_per_kill = param.Boolean(
        default=False,
        doc=("Whether a scavenger steals once per card it kills (default: once per turn)."),
    )
    equal_turns = param.Boolean(
        default=False,
        doc=(
            "Whether the round is finished after the last card is drawn so everyone has had the "
            "same number of turns (default: the game ends at once)."
        ),
    )
    big_five_bonus = param.Integer(
        default=25,
        bounds=(0, 100),
        doc=("Bonus for a kill pile holding all of the Big Five (rulebook: 25)."),
    )
    tie_break = param.Selector(
        default="shared",
        objects=["shared", "most_alive"],
        doc=("Tied totals: 'shared' win, or 'most_alive' (most animals alive with your token)."),
    )

    OPTION_NAMES: tuple[str, ...] = (
        "players",
        "tokens",
        "hand_size",
        "start_row",
        "first_player",
        "count_played_card",
        "no_token",
        "elephant_majority",
        "steal",
        "steal_per_kill",
        "equal_turns",
        "big_five_bonus",
        "tie_break",
    )
    """The parameters that are fields of :class:`~engines.savannah.Rules`."""

    def make_rules(self) -> Rules:
        """The rules the options describe (ValueError if they do not fit together)."""
        return Rules(**{name: getattr(self, name) for name in self.OPTION_NAMES})

    @property
    def rules(self) -> Rules:
        """The rules the option parameters describe (ValueError if they do not fit together)."""
        return self.make_rules()

    @classmethod
    def options_from(cls, rules: Rules) -> dict[str, Any]:
        """The parameter values that describe ``rules``."""
        return {name: getattr(rules, name) for name in cls.OPTION_NAMES}
