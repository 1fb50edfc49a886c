"""Review speed and steadiness: a whole game reviewed at the default budget, in every game.

For each game (Circle: the first 60 moves of a Greedy-vs-Greedy game on the published board;
Ecosystem classic and On the Savannah: a whole two-player Greedy-vs-Greedy game) the bench runs
:func:`engines.review.review_game` at its default budget (``SAMPLES`` searches per position of
the game's bots at ``REVIEW_STRENGTH``, and the second look) in this process, and prints the
CPU seconds (``time.process_time``: what it costs on a core of its own), the wall seconds and
the load average beside them; then the same game with a second seed, and the share of moves
whose class is the same under both (and whether the mistakes and blunders are).  Circle's game
is reviewed a third time as ``cole review`` does it, its positions as tasks on a two-worker
Dask ``LocalCluster`` (wall seconds, the cluster's start included; the same review as in
process), and as a page runs it (:func:`on_page`: ``ReviewRun`` sending its positions, a few
a job, to the worker pool a served page has on two cores, each result applied on this thread
as the server's event loop would; no browser): once on one lane (one worker, as before a
review could use the pool's spare process) and once on two (two lanes, the pool's spare
process taking the second), their wall seconds beside the in-process wall of the same run (the
machine is shared: compare the ratios).  Last, :func:`in_browser`: Circle's game as a person
reviews it, a served page in Chromium from pressing "Review this game" to the status reading
"Reviewed" (its last mark drawn), the page's clock.  Target: Circle's 60 moves in at most 30 s
wall on two cores, in the browser.

    python -m bench review
"""

from __future__ import annotations

import os
import time
from typing import Any

from engines.games import get_game
from engines.review import SAMPLES, GameReview, default_iterations, review_game

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


def _timed(start: Any, actions: list[Any], seed: int, **options: Any):
    cpu, wall = time.process_time(), time.perf_counter()
    review = review_game(start, actions, seed=seed, **options)
    return review, time.process_time() - cpu, time.perf_counter() - wall


def agreement(one: GameReview, two: GameReview) -> tuple[float, bool]:
    """The share of moves classed the same by two reviews, and whether their mistakes and
    blunders are the same moves."""
    same = sum(a.label == b.label for a, b in zip(one.moves, two.moves, strict=True))
    bad = [
        [(m.number, m.label) for m in r.moves if m.label in ("mistake", "blunder")]
        for r in (one, two)
    ]
    return same / max(1, len(one.moves)), bad[0] == bad[1]


def on_dask(start: Any, actions: list[Any], review: GameReview) -> str:
    """Circle's review as ``cole review`` runs it: positions as tasks on two Dask workers."""
    from cole_panel.lab import runner
    from cole_panel.lab.review_run import on_dask as dask_runner

    wall = time.perf_counter()
    with runner.connect(None, 2) as client:
        again = review_game(start, actions, seed=0, run=dask_runner(client))
    wall = time.perf_counter() - wall
    same = "the same review" if again == review else "A DIFFERENT REVIEW"
    return f"on 2 Dask workers {wall:.1f} s wall (cluster start included), {same}"


def on_page(start: Any, actions: list[Any], lanes: int = 2) -> tuple[GameReview, float]:
    """Circle's review as a page runs it: :class:`~cole_panel.core.reviewing.ReviewRun` on
    ``lanes`` lanes of a worker pool with one worker for bot moves and ``lanes`` processes for
    a review (a served page's on two cores: 1 and 2), each result applied on this thread as the
    server's event loop would; the review and the wall seconds from the start to the last
    position (the pool's start excluded: a server warms it when the page opens).  No browser:
    its drawing is not in the figure."""
    import queue

    from cole_panel.core.botpool import BotPool
    from cole_panel.core.reviewing import ReviewRun
    from cole_panel.rooms.scheduling import PoolScheduler

    pool = BotPool(workers=1, wide=lanes)
    pool.warm()
    try:
        pool.submit("warm", _Nothing(), lambda *_: None)  # wait for the workers' imports
        while pool.busy:
            time.sleep(0.05)
        loop: queue.Queue = queue.Queue()
        schedulers = [PoolScheduler(loop.put, pool) for _ in range(lanes)]
        run = ReviewRun(scheduler=schedulers[0], lanes=schedulers[1:])
        wall = time.perf_counter()
        run.start(start, actions)
        while run.running:
            loop.get()()
        return run.review, time.perf_counter() - wall
    finally:
        pool.shutdown()


def in_browser(actions: list[Any]) -> float:
    """Seconds, in the page's own clock, from pressing "Review this game" on a served Circle
    page (``?moves=``, the shared pool of a real ``panel serve``) to its status reading
    "Reviewed"."""
    from playwright.sync_api import expect

    from bench.latency import open_page, servers
    from engines.circle import new_game

    state, labels = new_game(), []
    for action in actions:
        labels.append(state.action_to_str(action))
        state.apply(action)
    bare = "import panel as pn\npn.pane.Markdown('bare').servable()\n"
    with servers("circle", bare) as (browser, server, _):
        context, page = open_page(browser, f"{server.url}?moves={','.join(labels)}")
        try:
            page.locator(".bk-tab", has_text="Review").click()
            button = page.get_by_role("button", name="Review this game")
            button.wait_for(timeout=120_000)
            page.evaluate(
                "() => document.addEventListener('click', () => window.__pressed ??="
                " performance.now(), {capture: true})"
            )
            button.click()
            status = page.locator(".cole-review-status")
            expect(status).to_contain_text("Reviewed", timeout=3_600_000)
            return page.evaluate("() => (performance.now() - window.__pressed) / 1000")
        finally:
            context.close()


class _Nothing:
    """A job that does nothing (the pool's first, to wait for its workers to start)."""

    kind = "MCTS"

    def compute(self, should_stop: Any = None) -> None:
        return None


def main() -> None:
    for bench_name, (name, rules, moves) in GAMES.items():
        start, actions = greedy_game(name, rules, moves)
        load = os.getloadavg()[0]
        review, cpu, wall = _timed(start, actions, 0)
        counts = {label: len(review.of_class(label)) for label in ("mistake", "blunder")}
        exact = sum(m.exact for m in review.moves)
        target = f" (target <= {TARGET_SECONDS:.0f} s wall)" if name == "circle" else ""
        print(
            f"{bench_name}: {len(actions)} moves, {SAMPLES} searches of "
            f"{default_iterations(name)} iterations a position: {cpu:.1f} CPU s{target}, "
            f"{cpu / len(actions):.2f} CPU s a move, {wall:.1f} s wall; load average "
            f"{load:.1f} -> {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; "
            f"{counts['mistake']} mistakes, {counts['blunder']} blunders, {exact} exact, "
            f"{len(review.deepened)} moves looked at again",
            flush=True,
        )
        second, _, _ = _timed(start, actions, 1)
        share, bad = agreement(review, second)
        print(
            f"{bench_name}: seeds 0 and 1 give the same class to {share:.0%} of the moves; "
            f"mistakes and blunders {'the same' if bad else 'DIFFERENT'}",
            flush=True,
        )
        if name == "circle":
            print(f"{bench_name}: {on_dask(start, actions, review)}", flush=True)
            for lanes in (1, 2):
                load = os.getloadavg()[0]
                again, page_wall = on_page(start, actions, lanes)
                same = "the same review" if again == review else "A DIFFERENT REVIEW"
                print(
                    f"{bench_name}: as a page runs it on {lanes} lane(s) (ReviewRun, no "
                    f"browser): {page_wall:.1f} s wall (target <= {TARGET_SECONDS:.0f} s), "
                    f"{page_wall / wall:.2f} × the in-process wall; load average {load:.1f} "
                    f"-> {os.getloadavg()[0]:.1f}; {same}",
                    flush=True,
                )
            load = os.getloadavg()[0]
            seconds = in_browser(actions)
            print(
                f"{bench_name}: in Chromium, a served page from pressing Review this game to "
                f"Reviewed: {seconds:.1f} s wall (target <= {TARGET_SECONDS:.0f} s); load "
                f"average {load:.1f} -> {os.getloadavg()[0]:.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
