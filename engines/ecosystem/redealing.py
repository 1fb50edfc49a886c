"""Dealing a draft's unseen cards again: a new start that plays the same picks.

A saved draft holds its whole deal; whoever wrote the file chose it.  :func:`redeal` keeps
what the picks have shown — each card picked, from the very hand it was picked from, and
every hand of a finished round (its last cards were discarded face up) — and deals every
other card again from ``rng``: the rest of the hands of the round being played, the next
round's hands and the cards never dealt.  The same picks are then legal in the same order
(a pick needs only its card in the hand it is made from) and fill the same parks.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from engines.protocol import play_all

from .cards import CardType, sort_cards
from .rules import HAND_SIZE, ROUNDS
from .state import Pick, State

__all__ = ["redeal"]


def _picked_from(start: State, picks: Sequence[Pick]) -> dict[tuple[int, int, int], Counter]:
    """Which cards were picked from each hand: by (round, park slot, its holder when the round
    was dealt, or at ``start`` in ``start``'s round).  A hand held by ``h`` then is held by
    ``(h + passes * direction) % players`` after that many passes."""
    state, n = start.clone(), start.players
    names = start.rules.park_names
    picked: dict[tuple[int, int, int], Counter] = {}
    for pick in picks:
        p = state.current_player
        passes = state.turn - (start.turn if state.round == start.round else 0)
        dealt_to = (p - passes * state.direction(pick.park)) % n
        key = (state.round, names.index(pick.park), dealt_to)
        picked.setdefault(key, Counter())[pick.card] += 1
        state.apply(pick)
    return picked


def redeal(start: State, picks: Sequence[Pick | str], rng: random.Random) -> State:
    """``start`` with every card no pick has shown dealt again from ``rng`` (its seed drawn
    from ``rng`` too); ``picks`` played from it stay legal and fill the same parks.

    >>> from engines.ecosystem import new_game, replay
    >>> start = new_game(seed=1)
    >>> picks = [start.legal_actions()[0]]
    >>> again = redeal(start, picks, random.Random(7))
    >>> again.hand(0) != start.hand(0), picks[0].card in again.hand(0)
    (True, True)
    >>> play_all(again.clone(), picks).park(0) == play_all(start.clone(), picks).park(0)
    True
    """
    picks = [start.parse_action(p) if isinstance(p, str) else p for p in picks]
    live = play_all(start.clone(), picks, "Pick")
    shown_round = ROUNDS if live.is_over else live.round  # rounds before it are all shown
    picked = _picked_from(start, picks)
    data = start.to_dict()
    n, slots, r0 = start.players, len(start.rules.park_names), start.round
    held = [[start.hand(h, park) for h in range(n)] for park in start.rules.park_names]
    stock = [CardType(c) for c in data["stock"]]
    dealt = [(r0, s, h, list(held[s][h])) for s in range(slots) for h in range(n)]
    later = range(r0 + 1, ROUNDS)  # the rounds the stock deals, slot by slot, holder by holder
    for i, (r, k) in enumerate((r, k) for r in later for k in range(slots * n)):
        dealt.append((r, k // n, k % n, stock[i * HAND_SIZE : (i + 1) * HAND_SIZE]))
    rest = stock[len(later) * slots * n * HAND_SIZE :]
    kept = {
        (r, s, h): Counter(cards) if r < shown_round else picked.get((r, s, h), Counter())
        for r, s, h, cards in dealt
    }
    pool = [c for _r, _s, _h, cards in dealt for c in cards] + rest
    pool = list((Counter(pool) - sum(kept.values(), Counter())).elements())
    rng.shuffle(pool)
    hands = {}
    for r, s, h, cards in dealt:
        fixed = list(kept[(r, s, h)].elements())
        hands[(r, s, h)] = fixed + [pool.pop() for _ in range(len(cards) - len(fixed))]
    data["hands"] = [
        [[c.code for c in sort_cards(hands[(r0, s, h)])] for h in range(n)] for s in range(slots)
    ]
    to_deal = [c for r in later for k in range(slots * n) for c in hands[(r, k // n, k % n)]]
    data["stock"] = [c.code for c in to_deal + pool]
    data["seed"] = rng.randrange(2**32)
    return State.from_dict(data)
