"""Ecosystem: Savanna speed: scoring six-player two-park tables and playing random drafts.

    python -m bench ecosystem

Figures (per CPU second of this process): score() on random full tables (target: at least
2,000 six-player two-park scorings per second), the same with score_steps() and totals(), the
plain reference scorer of ``bench/naive_ecosystem.py`` (every lion choice tried by rescoring;
the tests check the engine against it too) for a ratio measured in the same run, and random
complete drafts per second.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from bench.naive_ecosystem import plain_totals
from engines.ecosystem import CELLS, CODES, Park, Rules, new_game, score, score_steps, totals
from engines.ecosystem.bots import RandomBot

TARGET = 2000
"""Six-player two-park scorings per second the engine should reach."""


def random_tables(count: int, players: int = 6, seed: int = 1) -> list[list[tuple[Park, Park]]]:
    """Tables of full West/East parks dealt from two shuffled decks (12 of each type)."""
    rng = random.Random(seed)
    deck = [code for code in CODES for _ in range(24)]
    tables = []
    for _ in range(count):
        rng.shuffle(deck)
        cards = iter(deck)
        tables.append(
            [
                tuple(Park(dict(zip(CELLS, cards, strict=False))) for _ in range(2))
                for _ in range(players)
            ]
        )
    return tables


def rate(fn: Callable[[], object], items: int, repeats: int = 3) -> float:
    """Best items per CPU second over a few runs of fn (which handles ``items`` items).

    CPU time of this process, not wall time, so other work on a shared machine does not
    count against the figure.
    """
    best = 0.0
    for _ in range(repeats):
        start = time.process_time()
        fn()
        best = max(best, items / max(time.process_time() - start, 1e-9))
    return best


# ---- figures -------------------------------------------------------------------------


def _drafts_per_second(rules: Rules, seconds: float = 3.0) -> tuple[float, int]:
    """Random complete drafts (RandomBot for everyone, final scoring included) per CPU second."""
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = new_game(rules, seed=games)
        bot = RandomBot(games)
        while not game.is_over:
            game.apply(bot.choose(game))
        games += 1
    return games / (time.process_time() - start), games


def main() -> None:
    rules = Rules(variant="two_parks", players=6)
    tables = random_tables(200)

    def run_score() -> None:
        for table in tables:
            score(table, rules)

    def run_steps() -> None:
        for table in tables:
            for _ in score_steps(table, rules):
                pass

    def run_totals() -> None:
        for table in tables:
            totals(table, rules)

    fast = rate(run_score, len(tables))
    print(
        f"score(): {fast:,.0f} six-player two-park scorings/s "
        f"(target {TARGET:,}: {'met' if fast >= TARGET else 'NOT met'}, {fast / TARGET:.2f}× target)"
    )
    print(
        f"score_steps(): {rate(run_steps, len(tables)):,.0f} tables/s (one step per category and lion)"
    )
    print(f"totals(): {rate(run_totals, len(tables)):,.0f} tables/s")

    sample = tables[:40]
    for table in sample:
        assert plain_totals(table, rules) == totals(table, rules), "reference disagrees"

    def run_plain() -> None:
        for table in sample:
            plain_totals(table, rules)

    plain = rate(run_plain, len(sample), repeats=2)
    print(
        f"plain reference scorer: {plain:,.0f} tables/s; score() is {fast / plain:.1f}× faster "
        f"(same totals on {len(sample)} tables)"
    )

    for label, draft_rules in (
        ("classic, 4 players", Rules(players=4)),
        ("two parks, 4 players", Rules(variant="two_parks", players=4)),
    ):
        per_second, games = _drafts_per_second(draft_rules)
        print(f"random complete drafts ({label}): {per_second:,.1f}/s over {games} games")


if __name__ == "__main__":
    main()
