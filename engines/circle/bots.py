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

import random

from engines.bots import BOT_KINDS, RandomBot, SearchBot, bot_maker
from engines.search import SearchGame

from .state import State

__all__ = [
    "BOT_KINDS",
    "ITERATIONS",
    "CircleSearch",
    "GreedyBot",
    "MCTSBot",
    "RandomBot",
    "make_bot",
    "play_match",
]

Cell = tuple[int, int]

WIN = 10_000
"""Score of a move that wins at once (far above any material swing)."""


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
        if state.is_over:
            raise ValueError("The game is over; there is no move to choose.")
        me = state.current_player
        you = 1 - me
        sign = -1 if state.rules.no_placement_wins else 1
        best: list[int] = []
        best_key: tuple[int, int] | None = None
        for i in state.legal_indices():
            child = state.fast_clone()
            before = child.eaten[me]
            child.play_index(i)
            if child.outcome is not None:
                swing = WIN if child.outcome.winner == me else -WIN
                key = (swing, 0)
            else:
                gain = child.eaten[me] - before
                threat = 0
                need = state.rules.capture_target - child.eaten[you]
                for j in child.legal_indices(you):
                    meal = child.meal(j, you)
                    if meal >= need:
                        threat = WIN
                        break
                    threat = max(threat, meal)
                mobility = len(child.legal_indices(me)) - len(child.legal_indices(you))
                key = (gain - threat, sign * mobility)
            if best_key is None or key > best_key:
                best_key, best = key, [i]
            elif key == best_key:
                best.append(i)
        return state.board.cells[self.rng.choice(best)]

    def __repr__(self) -> str:
        return "GreedyBot()"


class CircleSearch(SearchGame):
    """Search hooks on the engine's fast paths: moves are cell numbers, worlds are fast clones
    (Circle hides nothing), rollouts are :meth:`State.random_playout`'s hot loop, and a move
    that wins at once is played without searching."""

    fixed_moves = True  # nothing hidden, no chance: a node's legal cells never change

    def determinize(self, seen: State, player: int, rng: random.Random) -> State:
        return seen.fast_clone()

    def moves(self, world: State) -> list[int]:
        return world.legal_indices(ordered=False)

    def play(self, world: State, move: int) -> None:
        world.play_index(move)

    def action(self, world: State, move: int) -> Cell:
        return world.board.cells[move]

    def move_of(self, world: State, action: Cell) -> int:
        return world.board.index[action]

    def mover(self, world: State) -> int | None:
        return world.current_player

    def rollout(self, world: State, rng: random.Random) -> tuple[float, float]:
        outcome = world.outcome
        winner = outcome.winner if outcome is not None else world.rollout(rng, [])
        return (1.0, 0.0) if winner == 0 else (0.0, 1.0)

    def shortcut(self, world: State, moves: list[int]) -> int | None:
        me = world.current_player
        need = world.rules.capture_target - world.eaten[me]
        return next((i for i in sorted(moves) if world.meal(i, me) >= need), None)


class MCTSBot(SearchBot):
    """Information-set MCTS (:mod:`engines.search`) with uniformly random playouts.

    Give ``iterations`` (deterministic for a seed) or ``seconds`` per move, or both (whichever
    runs out first); with neither, 1000 iterations.  It plays a move that wins at once without
    searching, and returns the only legal move at once.
    """

    hooks = CircleSearch
    exploration = 0.9


ITERATIONS: dict[int, int] = {1: 150, 2: 400, 3: 1000, 4: 2000, 5: 4000}
"""Search iterations per move at strengths 1 to 5 (5: about 1 s a move on the development
machine)."""


make_bot = bot_maker(RandomBot, GreedyBot, MCTSBot, ITERATIONS)


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
