"""The deck a game is played with: its cards by id, and the packaged deck read once."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card, card_ids, check_deck, load_deck

__all__ = ["PlayDeck", "deck_index", "default_deck", "default_play_deck", "play_deck"]

# ---------------------------------------------------------------------------- deck


class PlayDeck:
    """The cards of one game, indexed for speed (shared by clones)."""

    __slots__ = ("cards", "by_id", "ids", "big_five", "is_default")

    def __init__(self, cards: Sequence[Card], is_default: bool = False):
        self.cards = tuple(cards)
        self.ids = tuple(card_ids(list(self.cards)))
        self.by_id = {cid: card for card in self.cards for cid in card.ids()}
        self.big_five = tuple(c.name for c in self.cards if c.big_five)
        self.is_default = is_default


_DEFAULT: list[PlayDeck] = []  # filled once; holds only immutable data


def default_play_deck() -> PlayDeck:
    """The packaged deck, indexed (built once)."""
    if not _DEFAULT:
        _DEFAULT.append(PlayDeck(load_deck(), is_default=True))
    return _DEFAULT[0]


def default_deck() -> tuple[Card, ...]:
    """The packaged deck (loaded once)."""
    return default_play_deck().cards


def deck_index(cards: Sequence[Card]) -> dict[str, Card]:
    """Map every card id of a deck to its card."""
    return {cid: card for card in cards for cid in card.ids()}


def play_deck(cards: Sequence[Card] | None) -> PlayDeck:
    """The indexed deck of ``cards`` (None: the packaged one), checked."""
    default = default_play_deck()
    if cards is None or tuple(cards) == default.cards:
        return default
    check_deck(list(cards))
    return PlayDeck(cards)
