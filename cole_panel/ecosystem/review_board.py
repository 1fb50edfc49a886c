"""Ecosystem in the Review tab: the picker's park(s) when she picked, as the park's text."""

from __future__ import annotations

from engines.ecosystem import State
from engines.review import MoveReview

from ..ui.review_view import ReviewBoard

__all__ = ["EcosystemReviewBoard"]


class EcosystemReviewBoard(ReviewBoard):
    """The picker's park(s), row A at the top, ``..`` for an empty cell."""

    def position(self, before: State, move: MoveReview) -> list[str]:
        lines = []
        for park in before.rules.park_names:
            name = f"{park.capitalize()} park" if park else "Park"
            rows = str(before.park(move.player, park)).splitlines()
            lines.append(f"{name}: " + " / ".join(rows))
        return lines
