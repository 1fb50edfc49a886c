"""Circle's board in the Review tab: the position of the move picked, the move played as the
mover's stone ringed in its class's colour, and the better move ringed green (named beside it)."""

from __future__ import annotations

from typing import Any

import panel as pn
from bokeh.models import ColumnDataSource

from engines.circle import State, xy
from engines.review import MoveReview

from ..ui.figures import bare_figure
from ..ui.review_view import CLASS_COLOURS, ReviewBoard
from .palette import BACKGROUND, CELL_FILL, CELL_LINE, STONE_FILL

__all__ = ["CircleReviewBoard"]

BETTER = "#2e7d32"
"""The ring of the better move."""


class CircleReviewBoard(ReviewBoard):
    """The hex board of a reviewed position, with the move played and the better one."""

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._cells = ColumnDataSource({"q": [], "r": []})
        self._stones = ColumnDataSource({"x": [], "y": [], "fill": []}, name="review-stones")
        self._played = ColumnDataSource(
            {"x": [], "y": [], "colour": [], "label": [], "fill": []}, name="review-played"
        )
        self._better = ColumnDataSource({"x": [], "y": [], "label": []}, name="review-better")
        fig = bare_figure(
            "review-board", (-8, 8), (-8, 8), BACKGROUND, width=320, height=320, match_aspect=True
        )
        fig.hex_tile(
            "q", "r", size=1, orientation="pointytop", source=self._cells,
            fill_color=CELL_FILL, line_color=CELL_LINE,
        )  # fmt: skip
        fig.circle("x", "y", radius=0.6, source=self._stones, fill_color="fill", line_color=None)
        hollow = {"fill_color": None, "line_width": 4, "radius": 0.8}
        # The move played: the mover's stone, faint (not on the board yet), in its class's ring.
        fig.circle("x", "y", radius=0.6, source=self._played, fill_color="fill", fill_alpha=0.5,
                   line_color=None)  # fmt: skip
        fig.circle("x", "y", source=self._played, line_color="colour", **hollow)
        fig.circle("x", "y", source=self._better, line_color=BETTER, line_dash="dashed", **hollow)
        fig.text("x", "y", text="label", source=self._better, text_color=BETTER,
                 x_offset=14, y_offset=-14, text_font_size="12px", text_font_style="bold")  # fmt: skip
        self._fig = fig
        self._pane = pn.pane.Bokeh(fig, sizing_mode="fixed")

    def show(self, before: State | None, move: MoveReview | None) -> None:
        if before is None or move is None:
            self._played.data = {"x": [], "y": [], "colour": [], "label": [], "fill": []}
            self._better.data = {"x": [], "y": [], "label": []}
            return
        cells = list(before.board.cells)
        span = before.rules.radius * 1.8 + 1.5
        self._fig.x_range.update(start=-span, end=span)
        self._fig.y_range.update(start=-span, end=span)
        self._cells.data = {"q": [c[0] for c in cells], "r": [c[1] for c in cells]}
        stones = [(c, before.stone_at(c)) for c in cells if before.stone_at(c) is not None]
        self._stones.data = {
            "x": [xy(c)[0] for c, _ in stones],
            "y": [xy(c)[1] for c, _ in stones],
            "fill": [STONE_FILL[p] for _, p in stones],
        }
        played = before.parse_action(move.move)
        self._played.data = {
            "x": [xy(played)[0]], "y": [xy(played)[1]],
            "colour": [CLASS_COLOURS[move.label]], "label": [move.move],
            "fill": [STONE_FILL[move.player]],
        }  # fmt: skip
        if move.is_best:
            self._better.data = {"x": [], "y": [], "label": []}
        else:
            better = before.parse_action(move.best)
            self._better.data = {"x": [xy(better)[0]], "y": [xy(better)[1]], "label": [move.best]}

    def __panel__(self) -> pn.viewable.Viewable:
        return self._pane
