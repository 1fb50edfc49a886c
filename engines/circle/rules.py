"""Options of a Circle of Life game, and the players' names.

>>> Rules()
Rules(radius=4, capture_target=20, first_player=0, no_placement_wins=True)
>>> Rules(radius=9)
Traceback (most recent call last):
...
ValueError: radius must be a whole number from 2 to 8, not 9.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ..options import option
from .board import MAX_RADIUS, MIN_RADIUS, check_radius

__all__ = ["PLAYER_NAMES", "Rules"]

PLAYER_NAMES: tuple[str, str] = ("Orange", "Black")
"""How events and messages name player 0 and player 1 (the stone colours)."""

MAX_CAPTURE_TARGET = 1000
"""Largest capture target accepted (a game never gets near it on the biggest board)."""


@dataclass(frozen=True)
class Rules:
    """The options of one game; every field is checked when the rules are made.

    Each field's label, help and bounds are its :class:`~engines.options.OptionSpec`.
    """

    radius: int = option(
        4,
        "Board radius",
        "Board radius from 2 to 8: 4 is the published board (61 cells, 5 on a side).",
        bounds=(MIN_RADIUS, MAX_RADIUS),
    )
    capture_target: int = option(
        20,
        "Stones to win",
        "A player who has eaten at least this many stones wins (rulebook: 20).",
        bounds=(1, MAX_CAPTURE_TARGET),
        soft_bounds=(1, 60),
    )
    first_player: int = option(
        0,
        "Who starts",
        "Who places the first stone: 0 Orange, 1 Black.",
        bounds=(0, 1),
        words=PLAYER_NAMES,
    )
    no_placement_wins: bool = option(
        True,
        "A player who cannot place on her turn wins (rulebook); untick: she loses",
        "If it is your turn and you cannot place a stone: True you win (rulebook), False you lose.",
    )

    def __post_init__(self) -> None:
        check_radius(self.radius)
        target = self.capture_target
        if (
            isinstance(target, bool)
            or not isinstance(target, int)
            or not (1 <= target <= MAX_CAPTURE_TARGET)
        ):
            raise ValueError(
                f"capture_target must be a whole number from 1 to {MAX_CAPTURE_TARGET}, "
                f"not {target!r}."
            )
        if type(self.first_player) is not int or self.first_player not in (0, 1):
            raise ValueError(f"first_player must be 0 or 1, not {self.first_player!r}.")
        if not isinstance(self.no_placement_wins, bool):
            raise ValueError(
                f"no_placement_wins must be True or False, not {self.no_placement_wins!r}."
            )

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-safe dict."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rules from :meth:`to_dict` output; ``ValueError`` names any bad or unknown field.

        Options left out take their defaults (a save must list them all).
        """
        if not isinstance(data, dict):
            raise ValueError(f"rules must be a mapping of options, not {type(data).__name__}.")
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"rules has an unknown option {unknown[0]!r}.")
        return cls(**data)
