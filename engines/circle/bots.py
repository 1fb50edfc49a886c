"""Computer players for Circle of Life: ``bot.choose(state) -> cell``.

Every bot holds its own seeded ``random.Random`` and nothing else between moves, so the
same seed on the same game gives the same moves.

>>> from engines.circle import new_game
>>> game = new_game()
>>> RandomBot(seed=3).choose(game) in game.legal_actions()
True
>>> MCTSBot(iterations=50, seed=1).choose(game) in game.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import time

from .state import State

__all__ = ["GreedyBot", "MCTSBot", "RandomBot", "play_match"]

Cell = tuple[int, int]

WIN = 10_000
"""Score of a move that wins at once (far above any material swing)."""


def _check_playable(state: State) -> None:
    if state.is_over:
        raise ValueError("The game is over; there is no move to choose.")


class RandomBot:
    """Places on a legal cell chosen uniformly at random."""

    name = "Random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        """The bot's own random generator."""

    def choose(self, state: State) -> Cell:
        """A uniformly random legal cell."""
        _check_playable(state)
        return self.rng.choice(state.legal_actions())

    def __repr__(self) -> str:
        return "RandomBot()"


class GreedyBot:
    """Best immediate material swing; ties broken by the no-placement rule, then at random.

    For each legal cell it works out the *swing*: stones eaten now, minus the most stones the
    opponent could eat with her best reply (a move that wins outright counts as ±10 000).
    Among equal swings it prefers the move that brings the game's no-placement rule its way:
    with the rulebook's rule (having no legal cell wins) it keeps the fewest legal cells for
    itself relative to the opponent, as the rulebook's strategy tips advise; with the option
    turned round it keeps the most.  Remaining ties are broken by the bot's seeded generator.
    """

    name = "Greedy"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        """The bot's own random generator (tie-breaks only)."""

    def choose(self, state: State) -> Cell:
        """The cell with the best (swing, mobility) score."""
        _check_playable(state)
        me = state._player
        you = 1 - me
        sign = -1 if state.rules.no_placement_wins else 1
        best: list[int] = []
        best_key: tuple[int, int] | None = None
        for i in state._legal_indices():
            child = state._fast_clone()
            before = child._eaten[me]
            child._play(i)
            if child._outcome is not None:
                swing = WIN if child._outcome.winner == me else -WIN
                key = (swing, 0)
            else:
                gain = child._eaten[me] - before
                threat = 0
                need = state.rules.capture_target - child._eaten[you]
                for j in child._legal_indices(you):
                    meal = child._meal(j, you)
                    if meal >= need:
                        threat = WIN
                        break
                    threat = max(threat, meal)
                mobility = len(child._legal_indices(me)) - len(child._legal_indices(you))
                key = (gain - threat, sign * mobility)
            if best_key is None or key > best_key:
                best_key, best = key, [i]
            elif key == best_key:
                best.append(i)
        return state._b.cells[self.rng.choice(best)]

    def __repr__(self) -> str:
        return "GreedyBot()"


class _Node:
    __slots__ = ("move", "parent", "children", "untried", "wins", "visits", "mover")

    def __init__(self, move: int, parent: _Node | None, mover: int, untried: list[int] | None):
        self.move = move
        self.parent = parent
        self.children: list[_Node] = []
        self.untried = untried
        self.wins = 0.0
        self.visits = 0
        self.mover = mover  # the player who made `move`


class MCTSBot:
    """Monte Carlo tree search (UCT) with uniformly random playouts.

    Give an ``iterations`` budget (deterministic for a seed) or a ``time_limit`` in seconds
    per move, or both (whichever runs out first); with neither, 1000 iterations.  Before
    searching it plays a move that wins at once if there is one, and it returns the only
    legal move without searching.  With an iteration budget it stops as soon as no other move
    can overtake the most visited one in the iterations left, which gives the same move
    sooner.  The tree is rebuilt for every move.
    """

    name = "MCTS"

    def __init__(
        self,
        iterations: int | None = None,
        time_limit: float | None = None,
        seed: int | None = None,
        c: float = 0.9,
    ):
        if iterations is None and time_limit is None:
            iterations = 1000
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise ValueError(
                f"iterations must be a whole number of at least 1, not {iterations!r}."
            )
        if time_limit is not None and (
            isinstance(time_limit, bool)
            or not isinstance(time_limit, (int, float))
            or not time_limit > 0
        ):
            raise ValueError(
                f"time_limit must be a positive number of seconds, not {time_limit!r}."
            )
        if isinstance(c, bool) or not isinstance(c, (int, float)) or not c >= 0:
            raise ValueError(f"c must be a number of at least 0, not {c!r}.")
        self.iterations = iterations
        """Playouts per move (``None``: only the time limit counts)."""
        self.time_limit = time_limit
        """Seconds per move (``None``: only the iteration budget counts)."""
        self.c = c
        """UCT exploration constant."""
        self.rng = random.Random(seed)
        """The bot's own random generator (expansion order and playouts)."""
        self.last_iterations = 0
        """How many iterations the last :meth:`choose` ran."""

    def choose(self, state: State) -> Cell:
        """The most visited move after the search."""
        _check_playable(state)
        cells = state._b.cells
        legal = state._legal_indices()
        self.last_iterations = 0
        if len(legal) == 1:
            return cells[legal[0]]
        me = state._player
        need = state.rules.capture_target - state._eaten[me]
        for i in legal:
            if state._meal(i, me) >= need:
                return cells[i]
        root = _Node(-1, None, 1 - me, legal[:])
        rng = self.rng
        rand = rng.random
        log = math.log
        sqrt = math.sqrt
        c = self.c
        budget = self.iterations
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        n = 0
        while True:
            if budget is not None:
                if n >= budget:
                    break
                if n % 64 == 0 and n and _decided(root, budget - n):
                    break
            if deadline is not None and n and time.perf_counter() >= deadline:
                break
            n += 1
            node = root
            s = state._fast_clone()
            # Selection: descend through fully expanded nodes by UCB1.  A node lists its
            # moves only when first reached again: most leaves are visited once.
            while True:
                untried = node.untried
                if untried is None:
                    untried = node.untried = (
                        [] if s._outcome is not None else s._legal_indices(ordered=False)
                    )
                if untried or not node.children:
                    break
                scale = c * sqrt(log(node.visits))
                best = None
                best_value = -1.0
                for child in node.children:
                    value = child.wins / child.visits + scale / sqrt(child.visits)
                    if value > best_value:
                        best, best_value = child, value
                node = best  # type: ignore[assignment]
                s._play(node.move)
            # Expansion: one new child, chosen at random.
            if node.untried and s._outcome is None:
                k = int(rand() * len(node.untried))
                move = node.untried[k]
                node.untried[k] = node.untried[-1]
                node.untried.pop()
                mover = s._player
                s._play(move)
                child = _Node(move, node, mover, None)
                node.children.append(child)
                node = child
            # Simulation and back-propagation.
            winner = s._outcome.winner if s._outcome is not None else s._rollout(rng, [])
            while node is not None:
                node.visits += 1
                if node.mover == winner:
                    node.wins += 1.0
                node = node.parent
        self.last_iterations = n
        best = max(root.children, key=lambda ch: (ch.visits, ch.wins))
        return cells[best.move]

    def __repr__(self) -> str:
        return (
            f"MCTSBot(iterations={self.iterations!r}, time_limit={self.time_limit!r}, c={self.c!r})"
        )


def _decided(root: _Node, remaining: int) -> bool:
    """Whether the most visited root move is certain to stay so for ``remaining`` iterations."""
    first = second = 0
    for child in root.children:
        v = child.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > remaining


def play_match(bots: list, state: State, *, max_moves: int = 10_000) -> State:
    """Play one game to its end from ``state`` (in place) with ``bots[p]`` moving for player p.

    >>> from engines.circle import Rules, new_game
    >>> end = play_match([RandomBot(1), RandomBot(2)], new_game(Rules(radius=2)))
    >>> end.is_over
    True
    """
    for _ in range(max_moves):
        if state.is_over:
            break
        state.apply(bots[state.current_player].choose(state))
    return state
