"""A plain Ecosystem: Savanna scorer, the rulebook read sentence by sentence.

Nothing is cached or clever: each card type is scored by looking at its neighbours on a dict
grid, and every hunting lion tries every prey by rescoring everything after it.  It is short
enough to check by eye: ``bench/bench_ecosystem.py`` measures the engine's scorer against it and
``tests/ecosystem/test_properties.py`` checks that both give the same totals.
"""

from __future__ import annotations

from engines.ecosystem import Rules

ORTH = ((-1, 0), (0, -1), (0, 1), (1, 0))
ANIMALS = {"GZ", "ZB", "GF", "CH", "LI", "EL", "HY", "VU"}


def neighbours(cell, steps=ORTH):
    r, c = cell
    for dr, dc in steps:
        if 0 <= r + dr < 4 and 0 <= c + dc < 5:
            yield (r + dr, c + dc)


AROUND = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def plain_before_lions(grid):
    """Points of one park up to the cheetahs, and the cells the cheetahs flip."""
    pts = 0
    for cell, code in grid.items():
        if code == "WH":
            pts += 2 * len({grid[n] for n in neighbours(cell) if grid.get(n) in ANIMALS})
        elif code == "ZB":
            pts += 3 * sum(1 for n in neighbours(cell) if grid.get(n) == "GR")
        elif code == "GF":
            pts += 5 if any(grid.get(n) == "TR" for n in neighbours(cell)) else 0
        elif code == "GZ":
            pts += 2
    seen = set()
    for cell, code in grid.items():
        if code == "GR" and cell not in seen:
            group, todo = {cell}, [cell]
            while todo:
                for n in neighbours(todo.pop()):
                    if grid.get(n) == "GR" and n not in group:
                        group.add(n)
                        todo.append(n)
            seen |= group
            pts += min(len(group), 4) ** 2
    trees = [cell for cell, code in grid.items() if code == "TR"]
    pts += 2 * (len({r for r, _ in trees}) + len({c for _, c in trees}))
    flipped = set()
    for (r, c), code in grid.items():
        if code == "CH":
            for (rr, cc), other in grid.items():
                if other == "GZ" and rr != r and abs(rr - r) == abs(cc - c):
                    pts += 3
                    flipped.add((rr, cc))
    return pts, flipped


def plain_after_lions(grid, flipped, rules):
    pts = 0
    for (r, c), code in grid.items():
        if code == "EL":
            near = sum(
                1
                for n in neighbours((r, c))
                if grid.get(n) in ANIMALS and grid.get(n) != "EL" and n not in flipped
            )
            value = 6 - 2 * near
            if rules.elephant_floor is not None:
                value = max(value, rules.elephant_floor)
            pts += value
        elif code == "HY":
            pts += 3 * sum(1 for n in neighbours((r, c), AROUND) if n in flipped)
        elif code == "VU":
            pts += 4 * sum(1 for rr in range(r + 1, 4) if (rr, c) in flipped)
    return pts


def plain_rows(grids, flipped_sets, rules):
    pts = 0
    for r in range(4):
        kinds = {
            code
            for grid, flipped in zip(grids, flipped_sets, strict=True)
            for (rr, c), code in grid.items()
            if rr == r and (rr, c) not in flipped
        }
        pts += rules.row_points[len(kinds)]
    return pts


def plain_lions(i, flips, lion_points, lions, player_grids, rules, policy):
    """Points of lions i… and everything after them, over every choice of prey."""
    if i == len(lions):
        tail = sum(plain_after_lions(g, f, rules) for g, f in zip(player_grids, flips, strict=True))
        if rules.variant == "two_parks":
            tail += plain_rows(player_grids, flips, rules)
        return lion_points + tail
    slot, cell = lions[i]
    grid = player_grids[slot]
    rest = (lions, player_grids, rules, policy)
    if not any(grid.get(n) == "GR" for n in neighbours(cell)):
        return plain_lions(i + 1, flips, lion_points, *rest)
    prey = sorted(c for c, code in grid.items() if code in ("GZ", "ZB") and c not in flips[slot])
    if not prey:
        extra = 4 if rules.lion_scores_without_prey else 0
        return plain_lions(i + 1, flips, lion_points + extra, *rest)
    if policy != "best":
        prey = prey[:1]
    results = []
    for choice in prey:
        after = list(flips)
        after[slot] = flips[slot] | {choice}
        results.append(plain_lions(i + 1, after, lion_points + 4, *rest))
    return max(results)


def plain_totals(table, rules: Rules, policy: str = "best") -> list[int]:
    """Each player's total by a direct reading of the rules.

    ``table``: per player, the parks in ``rules.park_names`` order (a list or a pair).  Lions try
    every choice (``policy="best"``) or take the first face-up prey in reading order.
    """
    grids = [
        [{cell: card.code for cell, card in park.cards()} for park in parks] for parks in table
    ]
    out = []
    for p, player_grids in enumerate(grids):
        base, flips = 0, []
        for grid in player_grids:
            pts, flipped = plain_before_lions(grid)
            base += pts
            flips.append(flipped)
        most, second = rules.majority_points
        for slot in range(len(player_grids)):
            counts = [sum(1 for code in g[slot].values() if code == "GZ") for g in grids]
            pool = [n for n in counts if n > 0] if rules.majority_needs_gazelles else counts
            mine = counts[p]
            if not pool or (rules.majority_needs_gazelles and mine == 0):
                continue
            top = max(pool)
            if mine == top:
                base += most
            elif pool.count(top) == 1 and mine == max(n for n in pool if n != top):
                base += second
        lions = [
            (slot, cell)
            for slot, grid in enumerate(player_grids)
            for cell in sorted(grid)
            if grid[cell] == "LI"
        ]

        out.append(base + plain_lions(0, flips, 0, lions, player_grids, rules, policy))
    return out
