"""The 64 animal cards: the :class:`Card` type and loading ``cards.toml`` with validation.

``cards.toml`` has one ``[groups.<group>]`` table per group (colour and end points shared by the
group's cards) and one ``[[card]]`` table per distinct card (name, group, level, copies, Big Five,
hunt actions top to bottom, placement restrictions, placement effects).  :func:`load_deck` reads
it and checks every field; a mistake raises ``ValueError`` naming the card and the field.

>>> deck = load_deck()
>>> sum(card.copies for card in deck)
64
>>> lion = card_by_name(deck, "lion")
>>> lion.group, lion.level, lion.big_five, lion.points
('predator', 5, True, Points(in_hand=-10, alive=1, killed=5, rightmost=0))
>>> [str(action) for action in lion.hunt]
['kill ungulate 3- right 3', 'kill large_mammal right 2', 'scare scavenger row']
>>> card_ids(deck)[:3]
['dung beetle#1', 'dung beetle#2', 'dung beetle#3']
>>> name_of("zebra#2")
'zebra'

Print the deck as the markdown table used in ``docs/rules/savannah.md``::

    python -m engines.savannah
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ..text import article
from .vocabulary import (
    GROUP_LEVELS,
    GROUPS,
    Action,
    Condition,
    DiscardLeftOf,
    Effect,
    KillAll,
    NotAt,
    Reach,
    StealOnKill,
    Target,
    Verb,
)

VERBS = tuple(str(v) for v in Verb)

__all__ = [
    "DECK_SIZE",
    "Points",
    "Card",
    "load_deck",
    "parse_deck",
    "card_ids",
    "card_by_name",
    "name_of",
    "a_name",
    "check_deck",
    "deck_table",
    "groups_table",
]

DECK_SIZE = 64
"""The rulebook's deck size; the copy total must be exactly this."""


@dataclass(frozen=True)
class Points:
    """End-of-game points of one card (the rulebook's "End Game Points")."""

    in_hand: int
    """Points (a penalty, so negative) for the card still in a hand."""
    alive: int
    """Points for the card alive on the savannah, to the player whose token it bears."""
    killed: int
    """Points for the card in a kill pile: its level."""
    rightmost: int = 0
    """Points to the token holder when it is the rightmost card at the end (humans: -10)."""


@dataclass(frozen=True)
class Card:
    """One distinct animal card; the deck holds ``copies`` of it, with ids ``name#1``…"""

    name: str
    """The animal, e.g. ``'zebra'``; unique in the deck."""
    group: str
    """One of the eight groups (``insect``, ``small_mammal``, ``bird``, ``ungulate``,
    ``large_mammal``, ``human``, ``predator``, ``scavenger``)."""
    level: int
    """The level in the circle at the top left, one the group allows."""
    copies: int
    """How many of this card are in the deck."""
    big_five: bool
    """Whether the card carries the Big Five badge."""
    points: Points
    """End points in hand, alive, killed (and as the rightmost card)."""
    hunt: tuple[Action, ...] = ()
    """Hunt actions, followed top to bottom."""
    placement: tuple[NotAt, ...] = ()
    """Placement restrictions (checked on the row before the card is played)."""
    effects: tuple[Effect, ...] = ()
    """Placement effects, resolved in order before the hunt."""
    colour: str = ""
    """The group's colour band, as a word (large mammals ``green``, predators ``red``…)."""
    colour_hex: str = ""
    """The same colour as ``#rrggbb`` for drawing."""
    regroups: bool = False
    """Whether cards of this group and level join the rightmost one of their kind each turn."""

    def ids(self) -> list[str]:
        """The ids of this card's copies: ``['zebra#1', 'zebra#2', …]``."""
        return [f"{self.name}#{k}" for k in range(1, self.copies + 1)]

    def to_data(self) -> dict[str, Any]:
        """A self-contained JSON-safe dict; :meth:`from_data` reads it back (validating)."""
        return {
            "name": self.name,
            "group": self.group,
            "level": self.level,
            "copies": self.copies,
            "big_five": self.big_five,
            "points": {
                "in_hand": self.points.in_hand,
                "alive": self.points.alive,
                "killed": self.points.killed,
                "rightmost": self.points.rightmost,
            },
            "colour": self.colour,
            "colour_hex": self.colour_hex,
            "regroups": self.regroups,
            "hunt": [a.to_data() for a in self.hunt],
            "placement": [p.to_data() for p in self.placement],
            "effects": [e.to_data() for e in self.effects],
        }

    @classmethod
    def from_data(cls, data: Any, where: str = "card") -> Card:
        """Read :meth:`to_data`'s form; ``ValueError`` names the card and field of a mistake."""
        label = _label(data, where)
        _only(
            data,
            label,
            {
                "name",
                "group",
                "level",
                "copies",
                "big_five",
                "points",
                "colour",
                "colour_hex",
                "regroups",
                "hunt",
                "placement",
                "effects",
            },
        )
        group = _group(data, label)
        level = _level(data, label, group)
        pts = _get(data, label, "points", dict)
        _only(pts, label, {"in_hand", "alive", "killed", "rightmost"}, prefix="points.")
        points = Points(
            *(_get(pts, label, k, int, prefix="points.") for k in ("in_hand", "alive", "killed")),
            rightmost=_get(pts, label, "rightmost", int, 0, prefix="points."),
        )
        if points.killed != level:
            raise ValueError(
                f"{label}: field 'points.killed': {points.killed} must equal the level {level}"
            )
        return cls(
            name=_name(data, label),
            group=group,
            level=level,
            copies=_copies(data, label),
            big_five=_get(data, label, "big_five", bool, False),
            points=points,
            hunt=_hunt(data, label),
            placement=_placement(data, label),
            effects=_effects(data, label),
            colour=_get(data, label, "colour", str),
            colour_hex=_hex(_get(data, label, "colour_hex", str), label, "colour_hex"),
            regroups=_get(data, label, "regroups", bool, False),
        )


# ---------------------------------------------------------------------------- loading


def load_deck(path: str | Path | None = None) -> list[Card]:
    """Read and validate a deck file (the packaged ``cards.toml`` when ``path`` is None)."""
    if path is None:
        text = resources.files(__package__).joinpath("cards.toml").read_text(encoding="utf-8")
    else:
        text = Path(path).read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"cards file is not valid TOML: {exc}") from None
    return parse_deck(data)


def parse_deck(data: dict[str, Any]) -> list[Card]:
    """Build the cards from the parsed ``cards.toml`` structure, checking every field."""
    if not isinstance(data, dict):
        raise ValueError("the cards file must be a table with [groups.*] and [[card]] entries")
    unknown = set(data) - {"groups", "card"}
    if unknown:
        raise ValueError(
            f"unknown top-level table {sorted(unknown)[0]!r} (expected 'groups' and 'card')"
        )
    groups = data.get("groups")
    if not isinstance(groups, dict):
        raise ValueError("missing the [groups.<group>] tables")
    for name in groups:
        if name not in GROUP_LEVELS:
            raise ValueError(f"group {name!r}: not one of the eight groups ({', '.join(GROUPS)})")
    shared = {}
    for name in GROUPS:
        label = f"group {name!r}"
        g = groups.get(name)
        if not isinstance(g, dict):
            raise ValueError(f"{label}: missing its [groups.{name}] table")
        _only(g, label, {"colour", "colour_hex", "in_hand", "alive", "rightmost", "regroup_levels"})
        regroup = _get(g, label, "regroup_levels", list, [])
        for lvl in regroup:
            if type(lvl) is not int or lvl not in GROUP_LEVELS[name]:
                raise ValueError(
                    f"{label}: field 'regroup_levels': {lvl!r} is not a level of "
                    f"{name} {GROUP_LEVELS[name]}"
                )
        shared[name] = {
            "colour": _get(g, label, "colour", str),
            "colour_hex": _hex(_get(g, label, "colour_hex", str), label, "colour_hex"),
            "in_hand": _get(g, label, "in_hand", int),
            "alive": _get(g, label, "alive", int),
            "rightmost": _get(g, label, "rightmost", int, 0),
            "regroup": set(regroup),
        }
    entries = data.get("card")
    if not isinstance(entries, list) or not entries:
        raise ValueError("the cards file lists no [[card]] entries")
    cards = []
    for i, entry in enumerate(entries, start=1):
        label = _label(entry, f"card #{i}")
        _only(
            entry,
            label,
            {"name", "group", "level", "copies", "big_five", "hunt", "placement", "effects"},
        )
        group = _group(entry, label)
        level = _level(entry, label, group)
        g = shared[group]
        cards.append(
            Card(
                name=_name(entry, label),
                group=group,
                level=level,
                copies=_copies(entry, label),
                big_five=_get(entry, label, "big_five", bool, False),
                points=Points(g["in_hand"], g["alive"], level, g["rightmost"]),
                hunt=_hunt(entry, label),
                placement=_placement(entry, label),
                effects=_effects(entry, label),
                colour=g["colour"],
                colour_hex=g["colour_hex"],
                regroups=level in g["regroup"],
            )
        )
    check_deck(cards)
    return cards


def check_deck(cards: list[Card]) -> None:
    """Deck-wide checks: unique names and exactly :data:`DECK_SIZE` cards."""
    seen: set[str] = set()
    for card in cards:
        if card.name in seen:
            raise ValueError(f"card {card.name!r}: field 'name': listed twice")
        seen.add(card.name)
    total = sum(card.copies for card in cards)
    if total != DECK_SIZE:
        raise ValueError(
            f"field 'copies': the copies add up to {total} cards; the deck must have "
            f"exactly {DECK_SIZE}"
        )


# ---------------------------------------------------------------------------- ids


def card_ids(cards: list[Card]) -> list[str]:
    """Every card id of the deck, in deck order: ``['dung beetle#1', …]``."""
    return [cid for card in cards for cid in card.ids()]


def name_of(card_id: str) -> str:
    """The card name of an id: ``'zebra#2' -> 'zebra'``."""
    return card_id.rpartition("#")[0] or card_id


def a_name(card_id: str) -> str:
    """The card's name with its article: ``'zebra#2' -> 'a zebra'``, ``'impala#1' -> 'an impala'``."""
    return article(name_of(card_id))


def card_by_name(cards: list[Card], name: str) -> Card:
    """The card called ``name``; KeyError if there is none."""
    for card in cards:
        if card.name == name:
            return card
    raise KeyError(name)


# ---------------------------------------------------------------------------- field checks

_TYPE_WORDS = {
    int: "a whole number",
    str: "text",
    bool: "true or false",
    list: "a list",
    dict: "a table",
}
_MISSING = object()


def _label(entry: Any, fallback: str) -> str:
    if isinstance(entry, dict) and isinstance(entry.get("name"), str) and entry["name"]:
        return f"card {entry['name']!r}"
    return fallback


def _only(entry: Any, label: str, allowed: set[str], prefix: str = "") -> None:
    if not isinstance(entry, dict):
        raise ValueError(f"{label}: must be a table of fields")
    for key in entry:
        if key not in allowed:
            raise ValueError(
                f"{label}: field '{prefix}{key}': unknown field (fields: "
                f"{', '.join(sorted(allowed))})"
            )


def _get(
    entry: dict, label: str, key: str, kind: type, default: Any = _MISSING, prefix: str = ""
) -> Any:
    value = entry.get(key, _MISSING)
    if value is _MISSING:
        if default is _MISSING:
            raise ValueError(f"{label}: field '{prefix}{key}': missing")
        return default
    ok = (
        type(value) is bool
        if kind is bool
        else (isinstance(value, kind) and not isinstance(value, bool))
    )
    if not ok:
        raise ValueError(f"{label}: field '{prefix}{key}': {value!r} is not {_TYPE_WORDS[kind]}")
    return value


def _name(entry: dict, label: str) -> str:
    name = _get(entry, label, "name", str)
    if not name.strip() or "#" in name or name != name.strip():
        raise ValueError(
            f"{label}: field 'name': {name!r} must be a non-empty name without '#' "
            "or surrounding spaces"
        )
    return name


def _group(entry: dict, label: str) -> str:
    group = _get(entry, label, "group", str)
    if group not in GROUP_LEVELS:
        raise ValueError(f"{label}: field 'group': {group!r} is not a group ({', '.join(GROUPS)})")
    return group


def _level(entry: dict, label: str, group: str) -> int:
    level = _get(entry, label, "level", int)
    if level not in GROUP_LEVELS[group]:
        allowed = ", ".join(map(str, GROUP_LEVELS[group]))
        raise ValueError(f"{label}: field 'level': {level} is not a level of {group} ({allowed})")
    return level


def _copies(entry: dict, label: str) -> int:
    copies = _get(entry, label, "copies", int)
    if copies < 1:
        raise ValueError(f"{label}: field 'copies': {copies} must be at least 1")
    return copies


def _hex(value: str, label: str, key: str) -> str:
    digits = value[1:]
    if not (
        len(value) == 7 and value[0] == "#" and all(c in "0123456789abcdefABCDEF" for c in digits)
    ):
        raise ValueError(f"{label}: field '{key}': {value!r} is not a colour like '#3a7d44'")
    return value


def _items(entry: dict, label: str, key: str) -> list[tuple[str, dict]]:
    items = _get(entry, label, key, list, [])
    out = []
    for i, item in enumerate(items, start=1):
        field = f"{key}[{i}]"
        if not isinstance(item, dict):
            raise ValueError(
                f"{label}: field '{field}': must be an inline table like "
                '{ verb = "kill", target = "bird 2-", reach = "right 3" }'
            )
        out.append((field, item))
    return out


def _parsed(label: str, field: str, parse: Any, *args: Any) -> Any:
    try:
        return parse(*args)
    except ValueError as exc:
        raise ValueError(f"{label}: field '{field}': {exc}") from None


def _hunt(entry: dict, label: str) -> tuple[Action, ...]:
    out = []
    for field, item in _items(entry, label, "hunt"):
        _only(item, label, {"verb", "target", "reach"}, prefix=field + ".")
        verb, target, reach = (
            _get(item, label, k, str, prefix=field + ".") for k in ("verb", "target", "reach")
        )
        if verb not in VERBS:
            raise ValueError(
                f"{label}: field '{field}.verb': unknown verb {verb!r} (verbs: {', '.join(VERBS)})"
            )
        out.append(
            Action(
                Verb(verb),
                _parsed(label, field + ".target", Target.parse, target),
                _parsed(label, field + ".reach", Reach.parse, reach),
            )
        )
    return tuple(out)


def _placement(entry: dict, label: str) -> tuple[NotAt, ...]:
    out = []
    for field, item in _items(entry, label, "placement"):
        _only(item, label, {"position", "target", "unless"}, prefix=field + ".")
        position = _get(item, label, "position", int, prefix=field + ".")
        target = _parsed(
            label,
            field + ".target",
            Target.parse,
            _get(item, label, "target", str, prefix=field + "."),
        )
        unless_text = _get(item, label, "unless", str, None, prefix=field + ".")
        unless = (
            None
            if unless_text is None
            else _parsed(label, field + ".unless", Target.parse, unless_text)
        )
        out.append(_parsed(label, field + ".position", NotAt, position, target, unless))
    return tuple(out)


def _effects(entry: dict, label: str) -> tuple[Effect, ...]:
    out: list[Effect] = []
    for field, item in _items(entry, label, "effects"):
        kind = _get(item, label, "effect", str, prefix=field + ".")
        if kind == "kill_all":
            _only(item, label, {"effect", "targets", "when"}, prefix=field + ".")
            texts = _get(item, label, "targets", list, prefix=field + ".")
            if not texts:
                raise ValueError(f"{label}: field '{field}.targets': lists no target")
            targets = tuple(_parsed(label, f"{field}.targets", Target.parse, t) for t in texts)
            when = _parsed(
                label,
                field + ".when",
                Condition.parse,
                _get(item, label, "when", str, "always", prefix=field + "."),
            )
            out.append(KillAll(targets, when))
        elif kind == "discard_left_of":
            _only(item, label, {"effect", "position"}, prefix=field + ".")
            position = _get(item, label, "position", int, prefix=field + ".")
            out.append(_parsed(label, field + ".position", DiscardLeftOf, position))
        elif kind == "steal_on_kill":
            _only(item, label, {"effect"}, prefix=field + ".")
            out.append(StealOnKill())
        else:
            raise ValueError(
                f"{label}: field '{field}.effect': unknown effect {kind!r} "
                "(effects: kill_all, discard_left_of, steal_on_kill)"
            )
    return tuple(out)


# ---------------------------------------------------------------------------- tables


def groups_table(cards: list[Card]) -> str:
    """The groups as a markdown table (colour, levels, end points, regrouping)."""
    lines = [
        "| Group | Colour | Levels | In hand | Alive | Killed | Rightmost at the end "
        "| Regroup levels |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for group in GROUPS:
        members = [c for c in cards if c.group == group]
        if not members:
            continue
        first = members[0]
        regroup = sorted({c.level for c in members if c.regroups})
        rightmost = f"{first.points.rightmost} to its holder" if first.points.rightmost else "-"
        lines.append(
            f"| {group.replace('_', ' ')} | {first.colour} | "
            f"{', '.join(map(str, GROUP_LEVELS[group]))} | {first.points.in_hand} | "
            f"{first.points.alive} | level | {rightmost} | "
            f"{', '.join(map(str, regroup)) or '-'} |"
        )
    return "\n".join(lines)


def deck_table(cards: list[Card]) -> str:
    """The deck as a markdown table: one row per distinct card, in file order."""
    lines = [
        "| Card | Group | Level | Copies | Big Five | Hunt (top to bottom) | On the savannah |",
        "|---|---|---|---|---|---|---|",
    ]
    for c in cards:
        hunt = "; ".join(a.describe() for a in c.hunt) or "-"
        savannah = (
            "; ".join([p.describe() for p in c.placement] + [e.describe() for e in c.effects])
            or "-"
        )
        lines.append(
            f"| {c.name} | {c.group.replace('_', ' ')} | {c.level} | {c.copies} | "
            f"{'yes' if c.big_five else ''} | {hunt} | {savannah} |"
        )
    lines.append(f"| **total** | | | **{sum(c.copies for c in cards)}** | | | |")
    return "\n".join(lines)
