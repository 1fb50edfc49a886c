"""Saved drafts: the format, and reading one back with every field checked."""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from ..cells import is_connected
from ..saves import read_envelope, read_rules, read_seed
from .cards import CardType, _sort, card_from_code
from .park import Park
from .rules import HAND_SIZE, PICKS_PER_ROUND, ROUNDS, Rules, _full_deck
from .scoring import score

if TYPE_CHECKING:
    from .state import State

FORMAT = "ecosystem-savanna-state"
"""The ``format`` field of a saved state."""
VERSION = 1
"""The ``version`` field of a saved state; :meth:`State.from_dict` reads this version."""
FIELDS = "format version rules seed round turn parks hands picked discards stock"
"""The fields of a saved state (names separated by spaces), each checked by :func:`load`."""


# ---- loading -------------------------------------------------------------------------


def _sized(value: Any, field: str, size: int, what: str) -> list[Any]:
    """``value`` as a list of ``size`` entries; ``what`` says what it must hold."""
    if not isinstance(value, list) or len(value) != size:
        raise ValueError(f"{field}: must hold {what}")
    return value


def load(cls: type[State], data: Any) -> State:
    """Restore :meth:`State.to_dict` output; ``ValueError`` names the first bad field."""
    read_envelope(data, FIELDS, "format", FORMAT, VERSION)
    rules = read_rules(Rules, data["rules"])
    seed = read_seed(data["seed"])
    n, names = rules.players, rules.park_names
    slots = len(names)

    def whole(field: str, lo: int, hi: int) -> int:
        value = data[field]
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise ValueError(f"{field}: must be a whole number from {lo} to {hi}, not {value!r}")
        return value

    rnd = whole("round", 0, ROUNDS)
    turn = whole("turn", 0, PICKS_PER_ROUND - 1)
    over = rnd == ROUNDS
    if over and turn != 0:
        raise ValueError("turn: must be 0 once the game is over")

    def cards(value: Any, field: str) -> list[CardType]:
        if not isinstance(value, list):
            raise ValueError(f"{field}: must be a list of card codes")
        out = []
        for i, code in enumerate(value):
            try:
                out.append(card_from_code(code) if isinstance(code, str) else card_from_code(None))
            except ValueError:
                raise ValueError(f"{field}[{i}]: unknown card code {code!r}") from None
        return out

    # picked
    picked_raw = data["picked"]
    if not isinstance(picked_raw, list) or len(picked_raw) != n:
        raise ValueError(f"picked: must list the parks picked this turn for each of {n} players")
    picked = []
    for p, entry in enumerate(picked_raw):
        if (
            not isinstance(entry, list)
            or any(
                isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < slots for s in entry
            )
            or len(set(entry)) != len(entry)
        ):
            raise ValueError(
                f"picked[{p}]: must be a list of distinct park numbers 0 to {slots - 1}"
            )
        picked.append(sum(1 << s for s in entry))
    full = (1 << slots) - 1
    current: int | None = None
    if not over:
        current = next((p for p in range(n) if picked[p] != full), None)
        if current is None:
            raise ValueError("picked: every player has picked, but the turn did not end")
        for p in range(current + 1, n):
            if picked[p]:
                raise ValueError(
                    f"picked[{p}]: picks go in player order; player {current} has not finished"
                )
    elif any(picked):
        raise ValueError("picked: must be empty once the game is over")

    # parks
    parks: list[list[Park]] = []
    for p, entry in enumerate(_sized(data["parks"], "parks", n, f"{n} players' parks")):
        row = []
        for s, text in enumerate(_sized(entry, f"parks[{p}]", slots, f"{slots} park text(s)")):
            field = f"parks[{p}][{s}]"
            try:
                park = Park.parse(text)
            except ValueError as exc:
                raise ValueError(f"{field}: {exc}") from None
            if park.flipped:
                raise ValueError(f"{field}: cards are face down only during scoring")
            size = PICKS_PER_ROUND * min(rnd, ROUNDS) + (0 if over else turn + (picked[p] >> s & 1))
            if len(park) != size:
                raise ValueError(f"{field}: expected {size} cards at this point, found {len(park)}")
            if not _connected(park):
                raise ValueError(f"{field}: the cards must form one group of orthogonal neighbours")
            row.append(park)
        parks.append(row)

    # hands
    hands: list[list[list[CardType]]] = []
    for s, entry in enumerate(
        _sized(data["hands"], "hands", slots, f"{slots} list(s) of {n} hands")
    ):
        row = []
        for holder, hand in enumerate(_sized(entry, f"hands[{s}]", n, f"{n} hands")):
            field = f"hands[{s}][{holder}]"
            got = cards(hand, field)
            size = 0 if over else HAND_SIZE - turn - (picked[holder] >> s & 1)
            if len(got) != size:
                raise ValueError(f"{field}: expected {size} cards at this point, found {len(got)}")
            row.append(_sort(got))
        hands.append(row)

    discards = cards(data["discards"], "discards")
    if len(discards) != n * slots * rnd:
        raise ValueError(f"discards: expected {n * slots * rnd} cards, found {len(discards)}")
    stock = cards(data["stock"], "stock")
    dealt = n * slots * HAND_SIZE * min(rnd + 1, ROUNDS)
    size = rules.decks * rules.deck_size - dealt
    if len(stock) != size:
        raise ValueError(f"stock: expected {size} undealt cards, found {len(stock)}")

    every = Counter(stock) + Counter(discards)
    for row in hands:
        for hand in row:
            every.update(hand)
    for row in parks:
        for park in row:
            every.update(card for card in park if card is not None)
    deck = Counter(_full_deck(rules))
    for card in CardType:
        if every[card] != deck[card]:
            raise ValueError(
                f"stock: the game's {rules.decks} deck(s) hold {deck[card]} {card.plural}, "
                f"but the saved state has {every[card]}"
            )

    state = cls.__new__(cls)
    state.rules = rules
    state.seed = seed
    state._rng = random.Random(seed)
    state._round = rnd
    state._turn = turn
    state._parks = parks
    state._hands = hands
    state._picked = picked
    state._current = current
    state._discards = discards
    state._stock = stock
    state._sheet = score(state.parks, rules) if over else None
    state._quiet = False
    return state


def _connected(park: Park) -> bool:
    return is_connected((cell for cell, _ in park.cards()), ((-1, 0), (1, 0), (0, -1), (0, 1)))
