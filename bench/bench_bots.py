"""Bot strength: each game's search bot against its Greedy bot, seat-alternated, fixed seeds.

Target: the search bot wins at least 70% of 100 two-player games at one second a move or less,
in Circle, Savannah and Ecosystem (classic and two parks).  Games run in worker processes;
each game depends only on its number (deal seed, bot seeds, seats), never on where it runs.

    python -m bench bots                                  # 100 games per match, strength 5
    python -m bench.bench_bots --games 20 --strength 3 --only ecosystem_two_parks

Measured on the development machine (2 cores shared with other jobs, load 4-5), 30 games a
match at strength 5: Circle 96.7% (0.97 s/move at 5000 iterations, since cut to 4000),
Ecosystem classic 96.7% (1.04 s/pick at 600 iterations, since cut to 400), Ecosystem two parks
90.0% (1.08 s/pick at 400; 0.9-1.0 s at the opening on an idle machine), Savannah 85.0%
(0.33 s/move).
"""

from __future__ import annotations

import argparse
import importlib
import math
import os
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

MATCHES: dict[str, tuple[str, dict[str, Any]]] = {
    "circle": ("circle", {}),
    "ecosystem_classic": ("ecosystem", {"players": 2, "variant": "classic"}),
    "ecosystem_two_parks": ("ecosystem", {"players": 2, "variant": "two_parks"}),
    "savannah": ("savannah", {"players": 2}),
}
"""Match name -> (game package, Rules keywords)."""


@dataclass(frozen=True)
class GameResult:
    """One game's result from the search bot's side."""

    score: float
    """1 win, 1/k for a k-way shared win, 0 loss."""
    search_seconds: float
    """Seconds the search bot spent choosing."""
    search_moves: int
    """Moves the search bot made."""


def _winners(state: Any) -> tuple[int, ...]:
    winners = getattr(state, "winners", None)
    if isinstance(winners, tuple):
        return winners
    winner = state.winner  # engines before the uniform protocol: an int or a list on ties
    return tuple(winner) if isinstance(winner, list) else (winner,)


def play_game(match: str, game: int, strength: int) -> GameResult:
    """Game number ``game`` of a match: the search bot sits first in even games."""
    package, rules_kw = MATCHES[match]
    module = importlib.import_module(f"engines.{package}")
    bots = importlib.import_module(f"engines.{package}.bots")
    state = module.new_game(module.Rules(**rules_kw), seed=game)
    me = game % 2
    seats = [bots.make_bot("greedy", seed=7919 * game + 1)] * 2
    seats[me] = bots.make_bot("mcts", strength, seed=7919 * game)
    seconds = 0.0
    moves = 0
    while not state.is_over:
        player = state.current_player
        start = time.perf_counter()
        action = seats[player].choose(state)
        if player == me:
            seconds += time.perf_counter() - start
            moves += 1
        state.apply(action)
    winners = _winners(state)
    return GameResult(1 / len(winners) if me in winners else 0.0, seconds, moves)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate.

    >>> [round(x, 3) for x in wilson(70, 100)]
    [0.604, 0.781]
    """
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def run(match: str, games: int, strength: int, workers: int) -> str:
    """One match's line: win rate, 95% interval, seconds a move."""
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(play_game, [match] * games, range(games), [strength] * games))
    score = sum(r.score for r in results)
    low, high = wilson(score, games)
    per_move = sum(r.search_seconds for r in results) / max(1, sum(r.search_moves for r in results))
    verdict = "meets" if score / games >= 0.7 and per_move <= 1.0 else "BELOW"
    return (
        f"{match:20} MCTS-{strength} vs Greedy: {score / games:6.1%} of {games} games "
        f"(95% CI {low:.0%}-{high:.0%}), {per_move:.2f} s/move; {verdict} the 70% target"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--strength", type=int, default=5)
    parser.add_argument("--only", nargs="*", choices=sorted(MATCHES), default=sorted(MATCHES))
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args([] if argv is None else argv)
    for match in args.only:
        print(run(match, args.games, args.strength, args.workers), flush=True)


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
