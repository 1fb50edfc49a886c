"""Ecosystem: Savanna speed: scoring six-player two-park tables and playing random drafts.

    python -m bench ecosystem

Figures (per CPU second of this process): score() on random full tables (target: at
least 2,000 six-player two-park scorings per second), the same with score_steps() and totals(), a plain reference
scorer written straight from the rulebook (every lion choice tried by rescoring) for a
ratio measured in the same run, and random complete drafts per second.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

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


# ---- a plain reference scorer: the rulebook read sentence by sentence ----------------

_ORTH = ((-1, 0), (0, -1), (0, 1), (1, 0))
_AROUND = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))
_ANIMALS = {"GZ", "ZB", "GF", "CH", "LI", "EL", "HY", "VU"}


def _near(cell, steps=_ORTH):
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in steps if 0 <= r + dr < 4 and 0 <= c + dc < 5]


def _plain_park(grid: dict, flipped: set, stage: str, rules: Rules) -> int:
    pts = 0
    for cell, code in grid.items():
        if stage == "before":
            if code == "WH":
                pts += 2 * len({grid[n] for n in _near(cell) if grid.get(n) in _ANIMALS})
            elif code == "ZB":
                pts += 3 * sum(grid.get(n) == "GR" for n in _near(cell))
            elif code == "GF":
                pts += 5 * any(grid.get(n) == "TR" for n in _near(cell))
            elif code == "GZ":
                pts += 2
            elif code == "CH":
                for other, kind in grid.items():
                    if (
                        kind == "GZ"
                        and other[0] != cell[0]
                        and abs(other[0] - cell[0]) == abs(other[1] - cell[1])
                    ):
                        pts += 3
                        flipped.add(other)
        else:
            if code == "EL":
                value = 6 - 2 * sum(
                    grid.get(n) in _ANIMALS and grid.get(n) != "EL" and n not in flipped
                    for n in _near(cell)
                )
                pts += value if rules.elephant_floor is None else max(value, rules.elephant_floor)
            elif code == "HY":
                pts += 3 * sum(n in flipped for n in _near(cell, _AROUND))
            elif code == "VU":
                pts += 4 * sum((r, cell[1]) in flipped for r in range(cell[0] + 1, 4))
    if stage == "before":
        seen: set = set()
        for cell, code in grid.items():
            if code == "GR" and cell not in seen:
                group, todo = {cell}, [cell]
                while todo:
                    for n in _near(todo.pop()):
                        if grid.get(n) == "GR" and n not in group:
                            group.add(n)
                            todo.append(n)
                seen |= group
                pts += min(len(group), 4) ** 2
        trees = [cell for cell, code in grid.items() if code == "TR"]
        pts += 2 * (len({r for r, _ in trees}) + len({c for _, c in trees}))
    return pts


def _plain_lions(i: int, flips: list, lions: list, pair: list, rules: Rules) -> int:
    """Best points of lions i… and everything after them, trying every prey."""
    if i == len(lions):
        tail = sum(_plain_park(g, f, "after", rules) for g, f in zip(pair, flips, strict=True))
        for r in range(4):
            kinds = {
                code
                for g, f in zip(pair, flips, strict=True)
                for cell, code in g.items()
                if cell[0] == r and cell not in f
            }
            tail += rules.row_points[len(kinds)]
        return tail
    slot, cell = lions[i]
    grid = pair[slot]
    if not any(grid.get(n) == "GR" for n in _near(cell)):
        return _plain_lions(i + 1, flips, lions, pair, rules)
    prey = [c for c, k in sorted(grid.items()) if k in ("GZ", "ZB") and c not in flips[slot]]
    if not prey:
        return _plain_lions(i + 1, flips, lions, pair, rules)
    results = []
    for choice in prey:
        after = [set(f) for f in flips]
        after[slot].add(choice)
        results.append(4 + _plain_lions(i + 1, after, lions, pair, rules))
    return max(results)


def plain_totals(table: list[tuple[Park, Park]], rules: Rules) -> list[int]:
    """Totals of a two-park table, trying every lion choice by rescoring the rest."""
    grids = [[{cell: card.value for cell, card in park.cards()} for park in pair] for pair in table]
    out = []
    for p, pair in enumerate(grids):
        flips = [set(), set()]
        base = sum(_plain_park(g, f, "before", rules) for g, f in zip(pair, flips, strict=True))
        for slot in range(2):
            counts = [sum(code == "GZ" for code in g[slot].values()) for g in grids]
            pool = [n for n in counts if n > 0]
            if counts[p] and counts[p] == max(pool):
                base += 5
            elif (
                counts[p]
                and pool.count(max(pool)) == 1
                and counts[p] == max(n for n in pool if n != max(pool))
            ):
                base += 2
        lions = [(s, cell) for s in range(2) for cell in sorted(pair[s]) if pair[s][cell] == "LI"]

        out.append(base + _plain_lions(0, flips, lions, pair, rules))
    return out


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
