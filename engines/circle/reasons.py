"""The review's words for Circle of Life: stones eaten and cells each player may use.

:func:`why` says what the move played did (from :func:`~engines.circle.hints.explain`, which
reads the race for cells), how many stones each player has eaten, and, when the search found a
better move, what that move would have done instead.

>>> from engines.circle import State
>>> game = State.from_position({0: "E5 E6 E7 E8", 1: "C3 C4 C5"}, to_move=1)
>>> print(why(game, game.parse_action("A1"), game.parse_action("D4")))
Black A1 makes a singleton and eats nothing. Cells each player may still use: Black 54 → 52, Orange 42 → 41. Stones eaten: Orange 0, Black 0. Better D4: it makes a key and eats nothing; cells Black 54 → 43, Orange 42 → 42.
"""

from __future__ import annotations

from typing import Any

from .hints import Hint, count_stones, explain
from .rules import PLAYER_NAMES
from .solver import budget
from .solver import solve as prove
from .state import State

__all__ = ["player_names", "solve", "why"]


def player_names(players: int) -> tuple[str, ...]:
    """The players' names: Orange and Black."""
    return PLAYER_NAMES[:players]


def why(before: State, played: Any, better: Any | None) -> str:
    """What ``played`` did in ``before``, the stones eaten after it, and ``better``'s gist."""
    hint = explain(before, played)
    after = before.clone()
    after.apply(hint.cell)
    eaten = ", ".join(f"{PLAYER_NAMES[p]} {after.eaten[p]}" for p in (0, 1))
    text = f"{hint.describe()} Stones eaten: {eaten}."
    if better is None:
        return text
    return f"{text} Better {before.label(better)}: {_gist(explain(before, better))}."


def _gist(hint: Hint) -> str:
    """The better move in one clause: what it eats, what it leaves the opponent, the race."""
    art = "an" if hint.species[:1] in "aeiou" else "a"
    eats = f"eats {count_stones(hint.stones)}" if hint.eats else "eats nothing"
    if hint.wins:
        return f"it makes {art} {hint.species}, {eats} and wins at once"
    you = PLAYER_NAMES[1 - hint.player]
    parts = [f"it makes {art} {hint.species} and {eats}"]
    before, after = hint.threat_before, hint.threat_after
    if after.stones < before.stones:
        left = f"{count_stones(after.stones)}" if after.stones else "nothing"
        parts.append(f"leaves {you} {left} to eat")
    p, q = hint.player, 1 - hint.player
    parts.append(
        f"cells {PLAYER_NAMES[p]} {hint.counts_before[p]} → {hint.counts_after[p]}, "
        f"{you} {hint.counts_before[q]} → {hint.counts_after[q]}"
    )
    return "; ".join(parts)


def solve(state: State) -> tuple[int, int, tuple[str, ...]] | None:
    """The position's forced result, if :func:`~engines.circle.solver.solve` proves one within
    its :func:`~engines.circle.solver.budget`: (the winner, plies, the line as labels); the
    review's exact values.

    >>> game = State.from_position({0: "E5 E6 E7 E8", 1: ""}, to_move=1, eaten=(16, 16))
    >>> solve(game)
    (1, 1, ('D4',))
    """
    proof = prove(state, *budget(state))
    if proof is None or not proof.line:
        return None
    return proof.winner, proof.plies, tuple(state.label(c) for c in proof.line)
