"""Making games: a shuffled deal, a replay, a determinized deal for search, a hand-built position."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence

from engines.protocol import play_all

from ..saves import header
from .cards import Card
from .deck import PlayDeck, play_deck
from .moves import Move
from .rules import Rules
from .saves import GAME
from .state import Observation, State

# ---------------------------------------------------------------------------- building


def new_game(
    rules: Rules | None = None, seed: int | None = None, deck: Sequence[Card] | None = None
) -> State:
    """Shuffle, deal ``hand_size`` cards to each player and ``start_row`` cards face up.

    ``seed`` None picks a fresh one (kept in ``state.seed``); ``deck`` None is the packaged deck.
    """
    rules = rules if rules is not None else Rules()
    info = play_deck(deck)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    ids = list(info.ids)
    random.Random(seed).shuffle(ids)
    return State.dealt(rules, info, ids, seed)


def replay(
    actions: Iterable[Move | str],
    rules: Rules | None = None,
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
) -> State:
    """The state after playing ``actions`` (moves or their text) from ``new_game(rules, seed, deck)``.

    Raises :class:`engines.IllegalAction` naming the first illegal move.

    >>> replay(["play meerkat#1"], seed=2).row[-1]
    'meerkat#1'
    """
    return play_all(new_game(rules, seed, deck), actions)


def determinize(obs: Observation, rng: random.Random) -> State:
    """A full state consistent with ``obs``: the unseen cards shuffled into the other hands and
    the pile.  Reads nothing but the observation (for search bots)."""
    return State.from_observation(obs, rng)


def make_state(
    row: Sequence[str] = (),
    hands: Sequence[Sequence[str]] | None = None,
    *,
    kills: Sequence[Sequence[str]] | None = None,
    discard: Sequence[str] = (),
    pile: Sequence[str] = (),
    leftover: str = "pile",
    current: int = 0,
    rules: Rules | None = None,
    over: bool = False,
    deck: Sequence[Card] | None = None,
) -> State:
    """Build a position from card names, for tests, lessons and puzzles.

    Each entry is a card name (``'zebra'``: the lowest-numbered unused copy), or an id
    (``'zebra#3'``), optionally followed by ``@seat`` on the row to put that seat's token on it
    (``'zebra@1'``: seat 1, "Player 2").  ``pile`` lists the next cards drawn, first drawn
    first; every card not placed goes under them (``leftover='pile'``, in deck order) or on the
    discard pile (``leftover='discard'``).  Players default to ``len(hands)`` (or 2).
    """
    hands = [list(h) for h in hands] if hands is not None else [[], []]
    if rules is None:
        rules = Rules(players=len(hands))
    if len(hands) != rules.players:
        raise ValueError(f"{len(hands)} hands given for {rules.players} players")
    info = play_deck(deck)
    take = _card_taker(info)
    row_ids, tokens = _row_with_tokens(row, take, rules.players)
    hand_ids = [[take(e) for e in h] for h in hands]
    kill_ids = [[take(e) for e in k] for k in (kills or [[] for _ in hands])]
    discard_ids = [take(e) for e in discard]
    pile_ids = [take(e) for e in pile]
    used = {*row_ids, *discard_ids, *pile_ids, *(c for ids in hand_ids + kill_ids for c in ids)}
    rest = [c for c in info.ids if c not in used]
    if leftover == "pile":
        pile_ids += rest
    elif leftover == "discard":
        discard_ids += rest
    else:
        raise ValueError(f"leftover {leftover!r} is not 'pile' or 'discard'")
    on_row = [sum(1 for q in tokens.values() if q == p) for p in range(rules.players)]
    data = {
        **header(GAME),
        "rules": rules.to_dict(),
        "deck": None if info.is_default else [c.to_data() for c in info.cards],
        "seed": None,
        "turn": 0,
        "current": current,
        "over": over,
        "pending": None,
        "row": row_ids,
        "tokens": tokens,
        "tokens_left": [rules.tokens - k for k in on_row],
        "hands": hand_ids,
        "pile": pile_ids[::-1],
        "kills": kill_ids,
        "discard": discard_ids,
    }
    return State.from_dict(data)


def _card_taker(info: PlayDeck) -> Callable[[str], str]:
    """A function from a card name or id (``'zebra'``, ``'zebra#3'``, ``'zebra@1'``) to an
    unused card id of ``info``, each id given out once."""
    free = {card.name: card.ids() for card in info.cards}
    used: set[str] = set()

    def take(entry: str) -> str:
        name = entry.split("@")[0].strip()
        if "#" in name:
            if name not in info.by_id or name in used:
                raise ValueError(f"card {name!r} is unknown or already used")
            cid = name
        else:
            if name not in free:
                raise ValueError(f"no card called {name!r} in the deck")
            left = [c for c in free[name] if c not in used]
            if not left:
                raise ValueError(f"all {len(free[name])} copies of {name!r} are already used")
            cid = left[0]
        used.add(cid)
        return cid

    return take


def _row_with_tokens(
    row: Sequence[str], take: Callable[[str], str], players: int
) -> tuple[list[str], dict[str, int]]:
    """The row's card ids and the seat of each ``@seat`` token on them."""
    row_ids, tokens = [], {}
    for entry in row:
        cid = take(entry)
        row_ids.append(cid)
        if "@" in entry:
            seat = entry.split("@")[1].strip()
            if not seat.isdigit() or int(seat) >= players:
                raise ValueError(
                    f"{entry!r}: {seat!r} after '@' is not a seat from 0 to {players - 1}"
                )
            tokens[cid] = int(seat)
    return row_ids, tokens
