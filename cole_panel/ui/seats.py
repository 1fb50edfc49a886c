"""The seat menu and strength slider (the seat kinds and bots themselves live in core)."""

from __future__ import annotations

from typing import Any

import panel as pn
import param

from ..core.seats import SEAT_KINDS, STRENGTH_BOUNDS, BotShelf

__all__ = ["SEAT_KINDS", "STRENGTH_BOUNDS", "SKIP_WHEN_DISABLED", "BotShelf", "SeatSelector"]

SKIP_WHEN_DISABLED = ".noUi-target[disabled] .noUi-handle { visibility: hidden; }"
"""A slider's stylesheet: Bokeh marks a disabled slider but leaves its handle a Tab stop
(tabindex 0); a hidden handle takes none (the title still says the value)."""


class SeatSelector(pn.viewable.Viewer):
    """A seat's menu (Human / Random / Greedy / MCTS) and the MCTS strength slider.

    Works with any model that has a ``Selector`` parameter for the seat kind and an ``Integer``
    parameter for the strength; the widgets are bound both ways to those parameters.
    """

    model = param.Parameter(doc="The Parameterized model holding the seat parameters.")
    seat = param.String(doc="Name of the model's seat-kind parameter, e.g. 'seat0'.")
    strength = param.String(doc="Name of the model's strength parameter, e.g. 'strength0'.")
    label = param.String(default="Player", doc="Shown above the menu, e.g. 'Orange'.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._kind = pn.widgets.Select.from_param(
            self.model.param[self.seat], label=self.label, width=120, margin=(2, 5)
        )
        self._strength = pn.widgets.IntSlider.from_param(
            self.model.param[self.strength],
            label="MCTS strength",
            # 120 + 140 + margins: 280 px, inside a 300 px sidebar that shows a classic 13 px
            # scrollbar (Firefox, WebKit, a desktop Chromium): at 150 it scrolled sideways.
            width=140,
            margin=(2, 5),
            stylesheets=[SKIP_WHEN_DISABLED],
        )
        self.model.param.watch(self._refresh, [self.seat])
        self._refresh()

    def _refresh(self, *_: Any) -> None:
        self._strength.disabled = getattr(self.model, self.seat) != "MCTS"

    def __panel__(self) -> pn.viewable.Viewable:
        return pn.Row(self._kind, self._strength, margin=0)
