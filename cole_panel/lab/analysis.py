"""Reading a study's rows: win rates with Wilson intervals, ratings, and per-game statistics.

Every function takes the rows of a results file (dicts, see ``runner.COLUMNS``) and returns a
``pandas.DataFrame`` that a summary prints and a page plots.  Each game's own statistics are in
its lab facts (the ``lab`` of its page record, :mod:`cole_panel.game_pages`), built on these.  A shared win counts ``1/k`` to each
of the ``k`` winners, so win rates always add up to one game per game.

>>> lo, hi = wilson(50, 100)
>>> round(lo, 3), round(hi, 3)
(0.404, 0.596)
>>> wilson(0, 0)
(0.0, 1.0)
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from typing import Any

import numpy as np
import pandas as pd

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson(wins: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``wins / n`` (``(0, 1)`` with no games)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low = 0.0 if wins <= 0 else max(0.0, min(p, centre - half))  # exact at 0 and n despite rounding
    high = 1.0 if wins >= n else min(1.0, max(p, centre + half))
    return (low, high)


def credits(row: dict[str, Any]) -> list[float]:
    """Each seat's share of the win in one game (1/k to each of k winners)."""
    seats = row["seats"].split(",")
    winners = [int(w) for w in str(row["winners"]).split(",") if w != ""]
    share = 1 / len(winners) if winners else 0.0
    return [share if s in winners else 0.0 for s in range(len(seats))]


def rate_row(label: dict[str, Any], wins: float, n: int) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    return {
        **label,
        "games": n,
        "wins": wins,
        "rate": wins / n if n else float("nan"),
        "low": lo,
        "high": hi,
    }


def bot_rates(rows: list[dict[str, Any]]) -> pd.DataFrame:
    """Each bot's win rate over every seat it took (a self-play bot counts once per seat)."""
    wins: dict[str, float] = defaultdict(float)
    games: dict[str, int] = defaultdict(int)
    for row in rows:
        for bot, credit in zip(row["seats"].split(","), credits(row), strict=True):
            wins[bot] += credit
            games[bot] += 1
    return pd.DataFrame([rate_row({"bot": b}, wins[b], games[b]) for b in games])


def seat_rates(rows: list[dict[str, Any]]) -> pd.DataFrame:
    """The win rate of each seat, seat 0 being the first to move with default rules."""
    wins: dict[int, float] = defaultdict(float)
    games: dict[int, int] = defaultdict(int)
    for row in rows:
        for seat, credit in enumerate(credits(row)):
            wins[seat] += credit
            games[seat] += 1
    return pd.DataFrame([rate_row({"seat": s}, wins[s], games[s]) for s in sorted(games)])


def pair_rates(rows: list[dict[str, Any]]) -> pd.DataFrame:
    """Each pair's win rate over the two-seat games they played, in both seat orders.

    A pair is read from the side of the bot seated first the first time they met (in a ladder,
    the bot named first), so ``mcts:3`` against ``greedy`` is one line, not two.
    """
    wins: dict[tuple[str, str], float] = defaultdict(float)
    games: dict[tuple[str, str], int] = defaultdict(int)
    for row in rows:
        seats = row["seats"].split(",")
        if len(seats) != 2 or seats[0] == seats[1]:
            continue
        first, second = credits(row)
        pair = (seats[0], seats[1])
        if pair not in games and pair[::-1] in games:
            pair, first = pair[::-1], second
        wins[pair] += first
        games[pair] += 1
    return pd.DataFrame(
        [rate_row({"bot": b, "opponent": o}, wins[b, o], games[b, o]) for b, o in games],
        columns=["bot", "opponent", "games", "wins", "rate", "low", "high"],
    )


def rate_curve(rows: list[dict[str, Any]], bot: str) -> pd.DataFrame:
    """A bot's running win rate and interval after each game it played, in the rows' order."""
    wins, n, out = 0.0, 0, []
    for row in rows:
        for seat_bot, credit in zip(row["seats"].split(","), credits(row), strict=True):
            if seat_bot == bot:
                wins += credit
                n += 1
        if n:
            out.append(rate_row({"bot": bot}, wins, n))
    return pd.DataFrame(out, columns=["bot", "games", "wins", "rate", "low", "high"])


# ------------------------------------------------------------------------------- ratings


def _pair_results(
    rows: list[dict[str, Any]], bots: list[str] | None = None
) -> tuple[list[str], np.ndarray]:
    """Bots and the matrix ``W[i, j]`` of wins of bot ``i`` over bot ``j`` (two-seat games)."""
    if bots is None:
        bots = list(dict.fromkeys(b for r in rows for b in r["seats"].split(",")))
    index = {b: i for i, b in enumerate(bots)}
    wins = np.zeros((len(bots), len(bots)))
    for row in rows:
        seats = row["seats"].split(",")
        if len(seats) != 2 or seats[0] == seats[1]:
            continue
        a, b = (index[s] for s in seats)
        ca, cb = credits(row)
        if ca == cb:  # a draw or shared win: half each
            ca = cb = 0.5
        wins[a, b] += ca
        wins[b, a] += cb
    return bots, wins


def bradley_terry(wins: np.ndarray, prior: float = 0.5, steps: int = 2000) -> np.ndarray:
    """Bradley–Terry strengths (log scale, mean 0) by the MM algorithm.

    ``prior`` adds that many wins each way to every pair that met, so a bot that won or lost
    every game still gets a finite rating.
    """
    met = (wins + wins.T) > 0
    w = wins + prior * met
    n = w + w.T
    total = w.sum(axis=1)
    p = np.ones(len(w))
    for _ in range(steps):
        denom = (n / (p[:, None] + p[None, :])).sum(axis=1)
        new = np.where(denom > 0, total / np.where(denom > 0, denom, 1), p)
        new /= math.exp(np.log(new).mean())
        if np.allclose(new, p, rtol=1e-10, atol=0):
            break
        p = new
    return np.log(p)


def ratings(rows: list[dict[str, Any]], resamples: int = 200, seed: int = 0) -> pd.DataFrame:
    """Elo-scale ratings (400 · log10 of the Bradley–Terry strength) with bootstrap intervals.

    The first bot (the weakest by convention, ``random``) is rated 0. Intervals: 2.5th and
    97.5th percentiles over ``resamples`` resamplings of the games.
    """
    bots, wins = _pair_results(rows)
    scale = 400 / math.log(10)

    def elo(matrix: np.ndarray) -> np.ndarray:
        strength = bradley_terry(matrix) * scale
        return strength - strength[0]

    point = elo(wins)
    pairs = [r for r in rows if len(r["seats"].split(",")) == 2]
    rng = np.random.default_rng(seed)
    samples = []
    for _ in range(resamples if pairs else 0):
        pick = rng.integers(0, len(pairs), len(pairs))
        _, w = _pair_results([pairs[i] for i in pick], bots)
        samples.append(elo(w))
    low, high = np.percentile(samples, [2.5, 97.5], axis=0) if samples else (point, point)
    games = (wins + wins.T).sum(axis=1)
    return pd.DataFrame(
        {"bot": bots, "games": games.astype(int), "elo": point, "low": low, "high": high}
    ).sort_values("elo", ascending=False, ignore_index=True)


# ------------------------------------------------------------------------------- per game


def by_rules(rows: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        groups[row["rules"]].append(row)
    return groups


def rules_label(rules_json: str) -> str:
    rules = json.loads(rules_json)
    return ", ".join(f"{k}={v}" for k, v in rules.items()) or "default rules"


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    a = np.asarray(values, dtype=float)
    if len(a) == 0:
        return (float("nan"),) * 3
    half = Z95 * a.std(ddof=1) / math.sqrt(len(a)) if len(a) > 1 else float("nan")
    return (a.mean(), a.mean() - half, a.mean() + half)
