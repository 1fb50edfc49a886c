"""A puzzle trainer's controls, as Circle of Life's Puzzles tab shows them: the theme and level
pickers, the goal and progress, the verdict, Try again and Next puzzle.

The CSS classes are Circle's (``cole-puzzle-theme``, ``-level``, ``-goal``, ``-feedback``), so
one stylesheet and one set of browser-test locators serve every game.
"""

from __future__ import annotations

import html
from typing import Any

import panel as pn
import param

from engines.puzzle_files import DIFFICULTIES

from ..core.puzzle_trainer import PuzzleTrainer
from ..core.untrusted import markdown_text
from ..runtime.hold import batched

__all__ = ["PuzzleControls", "build_when_opened"]


class PuzzleControls(pn.viewable.Viewer):
    """The pickers, the goal, the verdict and the buttons of a :class:`PuzzleTrainer`."""

    model = param.ClassSelector(class_=PuzzleTrainer, doc="The puzzle trainer shown.")

    def __init__(self, **params: Any):
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
        retry = pn.widgets.Button(label="Try again", width=110)
        following = pn.widgets.Button(label="Next puzzle", width=110, color="primary")
        retry.on_click(batched(lambda _: self.model.retry()))
        following.on_click(batched(lambda _: self.model.next_puzzle()))
        m.param.watch(self._refresh, ["feedback", "solved", "puzzle"])
        self._refresh()
        self._layout = pn.Column(
            pn.FlexBox(self._theme, self._level),
            self._goal,
            self._feedback,
            pn.FlexBox(retry, following),
            margin=0,
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


def build_when_opened(tabs: pn.Tabs, holder: pn.Column, build: Any) -> pn.Tabs:
    """Fill ``holder`` (one of ``tabs``' objects) with ``build()`` the first time its tab
    opens: a puzzle trainer is a game model and its views, which most visitors never open."""

    def opened(event: param.parameterized.Event) -> None:
        shown = 0 <= event.new < len(tabs.objects) and tabs.objects[event.new] is holder
        if shown and not holder.objects:
            holder.objects = [build()]

    tabs.param.watch(opened, "active")
    return tabs
