"""Playing a study's games on Dask: batches of games as tasks, one row of results per game.

``play_batch`` is the task (a plain function of plain data, so any worker can run it);
:func:`connect` gives a ``distributed.Client`` on an embedded ``LocalCluster`` or an existing
scheduler; :func:`submit` sends the batches and :func:`run` waits for them with a progress bar.

>>> from cole_panel.lab.games import GAMES
>>> from cole_panel.lab.study import tournament
>>> rows = play_plain(tournament(GAMES[0], ["random", "greedy"], games=2))
>>> [(r["key"], r["seats"]) for r in rows]
[(0, 'random,greedy'), (1, 'greedy,random')]
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import os
import uuid
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from . import games as G
from .study import PlannedGame, Study

COLUMNS = (
    "study",
    "key",
    "game",
    "table",
    "seed",
    "rules",
    "seats",
    "winners",
    "scores",
    "turns",
    "detail",
)
"""The columns of a results file, one row per game."""

CONNECT_TIMEOUT = "5s"
"""How long to wait for an existing scheduler before giving up."""


def play_one(study: Study, planned: PlannedGame) -> dict[str, Any]:
    """Play one planned game and return its results row."""
    table = planned.table
    result = G.play_game(study.game, table.options, table.seats, planned.seed)
    return {
        "study": study.fingerprint,
        "key": planned.key,
        "game": study.game,
        "table": study.tables.index(table),
        "seed": str(planned.seed),
        "rules": json.dumps(dict(table.rules), sort_keys=True),
        "seats": ",".join(table.seats),
        "winners": ",".join(map(str, result.winners)),
        "scores": ",".join(map(str, result.scores)),
        "turns": result.turns,
        "detail": json.dumps(result.detail, sort_keys=True),
    }


def play_batch(study: Study, batch: list[PlannedGame]) -> list[dict[str, Any]]:
    """The Dask task: play a batch of games in order."""
    return [play_one(study, planned) for planned in batch]


def play_plain(study: Study, skip: set[int] | frozenset[int] = frozenset()) -> list[dict[str, Any]]:
    """Every game in one plain loop in this process (the reference the Dask runs must match)."""
    return play_batch(study, study.plan(skip))


def batches(plan: list[PlannedGame], workers: int, size: int | None = None) -> list[list]:
    """Split a plan into batches: ``size`` games each, or about 8 batches per worker (≤ 50)."""
    if size is None:
        size = max(1, min(50, math.ceil(len(plan) / (8 * max(1, workers)))))
    return [plan[i : i + size] for i in range(0, len(plan), size)]


@contextlib.contextmanager
def connect(scheduler: str | None = None, workers: int | None = None) -> Iterator[Any]:
    """A ``distributed.Client``: on ``scheduler`` (``tcp://host:port``) or an embedded cluster.

    The embedded ``LocalCluster`` runs ``workers`` processes (default: one per core) of one
    thread each. An unreachable scheduler raises ``OSError`` naming it.
    """
    from distributed import Client, LocalCluster

    if scheduler:
        try:
            client = Client(scheduler, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as error:
            raise OSError(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
        with client:
            yield client
        return
    n = workers or os.cpu_count() or 1
    with (
        LocalCluster(
            n_workers=n,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=logging.ERROR,
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


def worker_count(client: Any) -> int:
    """Worker threads the client's cluster has now (at least 1)."""
    info = client.scheduler_info()
    return max(1, sum(w.get("nthreads", 1) for w in info.get("workers", {}).values()))


def submit(client: Any, study: Study, plan: list[PlannedGame], batch_size: int | None = None):
    """Send the plan's batches to the cluster; returns the futures (one per batch)."""
    chunks = batches(plan, worker_count(client), batch_size)
    run_id = uuid.uuid4().hex[:8]  # a rerun of the study must not meet this run's cancelled keys
    return [
        client.submit(
            play_batch,
            study,
            chunk,
            key=f"cole-{study.fingerprint}-{run_id}-{chunk[0].key}",
            pure=False,
        )
        for chunk in chunks
    ]


def run(
    client: Any,
    study: Study,
    plan: list[PlannedGame],
    on_rows: Callable[[list[dict[str, Any]]], None] | None = None,
    batch_size: int | None = None,
    progress: bool = True,
) -> list[dict[str, Any]]:
    """Play the plan on the cluster; ``on_rows`` hears each finished batch. Rows in key order."""
    from distributed import as_completed

    futures = submit(client, study, plan, batch_size)
    rows: list[dict[str, Any]] = []
    bar = _bar(len(plan), progress, study.describe())
    try:
        for future in as_completed(futures):
            batch = future.result()
            rows.extend(batch)
            bar.update(len(batch))
            if on_rows is not None:
                on_rows(batch)
    finally:
        bar.close()
        client.cancel(futures)
    return sorted(rows, key=lambda r: r["key"])


def _bar(total: int, enabled: bool, title: str) -> Any:
    # tqdm.auto: a progress widget in a notebook (plain tqdm writes a pink stderr box there),
    # the text bar in a terminal.
    from tqdm.auto import tqdm

    return tqdm(
        total=total, unit="game", desc=title.split(":")[0], disable=not enabled, dynamic_ncols=True
    )


def rows_in_order(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows sorted by key, without duplicates (the last one read wins)."""
    by_key = {int(r["key"]): r for r in rows}
    return [by_key[k] for k in sorted(by_key)]
