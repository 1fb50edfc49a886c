"""Circle of Life solved exactly where it is small enough: a proof search for a forced win.

:func:`solve` looks for a win by force for either side within a number of plies, deepening
one ply at a time (so the first proof found is the shortest), with a transposition table of
the positions already settled and the game's own fast path (cell numbers).  A win is proved
when the mover has a move after which every reply loses; a loss when every move of the
mover's is answered by a proved win.  Nothing is guessed: a position the search cannot settle
within its ``nodes`` budget is ``None``.  Circle has no draw, so a proof is the whole truth
about the position.

Orange and Black have each eaten 16 stones of 20; E8 gives Orange a 4-line that a Black
singleton beside it eats, so after E8 Black wins at once:

>>> from engines.circle import State
>>> game = State.from_position({0: "E5 E6 E7", 1: ""}, to_move=0, eaten=(16, 16))
>>> _ = game.apply(game.parse_action("E8"))
>>> proof = solve(game)
>>> proof.winner, proof.plies, [game.label(c) for c in proof.line]
(1, 1, ['D4'])
>>> solve(State.from_position({0: "E5", 1: "C3"}, to_move=0)) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from .events import NO_LEGAL_PLACEMENT
from .state import State

__all__ = ["FEW", "MAX_PLIES", "NODES", "Proof", "budget", "solve"]

Cell = tuple[int, int]

NODES = 1_000
"""Positions :func:`solve` may visit by default before it gives up (about 30 ms)."""

MAX_PLIES = 5
"""The longest forced win :func:`solve` looks for by default (moves of both sides)."""

FEW = 8
"""Legal cells a player has at most for the late game, where :func:`budget` gives more."""

LATE = (10_000, 9)
"""The late game's nodes and plies (about 0.3 s a position; measured in docs/findings.md)."""

_WIN, _LOSS = 1, -1


class _OutOfNodes(Exception):
    """The search used its budget."""


@dataclass(frozen=True)
class Proof:
    """A forced result: who wins, in how many plies at most, and a line that shows it.

    >>> Proof(1, 1, ((3, 0),), 4)
    Proof(winner=1, plies=1, line=((3, 0),), nodes=4)
    """

    winner: int
    """The player who wins by force (0 Orange, 1 Black)."""
    plies: int
    """Moves of both sides, at most, until the win (the shortest win the search found)."""
    line: tuple[Cell, ...]
    """The winner's quickest win against the loser's longest defence, from the position."""
    nodes: int
    """Positions the search visited."""


class _Search:
    """One proof search: its node budget and the positions already settled."""

    def __init__(self, nodes: int):
        self.budget = nodes
        self.nodes = 0
        self.settled: dict[tuple, tuple[int, int]] = {}  # key -> (result for mover, plies)
        self.open: dict[tuple, int] = {}  # key -> deepest search that settled nothing

    def result(self, s: State, depth: int) -> tuple[int, int] | None:
        """(+1 the mover wins / -1 she loses, in plies) within ``depth`` plies, or None."""
        key = s.position_key()
        known = self.settled.get(key)
        if known is not None:
            return known if known[1] <= depth else None
        if self.open.get(key, -1) >= depth:
            return None
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfNodes
        found = self._expand(s, depth)
        if found is None:
            self.open[key] = depth
        else:
            self.settled[key] = found
        return found

    def _expand(self, s: State, depth: int) -> tuple[int, int] | None:
        me = s.current_player
        need = s.rules.capture_target - s.eaten[me]
        moves = s.legal_indices(ordered=True)
        meals = {i: s.meal(i, me) for i in moves}
        ends = self._endings(s, moves)
        if (moves and max(meals.values()) >= need) or me in ends:
            return _WIN, 1
        if depth <= 1:
            return (_LOSS, 1) if len(ends) == len(moves) else None
        moves.sort(key=lambda i: -meals[i])
        longest, unknown = 0, False
        for i in moves:
            child = s.fast_clone()
            child.play_index(i)
            if child.outcome is not None:  # the opponent is left without a legal cell
                if child.outcome.winner == me:
                    return _WIN, 1
                longest = max(longest, 1)
                continue
            below = self.result(child, depth - 1)
            if below is None:
                unknown = True
            elif below[0] == _LOSS:
                return _WIN, below[1] + 1
            else:
                longest = max(longest, below[1] + 1)
        return None if unknown else (_LOSS, longest)

    @staticmethod
    def _endings(s: State, moves: list[int]) -> list[int]:
        """The winners of the moves that leave the opponent without a legal cell (each stone
        takes one cell, so only when she has one at most now)."""
        if s.has_legal(1 - s.current_player, more_than=1):
            return []
        winners = []
        for i in moves:
            child = s.fast_clone()
            child.play_index(i)
            if child.outcome is not None and child.outcome.termination == NO_LEGAL_PLACEMENT:
                winners.append(child.outcome.winner)
        return winners

    def line(self, s: State) -> list[int]:
        """The settled line from ``s``: the winner's quickest move, the loser's longest."""
        line: list[int] = []
        s = s.fast_clone()
        while s.outcome is None:
            moves = s.legal_indices(ordered=True)
            me = s.current_player
            need = s.rules.capture_target - s.eaten[me]
            now = next((i for i in moves if s.meal(i, me) >= need), None)
            if now is not None:
                return [*line, now]
            choice = self._pick(s, moves)
            if choice is None:
                return line
            line.append(choice)
            s.play_index(choice)
        return line

    def _pick(self, s: State, moves: list[int]) -> int | None:
        """The move the table says keeps to the proof (quickest win, else longest loss)."""
        best, best_key = None, None
        for i in moves:
            child = s.fast_clone()
            child.play_index(i)
            if child.outcome is not None:
                key = (1, 0) if child.outcome.winner == s.current_player else (-1, -1)
            else:
                known = self.settled.get(child.position_key())
                if known is None:
                    continue
                key = (1, -known[1]) if known[0] == _LOSS else (-1, known[1])
            if best_key is None or key > best_key:
                best, best_key = i, key
        return best


def _hopeless(counts: list[int], nodes: int) -> bool:
    """Whether the next depth, its work grown as the last depth's grew, would pass ``nodes``.
    Such a depth runs out of nodes having proved nothing (a proof the late budget finds takes
    a few hundred nodes; a depth that fails takes 4-6 times the one before), so it is not
    started: the late game's failed attempts cost a third less (docs/findings.md).

    >>> _hopeless([0, 1, 18, 156, 1227, 5702], 10_000), _hopeless([0, 1, 6, 26, 70], 10_000)
    (True, False)
    """
    if len(counts) < 4:
        return False
    last, before = counts[-1] - counts[-2], counts[-2] - counts[-3]
    return counts[-1] + last * last / max(1, before) > nodes


def budget(state: State) -> tuple[int, int]:
    """The nodes and plies worth spending on ``state``: :data:`LATE` once either player has at
    most :data:`FEW` legal cells (mobility endgames end by a player left without one), else
    :data:`NODES` and :data:`MAX_PLIES`.

    >>> budget(State()), budget(State.from_position({0: "A1 A2 B1", 1: ""}, to_move=1))
    ((1000, 5), (1000, 5))
    """
    few = min(len(state.legal_indices(p, ordered=False)) for p in (0, 1)) <= FEW
    return LATE if few else (NODES, MAX_PLIES)


def solve(state: State, nodes: int = NODES, max_plies: int = MAX_PLIES) -> Proof | None:
    """The forced result of ``state`` within ``max_plies`` plies, or None when there is none
    that short or the search would visit more than ``nodes`` positions."""
    if state.is_over:
        return None
    search = _Search(nodes)
    counts = [0]  # the nodes visited after each depth
    try:
        for depth in range(1, max_plies + 1):
            if _hopeless(counts, nodes):
                return None
            found = search.result(state, depth)
            if found is not None:
                break
            counts.append(search.nodes)
        else:
            return None
    except _OutOfNodes:
        return None
    mover = state.current_player
    winner = mover if found[0] == _WIN else 1 - mover
    cells = state.board.cells
    line = tuple(cells[i] for i in search.line(state))
    return Proof(winner, found[1], line, search.nodes)
