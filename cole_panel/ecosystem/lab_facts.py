"""The lab's facts of Ecosystem: each seat's cards and points per scoring category."""

from __future__ import annotations

import json
import math
from collections import defaultdict
from typing import Any

import numpy as np
import pandas as pd

from ..lab import analysis as A


def ecosystem_cards(rows: list[dict[str, Any]]) -> pd.DataFrame:
    """Per card type: cards per park, points per card (ratio estimate, 95% interval), and how
    many more of it winners held than the others (a rough pick value)."""
    counts: dict[str, list[int]] = defaultdict(list)
    points: dict[str, list[int]] = defaultdict(list)
    gap: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        share = A.credits(row)
        seats = json.loads(row["detail"]).get("seats", [])
        for cat in seats[0]["cards"] if seats else {}:
            held = [s["cards"].get(cat, 0) for s in seats]
            for s, seat in enumerate(seats):
                counts[cat].append(held[s])
                points[cat].append(seat["points"].get(cat, 0))
            won = [h for h, c in zip(held, share, strict=True) if c > 0]
            lost = [h for h, c in zip(held, share, strict=True) if c == 0]
            if won and lost:
                gap[cat].append(np.mean(won) - np.mean(lost))
    out = []
    for cat in counts:
        c, p = np.asarray(counts[cat], float), np.asarray(points[cat], float)
        ratio = p.sum() / c.sum() if c.sum() else float("nan")
        half = (
            A.Z95 * math.sqrt(((p - ratio * c) ** 2).sum()) / c.sum() if c.sum() else float("nan")
        )
        g, glo, ghi = A.mean_interval(gap[cat])
        out.append(
            {
                "card": cat.replace("_", " "),
                "per_park": c.mean(),
                "points_per_card": ratio,
                "low": ratio - half,
                "high": ratio + half,
                "winner_minus_others": g,
                "gap_low": glo,
                "gap_high": ghi,
            }
        )
    return pd.DataFrame(out).sort_values("points_per_card", ascending=False, ignore_index=True)
