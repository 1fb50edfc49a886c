"""The lab's facts of Circle of Life: how each game ended, the first mover's edge."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

import pandas as pd

from ..lab import analysis as A
from ..lab import games as G
from ..lab import report as R


class Watcher(G.Watcher):
    """Circle: how the game ended."""

    @staticmethod
    def finish(facts: dict, state: Any, sheet: Any) -> dict:
        outcome = state.outcome
        return {"termination": str(getattr(outcome, "termination", getattr(outcome, "reason", "")))}


def circle_stats(rows: list[dict[str, Any]]) -> pd.DataFrame:
    """Per rules (e.g. radius): the first mover's win rate and the game length in moves."""
    out = []
    for rules_json, group in A.by_rules(rows).items():
        first = json.loads(rules_json).get("first_player", 0)
        wins = sum(A.credits(r)[first] for r in group)
        length, lo, hi = A.mean_interval([r["turns"] for r in group])
        ends = defaultdict(int)
        for r in group:
            ends[json.loads(r["detail"]).get("termination", "")] += 1
        rate = A.rate_row({"rules": A.rules_label(rules_json)}, wins, len(group))
        out.append(
            {
                **rate,
                "moves": length,
                "moves_low": lo,
                "moves_high": hi,
                "endings": ", ".join(f"{k} {v}" for k, v in sorted(ends.items())),
            }
        )
    return pd.DataFrame(out)


def report(rows: list[dict[str, Any]]) -> list[str]:
    return R.table(
        "First mover's win rate and game length (moves, 95% interval of the mean):",
        circle_stats(rows),
        lambda r: (
            f"{r['rules']:<22} {int(r['games']):5d} games  first mover wins "
            f"{R.pct(r['rate'])} ({R.interval(r)})  length {r['moves']:.1f} "
            f"({r['moves_low']:.1f} – {r['moves_high']:.1f})  ends: {r['endings']}"
        ),
    )


def read_link(query: str) -> tuple[Any, tuple[str, ...], tuple[str, ...]]:
    """The start, moves and player names of a shared ``?moves=`` link; ``ValueError`` says what
    is wrong with it."""
    from engines.circle import PLAYER_NAMES, new_game

    from .link import read_query

    shared = read_query(query)
    if shared.problems:
        raise ValueError(shared.problems[0])
    return new_game(shared.rules), tuple(shared.moves), tuple(PLAYER_NAMES)
