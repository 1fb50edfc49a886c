"""On the Savannah in the Review tab: the row and the mover's hand when she moved."""

from __future__ import annotations

from engines.review import MoveReview
from engines.savannah import State, name_of

from ..ui.review_view import ReviewBoard

__all__ = ["SavannahReviewBoard"]


class SavannahReviewBoard(ReviewBoard):
    """The row (left to right) and the mover's hand, in words."""

    def position(self, before: State, move: MoveReview) -> list[str]:
        row = ", ".join(name_of(c) for c in before.row) or "empty"
        hand = ", ".join(name_of(c) for c in before.hand(move.player)) or "empty"
        return [f"The row: {row}.", f"{move.mover_name()}'s hand: {hand}."]
