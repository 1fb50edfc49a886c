"""A hand of Ecosystem cards drawn with Bokeh; a tap on a card hands its index to ``on_card``.

The cards lie in lines of ``per_row`` (all of them on one line by default; a phone's narrow
screen takes five a line): card ``i`` is at column ``i % per_row`` of line ``i // per_row``, and
the figure is as tall as the lines the hand needs now.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Sequence
from typing import Any

import panel as pn
import param
from bokeh.events import DoubleTap, Tap
from bokeh.models import ColumnDataSource, HoverTool, Rect

from engines.ecosystem import CardType

from ...ui.client_values import finite_point
from ...ui.figures import add_glyph, bare_figure, lean
from ...ui.keyboard import CURSOR
from ..board import LEGIBLE_PX
from ..card_glyphs import CARD_COLUMNS, draw_cards
from ..style import BACKGROUND, CARD_TOOLTIP, GOLD, RULES, card_columns, title

LINE = 1.52
"""Height of one line of cards, in card widths (a card is 1.3 high; the rest is the gap)."""
TOP = 0.8
"""Top of the figure above the first line's centre."""


class HandView(pn.viewable.Viewer):
    """A hand of cards in a row; a tap picks one (``on_card(index)``)."""

    slots = param.Integer(default=11, bounds=(1, 20), doc="Room for this many cards.")
    cell_px = param.Integer(default=64, bounds=(24, 160), doc="Width of one card in pixels.")
    figure_name = param.String(default="eco-hand", doc="The Bokeh name of the figure.")
    visible = param.Boolean(default=True, doc="Whether the hand is shown at all.")
    per_row = param.Integer(
        default=20, bounds=(1, 20), doc="Most cards on one line (the next ones go under them)."
    )
    legible = param.Boolean(
        default=False,
        doc=f"Card names at least {LEGIBLE_PX} px (a phone or a tablet); off: in proportion.",
    )

    def __init__(self, on_card: Callable[[int], Any] | None = None, **params: Any):
        super().__init__(**params)
        self.on_card = on_card
        n = self.figure_name
        extra = ("code", "line", "width", "alpha", "bg_alpha", "title", "tip")
        self.source = ColumnDataSource({c: [] for c in CARD_COLUMNS + extra}, name=f"{n}-cards")
        p = bare_figure(n, (0, 1), (-1, 0), BACKGROUND, width=100, height=100, match_aspect=True)
        rects, self._names = draw_cards(
            p,
            self.source,
            0.9,
            1.3,
            rect=dict(fill_alpha="alpha", line_width="width", name=f"{n}-rects"),
            text=dict(
                text_alpha="alpha",
                background_fill_alpha="bg_alpha",
            ),
        )
        self.cursor = ColumnDataSource(dict(x=[], y=[]), name=f"{n}-cursor")
        frame = Rect(
            x="x", y="y", width=0.98, height=1.4, fill_color=None, line_color=CURSOR,
            line_width=4, line_dash=[8, 3],
        )  # fmt: skip
        add_glyph(p, frame, self.cursor)
        hover = HoverTool(renderers=[rects], tooltips=CARD_TOOLTIP, attachment="above")
        p.add_tools(hover)
        p.on_event(Tap, finite_point(self._on_tap))
        p.on_event(DoubleTap, finite_point(self._on_double))
        self.figure = lean(p)
        self._enabled = False
        self._count = 0
        self._last_index = -1
        self._lines = 1
        self._shown: tuple[Sequence[CardType], int | None, bool] = ((), None, False)
        self._fit()
        self.param.watch(self._relayout, ["cell_px", "per_row", "legible"])
        self._pane = pn.pane.Bokeh(p, sizing_mode="fixed", margin=(0, 0), visible=self.visible)
        self.param.watch(lambda e: setattr(self._pane, "visible", e.new), ["visible"])

    @property
    def columns(self) -> int:
        """Cards on a full line."""
        return min(self.per_row, self.slots)

    def card_xy(self, index: int) -> tuple[float, float]:
        """Data coordinates of the centre of the card at ``index`` (the first line's y is 0)."""
        line, column = divmod(index, self.columns)
        return column + 0.5, -line * LINE

    def _relayout(self, *_: Any) -> None:
        """A new size or line length: the figure again, and the cards where they now go."""
        self._fit()
        self.show(*self._shown)

    def _fit(self) -> None:
        """The figure's size and ranges for the lines the hand needs, and its names' size."""
        px, columns = self.cell_px, self.columns
        self._lines = lines = max(1, -(-self._count // columns))
        p = self.figure
        bottom = TOP - LINE * lines
        p.x_range.update(start=0, end=columns)
        p.y_range.update(start=bottom, end=TOP)
        p.width = columns * px
        p.height = round(LINE * lines * px)
        least = LEGIBLE_PX if self.legible else 8
        self._names.glyph.text_font_size = f"{max(least, round(px * 0.17))}px"

    def show(
        self, cards: Sequence[CardType], selected: int | None = None, enabled: bool = True
    ) -> None:
        """Draw the hand; ``selected`` is raised with a gold border; disabled hands are faded."""
        self._shown = (cards, selected, enabled)
        data: dict[str, list] = {key: [] for key in self.source.data}
        for i, card in enumerate(cards):
            cols = card_columns(card, False, False)
            chosen = i == selected
            x, y = self.card_xy(i)
            cols.update(
                x=x,
                y=y + (0.1 if chosen else 0.0),
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
        self._enabled = enabled
        self._count = len(cards)
        if max(1, -(-self._count // self.columns)) != self._lines:
            self._fit()
        self.source.data = data

    def show_cursor(self, index: int | None) -> None:
        """Outline the keyboard cursor's card (None: no cursor)."""
        xy = [] if index is None else [self.card_xy(index)]
        self.cursor.data = dict(x=[x for x, _ in xy], y=[y for _, y in xy])

    def _index_at(self, x: float, y: float) -> int:
        """The index of the card under data point (x, y), or -1 (the gaps count as cards)."""
        line = math.floor((TOP - y) / LINE)
        if x < 0 or x >= self.columns or not 0 <= line < self._lines:
            return -1
        return line * self.columns + int(x)

    def _on_tap(self, event: Any) -> None:
        index = self._index_at(event.x, event.y)
        self._last_index = index
        if self.on_card is not None and 0 <= index < self._count:
            self.on_card(index)

    def _on_double(self, event: Any) -> None:
        """A second click within Bokeh's double-tap time: a tap on another card still counts;
        on the same card it is ignored (so a double click does not pick and drop a card)."""
        if self._index_at(event.x, event.y) != self._last_index:
            self._on_tap(event)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._pane
