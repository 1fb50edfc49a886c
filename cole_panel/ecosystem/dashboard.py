"""Everything an Ecosystem: Savanna player sees: the scoring explorer and the draft table.

One :class:`EcosystemDashboard` per browser session (or notebook cell), with its own models.
When a draft ends, the explorer opens on its final parks, stepping from the start, and the
draft tab offers a button that switches to it.
"""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from .draft_view import DraftTable
from .explorer import ScoringExplorerModel
from .explorer_view import ScoringExplorer
from .model import EcosystemModel

TAB_NAMES = ("Scoring explorer", "Draft table")


class EcosystemDashboard(pn.viewable.Viewer):
    """Two tabs: build and score parks step by step; draft against bots."""

    model = param.ClassSelector(class_=EcosystemModel, doc="The draft (a new one per dashboard).")
    explorer_model = param.ClassSelector(
        class_=ScoringExplorerModel, doc=("The scoring explorer's parks (a new one per dashboard).")
    )

    def __init__(self, **params: Any):
        params.setdefault("model", EcosystemModel())
        params.setdefault("explorer_model", ScoringExplorerModel())
        super().__init__(**params)
        self.explorer = ScoringExplorer(model=self.explorer_model)
        self.draft = DraftTable(model=self.model, on_explore=self.show_explorer)
        self._explored: object | None = None
        self.tabs = pn.Tabs(
            (TAB_NAMES[0], self.explorer),
            (TAB_NAMES[1], self.draft),
            dynamic=True,
            sizing_mode="stretch_width",
            css_classes=["eco-tabs"],
        )
        self.model.param.watch(self._on_state, ["state"])

    def _on_state(self, *_: Any) -> None:
        """At the end of a draft, open the explorer on the final parks."""
        m = self.model
        state = m.state
        if not state.is_over or self._explored is state:
            return
        self._explored = state
        names = [m.seat_name(p) for p in range(state.players)]
        self.explorer_model.load_table(state.parks, state.rules, names, player=m.viewer)

    def show_explorer(self) -> None:
        """Switch to the scoring explorer tab."""
        self.tabs.active = 0

    def show_draft(self) -> None:
        """Switch to the draft table tab."""
        self.tabs.active = 1

    def __panel__(self) -> pn.viewable.Viewable:
        # The tabs must be the root: wrapped in a Column, Bokeh figures in the hidden tab keep
        # the page from ever reporting "ready", and Panel then drops held updates.
        return self.tabs
