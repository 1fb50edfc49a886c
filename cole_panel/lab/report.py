"""The printed summary of a study: plain-text tables of rates with their 95% intervals."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pandas as pd

from . import analysis as A
from .study import Study


def _pct(value: float) -> str:
    return f"{100 * value:5.1f}%"


def _table(title: str, frame: pd.DataFrame, line: Callable[[pd.Series], str]) -> list[str]:
    """``title``, then ``line(row)`` indented for each row of ``frame``."""
    return [title, *(f"  {line(r)}" for _, r in frame.iterrows())]


def _interval(r: pd.Series, low: str = "low", high: str = "high") -> str:
    return f"{_pct(r[low])} – {_pct(r[high])}"


def _rates(frame: pd.DataFrame, label: str, title: str) -> list[str]:
    if frame.empty:
        return []
    width = max(len(label), *(len(str(v)) for v in frame[label]))
    head = f"{label:<{width}}  games  win rate  95% interval"
    return _table(
        f"{title}\n  {head}",
        frame,
        lambda r: (
            f"{r[label]!s:<{width}}  {int(r['games']):5d}  {_pct(r['rate'])}    {_interval(r)}"
        ),
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
        lines += _table(
            "Ratings (Elo scale, first bot = 0; 95% bootstrap interval):",
            A.ratings(rows),
            lambda r: (
                f"{r['bot']:<10} {r['elo']:7.0f}   {r['low']:7.0f} – {r['high']:7.0f}"
                f"   ({r['games']} games)"
            ),
        )
    if study.kind == "stats":
        lines += _GAME_STATS[study.game](rows)
    return "\n".join(lines)


def _circle(rows: list[dict[str, Any]]) -> list[str]:
    return _table(
        "First mover's win rate and game length (moves, 95% interval of the mean):",
        A.circle_stats(rows),
        lambda r: (
            f"{r['rules']:<22} {int(r['games']):5d} games  first mover wins "
            f"{_pct(r['rate'])} ({_interval(r)})  length {r['moves']:.1f} "
            f"({r['moves_low']:.1f} – {r['moves_high']:.1f})  ends: {r['endings']}"
        ),
    )


def _savannah(rows: list[dict[str, Any]]) -> list[str]:
    lines = _table(
        "Big Five (someone killed all five) per rules:",
        A.savannah_big_five(rows),
        lambda r: (
            f"{r['rules']:<22} {r['big_five']} of {r['games']} games = "
            f"{_pct(r['rate'])} ({_interval(r)}); mean top score {r['mean_top_score']:.1f}"
        ),
    )
    cards = A.savannah_cards(rows)
    if cards.empty:
        return lines
    lines += _table(
        "Cards by the win rate of the player who played them (kills per play):",
        pd.concat([cards.head(3), cards.tail(3)]) if len(cards) > 6 else cards,
        lambda r: (
            f"{r['card']:<14} {int(r['plays']):5d} plays  {_pct(r['rate'])} "
            f"({_interval(r)})  kills/play {r['kills_per_play']:.2f}"
        ),
    )
    if len(cards) > 6:
        lines.insert(len(lines) - 3, "  …")
    return lines


def _ecosystem(rows: list[dict[str, Any]]) -> list[str]:
    return _table(
        "Points per card type (95% interval), cards per park, winners' extra cards:",
        A.ecosystem_cards(rows),
        lambda r: (
            f"{r['card']:<14} {r['points_per_card']:5.2f} ({r['low']:5.2f} – "
            f"{r['high']:5.2f})  {r['per_park']:4.1f} per park  "
            f"{r['winner_minus_others']:+.2f} ({r['gap_low']:+.2f} – {r['gap_high']:+.2f})"
        ),
    )


_GAME_STATS = {"circle": _circle, "savannah": _savannah, "ecosystem": _ecosystem}
