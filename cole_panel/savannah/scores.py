"""The end of the game: every line of the score sheet, the totals, and a chart of the points.

The table lists each score line (alive, hand penalties, kills, the rightmost human's penalty,
the Big Five bonus) with the reason in words; choosing a line sets :attr:`ScoreView.highlight`
to the cards that earned it, which the dashboard outlines on the row and the players' piles.
The chart is a HoloViews bar chart of each player's points per category, fed through a
``Pipe`` stream so it is built once and only its data changes.
"""

from __future__ import annotations

from typing import Any

import holoviews as hv
import pandas as pd
import panel as pn
import param
from holoviews.streams import Pipe

from ..runtime.hold import batched
from ..ui.keyboard import read_only_table, scroll_box
from ..ui.wrap import KEEPS_SIZE, wrapping_row
from .model import SavannahModel, player_name
from .standings import CATEGORIES, CATEGORY_NAMES

CATEGORY_COLOURS = {
    "alive": "#4c9a2a",
    "hand penalty": "#c62828",
    "kills": "#9c6b3c",
    "rightmost human": "#3b6fd4",
    "Big Five bonus": "#f2b705",
}
COLUMNS = ["Player", "Category", "Points", "Why"]
CHART_WIDTH = 385
"""Width in pixels of the "Points per category" chart (its legend included)."""


def _load_bokeh_backend() -> None:
    if "bokeh" not in hv.Store.renderers:
        import holoviews.plotting.bokeh  # noqa: F401 - registers the renderer
    if hv.Store.current_backend != "bokeh":
        hv.Store.set_current_backend("bokeh")


def _bars(data: pd.DataFrame) -> hv.Bars:
    if data.empty:
        data = pd.DataFrame({"Player": ["Player 1"], "Category": ["kills"], "Points": [0]})
    return hv.Bars(data, kdims=["Player", "Category"], vdims="Points").opts(
        width=CHART_WIDTH,
        height=300,
        tools=["hover"],
        toolbar=None,
        multi_level=False,
        color="Category",
        cmap=CATEGORY_COLOURS,
        show_legend=True,
        legend_position="right",
        xlabel="",
        ylabel="points",
        title="Points per category",
        fontsize={"title": 12},
        show_grid=True,
        line_color=None,
    )


class ScoreView(pn.viewable.Viewer):
    """The score sheet as a table and a chart; :attr:`highlight` is the chosen line's cards."""

    model = param.ClassSelector(class_=SavannahModel, doc="The game scored.")
    highlight = param.List(default=[], doc="Card ids of the chosen score line (to outline).")

    def __init__(self, **params: Any):
        super().__init__(**params)
        _load_bokeh_backend()
        self._rows: list[dict[str, Any]] = []
        self._table = read_only_table(
            pd.DataFrame(columns=COLUMNS),
            show_index=False,
            selectable=1,
            layout="fit_data_stretch",
            width=510,
            sizing_mode="fixed",
            groupby=["Player"],
            hidden_columns=["Player"],
            widths={"Why": 290},
            formatters={"Why": {"type": "textarea"}},  # a long reason wraps, not cut
            css_classes=["cole-scores"],
            margin=(0, 5),
        )
        self._table.param.watch(self._on_select, "selection")
        self._totals = pn.pane.HTML("", margin=(0, 5), css_classes=["cole-totals"])
        self._pipe = Pipe(data=pd.DataFrame(columns=["Player", "Category", "Points"]))
        self.chart = hv.DynamicMap(_bars, streams=[self._pipe])
        self._chart = pn.pane.HoloViews(
            self.chart, margin=(0, 5), backend="bokeh", styles=KEEPS_SIZE
        )
        self._layout = pn.Column(
            self._totals,
            wrapping_row(
                pn.Column(
                    pn.pane.HTML(
                        "<span style='color:#6b5b40'>Click a line to outline its cards on "
                        "the row and the piles.</span>",
                        margin=(0, 5),
                    ),
                    scroll_box(self._table, "Score sheet", 300, width=540, margin=0),
                    margin=0,
                ),
                self._chart,  # under the table when both do not fit (a 1,024 px window)
            ),
            margin=0,
        )
        self.model.param.watch(self.refresh, ["state"])
        self.refresh()

    def refresh(self, *_: Any) -> None:
        m = self.model
        if not m.state.is_over:
            if self._rows:
                self._rows = []
                self._table.value = pd.DataFrame(columns=COLUMNS)
                self.highlight = []
            return
        rows = m.score_rows()
        self._rows = rows
        self._table.param.update(
            selection=[],
            value=pd.DataFrame(
                {
                    "Player": [r["player"] for r in rows],
                    "Category": [CATEGORY_NAMES.get(r["category"], r["category"]) for r in rows],
                    "Points": [r["points"] for r in rows],
                    "Why": [r["why"] for r in rows],
                }
            ),
        )
        self.highlight = []
        totals = m.state.totals()
        best = max(totals)
        cells = []
        for q, total in enumerate(totals):
            style = "background:#fff3c4;font-weight:700" if total == best else ""
            cells.append(
                f"<td style='padding:4px 10px;{style}'>{player_name(q)}"
                f"<br><span style='font-size:20px'>{total}</span></td>"
            )
        self._totals.object = (
            "<div style='font-size:15px;font-weight:600'>Final scores"
            "</div>"
            f"<table style='border-collapse:collapse;margin:4px 0'><tr>"
            f"{''.join(cells)}</tr></table>"
        )
        chart: dict[tuple[int, int], int] = {}
        for r in rows:
            key = (CATEGORIES.index(r["category"]), r["seat"])
            chart[key] = chart.get(key, 0) + r["points"]
        # Grouped by category first: HoloViews regroups the bars that way but not the colour
        # column, so data in any other order would colour bars with the wrong category.
        keys = sorted(chart)
        self._pipe.send(
            pd.DataFrame(
                {
                    "Player": [player_name(seat) for _, seat in keys],
                    "Category": [CATEGORY_NAMES[CATEGORIES[c]] for c, _ in keys],
                    "Points": [chart[k] for k in keys],
                }
            )
        )

    def _on_select(self, event: param.parameterized.Event) -> None:
        index = event.new[0] if event.new else None
        cards = (
            [] if index is None or index >= len(self._rows) else list(self._rows[index]["cards"])
        )
        # A table click may arrive outside the document lock; the figures that outline the
        # cards must be changed under it, so the change goes through the event loop.
        pn.state.execute(batched(lambda: setattr(self, "highlight", cards)), schedule=True)

    def choose_line(self, index: int | None) -> None:
        """Select score line ``index`` (None clears), as a click on the table does."""
        self._table.selection = [] if index is None else [index]

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
