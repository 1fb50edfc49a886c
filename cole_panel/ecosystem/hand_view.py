"""A hand of Ecosystem cards drawn with Bokeh; a tap on a card hands its index to ``on_card``."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import panel as pn
import param
from bokeh.events import DoubleTap, Tap
from bokeh.models import ColumnDataSource, HoverTool

from engines.ecosystem import CardType

from ..ui.client_values import finite_point
from ..ui.figures import bare_figure, lean
from ..ui.keyboard import CURSOR
from .card_glyphs import CARD_COLUMNS, draw_cards
from .style import BACKGROUND, CARD_TOOLTIP, GOLD, RULES, card_columns, title


class HandView(pn.viewable.Viewer):
    """A hand of cards in a row; a tap picks one (``on_card(index)``)."""

    slots = param.Integer(default=11, bounds=(1, 20), doc="Room for this many cards.")
    cell_px = param.Integer(default=64, bounds=(24, 160), doc="Width of one card in pixels.")
    figure_name = param.String(default="eco-hand", doc="The Bokeh name of the figure.")
    visible = param.Boolean(default=True, doc="Whether the hand is shown at all.")

    def __init__(self, on_card: Callable[[int], Any] | None = None, **params: Any):
        super().__init__(**params)
        self.on_card = on_card
        n = self.figure_name
        extra = ("code", "line", "width", "alpha", "bg_alpha", "title", "tip")
        self.source = ColumnDataSource({c: [] for c in CARD_COLUMNS + extra}, name=f"{n}-cards")
        px = self.cell_px
        p = bare_figure(
            n,
            (0, self.slots),
            (-0.72, 0.8),
            BACKGROUND,
            width=self.slots * px,
            height=round(1.52 * px),
            match_aspect=True,
        )
        rects, _ = draw_cards(
            p,
            self.source,
            0.9,
            1.3,
            rect=dict(fill_alpha="alpha", line_width="width", name=f"{n}-rects"),
            text=dict(
                text_font_size=f"{max(8, round(px * 0.17))}px",
                text_alpha="alpha",
                background_fill_alpha="bg_alpha",
            ),
        )
        self.cursor = ColumnDataSource(dict(x=[], y=[]), name=f"{n}-cursor")
        p.rect(
            "x", "y", width=0.98, height=1.4, source=self.cursor, fill_color=None,
            line_color=CURSOR, line_width=4, line_dash=[8, 3],
        )  # fmt: skip
        hover = HoverTool(renderers=[rects], tooltips=CARD_TOOLTIP, attachment="above")
        p.add_tools(hover)
        p.on_event(Tap, finite_point(self._on_tap))
        p.on_event(DoubleTap, finite_point(self._on_double))
        self.figure = lean(p)
        self._enabled = False
        self._count = 0
        self._last_index = -1
        self._pane = pn.pane.Bokeh(p, sizing_mode="fixed", margin=(0, 0), visible=self.visible)
        self.param.watch(lambda e: setattr(self._pane, "visible", e.new), ["visible"])

    @staticmethod
    def card_x(index: int) -> float:
        """Data x of the centre of the card at ``index`` (its y is 0)."""
        return index + 0.5

    def show(
        self, cards: Sequence[CardType], selected: int | None = None, enabled: bool = True
    ) -> None:
        """Draw the hand; ``selected`` is raised with a gold border; disabled hands are faded."""
        data: dict[str, list] = {key: [] for key in self.source.data}
        for i, card in enumerate(cards):
            cols = card_columns(card, False, False)
            chosen = i == selected
            cols.update(
                x=self.card_x(i),
                y=0.1 if chosen else 0.0,
                line=GOLD if chosen else "#5b4a30",
                width=5 if chosen else 1,
                alpha=1.0 if enabled else 0.55,
                bg_alpha=1.0 if enabled else 0.0,
                title=title(card),
                tip=html.escape(RULES[card]),
            )
            for key, value in cols.items():
                if key in data:
                    data[key].append(value)
        self.source.data = data
        self._enabled = enabled
        self._count = len(cards)

    def show_cursor(self, index: int | None) -> None:
        """Outline the keyboard cursor's card (None: no cursor)."""
        xs = [] if index is None else [self.card_x(index)]
        self.cursor.data = dict(x=xs, y=[0.0] * len(xs))

    def _on_tap(self, event: Any) -> None:
        index = int(event.x) if event.x is not None and event.x >= 0 else -1
        self._last_index = index
        if self.on_card is not None and 0 <= index < self._count:
            self.on_card(index)

    def _on_double(self, event: Any) -> None:
        """A second click within Bokeh's double-tap time: a tap on another card still counts;
        on the same card it is ignored (so a double click does not pick and drop a card)."""
        index = int(event.x) if event.x is not None and event.x >= 0 else -1
        if index != self._last_index:
            self._on_tap(event)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._pane
