"""Saved drafts: the format, and reading one back with every field checked."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..cells import is_connected
from ..saves import SAVE_VERSION, V1Label, bad_field, read_envelope, read_rules, read_seed
from .cards import CardType, card_from_code, sort_cards
from .park import Park
from .rules import HAND_SIZE, PICKS_PER_ROUND, ROUNDS, Rules, full_deck

GAME = "ecosystem-savanna"
"""The ``"game"`` label of a save: the game's title as a slug, as every engine labels its saves."""
V1 = V1Label("format", "ecosystem-savanna-state")
"""How version 1 saves labelled the game."""
VERSION = SAVE_VERSION
"""The ``version`` of a saved state; :meth:`State.from_dict` reads it and version 1."""
FIELDS = "rules seed round turn parks hands picked discards stock"
"""The game's own fields of a saved state (names separated by spaces), each checked by
:func:`read` after the label and the version."""


# ---- loading -------------------------------------------------------------------------


def _sized(value: Any, field: str, size: int, what: str) -> list[Any]:
    """``value`` as a list of ``size`` entries; ``what`` says what it must hold."""
    if not isinstance(value, list) or len(value) != size:
        raise bad_field(field, f"must hold {what}")
    return value


def read(data: Any) -> dict[str, Any]:
    """The checked parts of :meth:`State.to_dict` output (version 1 or 2), each under its
    attribute's name (``rules``, ``seed``, ``round``, ``turn``, ``parks``, ``hands``, ``picked``
    as bit masks, ``current``, ``discards``, ``stock``); ``ValueError`` names the first bad
    field."""
    data = read_envelope(data, FIELDS, GAME, v1=V1)
    rules = read_rules(Rules, data["rules"])
    seed = read_seed(data["seed"])
    rnd = _whole(data, "round", 0, ROUNDS)
    turn = _whole(data, "turn", 0, PICKS_PER_ROUND - 1)
    over = rnd == ROUNDS
    if over and turn != 0:
        raise bad_field("turn", "must be 0 once the game is over")
    picked, current = _picked(data["picked"], rules, over)
    parts = {"rules": rules, "seed": seed, "round": rnd, "turn": turn}
    parts |= {"picked": picked, "current": current}
    parts["parks"] = _parks(data["parks"], parts)
    parts["hands"] = _hands(data["hands"], parts)
    parts["discards"] = _cards(data["discards"], "discards")
    slots = len(rules.park_names)
    if len(parts["discards"]) != rules.players * slots * rnd:
        raise bad_field(
            "discards",
            f"expected {rules.players * slots * rnd} cards, found {len(parts['discards'])}",
        )
    parts["stock"] = _cards(data["stock"], "stock")
    dealt = rules.players * slots * HAND_SIZE * min(rnd + 1, ROUNDS)
    size = rules.decks * rules.deck_size - dealt
    if len(parts["stock"]) != size:
        raise bad_field("stock", f"expected {size} undealt cards, found {len(parts['stock'])}")
    _check_every_card(parts)
    return parts


def _whole(data: Any, field: str, lo: int, hi: int) -> int:
    value = data[field]
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise bad_field(field, f"must be a whole number from {lo} to {hi}, not {value!r}")
    return value


def _cards(value: Any, field: str) -> list[CardType]:
    if not isinstance(value, list):
        raise bad_field(field, "must be a list of card codes")
    out = []
    for i, code in enumerate(value):
        try:
            out.append(card_from_code(code) if isinstance(code, str) else card_from_code(None))
        except ValueError:
            raise bad_field(f"{field}[{i}]", f"unknown card code {code!r}") from None
    return out


def _picked(picked_raw: Any, rules: Rules, over: bool) -> tuple[list[int], int | None]:
    """Per player, the parks picked this turn as bits; and whose pick it is (None once over)."""
    n, slots = rules.players, len(rules.park_names)
    if not isinstance(picked_raw, list) or len(picked_raw) != n:
        raise bad_field("picked", f"must list the parks picked this turn for each of {n} players")
    picked = []
    for p, entry in enumerate(picked_raw):
        if (
            not isinstance(entry, list)
            or any(
                isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < slots for s in entry
            )
            or len(set(entry)) != len(entry)
        ):
            raise bad_field(
                f"picked[{p}]", f"must be a list of distinct park numbers 0 to {slots - 1}"
            )
        picked.append(sum(1 << s for s in entry))
    full = (1 << slots) - 1
    if over:
        if any(picked):
            raise bad_field("picked", "must be empty once the game is over")
        return picked, None
    current = next((p for p in range(n) if picked[p] != full), None)
    if current is None:
        raise bad_field("picked", "every player has picked, but the turn did not end")
    for p in range(current + 1, n):
        if picked[p]:
            raise bad_field(
                f"picked[{p}]", f"picks go in player order; player {current} has not finished"
            )
    return picked, current


def _parks(value: Any, parts: dict[str, Any]) -> list[list[Park]]:
    rules, rnd, turn, picked = parts["rules"], parts["round"], parts["turn"], parts["picked"]
    n, slots, over = rules.players, len(rules.park_names), parts["current"] is None
    parks: list[list[Park]] = []
    for p, entry in enumerate(_sized(value, "parks", n, f"{n} players' parks")):
        row = []
        for s, text in enumerate(_sized(entry, f"parks[{p}]", slots, f"{slots} park text(s)")):
            field = f"parks[{p}][{s}]"
            try:
                park = Park.parse(text)
            except ValueError as exc:
                raise bad_field(field, str(exc)) from None
            if park.flipped:
                raise bad_field(field, "cards are face down only during scoring")
            size = PICKS_PER_ROUND * min(rnd, ROUNDS) + (0 if over else turn + (picked[p] >> s & 1))
            if len(park) != size:
                raise bad_field(field, f"expected {size} cards at this point, found {len(park)}")
            if not _connected(park):
                raise bad_field(field, "the cards must form one group of orthogonal neighbours")
            row.append(park)
        parks.append(row)
    return parks


def _hands(value: Any, parts: dict[str, Any]) -> list[list[list[CardType]]]:
    rules, turn, picked = parts["rules"], parts["turn"], parts["picked"]
    n, slots, over = rules.players, len(rules.park_names), parts["current"] is None
    hands: list[list[list[CardType]]] = []
    for s, entry in enumerate(_sized(value, "hands", slots, f"{slots} list(s) of {n} hands")):
        row = []
        for holder, hand in enumerate(_sized(entry, f"hands[{s}]", n, f"{n} hands")):
            field = f"hands[{s}][{holder}]"
            got = _cards(hand, field)
            size = 0 if over else HAND_SIZE - turn - (picked[holder] >> s & 1)
            if len(got) != size:
                raise bad_field(field, f"expected {size} cards at this point, found {len(got)}")
            row.append(sort_cards(got))
        hands.append(row)
    return hands


def _check_every_card(parts: dict[str, Any]) -> None:
    """Stock, discards, hands and parks together hold exactly the game's decks."""
    rules = parts["rules"]
    every = Counter(parts["stock"]) + Counter(parts["discards"])
    for row in parts["hands"]:
        for hand in row:
            every.update(hand)
    for row in parts["parks"]:
        for park in row:
            every.update(card for card in park if card is not None)
    deck = Counter(full_deck(rules))
    for card in CardType:
        if every[card] != deck[card]:
            raise bad_field(
                "stock",
                f"the game's {rules.decks} deck(s) hold {deck[card]} {card.plural}, "
                f"but the saved state has {every[card]}",
            )


def _connected(park: Park) -> bool:
    return is_connected((cell for cell, _ in park.cards()), ((-1, 0), (1, 0), (0, -1), (0, 1)))
