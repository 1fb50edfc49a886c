"""Bot strength: each game's strongest bot at one second a move against its Greedy bot.

For every match (Circle, Savannah, Ecosystem classic and two parks) the bench first picks the
*strongest* search strength whose mean CPU time per move is at most one second, timed on
positions spread over a Greedy-vs-Greedy game, then plays that bot against Greedy in
seat-alternated, fixed-seed two-player games (the search bot sits first in even games) and
prints the win rate, its 95% interval and the CPU seconds a move.  Target: at least 70%
(On the Savannah: 80%).

CPU time (``time.process_time`` in the worker) is what a move costs on an idle core; wall time
on a machine shared with other jobs says more about the other jobs.  Every game depends only on
its number (deal seed, bot seeds, seats), never on where or when it runs, so a win rate repeats
exactly.  Games of all matches are interleaved, so ``--minutes`` stops every match at about the
same count; the line then says how many games finished.

    python -m bench bots                                   # 100 games a match
    python -m bench.bench_bots --games 20 --only ecosystem_two_parks --minutes 30
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from dataclasses import dataclass
from typing import Any

from cole_panel.lab.analysis import wilson
from engines.bots import STRENGTHS
from engines.games import GAMES

MATCHES: dict[str, tuple[str, dict[str, Any]]] = {
    "circle": ("circle", {}),
    "ecosystem_classic": ("ecosystem", {"players": 2, "variant": "classic"}),
    "ecosystem_two_parks": ("ecosystem", {"players": 2, "variant": "two_parks"}),
    "savannah": ("savannah", {"players": 2}),
}
"""Match name -> (game, Rules keywords)."""

SECONDS_PER_MOVE = 1.0
"""The budget a move may cost (CPU seconds)."""

TARGET = 0.7
"""The win rate the strongest bot must reach against Greedy."""

TARGETS: dict[str, float] = {"savannah": 0.8}
"""Matches held to a higher win rate than :data:`TARGET` (issue 27: On the Savannah's 80%)."""

CALIBRATION_SEED = 10**6
"""Seed of the Greedy-vs-Greedy game whose positions time each strength (no match game uses it)."""


@dataclass(frozen=True)
class GameResult:
    """One game's result from the search bot's side."""

    score: float
    """1 win, 1/k for a k-way shared win, 0 loss."""
    cpu_seconds: float
    """CPU seconds the search bot spent choosing."""
    moves: int
    """Moves the search bot made."""


def _new_game(match: str, seed: int) -> Any:
    game, rules = MATCHES[match]
    return GAMES[game].new_game(GAMES[game].rules_type(**rules), seed=seed)


def _bots(match: str) -> Any:
    return GAMES[MATCHES[match][0]].bots


def move_seconds(match: str, strength: int, positions: int = 6) -> float:
    """Mean CPU seconds the search bot at ``strength`` takes on ``positions`` spread positions."""
    bots = _bots(match)
    state = _new_game(match, CALIBRATION_SEED)
    greedy = bots.make_bot("greedy", seed=CALIBRATION_SEED)
    states = []
    while not state.is_over:
        states.append(state.clone())
        state.apply(greedy.choose(state))
    step = max(1, len(states) // positions)
    sample = states[::step][:positions]
    search = bots.make_bot("mcts", strength, seed=CALIBRATION_SEED)
    start = time.process_time()
    for position in sample:
        search.choose(position)
    return (time.process_time() - start) / len(sample)


def strongest(match: str) -> tuple[int, float]:
    """The strongest strength whose moves cost at most :data:`SECONDS_PER_MOVE`, and that cost."""
    seconds = 0.0
    for strength in sorted(STRENGTHS, reverse=True):
        seconds = move_seconds(match, strength)
        if seconds <= SECONDS_PER_MOVE:
            return strength, seconds
    return min(STRENGTHS), seconds


def play_game(match: str, game: int, strength: int) -> GameResult:
    """Game number ``game`` of a match: the search bot sits first in even games."""
    bots = _bots(match)
    state = _new_game(match, game)
    me = game % 2
    seats = [bots.make_bot("greedy", seed=7919 * game + 1)] * 2
    seats[me] = bots.make_bot("mcts", strength, seed=7919 * game)
    cpu = 0.0
    moves = 0
    while not state.is_over:
        player = state.current_player
        start = time.process_time()
        action = seats[player].choose(state)
        if player == me:
            cpu += time.process_time() - start
            moves += 1
        state.apply(action)
    winners = state.winners
    return GameResult(1 / len(winners) if me in winners else 0.0, cpu, moves)


def report(
    match: str, strength: int, iterations: int, results: list[GameResult], games: int
) -> str:
    """One match's line: win rate, 95% interval, CPU seconds a move, and the verdict."""
    n = len(results)
    if not n:
        return f"{match:20} no game finished in the time given"
    score = sum(r.score for r in results)
    low, high = wilson(score, n)
    per_move = sum(r.cpu_seconds for r in results) / max(1, sum(r.moves for r in results))
    target = TARGETS.get(match, TARGET)
    meets = score / n >= target and per_move <= SECONDS_PER_MOVE
    played = f"{n} games" if n == games else f"{n} of {games} planned games"
    verdict = "meets" if meets else "BELOW"
    if n < games:
        verdict = f"too few games to judge ({'at or above' if meets else 'below'})"
    return (
        f"{match:20} MCTS strength {strength} ({iterations} iterations) vs Greedy: "
        f"{score / n:6.1%} of {played} (95% CI {low:.0%}-{high:.0%}), "
        f"{per_move:.2f} CPU s/move; {verdict} the {target:.0%} target"
    )


def _play(job: tuple[str, int, int]) -> tuple[str, int, GameResult]:
    match, game, strength = job
    return match, game, play_game(match, game, strength)


def run(
    matches: list[str], games: int, workers: int, minutes: float | None, progress: bool = False
) -> list[str]:
    """Choose each match's strength, play its games interleaved with the others', one line each.

    After ``minutes`` the games still being played are abandoned: each line counts only the
    games that finished, and says so.
    """
    deadline = None if minutes is None else time.monotonic() + 60 * minutes
    results: dict[str, list[GameResult]] = {m: [] for m in matches}
    with multiprocessing.Pool(workers) as pool:  # leaving the block terminates the workers
        chosen = dict(zip(matches, pool.map(strongest, matches), strict=True))
        for match, (strength, seconds) in chosen.items():
            print(f"{match}: strength {strength} takes {seconds:.2f} CPU s/move", flush=True)
        jobs = [(m, g, chosen[m][0]) for g in range(games) for m in matches]
        finished = pool.imap_unordered(_play, jobs)
        for _ in jobs:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                break
            try:
                match, game, result = finished.next(timeout=left)
            except multiprocessing.TimeoutError:
                break
            results[match].append(result)
            if progress:
                print(
                    f"  {match} game {game}: score {result.score:g}, "
                    f"{result.cpu_seconds / max(1, result.moves):.2f} CPU s/move",
                    file=sys.stderr,
                    flush=True,
                )
    return [
        report(m, chosen[m][0], _bots(m).ITERATIONS[chosen[m][0]], results[m], games)
        for m in matches
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games a match (default 100)")
    parser.add_argument("--only", nargs="*", choices=sorted(MATCHES), default=sorted(MATCHES))
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument(
        "--minutes", type=float, default=None, help="stop after this long (finished games count)"
    )
    parser.add_argument("--progress", action="store_true", help="a line a finished game")
    args = parser.parse_args([] if argv is None else argv)
    for line in run(args.only, args.games, args.workers, args.minutes, args.progress):
        print(line, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
