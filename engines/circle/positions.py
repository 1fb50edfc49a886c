"""Setting a game up from a position: hand-built, from a save, or its own start (a part of
:class:`~engines.circle.state.State`).

Every value is checked on the way in; ``ValueError`` names the field, the stone and what is
wrong with it, so a bad save or a typo in a teaching position says where it is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Self

from .board import on_board
from .board import parse_label as _parse_label
from .events import CAPTURE_TARGET
from .outcome import Outcome
from .rules import PLAYER_NAMES, Rules
from .saves import cell_value, pair_of_counts


class Positions:
    """The position-building methods of :class:`~engines.circle.state.State` (a mixin; no
    state of its own)."""

    __slots__ = ()

    @classmethod
    def from_position(
        cls,
        stones: Mapping[int, Any] | Sequence[Any],
        to_move: int | None = None,
        eaten: Sequence[int] = (0, 0),
        rules: Rules | None = None,
    ) -> Self:
        """A game starting from a hand-built position (for teaching, puzzles and tests).

        ``stones`` gives each player's cells, as ``{0: cells, 1: cells}`` or ``[cells, cells]``;
        cells are (q, r) pairs or labels, and a string of labels separated by spaces works too.
        ``to_move`` defaults to ``rules.first_player``.  Critters adjacent to their prey are
        fine (predation only happens when a stone is placed).  ``ValueError`` names the problem.

        >>> from engines.circle import State
        >>> game = State.from_position({0: "E5 E6", 1: "D5"}, to_move=1)
        >>> [c.species for c in game.critters()], game.current_player
        (['singleton', 'pair'], 1)
        """
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise ValueError(f"rules must be a Rules object, not {type(rules).__name__}.")
        state = cls(rules)
        if isinstance(stones, Mapping):
            unknown = [k for k in stones if type(k) is not int or k not in (0, 1)]
            if unknown:
                raise ValueError(f"stones: players are 0 and 1, not {unknown[0]!r}.")
            lists = [stones.get(0, ()), stones.get(1, ())]
        elif isinstance(stones, Sequence) and not isinstance(stones, str) and len(stones) == 2:
            lists = [stones[0], stones[1]]
        else:
            raise ValueError("stones must give each player's cells: {0: [...], 1: [...]}.")
        to_move = rules.first_player if to_move is None else to_move
        state._setup(lists, to_move, eaten, "", labels=True)
        return state

    @classmethod
    def from_cells(
        cls, stones: Any, to_move: Any, eaten: Any, rules: Rules, seed: int | None, field: str
    ) -> Self:
        """A game from a start position as a save gives it: two lists of [q, r] pairs (no
        labels), every value required; ``ValueError`` starts with ``field`` and the value."""
        state = cls(rules, seed)
        state._setup(stones, to_move, eaten, field)
        return state

    def _setup(
        self, lists: Sequence[Any], to_move: Any, eaten: Any, prefix: str, labels: bool = False
    ) -> None:
        """Put a start position on this fresh state, validating everything.

        ``labels``: whether cells may be given as labels (hand-built positions) or must be
        [q, r] pairs (saves).
        """
        b = self._b
        radius = self.rules.radius
        placed: list[list[int]] = [[], []]
        for p in (0, 1):
            field = f"{prefix}stones[{p}]"
            items = lists[p]
            if isinstance(items, str) and labels:
                items = items.split()
            if not isinstance(items, Iterable) or isinstance(items, (str, Mapping)):
                raise ValueError(f"{field} must be a list of cells, not {items!r}.")
            for n, cell in enumerate(items):
                where = f"{field}[{n}]"
                if isinstance(cell, str) and labels:
                    try:
                        cell = _parse_label(cell, radius)
                    except ValueError as err:
                        raise ValueError(f"{where}: {err}") from None
                cell = cell_value(cell, where)
                if not on_board(cell, radius):
                    raise ValueError(f"{where}: {cell!r} is not on the board of radius {radius}.")
                i = b.index[cell]
                if self._owner[i] >= 0:
                    raise ValueError(f"{where}: {b.labels[i]} has two stones on it.")
                self._owner[i] = p
                placed[p].append(i)
        # Group the stones into critters and check their sizes.
        for p in (0, 1):
            for i in placed[p]:
                if self._crit[i]:
                    continue
                group = 1 << i
                todo = [i]
                while todo:
                    c = todo.pop()
                    for j in b.nbrs[c]:
                        if self._owner[j] == p and not group >> j & 1:
                            group |= 1 << j
                            todo.append(j)
                if group.bit_count() > 4:
                    where = " ".join(b.labels[c] for c in sorted(_members(group)))
                    raise ValueError(
                        f"{prefix}stones[{p}]: {PLAYER_NAMES[p]}'s critter at {where} has "
                        f"{group.bit_count()} stones; a critter has at most 4."
                    )
                for c in _members(group):
                    self._crit[c] = group
                self._occ[p] |= group
        self._empties = [i for i in range(b.size) if self._owner[i] < 0]
        self._pos = [-1] * b.size
        for k, i in enumerate(self._empties):
            self._pos[i] = k
        self._eaten = pair_of_counts(eaten, f"{prefix}eaten")
        if type(to_move) is not int or to_move not in (0, 1):
            raise ValueError(f"{prefix}to_move must be 0 or 1, not {to_move!r}.")
        self._player = to_move
        self._start = (
            tuple(sorted(placed[0])),
            tuple(sorted(placed[1])),
            (self._eaten[0], self._eaten[1]),
            to_move,
        )
        self._outcome = None
        target = self.rules.capture_target
        reached = [p for p in (0, 1) if self._eaten[p] >= target]
        if len(reached) == 2:
            raise ValueError(f"{prefix}eaten: both players cannot have reached the target.")
        if reached:
            p = reached[0]
            self._outcome = Outcome.won(p, CAPTURE_TARGET, tuple(self._eaten), target)
        elif not self._has_legal(to_move):
            self._outcome = self._stuck_outcome(to_move)

    def start_position(self) -> Self:
        """A new state at this game's start position (empty board, or the hand-built one)."""
        state = type(self)(self.rules, self.seed)
        s0, s1, eaten, to_move = self._start
        if s0 or s1 or eaten != (0, 0) or to_move != self.rules.first_player:
            cells = self._b.cells
            state._setup([[cells[i] for i in s0], [cells[i] for i in s1]], to_move, eaten, "start.")
        return state


def _members(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
