"""Speed of the Circle of Life engine on the default board (radius 4), on one core.

Prints uniformly random full games per second for the engine and for the naive reference
in ``bench/naive_circle.py`` (measured in the same run) and their ratio, then
``legal_actions`` and ``apply`` calls per second and MCTS iterations per second.

A "uniformly random full game" picks every move uniformly among the mover's legal cells and
plays until the rules end the game.  Targets (issue 2): at least 1,000 games/s and at least
10 times the naive reference.

Rates are per second of this process's CPU time (``time.process_time``), so other work on a
shared machine does not distort them; everything runs in one thread on one core.
"""

from __future__ import annotations

import platform
import random
import statistics
import time

from bench.naive_circle import NaiveGame
from engines.circle import new_game
from engines.circle.bots import MCTSBot

SECONDS = 2.0
"""Roughly how long each measurement runs."""


clock = time.process_time
"""The clock every rate is measured with: CPU seconds of this process."""


def _rate(run, seconds: float = SECONDS) -> tuple[float, int]:
    """Calls of ``run()`` per CPU second over about ``seconds``, and how many calls were made."""
    count = 0
    start = clock()
    deadline = start + seconds
    while True:
        run()
        count += 1
        now = clock()
        if now >= deadline:
            return count / (now - start), count


def random_games_fast(seconds: float = SECONDS) -> tuple[float, float]:
    """Games/s with ``State.random_playout`` and the mean game length in moves."""
    rng = random.Random(1)
    start = new_game()
    lengths = []

    def one():
        game = start.clone()
        game.random_playout(rng)
        lengths.append(len(game.moves))

    rate, _ = _rate(one, seconds)
    return rate, statistics.mean(lengths)


def random_games_api(seconds: float = SECONDS) -> float:
    """Games/s through the public API only: ``legal_actions``, ``rng.choice`` and ``apply``."""
    rng = random.Random(2)

    def one():
        game = new_game()
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))

    return _rate(one, seconds)[0]


def random_games_naive(seconds: float = SECONDS) -> float:
    """Games/s with the naive reference engine."""
    rng = random.Random(3)
    return _rate(lambda: NaiveGame().random_game(rng), seconds)[0]


def _sample_positions(count: int = 300) -> list:
    """Positions met in random games, with the move about to be played from each."""
    rng = random.Random(4)
    out = []
    while len(out) < count:
        game = new_game()
        while not game.is_over and len(out) < count:
            move = rng.choice(game.legal_actions())
            out.append((game.clone(), move))
            game.apply(move)
    return out


def legal_actions_rate(positions) -> float:
    states = [s for s, _ in positions]

    def sweep():
        for s in states:
            s.legal_actions()

    return _rate(sweep)[0] * len(states)


def apply_rate(positions) -> float:
    """``apply`` calls per second; the clones they are applied to are made outside the clock."""
    spent = 0.0
    calls = 0
    while spent < SECONDS:
        fresh = [(s.clone(), move) for s, move in positions]
        start = clock()
        for s, move in fresh:
            s.apply(move)
        spent += clock() - start
        calls += len(fresh)
    return calls / spent


def mcts_rate(states) -> float:
    """MCTS iterations per second, searching each of ``states`` with 1000 iterations."""
    bot = MCTSBot(iterations=1000, seed=5)
    total = 0
    start = clock()
    for s in states:
        bot.choose(s)
        total += bot.stats.iterations
    return total / (clock() - start)


def main() -> None:
    print(
        f"Circle of Life engine, default board (radius 4), {platform.python_implementation()} "
        f"{platform.python_version()}, one core, rates per CPU second"
    )
    fast, mean_length = random_games_fast()
    api = random_games_api()
    naive = random_games_naive()
    print(
        f"random full games/s, ours (State.random_playout):  {fast:9.0f}   "
        f"(mean {mean_length:.1f} moves a game)"
    )
    print(f"random full games/s, ours (legal_actions + apply): {api:9.0f}")
    print(f"random full games/s, naive reference:              {naive:9.1f}")
    print(
        f"ratio ours/naive: {fast / naive:.0f}x (random_playout), "
        f"{api / naive:.0f}x (legal_actions + apply)"
    )
    positions = _sample_positions()
    print(f"legal_actions calls/s: {legal_actions_rate(positions):9.0f}")
    print(f"apply calls/s:         {apply_rate(positions):9.0f}")
    opening = mcts_rate([new_game()] * 3)
    mixed = mcts_rate([s for s, _ in positions[10:300:30]])
    print(
        f"MCTS iterations/s:     {opening:9.0f}   from the opening (about {opening * 0.2:.0f} "
        "in 0.2 s)"
    )
    print(
        f"                       {mixed:9.0f}   over positions from random games "
        f"(about {mixed * 0.2:.0f} in 0.2 s)"
    )
    print("  (tests/circle/test_bots.py plays its MCTS-vs-Greedy match at 1200 iterations a move)")
    ok = fast >= 1000 and fast / naive >= 10
    print("targets (>= 1,000 games/s and >= 10x naive):", "met" if ok else "NOT met")


if __name__ == "__main__":
    main()
