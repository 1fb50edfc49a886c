"""The small vocabulary the cards are written in, mirroring the rulebook's icon key.

A hunt action is a :class:`Verb` (kill, scare away) applied to a :class:`Target` (a group and/or
level, optionally "and all lesser levels", or any card) within a :class:`Reach` (N cards counted
from the left, N from the right, or the whole row).  Placement restrictions are :class:`NotAt`
("the k-th card from the right must not be …"); placement effects are :class:`KillAll`,
:class:`DiscardLeftOf` and :class:`StealOnKill`.

Every type parses from, and prints back to, the short text used in ``cards.toml``:

>>> Target.parse("ungulate 3-")
Target(group='ungulate', level=3, and_lower=True)
>>> str(Target.parse("ungulate 3-")), Target.parse("ungulate 3-").describe()
('ungulate 3-', 'ungulates of level 3 or lower')
>>> Reach.parse("right 3").positions(5)
(4, 3, 2)
>>> Action.parse("kill", "small_mammal 2-", "right 3").describe()
'kill small mammals of level 2 or lower among the 3 rightmost cards'
>>> NotAt(1, Target(level=1), unless=Target(group="insect")).describe()
'may not be placed next to a level-1 card other than an insect'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..text import and_list, article

__all__ = [
    "GROUPS",
    "GROUP_LEVELS",
    "Verb",
    "Target",
    "Reach",
    "Action",
    "NotAt",
    "Condition",
    "KillAll",
    "DiscardLeftOf",
    "StealOnKill",
    "Effect",
    "ordinal",
]

GROUP_LEVELS: dict[str, tuple[int, ...]] = {
    "insect": (1,),
    "small_mammal": (1, 2, 3),
    "bird": (1, 2, 3),
    "ungulate": (1, 3),
    "large_mammal": (1, 2, 3, 4),
    "human": (5,),
    "predator": (2, 3, 4, 5),
    "scavenger": (4, 5),
}
"""The eight groups and the levels the rulebook allows in each."""

GROUPS: tuple[str, ...] = tuple(GROUP_LEVELS)
"""The eight group names, in the rulebook's order."""

_PLURAL = {g: g.replace("_", " ") + "s" for g in GROUPS}
_SINGULAR = {g: g.replace("_", " ") for g in GROUPS}


def _words(text: Any, example: str) -> list[str]:
    """The words of a text form; ValueError when it is not text (e.g. a number in the TOML)."""
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not text like {example!r}")
    return text.split()


def ordinal(n: int) -> str:
    """``1 -> '1st'``, ``2 -> '2nd'``, ``11 -> '11th'``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 8, 11, 22)]
    ['1st', '2nd', '3rd', '4th', '8th', '11th', '22nd']
    """
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


class Verb(StrEnum):
    """What a hunt action does to the cards it hits."""

    KILL = "kill"
    """The card goes to the hunter's kill pile (worth its level at the end)."""
    SCARE = "scare"
    """The card is scared away onto the discard pile, out of the game."""

    def __repr__(self) -> str:
        return f"Verb.{self.name}"

    def describe(self) -> str:
        """``'kill'`` or ``'scare away'``."""
        return "kill" if self is Verb.KILL else "scare away"


@dataclass(frozen=True)
class Target:
    """Which cards an action or rule applies to (the icon key's circles).

    Text form: ``any``; ``<group>``; ``<group> <level>``; ``<group> <level>-`` (the dash icon:
    that group and all lesser levels); ``level <level>``; ``level <level>-``.
    """

    group: str | None = None
    """One of :data:`GROUPS`, or None for every group."""
    level: int | None = None
    """The level aimed at, or None for every level."""
    and_lower: bool = False
    """True for the dash icon: ``level`` and every lesser level."""

    def __post_init__(self) -> None:
        if self.group is not None and self.group not in GROUP_LEVELS:
            raise ValueError(f"unknown group {self.group!r} (groups: {', '.join(GROUPS)})")
        if self.level is not None and (type(self.level) is not int or not 1 <= self.level <= 5):
            raise ValueError(f"level {self.level!r} is not a level from 1 to 5")
        if self.and_lower and self.level is None:
            raise ValueError("'and lower' needs a level")

    def matches(self, card: Any) -> bool:
        """Whether ``card`` (anything with ``group`` and ``level``) is aimed at."""
        if self.group is not None and card.group != self.group:
            return False
        if self.level is None:
            return True
        return card.level <= self.level if self.and_lower else card.level == self.level

    @classmethod
    def parse(cls, text: str) -> Target:
        """Read the text form (see the class docstring); ValueError says what is wrong."""
        words = _words(text, "predator 3-")
        if words == ["any"]:
            return cls()
        if len(words) not in (1, 2):
            raise ValueError(
                f"{text!r} is not a target like 'any', 'bird', 'bird 2', 'bird 2-' or 'level 1'"
            )
        head = words[0]
        if head != "level" and head not in GROUP_LEVELS:
            raise ValueError(
                f"unknown group {head!r} in target {text!r} (groups: {', '.join(GROUPS)})"
            )
        if len(words) == 1:
            if head == "level":
                raise ValueError(f"target {text!r} needs a level after 'level'")
            return cls(group=head)
        lvl = words[1]
        and_lower = lvl.endswith("-")
        digits = lvl[:-1] if and_lower else lvl
        if not digits.isdigit():
            raise ValueError(f"{lvl!r} in target {text!r} is not a level like '3' or '3-'")
        return cls(group=None if head == "level" else head, level=int(digits), and_lower=and_lower)

    def __str__(self) -> str:
        if self.group is None and self.level is None:
            return "any"
        head = self.group or "level"
        if self.level is None:
            return head
        return f"{head} {self.level}{'-' if self.and_lower else ''}"

    def describe(self, plural: bool = True) -> str:
        """Words for the target: ``'predators'``, ``'level-1 cards'``, ``'a level-3 bird'``…"""
        if self.group is None and self.level is None:
            return "any card" if not plural else "all cards"
        noun = (
            (_PLURAL if plural else _SINGULAR)[self.group]
            if self.group
            else ("cards" if plural else "card")
        )
        if self.level is None:
            return noun if plural else article(noun)
        if self.and_lower:
            text = f"{noun} of level {self.level} or lower"
            return text if plural else article(text)
        text = f"level-{self.level} {noun}"
        return text if plural else f"a {text}"


@dataclass(frozen=True)
class Reach:
    """How many cards an action reaches, counted from one end (the arrow icons) or the whole row.

    Positions are indexes into the row as it was at the start of the turn, in counting order.
    """

    side: str | None = None
    """``'left'``, ``'right'``, or None for the whole row."""
    count: int | None = None
    """How many cards from that side; None for the whole row."""

    def __post_init__(self) -> None:
        if self.side is None:
            if self.count is not None:
                raise ValueError("a whole-row reach has no count")
        elif self.side not in ("left", "right"):
            raise ValueError(f"side {self.side!r} is not 'left' or 'right'")
        elif type(self.count) is not int or self.count < 1:
            raise ValueError(f"count {self.count!r} is not a whole number of at least 1")

    def positions(self, n: int) -> tuple[int, ...]:
        """Indexes reached in a row of ``n`` cards, in counting order (right: right to left)."""
        if self.side is None:
            return tuple(range(n))
        if self.side == "left":
            return tuple(range(min(self.count, n)))
        return tuple(range(n - 1, max(n - self.count, 0) - 1, -1))

    @classmethod
    def parse(cls, text: str) -> Reach:
        """``'row'``, ``'left N'`` or ``'right N'``."""
        words = _words(text, "right 3")
        if words == ["row"]:
            return cls()
        if len(words) == 2 and words[0] in ("left", "right") and words[1].isdigit():
            return cls(words[0], int(words[1]))
        raise ValueError(f"{text!r} is not a reach like 'row', 'left 2' or 'right 3'")

    def __str__(self) -> str:
        return "row" if self.side is None else f"{self.side} {self.count}"

    def describe(self) -> str:
        """``'in the whole row'``, ``'among the 3 rightmost cards'``, ``'on the leftmost card'``."""
        if self.side is None:
            return "in the whole row"
        if self.count == 1:
            return f"on the {self.side}most card"
        return f"among the {self.count} {self.side}most cards"


@dataclass(frozen=True)
class Action:
    """One hunt action of a card: verb, target and reach (followed top to bottom)."""

    verb: Verb
    """Kill or scare away."""
    target: Target
    """Which cards it hits."""
    reach: Reach
    """Which positions it looks at."""

    @classmethod
    def parse(cls, verb: str, target: str, reach: str) -> Action:
        """Build from the three text fields of ``cards.toml``."""
        try:
            v = Verb(verb)
        except ValueError:
            raise ValueError(f"unknown verb {verb!r} (verbs: kill, scare)") from None
        return cls(v, Target.parse(target), Reach.parse(reach))

    def to_data(self) -> dict[str, str]:
        """The ``cards.toml`` inline table."""
        return {"verb": str(self.verb), "target": str(self.target), "reach": str(self.reach)}

    def __str__(self) -> str:
        return f"{self.verb} {self.target} {self.reach}"

    def describe(self) -> str:
        """One phrase: ``'kill ungulates of level 3 or lower among the 3 rightmost cards'``."""
        if self.reach.count == 1:
            end = f"the {self.reach.side}most card"
            if self.target == Target():
                return f"{self.verb.describe()} {end}"
            return f"{self.verb.describe()} {end} if it is {self.target.describe(plural=False)}"
        return f"{self.verb.describe()} {self.target.describe()} {self.reach.describe()}"


@dataclass(frozen=True)
class NotAt:
    """Placement restriction: the ``position``-th card from the right must not be ``target``.

    Position 1 is the card the new card is placed next to (the current rightmost card).  Counted
    on the row before the card is played; a row shorter than ``position`` never forbids.
    """

    position: int
    """1 = the rightmost card of the row before playing, 2 = the one left of it, …"""
    target: Target
    """The cards that may not be there."""
    unless: Target | None = None
    """Cards exempted from ``target`` (insects may sit next to insects)."""

    def __post_init__(self) -> None:
        if type(self.position) is not int or self.position < 1:
            raise ValueError(f"position {self.position!r} is not a whole number of at least 1")

    def forbids(self, card: Any) -> bool:
        """Whether ``card`` at that position forbids playing."""
        return self.target.matches(card) and not (self.unless and self.unless.matches(card))

    def to_data(self) -> dict[str, Any]:
        """The ``cards.toml`` inline table."""
        data: dict[str, Any] = {"position": self.position, "target": str(self.target)}
        if self.unless is not None:
            data["unless"] = str(self.unless)
        return data

    def describe(self) -> str:
        """``'may not be placed next to a predator'`` and the like."""
        what = self.target.describe(plural=False)
        if self.unless is not None:
            what += " other than " + self.unless.describe(plural=False)
        if self.position == 1:
            return f"may not be placed next to {what}"
        return f"may not be placed when the {ordinal(self.position)} card from the right is {what}"


@dataclass(frozen=True)
class Condition:
    """When a :class:`KillAll` effect fires.

    Text form: ``always``; ``<group> > <group>`` (the first group outnumbers the second on the
    savannah, the played card included); ``most animals`` (the player has more cards bearing her
    token on the savannah than any other player, the played card included).
    """

    kind: str = "always"
    """``'always'``, ``'outnumber'`` or ``'most_animals'``."""
    group: str | None = None
    """For ``outnumber``: the group that must be more numerous."""
    than: str | None = None
    """For ``outnumber``: the group it must outnumber."""

    def __post_init__(self) -> None:
        if self.kind not in ("always", "outnumber", "most_animals"):
            raise ValueError(f"unknown condition {self.kind!r}")
        if self.kind == "outnumber":
            for g in (self.group, self.than):
                if g not in GROUP_LEVELS:
                    raise ValueError(f"unknown group {g!r} (groups: {', '.join(GROUPS)})")

    @classmethod
    def parse(cls, text: str) -> Condition:
        """Read ``'always'``, ``'large_mammal > predator'`` or ``'most animals'``."""
        words = _words(text, "most animals")
        if words == ["always"]:
            return cls()
        if words == ["most", "animals"]:
            return cls("most_animals")
        if len(words) == 3 and words[1] == ">":
            return cls("outnumber", words[0], words[2])
        raise ValueError(
            f"{text!r} is not a condition like 'always', 'most animals' or "
            "'large_mammal > predator'"
        )

    def __str__(self) -> str:
        if self.kind == "outnumber":
            return f"{self.group} > {self.than}"
        return "most animals" if self.kind == "most_animals" else "always"

    def describe(self) -> str:
        """``'when large mammals outnumber predators'`` and the like ('' for always)."""
        if self.kind == "outnumber":
            return f"when {_PLURAL[self.group]} outnumber {_PLURAL[self.than]}"
        if self.kind == "most_animals":
            return "when its player has the most animals on the savannah"
        return ""


@dataclass(frozen=True)
class KillAll:
    """Placement effect: kill every card matching any of ``targets`` when ``when`` holds."""

    targets: tuple[Target, ...]
    """The cards killed (every one on the savannah except the played card)."""
    when: Condition = Condition()
    """The condition, checked on the savannah with the played card on it."""
    name = "kill_all"

    def matches(self, card: Any) -> bool:
        """Whether ``card`` is one of the targets."""
        return any(t.matches(card) for t in self.targets)

    def to_data(self) -> dict[str, Any]:
        """The ``cards.toml`` inline table."""
        return {
            "effect": self.name,
            "targets": [str(t) for t in self.targets],
            "when": str(self.when),
        }

    def kill_phrase(self) -> str:
        """``'kills every human, scavenger and predator'``."""
        return "kills every " + and_list(
            [t.describe(plural=False).split(" ", 1)[1] for t in self.targets]
        )

    def describe(self) -> str:
        """``'when large mammals outnumber predators, kills every predator'``."""
        cond = self.when.describe()
        return f"{cond}, {self.kill_phrase()}" if cond else self.kill_phrase()


@dataclass(frozen=True)
class DiscardLeftOf:
    """Placement effect: every card left of the ``position``-th card from the right is discarded."""

    position: int
    """The position counted from the right (1 = rightmost) that is kept with all right of it."""
    name = "discard_left_of"

    def __post_init__(self) -> None:
        if type(self.position) is not int or self.position < 1:
            raise ValueError(f"position {self.position!r} is not a whole number of at least 1")

    def to_data(self) -> dict[str, Any]:
        """The ``cards.toml`` inline table."""
        return {"effect": self.name, "position": self.position}

    def describe(self) -> str:
        """``'discards every card left of the 8th card from the right'``."""
        return f"discards every card left of the {ordinal(self.position)} card from the right"


@dataclass(frozen=True)
class StealOnKill:
    """Placement effect: when this card kills, its player takes a card from another kill pile."""

    name = "steal_on_kill"

    def to_data(self) -> dict[str, Any]:
        """The ``cards.toml`` inline table."""
        return {"effect": self.name}

    def describe(self) -> str:
        """The rule in words."""
        return "when it makes a kill, takes a card from another player's kill pile"


Effect = KillAll | DiscardLeftOf | StealOnKill
"""Any placement effect."""
