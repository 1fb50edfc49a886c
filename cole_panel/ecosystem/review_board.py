"""Ecosystem in the Review tab: the picker's park(s) and hand when she picked, the pick played
and the better one ringed on the cell and the card (:func:`engines.ecosystem.drawing.review_svg`),
and the park's rows in words for the screen reader."""

from __future__ import annotations

from engines.ecosystem import State
from engines.ecosystem.drawing import review_svg
from engines.review import MoveReview

from ..ui.review_view import ReviewBoard

__all__ = ["EcosystemReviewBoard"]


class EcosystemReviewBoard(ReviewBoard):
    """The picker's park(s), row A at the top, and her hand, with both picks ringed."""

    def position(self, before: State, move: MoveReview) -> list[str]:
        lines = []
        for park in before.rules.park_names:
            name = f"{park.capitalize()} park" if park else "Park"
            rows = str(before.park(move.player, park)).splitlines()
            lines.append(f"{name}: " + " / ".join(rows))
        return lines

    def picture(self, before: State, move: MoveReview, colour: str) -> str:
        better = None if move.is_best else before.parse_action(move.best)
        return review_svg(before, before.parse_action(move.move), better, colour)
