"""What a turn reports, step by step, in the order it happens.

A play reports: :class:`Played`; per placement effect :class:`EffectResolved` followed by the
:class:`Killed` or :class:`RowDiscarded` cards; per hunt action :class:`Hunted` (the positions
it counted, in counting order, the cards it reached and the ones it hit) followed by a
:class:`Killed` or :class:`Scared` per hit; a :class:`TokenReturned` after each card that bore a
token; :class:`StealPending` / :class:`Stole` / :class:`NothingToSteal` for a scavenger's kill;
then :class:`Drew`, :class:`Regrouped` per group that moved, :class:`RowClosed` with the final row,
and :class:`GameOver` after the last turn.  A turn without a playable card starts with
:class:`Discarded` instead.  Players are numbered from 1 in sentences (seat 0 is "Player 1").

>>> Killed(0, "zebra#2", "lion#1", 1).describe()
"Player 1's lion killed Player 2's zebra."
>>> Hunted(0, "lion#1", 0, "kill ungulate 3- right 3", "kill ungulates of level 3 or lower "
...        "among the 3 rightmost cards", "right", (4, 3, 2), ("zebra#2", "termite#1"),
...        ("zebra#2",)).describe()
"Player 1's lion: kill ungulates of level 3 or lower among the 3 rightmost cards — reaches zebra and termite; hits zebra."
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from engines import Event
from engines.text import and_list, player_name, won

from .cards import a_name, name_of
from .vocabulary import ordinal

__all__ = [
    "Played",
    "Discarded",
    "EffectResolved",
    "RowDiscarded",
    "Hunted",
    "Killed",
    "Scared",
    "TokenReturned",
    "StealPending",
    "Stole",
    "NothingToSteal",
    "Drew",
    "Regrouped",
    "RowClosed",
    "GameOver",
    "player_name",
]


def _whose(card: str, owner: int | None, actor: int | None = None) -> str:
    if owner is None:
        return f"the {name_of(card)}"
    if owner == actor:
        return f"their own {name_of(card)}"
    return f"{player_name(owner)}'s {name_of(card)}"


def _names(cards: tuple[str, ...]) -> str:
    return and_list([name_of(c) for c in cards])


@dataclass(frozen=True)
class Played(Event):
    """A card was played at the right end of the row.

    Attributes:
        player: Who played it.
        card: The card id.
        position: Its index in the row (the length of the row before it was played).
        token: Whether the player put a token on it (False when she had none left).
    """

    kind = "played"
    player: int
    card: str
    position: int
    token: bool

    def describe(self) -> str:
        how = "with a token" if self.token else "without a token (none left)"
        return f"{player_name(self.player)} played {a_name(self.card)} {how}."


@dataclass(frozen=True)
class Discarded(Event):
    """No card in hand could be played, so the player discarded one.

    Attributes:
        player: Who discarded.
        card: The card id put on the discard pile.
        reason: Why nothing could be played.
    """

    kind = "discarded"
    player: int
    card: str
    reason: str = ""

    def describe(self) -> str:
        return (
            f"{player_name(self.player)} could play none of their cards and discarded "
            f"{a_name(self.card)}."
        )


@dataclass(frozen=True)
class EffectResolved(Event):
    """A placement effect was checked; ``applies`` says whether it did anything.

    Attributes:
        player: The player of the card.
        card: The card whose effect this is.
        effect: ``'kill_all'`` or ``'discard_left_of'``.
        applies: Whether its condition held (a discard always applies, even to no card).
        note: The sentence describing what the effect does or why it does nothing.
    """

    kind = "effect"
    player: int
    card: str
    effect: str
    applies: bool
    note: str

    def describe(self) -> str:
        return self.note


@dataclass(frozen=True)
class RowDiscarded(Event):
    """A placement effect discarded every card left of a position.

    Attributes:
        player: The player of the card.
        by: The card whose effect it was.
        cards: The discarded card ids, left to right.
        position: Cards left of this position counted from the right were discarded.
    """

    kind = "row_discarded"
    player: int
    by: str
    cards: tuple[str, ...]
    position: int

    def describe(self) -> str:
        who = f"{player_name(self.player)}'s {name_of(self.by)}"
        n = len(self.cards)
        if not n:
            return f"{who} found no card to discard."
        return (
            f"{who} discarded {n} card{'s' if n != 1 else ''} left of the "
            f"{ordinal(self.position)} card from the right: {_names(self.cards)}."
        )


@dataclass(frozen=True)
class Hunted(Event):
    """One hunt action was followed: where it counted and what it hit.

    Attributes:
        player: The hunter's player.
        card: The hunting card.
        index: Which action of the card, 0 = top.
        action: The action in ``cards.toml`` form, e.g. ``'kill ungulate 3- right 3'``.
        phrase: The action in words.
        side: ``'left'``, ``'right'`` or None (whole row): the counting direction.
        positions: Row indexes counted (row as at the start of the turn), in counting order.
        reached: Cards still on those positions, in counting order (gaps skipped).
        hits: The reached cards the target matched, in counting order.
    """

    kind = "hunted"
    player: int
    card: str
    index: int
    action: str
    phrase: str
    side: str | None
    positions: tuple[int, ...]
    reached: tuple[str, ...]
    hits: tuple[str, ...]

    def describe(self) -> str:
        return (
            f"{player_name(self.player)}'s {name_of(self.card)}: {self.phrase} — reaches "
            f"{_names(self.reached)}; hits {_names(self.hits)}."
        )


@dataclass(frozen=True)
class _Hit(Event):
    """A hunt or effect hit a card (the fields and sentence :class:`Killed` and
    :class:`Scared` share; ``verb`` says what happened to it).

    Attributes:
        player: Whose card hit it (a killer gets it in her kill pile).
        card: The card hit.
        by: The card that hit it.
        owner: Whose token it bore, if any.
    """

    verb: ClassVar[str] = "hit"
    player: int
    card: str
    by: str
    owner: int | None

    def describe(self) -> str:
        return (
            f"{player_name(self.player)}'s {name_of(self.by)} {self.verb} "
            f"{_whose(self.card, self.owner, self.player)}."
        )


@dataclass(frozen=True)
class Killed(_Hit):
    """A card was killed and went to the hunter's kill pile."""

    kind = "killed"
    verb = "killed"


@dataclass(frozen=True)
class Scared(_Hit):
    """A card was scared away onto the discard pile."""

    kind = "scared"
    verb = "scared away"


@dataclass(frozen=True)
class TokenReturned(Event):
    """A token came back to its owner from a card that left the row.

    Attributes:
        player: The token's owner.
        card: The card it was on.
    """

    kind = "token_returned"
    player: int
    card: str

    def describe(self) -> str:
        return f"{player_name(self.player)} got their token back from the {name_of(self.card)}."


@dataclass(frozen=True)
class StealPending(Event):
    """A scavenger killed: its player must now choose a card from another kill pile.

    Attributes:
        player: Who steals.
        by: The scavenger.
        choices: The cards she may take.
    """

    kind = "steal_pending"
    player: int
    by: str
    choices: tuple[str, ...]

    def describe(self) -> str:
        return (
            f"{player_name(self.player)}'s {name_of(self.by)} made a kill: "
            f"{player_name(self.player)} takes a card from another player's kill pile."
        )


@dataclass(frozen=True)
class Stole(Event):
    """A card moved from another player's kill pile to the stealer's.

    Attributes:
        player: Who took it.
        card: The card taken.
        victim: From whose kill pile.
        by: The scavenger that made the kill.
    """

    kind = "stole"
    player: int
    card: str
    victim: int
    by: str

    def describe(self) -> str:
        return (
            f"{player_name(self.player)} took {a_name(self.card)} from "
            f"{player_name(self.victim)}'s kill pile."
        )


@dataclass(frozen=True)
class NothingToSteal(Event):
    """A scavenger killed but no other player had a card in her kill pile.

    Attributes:
        player: The scavenger's player.
        by: The scavenger.
    """

    kind = "nothing_to_steal"
    player: int
    by: str

    def describe(self) -> str:
        return (
            f"{player_name(self.player)}'s {name_of(self.by)} made a kill, but no other "
            "player has a kill pile to take from."
        )


@dataclass(frozen=True)
class Drew(Event):
    """The player drew a card (the id is private to her: views must hide it from others).

    Attributes:
        player: Who drew.
        card: The card drawn (hidden information).
        pile_left: Cards left in the draw pile.
    """

    kind = "drew"
    player: int
    card: str
    pile_left: int

    def describe(self) -> str:
        return f"{player_name(self.player)} drew a card ({self.pile_left} left in the pile)."

    def seen_by(self, seat: int | None) -> Drew:
        """Only the drawer sees the card: for anyone else it is ``""``.

        >>> Drew(0, "zebra#2", 30).seen_by(1)
        Drew(player=0, card='', pile_left=30)
        """
        return self if seat == self.player else replace(self, card="")


@dataclass(frozen=True)
class Regrouped(Event):
    """Cards of a regrouping kind joined the rightmost card of their kind.

    Attributes:
        group: The group, e.g. ``'ungulate'``.
        level: The level.
        cards: The cards that moved, left to right, now just left of ``anchor``.
        anchor: The rightmost card of the kind, which stayed in place.
    """

    kind = "regrouped"
    group: str
    level: int
    cards: tuple[str, ...]
    anchor: str

    def describe(self) -> str:
        return (
            f"Level-{self.level} {self.group.replace('_', ' ')}s regrouped: "
            f"{_names(self.cards)} joined the {name_of(self.anchor)}."
        )


@dataclass(frozen=True)
class RowClosed(Event):
    """The gaps closed up; ``row`` is the row at the end of the turn.

    Attributes:
        row: The row, left to right.
    """

    kind = "row_closed"
    row: tuple[str, ...]

    def describe(self) -> str:
        return f"The row closed up: {len(self.row)} card{'s' if len(self.row) != 1 else ''}."


@dataclass(frozen=True)
class GameOver(Event):
    """The last card was drawn (and the round finished, if played with equal turns).

    Attributes:
        totals: Final score of each player.
        winners: The winning player(s).
    """

    kind = "game_over"
    totals: tuple[int, ...]
    winners: tuple[int, ...]

    def describe(self) -> str:
        who = and_list([player_name(p) for p in self.winners])
        return "Game over: " + won(who, len(self.winners) > 1, self.totals[self.winners[0]])
