"""Hints that teach: what a move eats, what threat it removes, how it changes the race.

:func:`explain` works out, for one candidate cell, everything a player would want to know in a
sentence or three; a bot (of any strength) picks the cell, :func:`explain` says why it is good.

>>> from engines.circle import replay
>>> game = replay(["E5", "E7", "A1"])          # Black to move; Orange's singleton sits at E5
>>> print(explain(game, "E6").describe())
Black E6 makes a pair that eats Orange's singleton at E5 (1 stone). It removes Orange's threat to eat Black's singleton at E7 (1 stone, from E6). Cells each player may still use: Black 58 → 58, Orange 58 → 58.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .critters import Critter
from .race import race
from .rules import PLAYER_NAMES
from .state import State

__all__ = ["Hint", "Meal", "best_meal", "count_stones", "explain", "with_mover"]

Cell = tuple[int, int]


@dataclass(frozen=True)
class Meal:
    """The biggest meal a player could make with one stone."""

    stones: int = 0
    """Stones eaten (0: nothing to eat)."""
    cell: Cell | None = None
    """Where she would place for it (the first such cell in reading order)."""
    critters: tuple[Critter, ...] = ()
    """The critters she would eat."""


@dataclass(frozen=True)
class Hint:
    """A move explained: its meal, the opponent's threat before and after, the race."""

    player: int
    """Who would move."""
    cell: Cell
    """The suggested cell."""
    label: str
    """Its label."""
    species: str
    """The critter the stone would form."""
    eats: tuple[Critter, ...]
    """The enemy critters it would eat."""
    wins: bool
    """Whether the move wins at once (capture target, or the opponent left unable to place)."""
    threat_before: Meal
    """The opponent's best meal were it her turn now."""
    threat_after: Meal
    """The opponent's best meal on her turn after the move."""
    counts_before: tuple[int, int]
    """Cells Orange and Black may use now."""
    counts_after: tuple[int, int]
    """Cells Orange and Black may use after the move."""
    outcome: str = ""
    """How the game ends if the move ends it, as a sentence ('' otherwise)."""
    labels: dict[Cell, str] | None = None
    """Labels of the cells mentioned (for sentences)."""

    @property
    def stones(self) -> int:
        """Stones the move eats."""
        return sum(c.size for c in self.eats)

    def describe(self) -> str:
        """Why the move: two or three sentences."""
        me, you = PLAYER_NAMES[self.player], PLAYER_NAMES[1 - self.player]
        art = "an" if self.species[0] in "aeiou" else "a"
        first = f"{me} {self.label} makes {art} {self.species}"
        if self.eats:
            first += f" that eats {self._critters(self.eats)} ({count_stones(self.stones)})"
        else:
            first += " and eats nothing"
        parts = [first + "."]
        if self.outcome:
            parts.append(self.outcome)
            return " ".join(parts)
        before, after = self.threat_before, self.threat_after
        if before.stones and not after.stones:
            parts.append(
                f"It removes {you}'s threat to eat {self._critters(before.critters)} "
                f"({count_stones(before.stones)}, from {self._label(before.cell)})."
            )
        elif before.stones and after.stones < before.stones:
            parts.append(
                f"It cuts {you}'s best meal from {count_stones(before.stones)} to "
                f"{count_stones(after.stones)} (at {self._label(after.cell)})."
            )
        elif after.stones:
            still = "still" if before.stones else "then"
            parts.append(
                f"{you} can {still} eat {self._critters(after.critters)} "
                f"({count_stones(after.stones)}, from {self._label(after.cell)})."
            )
        p, q = self.player, 1 - self.player
        parts.append(
            "Cells each player may still use: "
            f"{me} {self.counts_before[p]} → {self.counts_after[p]}, "
            f"{you} {self.counts_before[q]} → {self.counts_after[q]}."
        )
        return " ".join(parts)

    def _label(self, cell: Cell | None) -> str:
        return (self.labels or {}).get(cell, str(cell)) if cell is not None else "?"

    def _critters(self, critters: tuple[Critter, ...]) -> str:
        return " and ".join(
            f"{PLAYER_NAMES[c.player]}'s {c.species} at "
            + " ".join(self._label(x) for x in sorted(c.cells, key=lambda t: (t[1], t[0])))
            for c in critters
        )


def count_stones(n: int) -> str:
    """``"1 stone"``, ``"3 stones"``.

    >>> count_stones(1), count_stones(0)
    ('1 stone', '0 stones')
    """
    return "1 stone" if n == 1 else f"{n} stones"


def with_mover(state: State, player: int) -> State:
    """The same position with ``player`` to move (a fresh game starting there).

    >>> from engines.circle import replay
    >>> with_mover(replay(["E5"]), 0).current_player
    0
    """
    stones = {p: [c for cr in state.critters(p) for c in sorted(cr.cells)] for p in (0, 1)}
    return State.from_position(stones, to_move=player, eaten=state.eaten, rules=state.rules)


def best_meal(state: State, player: int | None = None) -> Meal:
    """The most stones ``player`` (default: the player to move) could eat with one stone now.

    >>> from engines.circle import replay
    >>> best_meal(replay(["E5", "E7", "A1"])).stones
    1
    """
    if player is not None and player != state.current_player:
        if state.is_over:
            return Meal()
        state = with_mover(state, player)
    best = Meal()
    for cell in state.legal_actions():
        preview = state.preview(cell)
        if preview.stones > best.stones:
            best = Meal(preview.stones, cell, preview.eats)
    return best


def explain(state: State, cell: Any) -> Hint:
    """Everything about the mover placing on ``cell`` (a (q, r) pair or a label).

    Raises ``ValueError`` with the rules' sentence when the move is not legal.
    """
    preview = state.preview(cell)
    if not preview.legal:
        raise ValueError(preview.reason)
    me = preview.player
    after = state.clone()
    after.apply(preview.cell)
    outcome = after.outcome.describe() if after.outcome is not None else ""
    threat_before = best_meal(state, 1 - me)
    threat_after = Meal() if after.is_over else best_meal(after)
    mentioned = {preview.cell, threat_before.cell, threat_after.cell}
    for meal in (threat_before, threat_after):
        mentioned.update(x for c in meal.critters for x in c.cells)
    mentioned.update(x for c in preview.eats for x in c.cells)
    labels = {c: state.label(c) for c in mentioned if c is not None}
    return Hint(
        player=me,
        cell=preview.cell,
        label=state.label(preview.cell),
        species=preview.species or "",
        eats=preview.eats,
        wins=after.winner == me,
        threat_before=threat_before,
        threat_after=threat_after,
        counts_before=race(state).counts,
        counts_after=race(after).counts,
        outcome=outcome,
        labels=labels,
    )
