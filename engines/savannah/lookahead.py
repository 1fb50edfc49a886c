"""Exhaustive look-ahead over one turn (and the next player's reply): the puzzles' prover.

A *turn* is the card played (or discarded) and, after a scavenger's kill, every way of taking
its steal.  Cards are compared by name (two zebras are one choice).  A player's *gain* over a
turn is how much her score, counted as if the game ended (``State.totals``), rises from the
start of her turn to its end, leaving out the card she draws at the end (it is the same card
whichever she plays).  The reading is in ``docs/rules/savannah.md`` ("Puzzles").

>>> from engines.savannah import make_state
>>> start = make_state(["impala", "zebra@1"], [["lion", "termite", "ostrich"], ["jackal"]])
>>> sorted(gains(start).items())
[('lion', 15), ('ostrich', 11), ('termite', 13)]
"""

from __future__ import annotations

from collections.abc import Iterator

from .cards import name_of
from .moves import Move, Play
from .state import State

__all__ = [
    "big_five_alive",
    "card_choices",
    "forced_to_human",
    "gain",
    "gains",
    "reply_ends",
    "turn_ends",
]


def card_choices(state: State) -> dict[str, Move]:
    """The mover's choices by card name (one move per name), in hand order."""
    out: dict[str, Move] = {}
    if state.is_over or state.pending_steal:
        return out
    for move in state.legal_actions():
        out.setdefault(name_of(move.card), move)
    return out


def _finish(state: State) -> Iterator[State]:
    """Every end of a turn whose card is played: each distinct way of taking the steals."""
    if not state.pending_steal or state.is_over:
        yield state
        return
    seen: set[tuple[int, str]] = set()
    mover = state.current_player
    for move in state.legal_actions():
        victim = next(q for q in range(state.players) if move.card in state.kill_pile(q))
        key = (victim, name_of(move.card))
        if key in seen:
            continue
        seen.add(key)
        after = state.clone()
        after.apply_quiet(move)
        if after.current_player == mover and after.pending_steal:
            yield from _finish(after)
        else:
            yield after


def turn_ends(state: State, move: Move) -> list[State]:
    """The positions at the end of the mover's turn after ``move``, one per way of stealing."""
    after = state.clone()
    after.apply_quiet(move)
    return list(_finish(after))


def gain(before: State, after: State, player: int) -> int:
    """``player``'s score rise from ``before`` to ``after``, leaving out the cards she drew."""
    drawn = [c for c in after.hand(player) if c not in before.hand(player)]
    penalty = sum(after.card(c).points.in_hand for c in drawn)
    return after.totals()[player] - before.totals()[player] - penalty


def gains(state: State) -> dict[str, int]:
    """Each card name's best gain this turn for the mover (the best steal taken)."""
    p = state.current_player
    return {
        name: max(gain(state, end, p) for end in turn_ends(state, move))
        for name, move in card_choices(state).items()
    }


def reply_ends(end: State) -> list[tuple[str, State]]:
    """The next player's every reply from ``end``: (her card's name, the end of her turn)."""
    if end.is_over:
        return []
    return [
        (name, reply) for name, move in card_choices(end).items() for reply in turn_ends(end, move)
    ]


def big_five_alive(state: State, player: int) -> tuple[str, ...]:
    """The Big Five cards on the row bearing ``player``'s token."""
    big = state.big_five()
    return tuple(c for c in state.alive(player) if name_of(c) in big)


def forced_to_human(end: State) -> bool:
    """Whether the player to move at ``end`` holds a card other than a human but may play only
    her human cards."""
    if end.is_over or end.pending_steal:
        return False
    q = end.current_player
    hand = end.hand(q)
    if all(end.card(c).group == "human" for c in hand):
        return False
    moves = end.legal_actions()
    return bool(moves) and all(
        isinstance(m, Play) and end.card(m.card).group == "human" for m in moves
    )
