"""The printed summary of a study: plain-text tables of rates with their 95% intervals."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pandas as pd

from ..game_pages import GAME_PAGES, get_page
from . import analysis as A
from .study import Study


def pct(value: float) -> str:
    return f"{100 * value:5.1f}%"


def table(title: str, frame: pd.DataFrame, line: Callable[[pd.Series], str]) -> list[str]:
    """``title``, then ``line(row)`` indented for each row of ``frame``."""
    return [title, *(f"  {line(r)}" for _, r in frame.iterrows())]


def interval(r: pd.Series, low: str = "low", high: str = "high") -> str:
    return f"{pct(r[low])} – {pct(r[high])}"


def _rates(frame: pd.DataFrame, label: str, title: str) -> list[str]:
    if frame.empty:
        return []
    width = max(len(label), *(len(str(v)) for v in frame[label]))
    head = f"{label:<{width}}  games  win rate  95% interval"
    return table(
        f"{title}\n  {head}",
        frame,
        lambda r: f"{r[label]!s:<{width}}  {int(r['games']):5d}  {pct(r['rate'])}    {interval(r)}",
    )


def summary(study: Study, rows: list[dict[str, Any]]) -> str:
    """The summary the ``cole`` command prints after a study."""
    rows = [r for r in rows if r["key"] < study.games]
    lines = [f"{study.describe()}; {len(rows)} played."]
    if not rows:
        return lines[0]
    lines += _rates(A.bot_rates(rows), "bot", "Win rate of each bot (shared wins split):")
    seats = A.seat_rates(rows)
    seats["seat"] = [f"seat {s + 1}" for s in seats["seat"]]
    lines += _rates(seats, "seat", "Win rate of each seat (seat 1 moves first by default):")
    if study.kind == "ladder":
        pairs = A.pair_rates(rows)
        pairs["pair"] = pairs["bot"] + " v " + pairs["opponent"]
        lines += _rates(pairs, "pair", "Win rate of the first-named bot of each pair, both seats:")
        lines += table(
            "Ratings (Elo scale, first bot = 0; 95% bootstrap interval):",
            A.ratings(rows),
            lambda r: (
                f"{r['bot']:<10} {r['elo']:7.0f}   {r['low']:7.0f} – {r['high']:7.0f}"
                f"   ({r['games']} games)"
            ),
        )
    if study.kind == "stats":
        facts = get_page(study.game).lab_facts if study.game in GAME_PAGES else None
        lines += facts.report(rows) if facts is not None else []
    return "\n".join(lines)
