"""Everything an Ecosystem: Savanna player sees: the scoring explorer and the draft table.

One :class:`EcosystemDashboard` per browser session (or notebook cell), with its own models.
When a draft ends, the draft tab offers a button that opens the explorer on its final parks,
stepping from the start (the explorer never changes behind the player's back).

``__panel__`` is the whole dashboard (notebooks); the served shell asks for
:meth:`~EcosystemDashboard.settings` (the next draft's options and seats, for a sidebar) and
:meth:`~EcosystemDashboard.play_area` (everything else) instead.
"""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from ..runtime.near import ShownWhenNear
from ..ui.keyboard import TabJumps
from ..ui.learn_page import LearnTab
from ..ui.puzzle_controls import build_when_opened
from ..ui.review_view import ReviewTab
from .draft.model import EcosystemModel
from .draft.puzzles import EcosystemPuzzleView
from .draft.view import DraftTable
from .explorer.model import ScoringExplorerModel
from .explorer.view import ScoringExplorer
from .review_board import EcosystemReviewBoard

TAB_NAMES = ("Scoring explorer", "Draft table")
ALL_TABS = (*TAB_NAMES, "Review", "Puzzles", "Learn")
"""Every tab's title, in order."""
SETTINGS_PX = 600
"""About the height of the sidebar's settings."""


class EcosystemDashboard(pn.viewable.Viewer):
    """Two tabs: build and score parks step by step; draft against bots."""

    model = param.ClassSelector(class_=EcosystemModel, doc="The draft (a new one per dashboard).")
    explorer_model = param.ClassSelector(
        class_=ScoringExplorerModel, doc=("The scoring explorer's parks (a new one per dashboard).")
    )
    open_on = param.Selector(
        default=TAB_NAMES[0],
        objects=list(TAB_NAMES),
        doc="The tab shown first (a room's page opens on the draft its people play).",
    )

    def __init__(self, **params: Any):
        params.setdefault("model", EcosystemModel())
        params.setdefault("explorer_model", ScoringExplorerModel())
        super().__init__(**params)
        self.explorer = ScoringExplorer(model=self.explorer_model)
        # New game (the sidebar's, or N) deals a draft: the page shows it, wherever it was
        self.draft = DraftTable(
            model=self.model, on_explore=self.explore_final_parks, on_new_game=self.show_draft
        )
        self._tabs: pn.Tabs | None = None

    def explore_final_parks(self) -> None:
        """Open the scoring explorer on the finished draft's parks, stepping from the start."""
        m = self.model
        state = m.state
        if state.is_over:
            names = [m.seat_name(p) for p in range(state.players)]
            self.explorer_model.load_table(state.parks, state.rules, names, player=m.viewer)
        self.show_explorer()

    def _make_tabs(self, with_settings: bool) -> pn.Tabs:
        draft = self.draft if with_settings else self.draft.play_area()
        review = ReviewTab(model=self.model, board_type=EcosystemReviewBoard)
        puzzles = pn.Column(margin=0, sizing_mode="stretch_width")  # built on first open
        learn = LearnTab("ecosystem")
        self._tabs = pn.Tabs(
            *zip(
                ALL_TABS, (self.explorer, draft, review.column, puzzles, learn.column), strict=True
            ),
            dynamic=True,
            active=TAB_NAMES.index(self.open_on),
            sizing_mode="stretch_width",
            css_classes=["eco-tabs"],
        )
        build_when_opened(self._tabs, puzzles, EcosystemPuzzleView)
        return learn.attach(review.attach(self._tabs))

    @property
    def tabs(self) -> pn.Tabs:
        """The two tabs (built on first use)."""
        return self._tabs if self._tabs is not None else self._make_tabs(True)

    def show_explorer(self) -> None:
        """Switch to the scoring explorer tab."""
        self.tabs.active = 0

    def show_draft(self) -> None:
        """Switch to the draft table tab."""
        self.tabs.active = 1

    def settings(self) -> pn.viewable.Viewable:
        """The next draft's variant, frame, players, seats and New game (a sidebar; sent for
        when the sidebar is shown: a phone's starts closed)."""
        return ShownWhenNear(
            self.draft.settings(), height=SETTINGS_PX, label="Settings", when="sidebar"
        )

    def play_area(self) -> pn.viewable.Viewable:
        """The tabs, without the draft's settings (they are in :meth:`settings`), after their
        keyboard jumps (the page's first Tab stops after the sidebar reach every tab)."""
        tabs = self._make_tabs(False)
        return pn.Column(TabJumps.of(tabs, ALL_TABS), tabs, margin=0, sizing_mode="stretch_width")

    def __panel__(self) -> pn.viewable.Viewable:
        # The tabs must be the root: wrapped in a Column, Bokeh figures in the hidden tab keep
        # the page from ever reporting "ready", and Panel then drops held updates.
        return self._tabs if self._tabs is not None else self._make_tabs(True)
