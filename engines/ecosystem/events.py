"""What an Ecosystem: Savanna turn reports, in order.

A pick reports :class:`Placed`. When every player has picked, hands pass
(:class:`Passed`, one per park), or after the 10th pick of a round the last card of
each hand is discarded (:class:`Discarded`), the round ends (:class:`RoundEnded`) and
new hands are dealt (:class:`Dealt`). After the last round the parks are scored:
one :class:`Scored` per category, a :class:`Flipped` for every card a cheetah or lion
turns face down, then :class:`GameOver`.

>>> Placed(0, "GZ", (1, 2)).describe()
'Player 1 placed a gazelle at B3.'
>>> Placed(1, "ZB", (0, 0), "east").describe()
'Player 2 placed a zebra at East A1.'
>>> Passed(None, 1).describe()
'Hands passed left.'
>>> GameOver((0, 2), (70, 64, 70)).describe()
'Player 1 and Player 3 share the win with 70 points.'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engines import Event
from engines.text import and_list, article, won

from .cards import CardType
from .park import cell_label
from .rules import player_name

__all__ = ["Dealt", "Discarded", "Flipped", "GameOver", "Passed", "Placed", "RoundEnded", "Scored"]

_CATEGORY_TITLES = {card.category: card.plural.capitalize() for card in CardType}
_CATEGORY_TITLES["rows"] = "Rows"


def _where(park: str | None, cell: tuple[int, int]) -> str:
    label = cell_label(tuple(cell))
    return label if park is None else f"{park.capitalize()} {label}"


def _names(players: tuple[int, ...]) -> str:
    return and_list([player_name(p) for p in players])


@dataclass(frozen=True)
class Placed(Event):
    """A player picked a card from her hand and placed it in her park.

    Attributes:
        player: Who picked.
        card: Code of the card, e.g. ``"GZ"``.
        cell: Where it went, in the park as it is after the placement.
        park: ``None`` (classic), ``"west"`` or ``"east"``.
        shift: Rows and columns every earlier card moved (floating frame only).
    """

    kind: ClassVar[str] = "placed"
    player: int
    card: str
    cell: tuple[int, int]
    park: str | None = None
    shift: tuple[int, int] = (0, 0)

    def describe(self) -> str:
        card = CardType(self.card).label
        text = (
            f"{player_name(self.player)} placed {article(card)} at {_where(self.park, self.cell)}"
        )
        if self.shift != (0, 0):
            text += ", sliding the park to make room"
        return text + "."


@dataclass(frozen=True)
class Passed(Event):
    """Every player passed the hand of one park to a neighbour.

    Attributes:
        park: ``None`` (classic), ``"west"`` or ``"east"``.
        direction: +1: to the next player (left, clockwise); -1: to the previous one (right,
            anticlockwise).
    """

    kind: ClassVar[str] = "passed"
    park: str | None
    direction: int

    def describe(self) -> str:
        if self.park is None:
            return f"Hands passed {'left' if self.direction == 1 else 'right'}."
        way = "clockwise" if self.direction == 1 else "anticlockwise"
        return f"{self.park.capitalize()} hands passed {way}."


@dataclass(frozen=True)
class Discarded(Event):
    """The last card of a hand was discarded at the end of a round.

    Attributes:
        player: Who held the hand.
        card: Code of the discarded card.
        park: Which park's hand it was.
    """

    kind: ClassVar[str] = "discarded"
    player: int
    card: str
    park: str | None = None

    def describe(self) -> str:
        hand = "hand" if self.park is None else f"{self.park.capitalize()} hand"
        card = CardType(self.card).label
        return f"{player_name(self.player)} discarded the last card of her {hand}, {article(card)}."


@dataclass(frozen=True)
class RoundEnded(Event):
    """A round of 10 picks ended.

    Attributes:
        round: The round that ended: 0 (first) or 1 (second).
    """

    kind: ClassVar[str] = "round_ended"
    round: int

    def describe(self) -> str:
        return f"Round {self.round + 1} is over."


@dataclass(frozen=True)
class Dealt(Event):
    """New hands were dealt at the start of a round.

    Attributes:
        round: The round starting: 0 or 1.
        hand_size: Cards in each new hand.
        hands: Hands per player (2 with two parks).
    """

    kind: ClassVar[str] = "dealt"
    round: int
    hand_size: int
    hands: int = 1

    def describe(self) -> str:
        per = (
            f"{self.hand_size} cards" if self.hands == 1 else f"two hands of {self.hand_size} cards"
        )
        return f"Round {self.round + 1}: every player was dealt {per}."


@dataclass(frozen=True)
class Scored(Event):
    """One scoring category was counted for every player.

    Attributes:
        category: Score-sheet category, e.g. ``"cheetah"``.
        points: Points each player earned in it.
    """

    kind: ClassVar[str] = "scored"
    category: str
    points: tuple[int, ...]

    def describe(self) -> str:
        title = _CATEGORY_TITLES.get(self.category, self.category)
        parts = ", ".join(f"{player_name(p)} {v}" for p, v in enumerate(self.points))
        return f"{title}: {parts}."


@dataclass(frozen=True)
class Flipped(Event):
    """A cheetah or lion turned a gazelle or zebra face down during scoring.

    Attributes:
        player: Owner of the park.
        card: Code of the flipped card (``"GZ"`` or ``"ZB"``).
        cell: Where it lies.
        by: ``"cheetah"`` or ``"lion"``.
        park: Which park.
    """

    kind: ClassVar[str] = "flipped"
    player: int
    card: str
    cell: tuple[int, int]
    by: str
    park: str | None = None

    def describe(self) -> str:
        card = CardType(self.card).label
        where = _where(self.park, self.cell)
        return f"{player_name(self.player)}'s {card} at {where} was flipped by a {self.by}."


@dataclass(frozen=True)
class GameOver(Event):
    """The game ended; the highest total wins and ties share the win.

    Attributes:
        winners: Every player with the highest total.
        totals: Each player's final total.
    """

    kind: ClassVar[str] = "game_over"
    winners: tuple[int, ...]
    totals: tuple[int, ...]

    def describe(self) -> str:
        return won(_names(self.winners), len(self.winners) > 1, self.totals[self.winners[0]])
