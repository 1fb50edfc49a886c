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

import random

from engines.bots import BOT_KINDS, RandomBot, SearchBot, bot_maker
from engines.search import SearchGame

from .cards import CardType
from .park import place, placement_cells
from .scoring import totals
from .state import Observation, Pick, State, determinize

__all__ = [
    "BOT_KINDS",
    "ITERATIONS",
    "EcosystemSearch",
    "GreedyBot",
    "MCTSBot",
    "RandomBot",
    "make_bot",
]


Move = tuple[int, CardType, tuple[int, int]]
"""A pick as the search stores it: (park slot, card, cell)."""


def _moves(world: State) -> list[Move]:
    p = world.current_player
    frame = world.rules.frame
    out: list[Move] = []
    for slot, name in enumerate(world.rules.park_names):
        if world.has_picked(p, name):
            continue
        cells = placement_cells(world.park(p, name), frame)
        for card in dict.fromkeys(world.hand(p, name)):
            out.extend((slot, card, cell) for cell in cells)
    return out


def _pick(world: State, move: Move) -> Pick:
    slot, card, cell = move
    return Pick(card, cell, world.rules.park_names[slot])


class _Evaluator:
    """A player's total with one more card placed (her parks only, the others' gazelles
    counting for the majority): the greedy bot's yardstick, for priors and rollouts."""

    def __init__(self, world: State, player: int):
        rules = world.rules
        self.rules = rules
        names = rules.park_names
        self.parks = [world.park(player, name) for name in names]
        self.others = [
            tuple(world.park(q, name).count("GZ") for name in names)
            for q in range(world.players)
            if q != player
        ]

    def total(self, parks: list) -> int:
        entry = parks[0] if len(parks) == 1 else tuple(parks)
        return totals([entry], self.rules, other_gazelles=self.others)[0]

    def after(self, move: Move) -> int:
        slot, card, cell = move
        trial = list(self.parks)
        trial[slot] = place(trial[slot], cell, card, self.rules.frame)[0]
        return self.total(trial)


def _returns(world: State) -> list[float]:
    """Per player: half for winning (shared on ties), half for the margin over the best rival."""
    sheet = world.score_sheet()
    scores = [sheet.total(p) for p in range(world.players)]
    best = max(scores)
    winners = scores.count(best)
    out = []
    for p, s in enumerate(scores):
        rival = max(v for q, v in enumerate(scores) if q != p)
        margin = min(1.0, max(0.0, 0.5 + (s - rival) / 60))
        out.append(0.5 * (1.0 / winners if s == best else 0.0) + 0.5 * margin)
    return out


class GreedyBot:
    """Takes the pick that raises her own score the most right now (ties at random).

    Her score is that of her parks as they stand, with the other players' gazelles
    counted for the majority.
    """

    name = "Greedy"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        """The bot's own random generator (tie-breaks only)."""

    def choose(self, state: State) -> Pick:
        """The legal pick with the best immediate score for the current player."""
        player = state.current_player
        if player is None:
            raise ValueError("The game is over: there is nothing to choose.")
        moves = _moves(state)
        values = list(map(_Evaluator(state, player).after, moves))
        best = max(values)
        return self.rng.choice(
            [_pick(state, m) for m, v in zip(moves, values, strict=True) if v == best]
        )


class EcosystemSearch(SearchGame):
    """Search hooks for the draft.

    Worlds are dealt from the searching player's observation alone (hidden hands and the
    stock reshuffled from the cards she has not seen).  Priors are each pick's immediate gain
    in her own score (what :class:`GreedyBot` maximises), scaled 0 to 1 within the node.
    Priors are asked at the root only (a greedy evaluation of every pick costs as much as
    a few rollouts).  Rollouts are epsilon-greedy: a pick is uniformly random with
    probability ``epsilon`` (the default 1: random rollouts measured strongest per second),
    else the best by immediate gain among ``sample`` random candidates.  Returns are half
    the win share and half the score margin over the best rival.
    """

    prior_after = 10**9  # the root only: priors cost a greedy evaluation of every pick

    def __init__(self, epsilon: float = 1.0, sample: int = 2):
        self.epsilon = epsilon
        """Chance that a rollout pick is uniformly random."""
        self.sample = sample
        """Random candidates the rollout compares by immediate gain."""

    def observe(self, state: State, player: int) -> Observation:
        return state.observation(player)

    def determinize(self, seen: Observation, player: int, rng: random.Random) -> State:
        world = determinize(seen, rng)
        world.quiet = True
        return world

    def moves(self, world: State) -> list[Move]:
        return [] if world.current_player is None else _moves(world)

    def play(self, world: State, move: Move) -> None:
        world.apply(_pick(world, move))

    def action(self, world: State, move: Move) -> Pick:
        return _pick(world, move)

    def move_of(self, world: State, action: Pick) -> Move:
        return (world.rules.park_names.index(action.park), action.card, action.cell)

    def priors(self, world: State, moves: list[Move]) -> list[float]:
        judge = _Evaluator(world, world.current_player)
        values = [judge.after(m) for m in moves]
        low, high = min(values), max(values)
        span = high - low or 1
        return [(v - low) / span for v in values]

    def rollout(self, world: State, rng: random.Random) -> list[float]:
        rand = rng.random
        while world.current_player is not None:
            moves = _moves(world)
            if rand() < self.epsilon or len(moves) == 1:
                move = moves[int(rand() * len(moves))]
            else:
                judge = _Evaluator(world, world.current_player)
                candidates = [moves[int(rand() * len(moves))] for _ in range(self.sample)]
                move = max(candidates, key=judge.after)
            world.apply(_pick(world, move))
        return _returns(world)


class MCTSBot(SearchBot):
    """Information-set MCTS (:mod:`engines.search`) with :class:`EcosystemSearch`'s priors,
    epsilon-greedy rollouts and progressive widening.

    It reads only ``state.observation(player)``: hidden hands are dealt at random from the
    cards the player has not seen, a new deal every iteration.  ``iterations`` bounds the
    work, ``seconds`` optionally stops earlier; the answer depends only on the observation,
    the seed and an iteration budget.
    """

    hooks = EcosystemSearch
    default_iterations = 200
    exploration = 0.5
    bias = 2.0
    widening = 1.0


ITERATIONS: dict[int, int] = {1: 25, 2: 50, 3: 100, 4: 200, 5: 400}
"""Search iterations per pick at strengths 1 to 5 (5: under 1 s a pick here)."""


make_bot = bot_maker(RandomBot, GreedyBot, MCTSBot, ITERATIONS)
