"""A list of the moves played; picking one shows that position, a button returns to live play."""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from .named_controls import aria_name


class MoveList(pn.viewable.Viewer):
    """The moves as a list box (``"1. Orange E5"``); ``selected`` is how many moves are shown
    (``None`` = the live position).  Picking the start line shows the empty board (0 moves)."""

    moves = param.List(default=[], doc="One label per move played, oldest first.")
    selected = param.Integer(
        default=None,
        allow_None=True,
        bounds=(0, None),
        doc="Number of moves into the game being viewed; None while live.",
    )
    start_label = param.String(default="0. Start", doc="The line standing for the start position.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._select = pn.widgets.Select(
            options=[],
            size=12,
            sizing_mode="stretch_width",
            margin=(2, 5),
            css_classes=["cole-moves", aria_name("Moves played: pick one to view the game then")],
        )
        self._live = pn.widgets.Button(
            label="Back to live game",
            color="warning",
            visible=False,
            sizing_mode="stretch_width",
            margin=(2, 5),
        )
        self._select.param.watch(self._on_pick, "value")
        self._live.on_click(lambda _: setattr(self, "selected", None))
        self.param.watch(self._refresh, ["moves", "selected"])
        self._updating = False
        self._refresh()

    def _lines(self) -> list[str]:
        return [self.start_label] + [f"{n}. {m}" for n, m in enumerate(self.moves, start=1)]

    def _refresh(self, *_: Any) -> None:
        lines = self._lines()
        self._updating = True
        try:
            index = (
                len(self.moves) if self.selected is None else min(self.selected, len(self.moves))
            )
            # Options and value in one update: set apart, the page could answer the new options
            # with its old value (a stale pick that showed the past and refused the next click).
            self._select.param.update(options=lines, value=lines[index])
        finally:
            self._updating = False
        self._live.visible = self.selected is not None

    def _on_pick(self, event: param.parameterized.Event) -> None:
        if self._updating or event.new is None:
            return
        index = self._lines().index(event.new)
        self.selected = None if index == len(self.moves) else index

    def __panel__(self) -> pn.viewable.Viewable:
        return pn.Column(self._select, self._live, margin=0, sizing_mode="stretch_width")
