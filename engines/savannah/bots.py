"""Bots for On the Savannah; each has ``choose(state) -> move`` and a seed.

- :class:`RandomBot` picks any legal move.
- :class:`GreedyBot` looks one move ahead: the move after which her score lead (her total minus
  the best other total, scoring the position as if the game ended) is largest.
- :class:`MCTSBot` is a determinized information-set MCTS: every iteration it deals the cards it
  cannot see (other hands, the pile) at random from the unseen cards, then searches one shared
  tree.  It reads only ``state.observation(me)``, never the hidden hands or the pile.

>>> from engines.savannah import Rules, new_game
>>> state = new_game(Rules(players=3), seed=1)
>>> move = MCTSBot(iterations=20, seed=0).choose(state)
>>> move in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from .cards import name_of
from .moves import Move, Steal
from .setup import determinize
from .state import Observation, State

__all__ = ["RandomBot", "GreedyBot", "MCTSBot", "move_key"]


def move_key(move: Move, state: State) -> tuple[Any, ...]:
    """What a move means, independent of which copy of a card it uses.

    ``Play('zebra#1')`` and ``Play('zebra#3')`` are the same choice; a steal also names whose
    kill pile it robs.
    """
    if isinstance(move, Steal):
        victim = next(q for q in range(state.players) if move.card in state.kill_pile(q))
        return ("steal", victim, name_of(move.card))
    return (type(move).__name__, name_of(move.card))


def _distinct(moves: list[Move], state: State) -> list[Move]:
    """One move per distinct meaning (see :func:`move_key`), in order."""
    seen, out = set(), []
    for m in moves:
        key = move_key(m, state)
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out


def _lead(totals: list[int], player: int) -> int:
    return totals[player] - max(t for q, t in enumerate(totals) if q != player)


class RandomBot:
    """Plays a uniformly random legal move."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        """The bot's own random source."""

    def choose(self, state: State) -> Move:
        """A random legal move."""
        return self.rng.choice(state.legal_actions())


class GreedyBot:
    """One-ply lookahead on the end-score formula: maximise her lead after the move.

    The lead is her total minus the best other player's total, scoring the position as if the
    game ended right after the move.  (The card drawn at the end of the move is the same
    whichever move she makes, so it does not sway the choice.)  Ties: the bot's seeded random.
    """

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        """Breaks ties between equally good moves."""

    def evaluate(self, state: State, move: Move) -> int:
        """Her lead after ``move``."""
        player = state.current_player
        after = state.clone()
        after.apply(move)
        return _lead(after.totals(), player)

    def choose(self, state: State) -> Move:
        """The move with the best lead."""
        moves = _distinct(state.legal_actions(), state)
        scored = [(self.evaluate(state, m), m) for m in moves]
        best = max(v for v, _ in scored)
        return self.rng.choice([m for v, m in scored if v == best])


class _Node:
    __slots__ = ("children", "visits", "reward", "avail", "player")

    def __init__(self, player: int | None):
        self.children: dict[tuple[Any, ...], _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1
        self.player = player  # who made the move leading here


class MCTSBot:
    """Determinized information-set MCTS (single observer, UCB with availability counts).

    Each iteration samples the unseen cards from the bot's observation, walks the shared tree
    with UCB1 among the moves available in that sample, adds one node, plays ``rollout_depth``
    random moves (or to the end), scores the position with the end-score formula and backs up a
    reward in [0, 1] per player: 0.6 for leading (shared leads split it) plus 0.4 scaled by her
    lead over the best other player.  The move tried most often at the root is chosen.
    """

    def __init__(
        self,
        iterations: int = 300,
        seed: int | None = None,
        exploration: float = 0.7,
        time_limit: float | None = None,
        rollout_depth: int | None = 8,
    ):
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        self.iterations = iterations
        """Iteration budget per move."""
        self.exploration = exploration
        """The UCB1 exploration constant."""
        self.time_limit = time_limit
        """Optional seconds per move; the search stops at whichever budget runs out first."""
        self.rng = random.Random(seed)
        """The bot's own random source (deals the unseen cards, breaks ties, plays out)."""
        self.rollout_depth = rollout_depth
        """Random moves played after the tree before scoring the position as if the game ended
        (None: play to the end)."""
        self.last_visits: dict[tuple[Any, ...], int] = {}
        """Root visit counts of the last choice, by move key (for inspection and tests)."""

    def choose(self, state: State) -> Move:
        """Search from what the player to move sees; return one of her legal moves."""
        player = state.current_player
        if player is None:
            raise ValueError("the game is over")
        return self.choose_from(state.observation(player))

    def choose_from(self, obs: Observation) -> Move:
        """Search from an observation (the bot never needs more)."""
        rng = self.rng
        root = _Node(None)
        first = determinize(obs, rng)
        moves = _distinct(first.legal_actions(), first)
        if len(moves) == 1:
            self.last_visits = {move_key(moves[0], first): 0}
            return moves[0]
        by_key = {move_key(m, first): m for m in moves}
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        c = self.exploration
        for i in range(self.iterations):
            if deadline is not None and i and time.perf_counter() > deadline:
                break
            world = first if i == 0 else determinize(obs, rng)
            node, path = root, [root]
            # selection and expansion
            while not world.is_over:
                options = {move_key(m, world): m for m in world.legal_actions()}
                untried = [k for k in options if k not in node.children]
                if untried:
                    key = untried[rng.randrange(len(untried))]
                    mover = world.current_player
                    world.apply(options[key])
                    child = _Node(mover)
                    node.children[key] = child
                    path.append(child)
                    break
                best, best_key = -1.0, None
                for key in options:
                    child = node.children[key]
                    child.avail += 1
                    log_n = math.log(child.avail)
                    value = child.reward / child.visits + c * math.sqrt(log_n / child.visits)
                    if value > best:
                        best, best_key = value, key
                node = node.children[best_key]
                world.apply(options[best_key])
                path.append(node)
            # rollout
            depth = self.rollout_depth if self.rollout_depth is not None else 10**9
            while depth > 0 and not world.is_over:
                legal = world.legal_actions()
                world.apply(legal[rng.randrange(len(legal))])
                depth -= 1
            rewards = self._rewards(world)
            for n in path:
                n.visits += 1
                if n.player is not None:
                    n.reward += rewards[n.player]
        self.last_visits = {k: ch.visits for k, ch in root.children.items()}
        best_key = max(
            by_key,
            key=lambda k: (
                root.children[k].visits if k in root.children else -1,
                -list(by_key).index(k),
            ),
        )
        return by_key[best_key]

    @staticmethod
    def _rewards(world: State) -> list[float]:
        totals = world.totals()
        winners = world._winners(totals)
        out = []
        for q in range(len(totals)):
            win = 1 / len(winners) if q in winners else 0.0
            out.append(0.6 * win + 0.2 * (1 + math.tanh(_lead(totals, q) / 25)))
        return out
