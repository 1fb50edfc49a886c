"""Review speed: a whole game reviewed at the default budget, in every game.

For each game (Circle: the first 60 moves of a Greedy-vs-Greedy game on the published board;
Ecosystem classic and On the Savannah: a whole two-player Greedy-vs-Greedy game) the bench runs
:func:`engines.review.review_game` at its default budget (the game's bots at
``REVIEW_STRENGTH``: both passes, the deep one over a quarter of the moves) and prints the CPU
seconds (``time.process_time``: what it costs on a core of its own), the wall seconds and the
load average beside them.  Target: Circle's 60 moves in at most 30 s.

    python -m bench review
"""

from __future__ import annotations

import os
import time
from typing import Any

from engines.games import get_game
from engines.review import default_iterations, review_game

TARGET_SECONDS = 30.0
"""What a review of Circle's 60 moves may cost."""

GAMES: dict[str, tuple[str, dict[str, Any], int | None]] = {
    "circle": ("circle", {}, 60),
    "ecosystem": ("ecosystem", {"players": 2}, None),
    "savannah": ("savannah", {"players": 2}, None),
}
"""Bench name -> (game, Rules keywords, moves reviewed or None for the whole game)."""


def greedy_game(name: str, rules: dict[str, Any], moves: int | None, seed: int = 1):
    """The start and the first ``moves`` actions of a Greedy-vs-Greedy game (seeds tried from
    ``seed`` until a game is long enough)."""
    game = get_game(name)
    while True:
        start = game.new_game(game.rules_type(**rules), seed=seed)
        state = start.clone()
        bots = [game.bots.GreedyBot(seed=seed + p) for p in range(state.players)]
        actions = []
        while not state.is_over and (moves is None or len(actions) < moves):
            actions.append(bots[state.current_player].choose(state))
            state.apply(actions[-1])
        if moves is None or len(actions) == moves:
            return start, actions
        seed += 1


def main() -> None:
    for bench_name, (name, rules, moves) in GAMES.items():
        start, actions = greedy_game(name, rules, moves)
        load = os.getloadavg()[0]
        cpu, wall = time.process_time(), time.perf_counter()
        review = review_game(start, actions, seed=0)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        counts = {label: len(review.of_class(label)) for label in ("mistake", "blunder")}
        target = f" (target <= {TARGET_SECONDS:.0f} s)" if name == "circle" else ""
        print(
            f"{bench_name}: {len(actions)} moves at {default_iterations(name)} iterations: "
            f"{cpu:.1f} CPU s{target}, {cpu / len(actions):.2f} CPU s a move, {wall:.1f} s wall; "
            f"load average {load:.1f} -> {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; "
            f"{counts['mistake']} mistakes, {counts['blunder']} blunders",
            flush=True,
        )


if __name__ == "__main__":
    main()
