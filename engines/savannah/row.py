"""The savannah row: placement checks, effect conditions and regrouping (pure functions).

A row is a list of card ids, left to right; ``cards`` maps every id to its :class:`Card`.

>>> from engines.savannah.cards import load_deck
>>> from engines.savannah.deck import deck_index
>>> cards = deck_index(load_deck())
>>> placement_problem(cards["lion#1"], ["zebra#1", "cheetah#1"], cards)
'The lion may not be placed next to a predator — the rightmost card is a cheetah.'
>>> placement_problem(cards["lion#1"], ["cheetah#1", "zebra#1"], cards) is None
True
>>> regroup(["impala#1", "zebra#1", "lion#1", "gazelle#1"], cards)[0]
['zebra#1', 'lion#1', 'impala#1', 'gazelle#1']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .cards import Card, a_name
from .vocabulary import GROUPS, Condition, ordinal

__all__ = ["placement_allowed", "placement_problem", "condition_holds", "regroup", "RegroupMove"]

RegroupMove = tuple[str, int, tuple[str, ...], str]
"""``(group, level, moved card ids, anchor id)`` for one kind that moved."""


def placement_problem(card: Card, row: Sequence[str], cards: Mapping[str, Card]) -> str | None:
    """The sentence of the first placement restriction ``card`` breaks on ``row``, or None."""
    n = len(row)
    for rule in card.placement:
        k = rule.position
        if n >= k:
            other = cards[row[n - k]]
            if rule.forbids(other):
                where = "the rightmost card" if k == 1 else f"the {ordinal(k)} card from the right"
                return f"The {card.name} {rule.describe()} — {where} is {a_name(other.name + '#')}."
    return None


def placement_allowed(card: Card, row: Sequence[str], cards: Mapping[str, Card]) -> bool:
    """Whether ``card`` may be placed on ``row``: :func:`placement_problem` is None, without
    writing its sentence (legal moves are listed at every step of a search)."""
    n = len(row)
    for rule in card.placement:
        k = rule.position
        if n >= k and rule.forbids(cards[row[n - k]]):
            return False
    return True


def condition_holds(
    when: Condition,
    savannah: Sequence[str],
    tokens: Mapping[str, int],
    player: int,
    players: int,
    cards: Mapping[str, Card],
    tied_wins: bool = False,
) -> tuple[bool, str]:
    """Whether a placement effect's condition holds on ``savannah`` and a clause saying why."""
    if when.kind == "always":
        return True, ""
    if when.kind == "outnumber":
        a = sum(1 for c in savannah if cards[c].group == when.group)
        b = sum(1 for c in savannah if cards[c].group == when.than)
        ga, gb = _count(a, when.group), _count(b, when.than)
        if a > b:
            return True, f"{ga} {'outnumbers' if a == 1 else 'outnumber'} {gb}"
        return False, f"{ga} {'does' if a == 1 else 'do'} not outnumber {gb}"
    counts = [0] * players
    for c in savannah:
        owner = tokens.get(c)
        if owner is not None:
            counts[owner] += 1
    mine = counts[player]
    best_other = max((counts[q] for q in range(players) if q != player), default=0)
    holds = mine > 0 and (mine >= best_other if tied_wins else mine > best_other)
    verb = "has" if holds else "does not have"
    return holds, (
        f"its player {verb} the most animals on the savannah ({mine} against at most {best_other})"
    )


def _count(n: int, group: str) -> str:
    word = group.replace("_", " ")
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def regroup(row: Sequence[str], cards: Mapping[str, Card]) -> tuple[list[str], list[RegroupMove]]:
    """Each regrouping kind (group and level) joins the rightmost card of its kind.

    The other cards of the kind move, in their order, to just left of that rightmost card; every
    other card keeps its order.  Returns the new row and what moved.
    """
    kinds: dict[tuple[str, int], list[str]] = {}
    for c in row:
        card = cards[c]
        if card.regroups:
            kinds.setdefault((card.group, card.level), []).append(c)
    out = list(row)
    moves: list[RegroupMove] = []
    for key in sorted(kinds, key=lambda k: (GROUPS.index(k[0]), k[1])):
        members = kinds[key]
        if len(members) < 2:
            continue
        anchor = members[-1]
        a = out.index(anchor)
        run = set()
        j = a - 1
        while (
            j >= 0 and cards[out[j]].regroups and (cards[out[j]].group, cards[out[j]].level) == key
        ):
            run.add(out[j])
            j -= 1
        moved = tuple(m for m in members[:-1] if m not in run)
        if not moved:
            continue
        member_set = set(members)
        new: list[str] = []
        for c in out:
            if c == anchor:
                new.extend(members)
            elif c not in member_set:
                new.append(c)
        out = new
        moves.append((key[0], key[1], moved, anchor))
    return out, moves
