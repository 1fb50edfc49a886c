"""On the Savannah in the Review tab: the row, the mover's hand and the kill piles when she moved,
the card played and the better one ringed (:func:`engines.savannah.drawing.review_svg`), and the
row and hand in words for the screen reader."""

from __future__ import annotations

from engines.review import MoveReview
from engines.savannah import State, name_of
from engines.savannah.drawing import review_svg

from ..ui.review_view import ReviewBoard

__all__ = ["SavannahReviewBoard"]


class SavannahReviewBoard(ReviewBoard):
    """The row (left to right), the mover's hand and the kill piles, both cards ringed."""

    def position(self, before: State, move: MoveReview) -> list[str]:
        row = ", ".join(name_of(c) for c in before.row) or "empty"
        hand = ", ".join(name_of(c) for c in before.hand(move.player)) or "empty"
        return [f"The row: {row}.", f"{move.mover_name()}'s hand: {hand}."]

    def picture(self, before: State, move: MoveReview, colour: str) -> str:
        better = None if move.is_best else before.parse_action(move.best)
        return review_svg(before, before.parse_action(move.move), better, colour)
