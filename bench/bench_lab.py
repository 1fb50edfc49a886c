"""Simulation lab throughput: games/s on Dask with 1 and 2 workers, and the cost of Dask itself.

Targets (issue 17): 2 workers ≥ 1.7 × 1 worker on 2 cores; 1 worker within 10% of a plain loop.
Cluster start-up is left out (it is paid once per command); each run is timed from submitting
the first batch to the last result.
"""

from __future__ import annotations

import time

from cole_panel.lab import runner
from cole_panel.lab.study import tournament

GAMES = 240
STUDY = tournament("circle", ["greedy", "random"], games=GAMES, rules={"radius": 3}, seed=1)


def _timed(fn) -> tuple[float, list]:
    start = time.perf_counter()
    rows = fn()
    return time.perf_counter() - start, rows


def main() -> None:
    plain_s, plain = _timed(lambda: runner.play_plain(STUDY))
    print(f"plain loop        {GAMES / plain_s:7.1f} games/s  ({plain_s:.2f} s for {GAMES} games)")
    speeds = {}
    for workers in (1, 2):
        with runner.connect(workers=workers) as client:
            runner.run(client, STUDY, STUDY.plan()[:4], progress=False)  # warm the workers
            seconds, rows = _timed(
                lambda c=client: runner.run(c, STUDY, STUDY.plan(), progress=False)
            )
        assert rows == plain, "a Dask run must give the plain loop's games"
        speeds[workers] = GAMES / seconds
        print(
            f"Dask, {workers} worker{'s' if workers > 1 else ' '}   {speeds[workers]:7.1f} games/s  "
            f"({seconds:.2f} s)"
        )
    overhead = (GAMES / speeds[1]) / plain_s - 1
    print(f"speed-up 2 v 1 worker: {speeds[2] / speeds[1]:.2f}x (target >= 1.7x)")
    print(f"overhead of 1 worker against the plain loop: {100 * overhead:+.1f}% (target <= 10%)")


if __name__ == "__main__":
    main()
