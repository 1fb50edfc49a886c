"""The next draft's settings: variant, frame, players, seats, the bots-only pace and New game
(the draft table's ``settings()``, a sidebar when served, a tab in a notebook)."""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from engines.ecosystem import player_name

from ...ui import SeatSelector
from .model import MAX_PLAYERS, EcosystemModel

SETUP_SELECT_WIDTH = 250
"""Width of the variant and frame menus (px)."""


class DraftSetup(pn.viewable.Viewer):
    """The next game's variant, frame, players, seats (one row a player of the game), the
    bots-only pace and the New game button."""

    model = param.ClassSelector(class_=EcosystemModel, doc="The draft set up here.")
    pace = param.Parameter(
        allow_refs=False, doc="The table's bots-only pace parameter (a slider is made of it)."
    )
    on_new_game = param.Callable(doc="What the New game button does.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        m = self.model
        new_game = pn.widgets.Button(label="New game", color="primary", width=140)
        new_game.on_click(lambda _: self.on_new_game())
        variant = pn.widgets.Select.from_param(
            m.param.variant,
            label=f"Next game's {m.param.variant.label.lower()}",
            options={"Classic (one park)": "classic", "Two parks (West and East)": "two_parks"},
            width=SETUP_SELECT_WIDTH,
        )
        frame = pn.widgets.Select.from_param(
            m.param.frame,
            options={
                "fixed (the park's 4 × 5 cells)": "fixed",
                "floating (the frame may slide)": "floating",
            },
            width=SETUP_SELECT_WIDTH,
        )
        players = pn.widgets.IntSlider.from_param(m.param.players, width=200)
        together = pn.widgets.Checkbox.from_param(
            m.param.reveal_together,
            label="In a room: show a turn's picks together, once everyone has picked",
            css_classes=["eco-reveal-together"],
        )
        seats = [
            SeatSelector(model=m, seat=f"seat{p}", strength=f"strength{p}", label=player_name(p))
            for p in range(MAX_PLAYERS)
        ]
        self._seat_rows = [pn.Column(s, margin=0) for s in seats]
        pace = pn.widgets.FloatSlider.from_param(self.pace, label="Bots-only pace (s)", width=200)
        self._layout = pn.Column(
            pn.pane.Markdown("**Next game**", margin=(4, 5, 0, 5)),
            pn.FlexBox(variant, frame, margin=0),
            players,
            together,
            pn.pane.Markdown("**Seats** (changes apply at once)", margin=(8, 5, 0, 5)),
            *self._seat_rows,
            pace,
            new_game,
            sizing_mode="stretch_width",
        )
        m.param.watch(self._show_seats, ["players"])
        self._show_seats()

    def _show_seats(self, *_: Any) -> None:
        for p, row in enumerate(self._seat_rows):
            row.visible = p < self.model.players

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
