"""The 11 card types of Ecosystem: Savanna and the default deck.

Types come in the rulebook's scoring order (landforms first, then animals). Each
type is a string enum whose value is its two-letter code, so a card is JSON-safe
and compares equal to its code.

>>> CardType.GAZELLE
CardType.GAZELLE
>>> CardType("GZ") is CardType.GAZELLE
True
>>> CardType.WATERING_HOLE.code, CardType.WATERING_HOLE.label, CardType.WATERING_HOLE.category
('WH', 'watering hole', 'watering_hole')
>>> [card.code for card in CardType if card.is_animal][:3]
['GZ', 'ZB', 'GF']
>>> sum(DEFAULT_DECK.values())
132
"""

from __future__ import annotations

import tomllib
from enum import StrEnum
from pathlib import Path
from types import MappingProxyType

__all__ = [
    "ANIMALS",
    "CODES",
    "DEFAULT_DECK",
    "LANDFORMS",
    "CardType",
    "card_from_code",
    "load_deck",
]


class CardType(StrEnum):
    """One of the 11 card types; the value is the two-letter code used in park text."""

    WATERING_HOLE = "WH"
    GRASSLAND = "GR"
    TREE = "TR"
    GAZELLE = "GZ"
    ZEBRA = "ZB"
    GIRAFFE = "GF"
    CHEETAH = "CH"
    LION = "LI"
    ELEPHANT = "EL"
    HYENA = "HY"
    VULTURE = "VU"

    @property
    def code(self) -> str:
        """The two-letter code, e.g. ``"GZ"``."""
        return self.value

    @property
    def label(self) -> str:
        """The name a player uses, e.g. ``"watering hole"``."""
        return self.name.lower().replace("_", " ")

    @property
    def plural(self) -> str:
        """The name in the plural, e.g. ``"watering holes"``."""
        return self.label + "s"

    @property
    def category(self) -> str:
        """The score-sheet category of this card, e.g. ``"watering_hole"``."""
        return self.name.lower()

    @property
    def order(self) -> int:
        """Position in the scoring order, 0 (watering hole) to 10 (vulture)."""
        return _ORDER[self]

    @property
    def is_animal(self) -> bool:
        """True for the 8 animals, False for the 3 landforms."""
        return self.order >= 3

    @property
    def is_landform(self) -> bool:
        """True for watering hole, grassland and tree."""
        return self.order < 3

    def __repr__(self) -> str:
        return f"CardType.{self.name}"


_ORDER = {card: i for i, card in enumerate(CardType)}


def sort_cards(cards: list[CardType]) -> list[CardType]:
    """Sort a hand in place in scoring order (how hands are kept), and return it."""
    cards.sort(key=_ORDER.__getitem__)
    return cards


CODES: tuple[str, ...] = tuple(card.code for card in CardType)
"""The 11 codes in scoring order: WH GR TR GZ ZB GF CH LI EL HY VU."""
LANDFORMS: tuple[CardType, ...] = tuple(card for card in CardType if card.is_landform)
"""Watering hole, grassland, tree."""
ANIMALS: tuple[CardType, ...] = tuple(card for card in CardType if card.is_animal)
"""The 8 animals, gazelle to vulture."""


def card_from_code(code: str) -> CardType:
    """The card type for a code (case-insensitive); ``ValueError`` for an unknown code.

    >>> card_from_code("zb")
    CardType.ZEBRA
    >>> card_from_code("ZZ")
    Traceback (most recent call last):
    ...
    ValueError: unknown card code 'ZZ' (known: WH GR TR GZ ZB GF CH LI EL HY VU)
    """
    if isinstance(code, CardType):
        return code
    if isinstance(code, str):
        try:
            return CardType(code.upper())
        except ValueError:
            pass
    raise ValueError(f"unknown card code {code!r} (known: {' '.join(CODES)})")


DECK_FILE = Path(__file__).with_name("deck.toml")
"""The packaged deck composition (12 of each type)."""


def load_deck(path: str | Path | None = None) -> dict[CardType, int]:
    """Card counts per type from a deck file (the packaged ``deck.toml`` by default).

    The file has a ``[cards]`` table mapping each of the 11 codes to a count from 0 to 99.
    ``ValueError`` names the file and the bad entry.
    """
    path = Path(path) if path is not None else DECK_FILE
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"{path}: cannot read the deck ({exc})") from exc
    table = data.get("cards")
    if not isinstance(table, dict):
        raise ValueError(f"{path}: needs a [cards] table of code = count")
    counts: dict[CardType, int] = {}
    for code, count in table.items():
        try:
            card = card_from_code(code)
        except ValueError as exc:
            raise ValueError(f"{path}: cards.{code}: {exc}") from None
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 99:
            raise ValueError(f"{path}: cards.{code}: count must be 0 to 99, not {count!r}")
        counts[card] = count
    missing = [card.code for card in CardType if card not in counts]
    if missing:
        raise ValueError(f"{path}: cards: missing {' '.join(missing)}")
    if sum(counts.values()) == 0:
        raise ValueError(f"{path}: cards: the deck is empty")
    return {card: counts[card] for card in CardType}


DEFAULT_DECK: MappingProxyType[CardType, int] = MappingProxyType(load_deck())
"""Counts per type of the packaged deck: 12 of each, 132 cards."""
