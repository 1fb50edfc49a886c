"""The Puzzles tab: pick a theme and a difficulty, click your move, read why it is right or wrong."""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from ..ui.puzzle_controls import PuzzleControls
from .board import CircleBoard
from .puzzle_model import PuzzleModel

PUZZLE_PREFIX = "puzzle"
"""Bokeh names of the puzzle board start with this ('puzzle-board', 'puzzle-stones', …)."""


class PuzzleView(pn.viewable.Viewer):
    """A puzzle board with its goal, the verdict on the first move, and the controls."""

    model = param.ClassSelector(class_=PuzzleModel, doc="The puzzle trainer shown.")
    size = param.Integer(default=440, bounds=(300, 1600), doc="Board width in pixels.")

    def __init__(self, **params: Any):
        if "model" not in params:
            params["model"] = PuzzleModel()
        super().__init__(**params)
        m = self.model
        self.controls = PuzzleControls(model=m)
        """The theme and level pickers, the goal, the verdict, Try again and Next puzzle."""
        self._race = pn.widgets.Checkbox(label="Show who can use each cell", value=False)
        self.board = CircleBoard(model=m.game, size=self.size, prefix=PUZZLE_PREFIX)
        self._race.link(self.board, value="show_race")
        # Controls above the board, so the whole trainer fits the side column's tab.
        self._layout = pn.Column(self.controls, self._race, self.board, sizing_mode="stretch_width")

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
