"""Options of an Ecosystem: Savanna game (and of scoring alone).

Every reading of the rulebook that players might take differently is a field here;
docs/rules/ecosystem.md explains each default.

>>> Rules()
Rules(variant='classic', players=2, frame='fixed', elephant_floor=None, lion_scores_without_prey=False, lion_choice='best', majority_needs_gazelles=True, majority_points=(5, 2), row_points=(0, 0, 0, 0, 1, 3, 6, 10, 15, 21, 28), deck=(('WH', 12), ('GR', 12), ('TR', 12), ('GZ', 12), ('ZB', 12), ('GF', 12), ('CH', 12), ('LI', 12), ('EL', 12), ('HY', 12), ('VU', 12)))
>>> Rules(variant="two_parks", players=6).decks
2
>>> Rules(players=7)
Traceback (most recent call last):
...
ValueError: players must be a whole number from 2 to 6, not 7.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from ..options import option, option_spec
from ..text import player_name
from .cards import DEFAULT_DECK, CardType, card_from_code

__all__ = [
    "FRAMES",
    "HAND_SIZE",
    "LION_CHOICES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PARK_NAMES",
    "PICKS_PER_ROUND",
    "ROUNDS",
    "ROW_POINTS",
    "VARIANTS",
    "Rules",
    "player_name",
]

VARIANTS = ("classic", "two_parks")
"""``classic``: one park each. ``two_parks``: the rulebook's Park West and Park East."""
PARK_NAMES: dict[str, tuple[str | None, ...]] = {"classic": (None,), "two_parks": ("west", "east")}
"""The parks of each player per variant (``None`` is the single classic park)."""
FRAMES = ("fixed", "floating")
"""``fixed``: cards go in the park's own 4 × 5 cells; ``floating``: the frame may slide."""
LION_CHOICES = ("best", "reading_order")
"""How a lion picks its prey when the caller does not say: the owner's best total, or
the first face-up gazelle or zebra in reading order."""
MIN_PLAYERS, MAX_PLAYERS = 2, 6
HAND_SIZE = 11
"""Cards dealt per hand (per park) at the start of each round."""
PICKS_PER_ROUND = HAND_SIZE - 1
"""Picks per hand per round; the last card of each hand is discarded."""
ROUNDS = 2
"""Rounds per game: 2 × 10 picks fill a 20-cell park."""
ROW_POINTS: tuple[int, ...] = (0, 0, 0, 0, 1, 3, 6, 10, 15, 21, 28)
"""Default points for a row of 10 cards (two parks) by its distinct face-up card types 0…10."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _wholes(value: Any, count: int, bounds: tuple[int, int]) -> bool:
    """Whether ``value`` is a list (or tuple) of ``count`` whole numbers within ``bounds``."""
    lo, hi = bounds
    return (
        isinstance(value, (tuple, list))
        and len(value) == count
        and all(_is_int(v) and lo <= v <= hi for v in value)
    )


def _bounds(name: str) -> tuple[int, int]:
    bounds = option_spec(Rules, name).bounds
    assert bounds is not None
    return bounds


def _normalise_deck(deck: Any) -> tuple[tuple[str, int], ...]:
    if isinstance(deck, Mapping):
        items = list(deck.items())
    elif isinstance(deck, (tuple, list)):
        items = []
        for entry in deck:
            if not (isinstance(entry, (tuple, list)) and len(entry) == 2):
                raise ValueError(f"deck entries must be (code, count) pairs, not {entry!r}.")
            items.append((entry[0], entry[1]))
    else:
        raise ValueError(f"deck must map card codes to counts, not {type(deck).__name__}.")
    counts: dict[CardType, int] = {}
    for code, count in items:
        try:
            card = card_from_code(code)
        except ValueError as exc:
            raise ValueError(f"deck: {exc}.") from None
        if card in counts:
            raise ValueError(f"deck lists {card.code} twice.")
        lo, hi = _bounds("deck")
        if not _is_int(count) or not lo <= count <= hi:
            raise ValueError(
                f"deck count of {card.code} must be a whole number {lo} to {hi}, not {count!r}."
            )
        counts[card] = count
    missing = [card.code for card in CardType if card not in counts]
    if missing:
        raise ValueError(f"deck is missing {' '.join(missing)}.")
    if sum(counts.values()) < 1:
        raise ValueError("deck must hold at least one card.")
    return tuple((card.code, counts[card]) for card in CardType)


@dataclass(frozen=True)
class Rules:
    """The options of one game; every field is checked when the rules are made (each
    field's label, help and bounds are its :class:`~engines.options.OptionSpec`)."""

    variant: str = option(
        "classic",
        "Variant",
        "classic: one park each; two_parks: Park West and Park East with the row bonus.",
        choices=VARIANTS,
    )
    players: int = option(
        2,
        "Players",
        "Number of players in the draft, 2 to 6 (scoring alone accepts any number of parks).",
        bounds=(MIN_PLAYERS, MAX_PLAYERS),
    )
    frame: str = option(
        "fixed",
        "Placement frame",
        "Placement frame: fixed (cards go in the park's own 4 × 5 cells) or floating (the "
        "4 × 5 frame may slide until the park is complete).",
        choices=FRAMES,
    )
    elephant_floor: int | None = option(
        None,
        "Elephant floor",
        "Lowest score of one elephant; None lets it go below 0 (6 − 2 × 4 = −2).",
        bounds=(-2, 6),
        allow_none=True,
    )
    lion_scores_without_prey: bool = option(
        False,
        "A hungry lion scores 4 with no prey left",
        "Whether a lion next to grassland scores 4 when no face-up gazelle or zebra is left.",
    )
    lion_choice: str = option(
        "best",
        "A lion flips",
        "Which prey a lion flips unless the player chooses: the owner's best total (ties by "
        "reading order), or the first face-up one in reading order.",
        choices=LION_CHOICES,
    )
    majority_needs_gazelles: bool = option(
        True,
        "The gazelle majority needs a gazelle",
        "Whether a player needs at least one gazelle to take part in the gazelle majority.",
    )
    majority_points: tuple[int, int] = option(
        (5, 2),
        "Gazelle majority points",
        "Extra points for the most and the second-most gazelles.",
        bounds=(0, 100),
    )
    row_points: tuple[int, ...] = option(
        ROW_POINTS,
        "Two parks: points of a row for 0, 1, … 10 kinds",
        "Two parks: points of a 10-card row for 0, 1, … 10 different face-up card types (the "
        "rulebook's table by default).",
        bounds=(-100, 1000),
    )
    deck: tuple[tuple[str, int], ...] = option(
        tuple((card.code, n) for card, n in DEFAULT_DECK.items()),
        "Deck",
        "Cards of each type in one deck, as (code, count) pairs (a mapping is accepted).",
        bounds=(0, 99),
    )

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise ValueError(f"variant must be one of {', '.join(VARIANTS)}, not {self.variant!r}.")
        if not _is_int(self.players) or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(
                f"players must be a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}, "
                f"not {self.players!r}."
            )
        if self.frame not in FRAMES:
            raise ValueError(f"frame must be 'fixed' or 'floating', not {self.frame!r}.")
        floor, (lo, hi) = self.elephant_floor, _bounds("elephant_floor")
        if floor is not None and (not _is_int(floor) or not lo <= floor <= hi):
            raise ValueError(
                f"elephant_floor must be None or a whole number from {lo} to {hi}, not {floor!r}."
            )
        for name in ("lion_scores_without_prey", "majority_needs_gazelles"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be True or False, not {getattr(self, name)!r}.")
        if self.lion_choice not in LION_CHOICES:
            raise ValueError(
                f"lion_choice must be one of {', '.join(LION_CHOICES)}, not {self.lion_choice!r}."
            )
        majority, (lo, hi) = self.majority_points, _bounds("majority_points")
        if not _wholes(majority, 2, (lo, hi)):
            raise ValueError(
                f"majority_points must be two whole numbers {lo} to {hi} (most, second), "
                f"not {majority!r}."
            )
        object.__setattr__(self, "majority_points", tuple(majority))
        rows = self.row_points
        if not _wholes(rows, 11, _bounds("row_points")):
            raise ValueError(
                "row_points must be 11 whole numbers (points for 0 to 10 distinct card types), "
                f"not {rows!r}."
            )
        object.__setattr__(self, "row_points", tuple(rows))
        object.__setattr__(self, "deck", _normalise_deck(self.deck))

    # ---- derived -------------------------------------------------------------------

    @property
    def park_names(self) -> tuple[str | None, ...]:
        """``(None,)`` for classic, ``("west", "east")`` for two parks."""
        return PARK_NAMES[self.variant]

    @property
    def deck_counts(self) -> dict[CardType, int]:
        """One deck's count of each card type."""
        return {CardType(code): n for code, n in self.deck}

    @property
    def deck_size(self) -> int:
        """Cards in one deck (132 by default)."""
        return sum(n for _, n in self.deck)

    @property
    def cards_needed(self) -> int:
        """Cards dealt over a whole game: players × parks × 11 × 2 rounds."""
        return self.players * len(self.park_names) * HAND_SIZE * ROUNDS

    @property
    def decks(self) -> int:
        """How many decks are shuffled together so that every hand can be dealt."""
        return -(-self.cards_needed // self.deck_size)

    # ---- saving --------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-safe dict (the deck as ``{code: count}``)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "deck":
                value = dict(value)
            elif isinstance(value, tuple):
                value = list(value)
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rules from :meth:`to_dict` output; ``ValueError`` names any bad or unknown field."""
        if not isinstance(data, dict):
            raise ValueError(f"rules must be a mapping of options, not {type(data).__name__}.")
        unknown = sorted(set(data) - {f.name for f in fields(cls)})
        if unknown:
            raise ValueError(f"rules has an unknown option {unknown[0]!r}.")
        return cls(**data)


def full_deck(rules: Rules) -> list[CardType]:
    """Every card the game is played with, in deck order (before shuffling)."""
    return [CardType(code) for code, n in rules.deck for _ in range(n * rules.decks)]
