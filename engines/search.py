"""One information-set Monte Carlo tree search (ISMCTS) for every game.

Each *iteration* draws one full world consistent with what the player to move can see
(``determinize``), walks one shared tree choosing by UCB1 among the moves available in that
world (with availability counts, so a move that is often missing is not under-explored), adds
one node, plays the world out with the game's rollout policy and backs up each player's return
to the nodes that player moved into.  The root move visited most is chosen.

A game plugs in through a :class:`SearchGame`; the defaults use only the uniform game
protocol (``determinize``, ``legal_actions``, ``apply``, ``returns``), and a game may supply
faster moves, a rollout policy (returns in [0, 1] per player, e.g. a score margin on top of
the win share) and *priors*: heuristic values that order expansion, narrow wide nodes
(progressive widening) and bias selection (progressive bias).

>>> from engines.circle import Rules, new_game
>>> from engines.circle.bots import CircleSearch
>>> search = ISMCTS(CircleSearch(), iterations=200, seed=1)
>>> game = new_game(Rules(radius=2))
>>> move = search.choose(game)
>>> move in game.legal_actions(), search.stats.iterations <= 200
(True, True)

A fresh search with the same seed and iteration budget repeats the choice exactly:

>>> ISMCTS(CircleSearch(), iterations=200, seed=1).choose(game) == move
True

A search stops early when ``should_stop()`` says so, and returns its best move so far:

>>> calls = iter(range(10**6))
>>> move = ISMCTS(CircleSearch(), seconds=60, seed=1).choose(game, lambda: next(calls) >= 50)
>>> move in game.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["ISMCTS", "SearchGame", "SearchStats", "check_budget"]

_NO_STATS_ACTIONS: tuple[tuple[Any, int], ...] = ()


@dataclass(frozen=True)
class SearchStats:
    """What the last search did.

    >>> SearchStats(iterations=0, seconds=0.0).visits_of("A1")
    0
    """

    iterations: int
    """Iterations run (one iteration: determinize, select, expand, roll out, back up)."""
    seconds: float
    """Wall-clock seconds the search took."""
    visits: tuple[tuple[Any, int], ...] = _NO_STATS_ACTIONS
    """Root visits per action (the game's action values), most visited first."""
    best_action: Any = None
    """The action chosen."""
    win_rate: float = 0.0
    """Mean return of the chosen action for the player to move (0 to 1; 0 if not searched)."""
    stopped: bool = False
    """Whether ``should_stop`` ended the search before its budget ran out."""
    returns: tuple[float, ...] = ()
    """Each player's mean return over the iterations through the chosen action: the search's
    root value, player by player (empty if not searched)."""
    action_returns: tuple[tuple[Any, tuple[float, ...]], ...] = ()
    """Each root action's mean return per player, in the order of :attr:`visits`."""

    def visits_of(self, action: Any) -> int:
        """Root visits of one action (0 if the search never tried it)."""
        return next((n for a, n in self.visits if a == action), 0)


class SearchGame:
    """How the search reaches a game; the defaults use the uniform game protocol.

    A *move* is what the tree stores: by default the action itself; a game may use a cheaper
    key (a cell number, one key for interchangeable card copies) and map it back with
    :meth:`action`.  Subclasses override what they can do faster or better.
    """

    prior_after: int = 0
    """Visits a node needs before :meth:`priors` is asked for it (the root always asks)."""

    fixed_moves: bool = False
    """Whether a node's :meth:`moves` are the same list in every world that reaches it (a game
    with nothing hidden and no chance, whose worlds are copies of one position): the tree then
    asks once per node instead of at every visit, the same search for less work."""

    def observe(self, state: Any, player: int) -> Any:
        """What ``player`` may see of ``state``, taken once per search (default: the state)."""
        return state

    def determinize(self, seen: Any, player: int, rng: random.Random) -> Any:
        """A private full world consistent with what ``player`` sees (hidden cards from rng);
        ``seen`` is what :meth:`observe` returned."""
        return seen.determinize(player, rng)

    def moves(self, world: Any) -> list[Any]:
        """The moves of the player to move in ``world`` (hashable, in a fixed order)."""
        return world.legal_actions()

    def play(self, world: Any, move: Any) -> None:
        """Make ``move`` in ``world`` (in place)."""
        world.apply(move)

    def action(self, world: Any, move: Any) -> Any:
        """The game action a move stands for in ``world``."""
        return move

    def mover(self, world: Any) -> int | None:
        """Who moves in ``world`` (``None`` when it is over)."""
        return world.current_player

    def move_of(self, world: Any, action: Any) -> Any:
        """The move that stands for game ``action`` in ``world`` (the inverse of :meth:`action`)."""
        return action

    def rollout(self, world: Any, rng: random.Random) -> Sequence[float]:
        """Play ``world`` on and return every player's return, 0 to 1.  ``world`` is the
        iteration's own: the playout may change it in place or go on from copies of it."""
        while not world.is_over:
            legal = world.legal_actions()
            world.apply(legal[int(rng.random() * len(legal))])
        return world.returns()

    def priors(self, world: Any, moves: list[Any]) -> list[float] | None:
        """Heuristic values of ``moves`` for the mover, about 0 to 1, or None for no heuristic."""
        return None

    def shortcut(self, world: Any, moves: list[Any]) -> Any | None:
        """A move to play at once without searching (e.g. an immediate win), or None."""
        return None


def check_budget(iterations: Any, seconds: Any) -> None:
    """Raise ``ValueError`` unless the budget is a positive whole number and/or positive seconds.

    >>> check_budget(None, None)
    Traceback (most recent call last):
    ...
    ValueError: give an iteration budget or seconds per move (or both).
    """
    if iterations is None and seconds is None:
        raise ValueError("give an iteration budget or seconds per move (or both).")
    if iterations is not None and (
        isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1
    ):
        raise ValueError(f"iterations must be a whole number of at least 1, not {iterations!r}.")
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0
    ):
        raise ValueError(f"seconds must be a positive number, not {seconds!r}.")


class _Node:
    __slots__ = ("children", "visits", "value", "avail", "priors", "totals", "moves")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.value = 0.0
        self.avail = 0
        self.priors: dict[Any, float] | None = None
        self.totals: list[float] | None = None  # every player's returns summed (root children)
        self.moves: list[Any] | None = None  # the node's moves, kept when the game's are fixed


class ISMCTS:
    """Information-set MCTS over a :class:`SearchGame`; see the module docstring.

    Budget: ``iterations`` (deterministic for a seed) and/or ``seconds`` per move, whichever
    runs out first.  With an iteration budget the search also stops once no other root move
    can overtake the most visited one.  ``exploration`` is the UCB1 constant; ``bias`` weighs
    the game's priors in selection (``bias * prior / (visits + 1)``); ``widening`` (with
    priors) lets a node with n visits consider only its ``1 + widening * sqrt(n)`` best-prior
    moves, so wide nodes are searched deep instead of only broad.
    """

    def __init__(
        self,
        game: SearchGame | None = None,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        seed: int | None = None,
        exploration: float = 0.7,
        bias: float = 0.0,
        widening: float | None = None,
    ):
        check_budget(iterations, seconds)
        self.game = game if game is not None else SearchGame()
        """The game's hooks."""
        self.iterations = iterations
        """Iterations per move (``None``: only ``seconds`` counts)."""
        self.seconds = seconds
        """Seconds per move (``None``: only ``iterations`` counts)."""
        self.exploration = exploration
        """UCB1 exploration constant."""
        self.bias = bias
        """Weight of the game's priors in selection."""
        self.widening = widening
        """Progressive widening factor (``None``: every move at once)."""
        self.rng = random.Random(seed)
        """The search's own random generator (worlds, expansion, rollouts)."""
        self.stats = SearchStats(iterations=0, seconds=0.0)
        """What the last :meth:`choose` did."""

    def __repr__(self) -> str:
        return (
            f"ISMCTS({type(self.game).__name__}(), iterations={self.iterations!r}, "
            f"seconds={self.seconds!r}, exploration={self.exploration!r}, bias={self.bias!r}, "
            f"widening={self.widening!r})"
        )

    def choose(self, state: Any, should_stop: Callable[[], bool] | None = None) -> Any:
        """The action to play for the player to move; ``should_stop()`` is asked between
        iterations (every few milliseconds) and ends the search with its best move so far."""
        start = time.perf_counter()
        player, seen, first, root_moves = self._root(state)
        game = self.game
        quick = root_moves[0] if len(root_moves) == 1 else game.shortcut(first, root_moves)
        if quick is not None:
            action = game.action(first, quick)
            self.stats = SearchStats(0, time.perf_counter() - start, (), action, 0.0, False)
            return action
        self._run(start, player, seen, first, root_moves, should_stop, early=True)
        return self.stats.best_action

    def analyse(
        self,
        state: Any,
        only: Sequence[Any] | None = None,
        should_stop: Callable[[], bool] | None = None,
    ) -> SearchStats:
        """Search ``state`` for its values, not for a move to play: the whole budget is spent
        (no shortcut, no early stop once the choice is clear), and with ``only`` (game actions)
        the root considers those actions alone, so a move the search would not try gets a
        value all the same.  Returns (and keeps) the :class:`SearchStats`; their ``returns``
        are every player's value of the best root action searched."""
        start = time.perf_counter()
        player, seen, first, root_moves = self._root(state)
        if only is not None:
            wanted = {self.game.move_of(first, action) for action in only}
            root_moves = [m for m in root_moves if m in wanted]
            if not root_moves:
                raise ValueError("None of the actions to analyse is legal here.")
        self._run(start, player, seen, first, root_moves, should_stop, early=False)
        return self.stats

    def _root(self, state: Any) -> tuple[int, Any, Any, list[Any]]:
        game = self.game
        player = game.mover(state)
        if player is None:
            raise ValueError("The game is over; there is no move to choose.")
        seen = game.observe(state, player)
        first = game.determinize(seen, player, self.rng)
        root_moves = game.moves(first)
        if not root_moves:
            raise ValueError("There is no legal move to choose.")
        return player, seen, first, root_moves

    def _run(
        self,
        start: float,
        player: int,
        seen: Any,
        first: Any,
        root_moves: list[Any],
        should_stop: Callable[[], bool] | None,
        early: bool,
    ) -> None:
        game = self.game
        rng = self.rng
        root = _Node()
        root.priors = self._priors(first, root_moves)
        allowed = None if early else frozenset(root_moves)
        budget = self.iterations
        deadline = None if self.seconds is None else start + self.seconds
        clock = time.perf_counter
        n = 0
        stopped = False
        while True:
            if budget is not None:
                if n >= budget:
                    break
                if early and n % 16 == 0 and n and _decided(root, budget - n):
                    break
            if n:
                if deadline is not None and clock() >= deadline:
                    break
                if should_stop is not None and should_stop():
                    stopped = True
                    break
            self._iterate(root, game.determinize(seen, player, rng), rng, allowed)
            n += 1
        self._finish(root, first, root_moves, n, clock() - start, stopped)

    def _priors(self, world: Any, moves: list[Any]) -> dict[Any, float] | None:
        values = self.game.priors(world, moves)
        return None if values is None else dict(zip(moves, values, strict=True))

    def _iterate(
        self, root: _Node, world: Any, rng: random.Random, allowed: frozenset | None = None
    ) -> None:
        game = self.game
        c = self.exploration
        bias = self.bias
        widening = self.widening
        log = math.log
        sqrt = math.sqrt
        fixed = game.fixed_moves
        node = root
        path: list[tuple[_Node, int]] = []
        while True:
            mover = game.mover(world)
            if mover is None:
                break
            moves = node.moves
            if moves is None:
                moves = game.moves(world)
                if allowed is not None and node is root:
                    moves = [m for m in moves if m in allowed] or moves
                if fixed:
                    node.moves = moves
            children = node.children
            if node.priors is None and node.visits >= game.prior_after and node is not root:
                node.priors = self._priors(world, moves) or {}
            priors = node.priors or None
            untried = [m for m in moves if m not in children]
            if untried and widening is not None and priors is not None:
                tried = len(moves) - len(untried)
                if tried and tried >= 1 + widening * sqrt(node.visits):
                    untried = []
            if untried:
                if priors is not None:
                    move = max(untried, key=lambda m: priors.get(m, -1.0))
                else:
                    move = untried[int(rng.random() * len(untried))]
                child = children[move] = _Node()
                for m in moves:
                    other = children.get(m)
                    if other is not None:
                        other.avail += 1
                game.play(world, move)
                path.append((child, mover))
                node = child
                break
            best = None
            best_value = -math.inf
            for m in moves:
                child = children.get(m)
                if child is None:
                    continue
                child.avail += 1
                v = child.visits
                value = child.value / v + c * sqrt(log(child.avail) / v)
                if priors is not None:
                    value += bias * priors.get(m, 0.0) / (v + 1)
                if value > best_value:
                    best, best_value = m, value
            node = children[best]
            game.play(world, best)
            path.append((node, mover))
        returns = game.rollout(world, rng)
        root.visits += 1
        for visited, mover in path:
            visited.visits += 1
            visited.value += returns[mover]
        first = path[0][0]
        if first.totals is None:
            first.totals = list(returns)
        else:
            totals = first.totals
            for k, v in enumerate(returns):
                totals[k] += v

    def _finish(
        self,
        root: _Node,
        world: Any,
        moves: list[Any],
        iterations: int,
        seconds: float,
        stopped: bool,
    ) -> Any:
        game = self.game
        ranked = sorted(
            (m for m in moves if m in root.children),
            key=lambda m: (root.children[m].visits, root.children[m].value),
            reverse=True,
        )
        if not ranked:  # stopped before the first iteration finished
            ranked = [moves[0]]
        best = ranked[0]
        node = root.children.get(best)
        action = game.action(world, best)
        self.stats = SearchStats(
            iterations=iterations,
            seconds=seconds,
            visits=tuple((game.action(world, m), root.children[m].visits) for m in ranked),
            best_action=action,
            win_rate=node.value / node.visits if node is not None and node.visits else 0.0,
            stopped=stopped,
            returns=_means(node),
            action_returns=tuple(
                (game.action(world, m), _means(root.children.get(m))) for m in ranked
            ),
        )
        return action


def _means(node: _Node | None) -> tuple[float, ...]:
    if node is None or node.totals is None or not node.visits:
        return ()
    return tuple(t / node.visits for t in node.totals)


def _decided(root: _Node, remaining: int) -> bool:
    """Whether the most visited root move must stay so for ``remaining`` more iterations."""
    first = second = 0
    for child in root.children.values():
        v = child.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > remaining
