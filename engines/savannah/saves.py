"""Reading a saved game back: every field checked, ``ValueError`` naming the field."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..saves import quoted, read_envelope, read_rules, read_seed
from .cards import Card
from .deck import _deck_for, _default_deck
from .events import (
    player_name,
)
from .rules import Rules

if TYPE_CHECKING:
    from .state import State

FORMAT_VERSION = 1
"""Version of the saved form written by :meth:`State.to_dict`."""
FIELDS = (
    "game version rules deck seed turn current over pending row tokens tokens_left hands pile "
    "kills discard"
)
"""The fields of the saved form (names separated by spaces), each checked by :func:`load`."""


def load(cls: type[State], data: Any) -> State:
    """Rebuild a :class:`State` from :meth:`State.to_dict`'s form; ``ValueError`` names the field."""
    read_envelope(data, FIELDS, "game", "savannah", FORMAT_VERSION, quoted)
    rules = read_rules(Rules, data["rules"], quoted)
    deck_data = data["deck"]
    if deck_data is None:
        deck = _default_deck()
    else:
        if not isinstance(deck_data, list):
            raise ValueError("field 'deck': must be null or a list of cards")
        try:
            deck = _deck_for(
                [Card.from_data(c, f"card #{i}") for i, c in enumerate(deck_data, start=1)]
            )
        except ValueError as exc:
            raise ValueError(f"field 'deck': {exc}") from None
    n = rules.players

    def int_field(key: str, lo: int, hi: int | None = None) -> int:
        value = data[key]
        if type(value) is not int or value < lo or (hi is not None and value > hi):
            raise ValueError(
                f"field {key!r}: {value!r} is not a whole number from {lo}"
                + (f" to {hi}" if hi is not None else " up")
            )
        return value

    def id_list(value: Any, key: str) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
            raise ValueError(f"field {key!r}: must be a list of card ids")
        for c in value:
            if c not in deck.by_id:
                raise ValueError(f"field {key!r}: {c!r} is not a card of the deck")
        return list(value)

    def per_player(key: str) -> list[list[str]]:
        value = data[key]
        if not isinstance(value, list) or len(value) != n:
            raise ValueError(f"field {key!r}: must list one entry per player ({n})")
        return [id_list(v, f"{key}[{q}]") for q, v in enumerate(value)]

    state = cls(rules, deck)
    state._row = id_list(data["row"], "row")
    state._pile = id_list(data["pile"], "pile")
    state._discard = id_list(data["discard"], "discard")
    state._hands = per_player("hands")
    state._kills = per_player("kills")
    where: dict[str, str] = {}
    zones = [("row", state._row), ("pile", state._pile), ("discard", state._discard)]
    zones += [(f"hands[{q}]", h) for q, h in enumerate(state._hands)]
    zones += [(f"kills[{q}]", k) for q, k in enumerate(state._kills)]
    for zone, ids in zones:
        for c in ids:
            if c in where:
                raise ValueError(f"field {zone!r}: card {c!r} is also in {where[c]!r}")
            where[c] = zone
    for c in deck.ids:
        if c not in where:
            raise ValueError(f"field 'pile': card {c!r} is missing from every zone")
    for q, hand in enumerate(state._hands):
        if len(hand) > rules.hand_size:
            raise ValueError(
                f"field 'hands[{q}]': {len(hand)} cards is more than the hand "
                f"size {rules.hand_size}"
            )
    tokens = data["tokens"]
    if not isinstance(tokens, dict):
        raise ValueError("field 'tokens': must be a table of card id to seat")
    for c, q in tokens.items():
        if c not in state._row:
            raise ValueError(f"field 'tokens': {c!r} is not on the row")
        if type(q) is not int or not 0 <= q < n:
            raise ValueError(f"field 'tokens': seat {q!r} on {c!r} is not a player")
    state._tokens = {c: tokens[c] for c in state._row if c in tokens}
    left = data["tokens_left"]
    if (
        not isinstance(left, list)
        or len(left) != n
        or not all(type(t) is int and t >= 0 for t in left)
    ):
        raise ValueError(f"field 'tokens_left': must list {n} whole numbers")
    for q in range(n):
        on_row = sum(1 for owner in state._tokens.values() if owner == q)
        if left[q] + on_row != rules.tokens:
            raise ValueError(
                f"field 'tokens_left': {player_name(q)} has {left[q]} in reserve "
                f"and {on_row} on the row, not {rules.tokens}"
            )
    state._tokens_left = list(left)
    state._current = int_field("current", 0, n - 1)
    state._turn = int_field("turn", 0)
    over = data["over"]
    if type(over) is not bool:
        raise ValueError(f"field 'over': {over!r} is not true or false")
    state._over = over
    state.seed = read_seed(data["seed"], quoted)
    pending = data["pending"]
    if pending is not None:
        if over:
            raise ValueError("field 'pending': a finished game has no pending steal")
        if not isinstance(pending, dict) or set(pending) != {"card", "count"}:
            raise ValueError("field 'pending': must be null or {card, count}")
        if pending["card"] not in state._row:
            raise ValueError(f"field 'pending': {pending['card']!r} is not on the row")
        count = pending["count"]
        if type(count) is not int or count < 1:
            raise ValueError(f"field 'pending': count {count!r} is not at least 1")
        if not state._steal_choices(state._current):
            raise ValueError("field 'pending': there is no card to steal")
        state._pending, state._pending_card = count, pending["card"]
    if not over:
        if not state._pile and not rules.equal_turns:
            raise ValueError("field 'pile': empty while the game is still running")
        if pending is None and not state._hands[state._current]:
            raise ValueError(f"field 'hands[{state._current}]': the player to move has no cards")
    return state
