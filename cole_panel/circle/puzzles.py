"""The Puzzles tab: pick a theme and a difficulty, click your move, read why it is right or wrong."""

from __future__ import annotations

import html
from typing import Any

import panel as pn
import param

from engines.puzzle_files import DIFFICULTIES

from ..core.untrusted import markdown_text
from ..runtime.hold import batched
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
        self._theme = pn.widgets.RadioButtonGroup(
            options={m.THEME_NAMES[t]: t for t in m.param.theme.objects},
            value=m.theme,
            color="primary",
            variant="outline",
            css_classes=["cole-puzzle-theme"],
        )
        self._theme.link(m, value="theme", bidirectional=True)
        self._level = pn.widgets.RadioButtonGroup(
            options={level.capitalize(): level for level in DIFFICULTIES},
            value=m.difficulty,
            css_classes=["cole-puzzle-level"],
        )
        self._level.link(m, value="difficulty", bidirectional=True)
        self._goal = pn.pane.HTML("", css_classes=["cole-puzzle-goal"], margin=(4, 5))
        self._feedback = pn.pane.Alert(
            " ", alert_type="light", css_classes=["cole-puzzle-feedback"], margin=(4, 5)
        )
        self._retry = pn.widgets.Button(label="Try again", width=110)
        self._next = pn.widgets.Button(label="Next puzzle", width=110, color="primary")
        self._retry.on_click(batched(lambda _: self.model.retry()))
        self._next.on_click(batched(lambda _: self.model.next_puzzle()))
        self._race = pn.widgets.Checkbox(label="Show who can use each cell", value=False)
        self.board = CircleBoard(model=m.game, size=self.size, prefix=PUZZLE_PREFIX)
        self._race.link(self.board, value="show_race")
        m.param.watch(self._refresh, ["feedback", "solved", "puzzle"])
        self._refresh()
        # Controls above the board, so the whole trainer fits the side column's tab.
        self._layout = pn.Column(
            pn.FlexBox(self._theme, self._level),
            self._goal,
            self._feedback,
            pn.FlexBox(self._retry, self._next, self._race),
            self.board,
            sizing_mode="stretch_width",
        )

    def _refresh(self, *_: Any) -> None:
        m = self.model
        self._goal.object = (
            f'<div style="font-size:16px"><b>{html.escape(m.goal)}</b></div>'
            f'<div style="color:#6b5b40">{html.escape(m.progress)}</div>'
        )
        if m.solved is None:
            text, kind = m.PROMPT, "light"
        else:
            text, kind = m.feedback, "success" if m.solved else "danger"
        self._feedback.param.update(object=markdown_text(text), alert_type=kind)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
