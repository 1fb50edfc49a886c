"""Hand-built Ecosystem parks for the scoring tests, and the score lines they earn."""

from __future__ import annotations

from engines.ecosystem import Park

EMPTY_ROW = ".. .. .. .. .."


def park(*rows: str) -> Park:
    """A park from up to 4 rows of text; missing rows are empty."""
    rows = list(rows) + [EMPTY_ROW] * (4 - len(rows))
    return Park.parse("\n".join(rows))


def lines(sheet, category, player=0):
    return [line for line in sheet if line.category == category and line.player == player]


def points(sheet, category, player=0):
    return [line.points for line in lines(sheet, category, player)]
