"""The live score breakdown: a table of every scoring line and a bar chart per category.

Both are built once. The table is a Panel ``Tabulator`` whose ``value`` is replaced. The chart
is a Bokeh figure of horizontal bars drawn directly (not through HoloViews: ``hv.render`` asks
Bokeh's ``curdoc()``, which a page built off the event loop must never do — see
:mod:`cole_panel.ui.page_build`); each update replaces the ``data`` of its ColumnDataSource and
the ends of its value range. (Re-rendering a chart per update recomputes the Bokeh document's
whole model graph: ~150 ms per click on this page, the budget of the whole click-to-repaint
round trip.) Selecting a row reports the line's index to ``on_select`` (the explorer then
highlights that line's cells on the board).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pandas as pd
import panel as pn
import param
from bokeh.models import ColumnDataSource, HoverTool, Range1d
from bokeh.plotting import figure

from engines import ScoreLine

from ...ui.keyboard import read_only_table
from ..style import BACKGROUND, CATEGORY_COLOURS, CATEGORY_TITLES

BARS_NAME = "eco-bars"
"""Bokeh name of the bar chart figure; its ColumnDataSource is named ``eco-bars-source``."""
TABLE_CLASS = "eco-breakdown"
"""CSS class of the breakdown table (tests find it by this class)."""

_COLUMNS = ["Category", "step", "points", "why"]


def group_title(category: str, subtotal: int) -> str:
    """A category's heading in the table, with its subtotal like a paper score pad."""
    title = CATEGORY_TITLES.get(category, category)
    return f"{title} — {subtotal} point{'s' * (abs(subtotal) != 1)}"


def lines_frame(
    lines: Sequence[ScoreLine], new: Sequence[int] = (), texts: Sequence[str] | None = None
) -> pd.DataFrame:
    """The table's rows: one per score line, grouped by category with its subtotal (``step``
    marks the lines just scored; ``texts`` replace the lines' notes)."""
    fresh = set(new)
    subtotals: dict[str, int] = {}
    for line in lines:
        subtotals[line.category] = subtotals.get(line.category, 0) + line.points
    why = list(texts) if texts is not None else [line.note for line in lines]
    # Explicit dtypes: Tabulator picks each column's formatter from its dtype, and an empty
    # frame would otherwise make every column a float.
    return pd.DataFrame(
        {
            "step": pd.Series(["▶" if i in fresh else "" for i in range(len(lines))], dtype=object),
            "Category": pd.Series(
                [group_title(line.category, subtotals[line.category]) for line in lines],
                dtype=object,
            ),
            "points": pd.Series([line.points for line in lines], dtype="int64"),
            "why": pd.Series(why, dtype=object),
        },
        columns=_COLUMNS,
    )


def bars_frame(by_category: Mapping[str, int]) -> pd.DataFrame:
    """The chart's bars: one per category in scoring order (top to bottom once drawn)."""
    items = list(by_category.items())[::-1]  # a categorical y axis lists factors bottom-up
    return pd.DataFrame(
        {
            "category": [CATEGORY_TITLES.get(c, c) for c, _ in items],
            "points": [v for _, v in items],
            "colour": [CATEGORY_COLOURS.get(c, "#999999") for c, _ in items],
        }
    )


def bars_figure(data: pd.DataFrame, height: int) -> Any:
    """The chart: one horizontal bar per category (``data`` as :func:`bars_frame` makes it),
    named :data:`BARS_NAME`, its source ``eco-bars-source``."""
    source = ColumnDataSource(
        {name: list(data[name]) for name in ("category", "points", "colour")},
        name=f"{BARS_NAME}-source",
    )
    p = figure(
        name=BARS_NAME,
        y_range=list(data["category"]),
        x_range=Range1d(0, 10),
        height=height,
        sizing_mode="stretch_width",
        toolbar_location=None,
        tools="",
        background_fill_color=BACKGROUND,
        border_fill_color=None,
        outline_line_color=None,
        min_border=0,
        x_axis_label="points",
    )
    p.hbar(
        y="category",
        right="points",
        height=0.75,
        source=source,
        fill_color="colour",
        line_color="#5b4a30",
        line_width=0.8,
    )
    p.add_tools(HoverTool(tooltips=[("", "@category"), ("points", "@points")]))
    p.yaxis.major_label_text_font_size = "11pt"
    p.xaxis.major_label_text_font_size = "10pt"
    p.xaxis.axis_label_text_font_size = "10pt"
    p.ygrid.grid_line_color = None
    return p


# A category's header ("Category: Watering holes — 12 points (2 lines)") wraps in a narrow
# score column instead of running under its edge.
GROUP_WRAP = ".tabulator-row.tabulator-group { white-space: normal; }"


class ScoreBreakdown(pn.viewable.Viewer):
    """Every scoring line in a table, and the points per category as horizontal bars."""

    chart_height = param.Integer(default=260, bounds=(120, 1200), doc="Chart height in pixels.")

    def __init__(
        self,
        on_select: Callable[[int | None], Any] | None = None,
        categories: Sequence[str] = (),
        **params: Any,
    ):
        super().__init__(**params)
        self.on_select = on_select
        self._updating = False
        self.table = read_only_table(
            lines_frame([]),
            show_index=False,
            selectable=1,
            sortable=False,
            layout="fit_data_stretch",
            groupby=["Category"],
            hidden_columns=["Category"],
            sizing_mode="stretch_width",
            widths={"step": 30, "points": 72},  # 58 px cut the header to "Poi…"
            titles={"step": "", "points": "Points", "why": "Why"},
            text_align={"points": "right", "step": "center"},
            formatters={"why": {"type": "textarea"}},
            css_classes=[TABLE_CLASS],
            stylesheets=[GROUP_WRAP],
            margin=(4, 5),
        )
        self.table.param.watch(self._on_selection, "selection")
        self.bars = bars_frame(dict.fromkeys(categories, 0))
        """The chart's data as last shown (category, points, colour)."""
        # The chart is drawn on first need: the explorer shows it only once scrolled near,
        # and its 30-odd Bokeh models were made for every page.
        self._figure: Any = None
        self._chart: pn.pane.Bokeh | None = None

    @property
    def figure(self) -> Any:
        """The chart's Bokeh figure (built on first use, showing :attr:`bars`)."""
        if self._figure is None:
            self._figure = bars_figure(self.bars, self.chart_height)
            self._draw_bars()
        return self._figure

    @property
    def chart(self) -> pn.pane.Bokeh:
        """The chart's pane (built on first use)."""
        if self._chart is None:
            self._chart = pn.pane.Bokeh(
                self.figure, sizing_mode="stretch_width", height=self.chart_height, margin=(0, 5)
            )
        return self._chart

    def _show_bars(self, data: pd.DataFrame) -> None:
        self.bars = data
        if self._figure is not None:
            self._draw_bars()

    def _draw_bars(self) -> None:
        data = self.bars
        points = [int(v) for v in data["points"]]
        colours = list(data["colour"])
        categories = list(data["category"])
        y_range = self.figure.y_range
        if list(y_range.factors) != categories:  # the variant changed: rows came or went
            y_range.factors = categories
        self.figure.renderers[0].data_source.data = dict(
            category=categories, points=points, colour=colours
        )
        low = min(0, *points)
        high = max(10, *points)
        pad = (high - low) * 0.06
        self.figure.x_range.update(start=low - (pad if low < 0 else 0), end=high + pad)

    def show(
        self,
        lines: Sequence[ScoreLine],
        by_category: Mapping[str, int],
        new: Sequence[int] = (),
        selected: int | None = None,
        texts: Sequence[str] | None = None,
    ) -> None:
        """Show these lines (``new``: just scored; ``texts``: the notes as a player reads
        them) and these per-category points."""
        self._updating = True
        try:
            self.table.param.update(
                value=lines_frame(lines, new, texts),
                selection=[] if selected is None else [selected],
            )
        finally:
            self._updating = False
        self._show_bars(bars_frame(by_category))

    def _on_selection(self, event: param.parameterized.Event) -> None:
        if self._updating or self.on_select is None:
            return
        self.on_select(event.new[0] if event.new else None)

    def __panel__(self) -> pn.viewable.Viewable:
        return pn.Column(self.chart, self.table, margin=0, sizing_mode="stretch_width")
