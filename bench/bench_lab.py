"""Simulation lab throughput: games/s on Dask with 1 and 2 workers, and the cost of Dask itself.

Targets (issue 17): 2 workers ≥ 1.7 × 1 worker on 2 cores; 1 worker within 10% of a plain loop.
Cluster start-up is left out (paid once per command); a run is timed from submitting the first
batch to the last result.  Wall-clock figures depend on what else the machine runs, so the
load average is printed, and the overhead is also given as Dask's own share: the run's wall time
against the time the tasks spent playing games inside the workers.
"""

from __future__ import annotations

import os
import time

from cole_panel.lab import runner
from cole_panel.lab.study import tournament

GAMES = 400
STUDY = tournament("circle", ["greedy", "random"], games=GAMES, rules={"radius": 3}, seed=1)


def timed_batch(study, batch) -> tuple[float, list]:
    """``runner.play_batch`` and the seconds it took inside the worker."""
    start = time.perf_counter()
    rows = runner.play_batch(study, batch)
    return time.perf_counter() - start, rows


def _on_cluster(workers: int) -> tuple[float, float, list]:
    with runner.connect(workers=workers) as client:
        chunks = runner.batches(STUDY.plan(), workers)
        client.gather(
            [client.submit(timed_batch, STUDY, c[:2], pure=False) for c in chunks[:workers]]
        )
        start = time.perf_counter()
        done = client.gather([client.submit(timed_batch, STUDY, c, pure=False) for c in chunks])
        wall = time.perf_counter() - start
    rows = [r for _, batch in done for r in batch]
    return wall, sum(s for s, _ in done), rows


def main() -> None:
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    start = time.perf_counter()
    plain = runner.play_plain(STUDY)
    plain_s = time.perf_counter() - start
    print(f"plain loop       {GAMES / plain_s:7.1f} games/s  ({plain_s:.2f} s for {GAMES} games)")
    walls = {}
    for workers in (1, 2):
        wall, in_tasks, rows = _on_cluster(workers)
        assert rows == plain, "a Dask run must give the plain loop's games"
        walls[workers] = wall
        print(
            f"Dask, {workers} worker{'s' if workers > 1 else ' '}  {GAMES / wall:7.1f} games/s  "
            f"({wall:.2f} s; tasks busy {in_tasks:.2f} s in all)"
        )
        if workers == 1:
            dask_share = wall / in_tasks - 1
    print(f"speed-up 2 v 1 worker: {walls[1] / walls[2]:.2f}x (target >= 1.7x on 2 idle cores)")
    print(
        f"1 worker against the plain loop: {100 * (walls[1] / plain_s - 1):+.1f}% "
        f"(target <= 10%); Dask's own share: {100 * dask_share:+.1f}%"
    )
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
