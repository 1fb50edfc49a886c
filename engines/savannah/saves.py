"""Reading a saved game back: every field checked, ``ValueError`` naming the field.

:func:`read` returns the checked parts of a position; :meth:`State.from_dict` builds it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..saves import SAVE_VERSION, V1Label, bad_field, read_envelope, read_rules, read_seed
from ..text import player_name
from .cards import Card
from .deck import PlayDeck, default_play_deck, play_deck
from .rules import Rules

__all__ = ["FIELDS", "FORMAT_VERSION", "GAME", "read"]

FORMAT_VERSION = SAVE_VERSION
"""Version of the saved form written by :meth:`State.to_dict`."""
GAME = "circle-of-life-on-the-savannah"
"""The ``"game"`` label of a save: the game's title as a slug, as every engine labels its saves."""
V1 = V1Label("game", "savannah")
"""How version 1 saves labelled the game."""
FIELDS = "rules deck seed turn current over pending row tokens tokens_left hands pile kills discard"
"""The game's own fields of the saved form (names separated by spaces), each checked by
:func:`read` after the label and the version."""


def read(data: Any) -> dict[str, Any]:
    """The checked parts of :meth:`State.to_dict`'s form (version 1 or 2): ``rules``, ``deck``,
    ``seed`` and the position's zones and counters, each under its attribute's name (``row``,
    ``pile``, ``hands``, ``tokens``, ``current``, ``pending``, ``pending_card``…)."""
    data = read_envelope(data, FIELDS, GAME, V1)
    rules = read_rules(Rules, data["rules"])
    deck = _deck(data["deck"])
    parts = _zones(data, deck, rules)
    parts["tokens"], parts["tokens_left"] = _tokens(data, parts["row"], rules)
    n = rules.players
    parts["current"] = _whole(data, "current", 0, n - 1)
    parts["turn"] = _whole(data, "turn", 0)
    over = data["over"]
    if type(over) is not bool:
        raise bad_field("over", f"{over!r} is not true or false")
    parts["over"] = over
    parts["pending"], parts["pending_card"] = _pending(data["pending"], over, parts["row"])
    if not over:
        if not parts["pile"] and not rules.equal_turns:
            raise bad_field("pile", "empty while the game is still running")
        current = parts["current"]
        if not parts["pending"] and not parts["hands"][current]:
            raise bad_field(f"hands[{current}]", "the player to move has no cards")
    return {"rules": rules, "deck": deck, "seed": read_seed(data["seed"]), **parts}


def _deck(deck_data: Any) -> PlayDeck:
    if deck_data is None:
        return default_play_deck()
    if not isinstance(deck_data, list):
        raise bad_field("deck", "must be null or a list of cards")
    try:
        return play_deck(
            [Card.from_data(c, f"card #{i}") for i, c in enumerate(deck_data, start=1)]
        )
    except ValueError as exc:
        raise bad_field("deck", str(exc)) from None


def _whole(data: Mapping[str, Any], key: str, lo: int, hi: int | None = None) -> int:
    value = data[key]
    if type(value) is not int or value < lo or (hi is not None and value > hi):
        raise bad_field(
            key,
            f"{value!r} is not a whole number from {lo}"
            + (f" to {hi}" if hi is not None else " up"),
        )
    return value


def _zones(data: Mapping[str, Any], deck: PlayDeck, rules: Rules) -> dict[str, Any]:
    """Row, pile, discard pile, hands and kill piles: every card of the deck in one of them."""
    id_list = _id_reader(deck)

    def per_player(key: str) -> list[list[str]]:
        value = data[key]
        if not isinstance(value, list) or len(value) != rules.players:
            raise bad_field(key, f"must list one entry per player ({rules.players})")
        return [id_list(v, f"{key}[{q}]") for q, v in enumerate(value)]

    parts: dict[str, Any] = {key: id_list(data[key], key) for key in ("row", "pile", "discard")}
    parts["hands"], parts["kills"] = per_player("hands"), per_player("kills")
    where: dict[str, str] = {}
    zones = [(key, parts[key]) for key in ("row", "pile", "discard")]
    zones += [
        (f"{key}[{q}]", ids) for key in ("hands", "kills") for q, ids in enumerate(parts[key])
    ]
    for zone, ids in zones:
        for c in ids:
            if c in where:
                raise bad_field(zone, f"card {c!r} is also in {where[c]!r}")
            where[c] = zone
    for c in deck.ids:
        if c not in where:
            raise bad_field("pile", f"card {c!r} is missing from every zone")
    for q, hand in enumerate(parts["hands"]):
        if len(hand) > rules.hand_size:
            raise bad_field(
                f"hands[{q}]", f"{len(hand)} cards is more than the hand size {rules.hand_size}"
            )
    return parts


def _id_reader(deck: PlayDeck) -> Callable[[Any, str], list[str]]:
    def id_list(value: Any, key: str) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
            raise bad_field(key, "must be a list of card ids")
        for c in value:
            if c not in deck.by_id:
                raise bad_field(key, f"{c!r} is not a card of the deck")
        return list(value)

    return id_list


def _tokens(
    data: Mapping[str, Any], row: list[str], rules: Rules
) -> tuple[dict[str, int], list[int]]:
    """The tokens on the row (in row order) and each player's reserve, checked together."""
    n = rules.players
    tokens = data["tokens"]
    if not isinstance(tokens, dict):
        raise bad_field("tokens", "must be a table of card id to seat")
    for c, q in tokens.items():
        if c not in row:
            raise bad_field("tokens", f"{c!r} is not on the row")
        if type(q) is not int or not 0 <= q < n:
            raise bad_field("tokens", f"seat {q!r} on {c!r} is not a player")
    on_row = {c: tokens[c] for c in row if c in tokens}
    left = data["tokens_left"]
    if (
        not isinstance(left, list)
        or len(left) != n
        or not all(type(t) is int and t >= 0 for t in left)
    ):
        raise bad_field("tokens_left", f"must list {n} whole numbers")
    for q in range(n):
        placed = sum(1 for owner in on_row.values() if owner == q)
        if left[q] + placed != rules.tokens:
            raise bad_field(
                "tokens_left",
                f"{player_name(q)} has {left[q]} in reserve "
                f"and {placed} on the row, not {rules.tokens}",
            )
    return on_row, list(left)


def _pending(pending: Any, over: bool, row: list[str]) -> tuple[int, str | None]:
    """A pending steal's count and the card that made the kill, or ``(0, None)``."""
    if pending is None:
        return 0, None
    if over:
        raise bad_field("pending", "a finished game has no pending steal")
    if not isinstance(pending, dict) or set(pending) != {"card", "count"}:
        raise bad_field("pending", "must be null or {card, count}")
    if pending["card"] not in row:
        raise bad_field("pending", f"{pending['card']!r} is not on the row")
    count = pending["count"]
    if type(count) is not int or count < 1:
        raise bad_field("pending", f"count {count!r} is not at least 1")
    return count, pending["card"]
