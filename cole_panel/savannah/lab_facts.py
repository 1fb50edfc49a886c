"""The lab's facts of On the Savannah: who played which card, what it killed, the Big Five."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

import numpy as np
import pandas as pd

from ..lab import analysis as A
from ..lab import games as G
from ..lab import report as R


class Watcher(G.Watcher):
    """Savannah: who played which card, what each card killed, who took the Big Five."""

    @staticmethod
    def start() -> dict:
        return {"played": [], "kills": {}}

    @staticmethod
    def see(facts: dict, events: list) -> None:
        from engines.savannah.cards import name_of

        for event in events:
            kind = type(event).__name__
            if kind == "Played":
                facts["played"].append([event.player, name_of(event.card)])
            elif kind == "Killed":
                by = name_of(event.by)
                facts["kills"][by] = facts["kills"].get(by, 0) + 1

    @staticmethod
    def finish(facts: dict, state: Any, sheet: Any) -> dict:
        big_five = [
            p
            for p in range(state.players)
            if any(x.category == "big_five" for x in sheet.for_player(p))
        ]
        return {**facts, "big_five": big_five}


def savannah_cards(rows: list[dict[str, Any]], min_plays: int = 30) -> pd.DataFrame:
    """Per card: plays, the win rate of the player who played it, kills per play.

    Sorted strongest first; cards played fewer than ``min_plays`` times are left out.
    """
    plays: dict[str, int] = defaultdict(int)
    wins: dict[str, float] = defaultdict(float)
    kills: dict[str, int] = defaultdict(int)
    for row in rows:
        detail = json.loads(row["detail"])
        share = A.credits(row)
        for seat, card in detail.get("played", []):
            plays[card] += 1
            wins[card] += share[seat]
        for card, n in detail.get("kills", {}).items():
            kills[card] += n
    out = [
        {**A.rate_row({"card": c}, wins[c], plays[c]), "kills_per_play": kills[c] / plays[c]}
        for c in plays
        if plays[c] >= min_plays
    ]
    frame = pd.DataFrame(
        out, columns=["card", "games", "wins", "rate", "low", "high", "kills_per_play"]
    )
    return frame.rename(columns={"games": "plays"}).sort_values(
        "rate", ascending=False, ignore_index=True
    )


def savannah_big_five(rows: list[dict[str, Any]]) -> pd.DataFrame:
    """Per rules: how often someone killed all of the Big Five, and seat 0's win rate."""
    out = []
    for rules_json, group in A.by_rules(rows).items():
        hits = sum(1 for r in group if json.loads(r["detail"]).get("big_five"))
        lo, hi = A.wilson(hits, len(group))
        out.append(
            {
                "rules": A.rules_label(rules_json),
                "games": len(group),
                "big_five": hits,
                "rate": hits / len(group),
                "low": lo,
                "high": hi,
                "mean_top_score": float(
                    np.mean([max(map(int, r["scores"].split(","))) for r in group])
                ),
            }
        )
    return pd.DataFrame(out)


def report(rows: list[dict[str, Any]]) -> list[str]:
    lines = R.table(
        "Big Five (someone killed all five) per rules:",
        savannah_big_five(rows),
        lambda r: (
            f"{r['rules']:<22} {r['big_five']} of {r['games']} games = "
            f"{R.pct(r['rate'])} ({R.interval(r)}); mean top score {r['mean_top_score']:.1f}"
        ),
    )
    cards = savannah_cards(rows)
    if cards.empty:
        return lines
    lines += R.table(
        "Cards by the win rate of the player who played them (kills per play):",
        pd.concat([cards.head(3), cards.tail(3)]) if len(cards) > 6 else cards,
        lambda r: (
            f"{r['card']:<14} {int(r['plays']):5d} plays  {R.pct(r['rate'])} "
            f"({R.interval(r)})  kills/play {r['kills_per_play']:.2f}"
        ),
    )
    if len(cards) > 6:
        lines.insert(len(lines) - 3, "  …")
    return lines
