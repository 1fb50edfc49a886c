"""Bots for the draft: random, greedy, and a determinized Monte Carlo tree search.

Every bot has ``choose(state) -> Pick`` for the current player and is seedable. None of
them reads cards the current player cannot see: the greedy bot looks only at her own
hands and the parks on the table, and the search bot works from
``state.observation(player)`` alone, filling in the hidden hands at random.

>>> from engines.ecosystem import Rules, new_game
>>> game = new_game(Rules(players=2), seed=1)
>>> while not game.is_over:
...     bot = GreedyBot(seed=0) if game.current_player == 0 else RandomBot(seed=0)
...     _ = game.apply(bot.choose(game))
>>> game.winner
0
"""

from __future__ import annotations

import math
import random
import time

from .park import place, placement_cells
from .scoring import totals
from .state import Observation, Pick, State, determinize

__all__ = ["GreedyBot", "MCTSBot", "RandomBot"]


class RandomBot:
    """Picks uniformly among the legal picks."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Pick:
        """A random legal pick for the current player."""
        actions = state.legal_actions()
        if not actions:
            raise ValueError("The game is over: there is nothing to choose.")
        return self.rng.choice(actions)


def _own_gain_options(state: State, player: int) -> tuple[list, list[tuple[int, ...]], int]:
    """Each legal pick with the player's total afterwards (her parks only, the others'
    gazelles counting towards the majority), the others' gazelle counts, her total now."""
    rules = state.rules
    names = rules.park_names
    mine = [state.park(player, name) for name in names]
    others = [
        tuple(state.park(q, name).count("GZ") for name in names)
        for q in range(state.players)
        if q != player
    ]

    def total(parks: list) -> int:
        entry = parks[0] if len(parks) == 1 else tuple(parks)
        return totals([entry], rules, other_gazelles=others)[0]

    now = total(mine)
    scored = []
    for pick in state.legal_actions():
        slot = names.index(pick.park)
        park, _, _ = place(mine[slot], pick.cell, pick.card, rules.frame)
        trial = list(mine)
        trial[slot] = park
        scored.append((pick, total(trial)))
    return scored, others, now


class GreedyBot:
    """Takes the pick that raises her own score the most right now (ties at random).

    Her score is that of her parks as they stand, with the other players' gazelles
    counted for the majority.
    """

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Pick:
        """The legal pick with the best immediate score for the current player."""
        player = state.current_player
        if player is None:
            raise ValueError("The game is over: there is nothing to choose.")
        scored, _, _ = _own_gain_options(state, player)
        best = max(v for _, v in scored)
        return self.rng.choice([pick for pick, v in scored if v == best])


class _Node:
    __slots__ = ("children", "visits", "value", "avail")

    def __init__(self) -> None:
        self.children: dict[Pick, _Node] = {}
        self.visits = 0
        self.value = 0.0
        self.avail = 0


def _random_pick(state: State, rng: random.Random) -> Pick:
    """A uniformly random card of a random unfinished park, at a random legal cell."""
    p = state._current
    assert p is not None
    names = state.rules.park_names
    slots = [s for s in range(len(names)) if not state._picked[p] >> s & 1]
    slot = slots[0] if len(slots) == 1 else rng.choice(slots)
    card = rng.choice(state._hands[slot][p])
    cell = rng.choice(placement_cells(state._parks[p][slot], state.rules.frame))
    return Pick(card, cell, names[slot])


def _rewards(state: State) -> list[float]:
    """Per player: half for winning (shared on ties), half for the margin over the best rival."""
    sheet = state.score_sheet()
    scores = [sheet.total(p) for p in range(state.players)]
    best = max(scores)
    winners = scores.count(best)
    out = []
    for p, s in enumerate(scores):
        rival = max(v for q, v in enumerate(scores) if q != p)
        margin = min(1.0, max(0.0, 0.5 + (s - rival) / 60))
        out.append(0.5 * (1.0 / winners if s == best else 0.0) + 0.5 * margin)
    return out


class MCTSBot:
    """Information-set Monte Carlo tree search over determinized deals.

    Each iteration draws one full deal consistent with what the current player has seen
    (``determinize(state.observation(player))``: her hands and the hands she has held are
    exact, the others and the stock are shuffled from the cards she has not seen), walks
    the shared tree choosing among the picks legal in that deal (UCB1 with availability
    counts), adds one node, plays the game out at random and backs up each player's
    reward (half win share, half score margin over the best rival).

    ``iterations`` bounds the work; ``time_limit`` (seconds) optionally stops earlier.
    The answer depends only on the observation, the seed and the budget.
    """

    def __init__(
        self,
        iterations: int = 200,
        seed: int | None = None,
        exploration: float = 0.7,
        time_limit: float | None = None,
    ):
        if not isinstance(iterations, int) or iterations < 1:
            raise ValueError(f"iterations must be a whole number 1 or more, not {iterations!r}")
        if time_limit is not None and time_limit <= 0:
            raise ValueError(f"time_limit must be positive seconds or None, not {time_limit!r}")
        self.iterations = iterations
        self.exploration = exploration
        self.time_limit = time_limit
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Pick:
        """The most visited pick at the root after the search."""
        player = state.current_player
        if player is None:
            raise ValueError("The game is over: there is nothing to choose.")
        return self.search(state.observation(player))

    def search(self, obs: Observation) -> Pick:
        """Run the search from an observation of the player to move."""
        rng = self.rng
        root = _Node()
        legal = determinize(obs, rng).legal_actions()
        if len(legal) == 1:
            return legal[0]
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        c = self.exploration
        for _ in range(self.iterations):
            if deadline is not None and time.perf_counter() > deadline:
                break
            world = determinize(obs, rng)
            world._quiet = True
            node = root
            path: list[tuple[_Node, int]] = []  # (node, player who moved into it)
            while not world.is_over:
                mover = world.current_player
                actions = world.legal_actions()
                untried = [a for a in actions if a not in node.children]
                if untried:
                    action = rng.choice(untried)
                    child = node.children[action] = _Node()
                    for a in actions:
                        other = node.children.get(a)
                        if other is not None:
                            other.avail += 1
                    world.apply(action)
                    path.append((child, mover))
                    break
                log_terms = {}
                best_value = -1.0
                best_action = actions[0]
                for a in actions:
                    ch = node.children[a]
                    ch.avail += 1
                    log_terms[a] = ch
                for a, ch in log_terms.items():
                    v = ch.value / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                    if v > best_value:
                        best_value, best_action = v, a
                node = node.children[best_action]
                world.apply(best_action)
                path.append((node, mover))
            while not world.is_over:
                world.apply(_random_pick(world, rng))
            rewards = _rewards(world)
            for visited, mover in path:
                visited.visits += 1
                visited.value += rewards[mover]
        ranked = sorted(
            (a for a in legal if a in root.children),
            key=lambda a: (root.children[a].visits, root.children[a].value),
            reverse=True,
        )
        return ranked[0] if ranked else rng.choice(legal)
