"""The scoring explorer tab: build a park with a palette, see every point, step through scoring."""

from __future__ import annotations

import html
from functools import partial
from typing import Any

import panel as pn
import param

from engines.ecosystem import CardType

from ...runtime.hold import batched
from ...runtime.near import ShownWhenNear
from ...ui import MessageBox
from ...ui.links import CopyLink
from ...ui.wrap import growing_column, grows_from
from ..board import ParkBoard
from ..explanations import points_word
from ..saving import NamedSaveLoad
from ..style import CATEGORY_TITLES, WRAP_TABS, title
from .breakdown import ScoreBreakdown
from .html_parts import (
    PHONE_COLUMN,
    floor_value,
    legend_html,
    order_html,
    palette_css,
    row_table_html,
)
from .link import open_link, park_query
from .model import BRUSHES, ScoringExplorerModel, where_label

EXPLORER_BOARD = "eco-explorer-park"
"""Bokeh name of the explorer's board figure."""
BREAKDOWN_TABLE_PX = 300
"""About the height of a short breakdown table (the placeholder's, with the chart's)."""
TABS_PX = 320
"""About the height of the tabs under the score (their first, the park's text)."""
TWO_PARKS_BASIS = 500
"""Narrowest the two parks' board is drawn beside the palette (cards ~41 px); in less room it
goes under the palette."""

HOW_TO = """
**Build a park.** Choose a card on the left, then click cells of the park (click a card to
replace it; the eraser empties a cell). Or type the park as text (4 lines of 5 codes, `..` for
an empty cell) and press *Apply text*, or press *Random park*.

**Read the score.** Every scoring line is in the table; select one to light up the cards that
earned it. Hover a card for its rule and the lines it takes part in. ▼ marks a card that ends
face down.

**Step through.** Press *Start ▶*, then *Next ▶* (or drag the slider) to score one card type
at a time, in the rulebook's order: cheetahs and lions flip cards face down, and the hyenas and
vultures that come later score those face-down cards. At a lion you can choose another prey.
"""


class ScoringExplorer(pn.viewable.Viewer):
    """Everything of the scoring explorer: palette, board, breakdown, stepping, text, options."""

    model = param.ClassSelector(class_=ScoringExplorerModel, doc="The parks explored.")

    def __init__(self, **params: Any):
        if "model" not in params:
            params["model"] = ScoringExplorerModel()
        super().__init__(**params)
        m = self.model
        self.board = ParkBoard(
            on_cell=self._on_cell,
            variant=m.variant,
            cell_px=self._cell_px(),
            figure_name=EXPLORER_BOARD,
            fits_width=True,
        )
        self.breakdown = ScoreBreakdown(on_select=self._on_select, categories=m.categories)
        # Below a phone's first screen, and its table alone costs a phone ~0.6 s of frozen
        # page at load (issue 24): the chart and table come when scrolled near.
        self._near_breakdown = ShownWhenNear(
            self.breakdown,
            height=self.breakdown.chart_height + BREAKDOWN_TABLE_PX,
            label="Points per category and every scoring line",
        )
        self._build()
        m.param.watch(self._refresh, ["revision"])
        m.param.watch(self._refresh_highlight, ["selected_line"])
        self._refresh()

    def _cell_px(self) -> int:
        # Sized so that palette + board fit a 1,000 px notebook output, and beside the sidebar
        # of a 1,280 px window (two parks at 62 px went under the palette, below the screen).
        return 84 if self.model.variant == "classic" else 56

    def _board_basis(self) -> int:
        # The board's column starts at the board's width (and its 5 px margins): at its text's
        # natural width (up to 820 px) it wrapped under the card palette in a 1,024 px window,
        # below the first screen; two parks start narrower still (the board scales to the
        # room), so that they stay beside the palette on a tablet and beside a sidebar.
        return min(self.board.figure.width or 0, TWO_PARKS_BASIS) + 10

    # ------------------------------------------------------------------ widgets
    def _build(self) -> None:
        self._build_palette()
        self._build_messages()
        self._build_stepping()
        self._build_tabs()
        self._build_layout()

    def _build_palette(self) -> None:
        """The card palette and the buttons that fill or clear the park."""
        m = self.model
        labels = {
            ("Eraser" if code == "eraser" else title(CardType(code))): code for code in BRUSHES
        }
        self.palette = pn.widgets.RadioButtonGroup.from_param(
            m.param.brush,
            options=labels,
            orientation="vertical",
            color="default",
            width=138,
            stylesheets=[palette_css()],
            css_classes=["eco-palette"],
            margin=(4, 5),
        )
        self._brush = pn.pane.HTML("", css_classes=["eco-brush"], margin=(0, 5), width=140)
        m.param.watch(self._refresh_brush, ["brush"])
        self._refresh_brush()
        self._random = pn.widgets.Button(
            label="Random park", width=138, margin=(4, 5), color="success", variant="outline"
        )
        self._clear = pn.widgets.Button(
            label="Clear park", width=138, margin=(4, 5), color="default", variant="outline"
        )
        self._random.on_click(lambda _: self.model.random_park())
        self._clear.on_click(lambda _: self.model.clear())

    def _build_messages(self) -> None:
        """The total, the message box and the link to this park."""
        m = self.model
        self._total = pn.pane.HTML(
            "", css_classes=["eco-total"], margin=(0, 5), sizing_mode="stretch_width"
        )
        self._message = MessageBox(model=m)
        self._link = CopyLink(
            query=partial(park_query, m),
            watched=(m, ["revision"]),
            on_open=partial(open_link, m),
            label="Link to this park",
        )

    def _build_stepping(self) -> None:
        """The controls that step through the scoring, and the lion's choice."""
        m = self.model
        self._stepping = pn.widgets.Toggle(
            label="Step through the scoring",
            value=m.stepping,
            color="primary",
            width=190,
            margin=(4, 5),
        )
        self._stepping.link(m, value="stepping", bidirectional=True)
        self._first = pn.widgets.Button(label="« Start", width=66, margin=(4, 2))
        self._back = pn.widgets.Button(label="◀ Back", width=66, margin=(4, 2))
        self._next = pn.widgets.Button(label="Next ▶", width=66, margin=(4, 2), color="primary")
        self._end = pn.widgets.Button(label="End »", width=66, margin=(4, 2))
        self._first.on_click(lambda _: self.model.go(0))
        self._back.on_click(lambda _: self.model.previous_step())
        self._next.on_click(lambda _: self.model.next_step())
        self._end.on_click(lambda _: self.model.go(len(self.model.view_steps)))
        self._slider = pn.widgets.IntSlider(
            label="Step", start=0, end=11, value=0, width=330, margin=(0, 10)
        )
        self._slider.param.watch(self._on_slider, "value_throttled")
        self._step_text = pn.pane.HTML(
            "", css_classes=["eco-step"], margin=(0, 5), sizing_mode="stretch_width"
        )
        self._order = pn.pane.HTML("", margin=(0, 5), sizing_mode="stretch_width")
        self._row_table = pn.pane.HTML("", margin=(4, 5), sizing_mode="stretch_width")
        self._lion_text = pn.pane.HTML(
            "", css_classes=["eco-lion"], margin=(0, 5), sizing_mode="stretch_width"
        )
        self._lion_pick = pn.widgets.RadioBoxGroup(
            options=[], inline=False, margin=(0, 15), visible=False
        )
        self._lion_pick.param.watch(self._on_lion_pick, "value")
        self._lion_best = pn.widgets.Button(
            label="Let the rules choose",
            width=170,
            margin=(2, 15),
            visible=False,
            variant="outline",
        )
        self._lion_best.on_click(lambda _: self.model.choose_lion(None))
        self._lion_keys: dict[str, tuple] = {}
        self._updating = False

    def _text_tab(self) -> pn.Column:
        """The park as text, to edit and apply."""
        self._text = pn.widgets.TextAreaInput(
            label="Park text (4 lines of 5 codes, '..' empty)",
            height=120,
            sizing_mode="stretch_width",
            css_classes=["eco-park-text"],
            stylesheets=[":host textarea {font-family: monospace; font-size: 13px;}"],
        )
        self._apply = pn.widgets.Button(label="Apply text", color="primary", width=120)
        self._apply.on_click(lambda _: self.model.load_text(self._text.value))
        codes = " · ".join(f"{c.code} {c.label}" for c in CardType)
        return pn.Column(
            self._text,
            self._apply,
            pn.pane.HTML(
                f'<div style="font-size:12px;color:#6b5b40">Codes: {codes}. Two parks: '
                "write <code>West | East</code> on each line.</div>"
            ),
            sizing_mode="stretch_width",
        )

    def _table_tab(self) -> pn.Column:
        """The other players' gazelles and whose parks are shown."""
        m = self.model
        self._variant = pn.widgets.Select.from_param(
            m.param.variant,
            label="Parks explored",
            options={"One park": "classic", "Two parks": "two_parks"},
            width=138,
            margin=(4, 5),
        )
        self._others = pn.widgets.TextInput(
            label="Other players' gazelles (e.g. 3, 1)",
            value=", ".join(map(str, m.other_gazelles)),
            width=220,
            css_classes=["eco-others"],
        )
        self._others_east = pn.widgets.TextInput(
            label="… their gazelles in Park East",
            width=220,
            value=", ".join(map(str, m.other_gazelles_east)),
        )
        self._others.param.watch(partial(self._on_others, None), "value")
        self._others_east.param.watch(partial(self._on_others, "east"), "value")
        self._player = pn.widgets.Select(
            label="Whose parks", options={}, width=300, css_classes=["eco-player"]
        )
        self._player.param.watch(self._on_player, "value")
        return pn.Column(
            self._others,
            self._others_east,
            pn.pane.HTML(
                '<div style="font-size:12px;color:#6b5b40">The gazelle majority '
                "compares your gazelles with every other player's.</div>"
            ),
            sizing_mode="stretch_width",
        )

    def _options_tab(self) -> pn.Column:
        """The scoring options."""
        m = self.model
        # String values: a Select whose value is None shows blank in the browser.
        floor = pn.widgets.Select(
            label=m.param.elephant_floor.label,
            options={"none (can go below 0)": "none", **{str(v): str(v) for v in range(-2, 7)}},
            value=floor_value(m.elephant_floor),
            width=200,
            css_classes=["eco-floor"],
        )
        floor.param.watch(self._on_floor, "value")
        m.param.watch(lambda e: setattr(floor, "value", floor_value(e.new)), ["elephant_floor"])
        choice = pn.widgets.Select.from_param(
            m.param.lion_choice,
            options={
                "the best prey for its owner": "best",
                "the first in reading order": "reading_order",
            },
            width=220,
        )
        self._row_points = pn.widgets.TextInput(
            label=m.param.row_points.label,
            value=" ".join(map(str, m.row_points)),
            width=300,
            css_classes=["eco-row-points"],
        )
        self._row_points.param.watch(self._on_row_points, "value")
        return pn.Column(
            floor,
            choice,
            self._row_points,
            pn.widgets.Checkbox.from_param(m.param.lion_scores_without_prey),
            pn.widgets.Checkbox.from_param(m.param.majority_needs_gazelles),
            sizing_mode="stretch_width",
        )

    def _build_tabs(self) -> None:
        """The tabs under the score: text, other players, options, saving, cards, help."""
        m = self.model
        self._saveload = NamedSaveLoad(
            model=m, filename="ecosystem-park.json", label="Save park (JSON)"
        )
        self._tabs = pn.Tabs(
            ("Park text", self._text_tab()),
            ("Other players", self._table_tab()),
            ("Options", self._options_tab()),
            ("Save / load", self._saveload),
            ("Cards", pn.pane.HTML(legend_html(), sizing_mode="stretch_width")),
            ("How to", pn.pane.Markdown(HOW_TO, sizing_mode="stretch_width")),
            # A hidden tab is drawn when first opened (7-14 models each, 40 of a page's 337).
            dynamic=True,
            sizing_mode="stretch_width",
            margin=(6, 5),
            stylesheets=[WRAP_TABS],
        )

    def _build_layout(self) -> None:
        """Palette, board and score side by side, wrapping on narrow screens."""
        left = pn.Column(
            pn.pane.HTML("<b>Card to place</b>", margin=(4, 5)),
            self.palette,
            self._brush,
            self._random,
            self._clear,
            self._variant,
            width=150,
            margin=0,
            stylesheets=[PHONE_COLUMN],
        )
        self._centre = centre = growing_column(
            self.board,
            # The score under the park: beside it in the score column it was under a phone's
            # (and a 1,024 x 768 laptop's) first screen
            self._total,
            pn.FlexBox(
                self._stepping,
                self._first,
                self._back,
                self._next,
                self._end,
                margin=0,
                sizing_mode="stretch_width",
            ),
            self._slider,
            self._step_text,
            self._lion_text,
            self._lion_pick,
            self._lion_best,
            self._order,
            self._row_table,
            basis=self._board_basis(),
            margin=(0, 5),
            max_width=820,
            sizing_mode=None,
        )
        # The score column takes the room left beside the board, or a row of its own (below
        # the board) when less than 330 px are left: no sideways scrolling at any width.
        right = pn.Column(
            self._player,
            self._message,
            self._link,
            self._near_breakdown,
            # Under a phone's first screen (issue 24's blocking time): sent for when near
            ShownWhenNear(self._tabs, TABS_PX, "Park text, other players, options", when="phone"),
            sizing_mode="stretch_width",
            min_width=330,
            margin=(0, 5),
            styles={"flex": "1 1 330px"},
        )
        self._layout = pn.FlexBox(
            left,
            centre,
            right,
            flex_wrap="wrap",
            align_items="flex-start",
            sizing_mode="stretch_width",
            css_classes=["eco-explorer"],
        )

    # ------------------------------------------------------------------ refreshing
    @batched
    def _refresh(self, *_: Any) -> None:
        m = self.model
        if self.board.variant != m.variant:
            self.board.param.update(variant=m.variant, cell_px=self._cell_px())
            self._centre.styles = grows_from(self._board_basis())  # the board's new width
        self._draw_board()
        lines = m.shown_lines
        self.breakdown.show(
            lines, m.by_category(), m.new_lines, m.selected_line, [m.line_text(x) for x in lines]
        )
        n = len(m.view_steps)
        self._updating = True
        try:
            self._slider.param.update(
                end=max(n, 1), value=m.step if m.stepping else 0, disabled=not m.stepping
            )
            self._text.value = m.park_text()
            self._others.value = ", ".join(map(str, m.other_gazelles))
            self._others_east.value = ", ".join(map(str, m.other_gazelles_east))
            self._others_east.visible = m.variant == "two_parks"
            self._row_points.param.update(
                value=" ".join(map(str, m.row_points)), visible=m.variant == "two_parks"
            )
            if len(m.table) > 1:
                self._player.param.update(
                    options={name: i for i, name in enumerate(m.names)},
                    value=m.player,
                    visible=True,
                )
            else:
                self._player.visible = False
            self._refresh_lion()
        finally:
            self._updating = False
        for button in (self._first, self._back):
            button.disabled = not m.stepping or m.step == 0
        self._end.disabled = self._next.disabled = m.stepping and m.step >= n
        self._next.label = "Start ▶" if not m.stepping else "Next ▶"
        self._total.object = self._total_html()
        self._step_text.object = (
            f'<div style="font-size:15px;color:#2d3b20">{html.escape(m.describe_step())}</div>'
            if m.stepping
            else ""
        )
        self._order.object = order_html(m)
        self._row_table.object = row_table_html(m)
        self._row_table.visible = m.variant == "two_parks"

    def _refresh_brush(self, *_: Any) -> None:
        brush = self.model.brush
        what = (
            "Clicks <b>empty</b> a cell"
            if brush == "eraser"
            else f"Clicks put <b>{CardType(brush).plural}</b>"
        )
        self._brush.object = f'<div style="font-size:12px;color:#5b4a30">{what}</div>'

    def _total_html(self) -> str:
        """The headline: always the final total; when stepping, the points so far below it."""
        m = self.model
        name = html.escape(m.names[m.player]) if m.names else ""
        so_far = ""
        if m.stepping:
            step = m.shown_step
            label = (
                "before scoring"
                if step is None
                else f"after {CATEGORY_TITLES[step.category].lower()}"
            )
            so_far = (
                f'<div style="font-size:15px;color:#3b2f1e">Step {m.step} of '
                f'{len(m.view_steps)}: <b class="eco-so-far">{m.total}</b> '
                f"{points_word(m.total)} so far, {label}</div>"
            )
        return (
            f'<div style="font-size:15px;color:#5b4a30">{name}</div>'
            f'<div style="font-size:26px;font-weight:700;color:#2f4f2f">Total '
            f'<span class="eco-total-value">{m.final_total}</span> '
            f"{points_word(m.final_total)}</div>{so_far}"
        )

    def _draw_board(self) -> None:
        m = self.model
        lion = m.lion
        options = []
        if lion is not None and len(lion.options) > 1:
            options = [(cell, f"→ {total}") for cell, total in lion.options]
        self.board.show(
            m.shown_parks,
            highlight=m.highlight,
            options=options,
            badges=m.final_flips() if not m.stepping else None,
            notes=m.cell_notes(),
            rows=m.row_notes(),
        )

    @batched
    def _refresh_highlight(self, *_: Any) -> None:
        self._draw_board()

    def _refresh_lion(self) -> None:
        m = self.model
        lion = m.lion
        self._lion_text.object = (
            f'<div style="font-size:14px;background:#f6ecd9;border-left:5px solid #a8621f;'
            f'padding:4px 8px;border-radius:4px">{html.escape(m.lion_text())}</div>'
            if lion is not None
            else ""
        )
        show = lion is not None and len(lion.options) > 1
        keys = {}
        if show:
            for cell, total in lion.options:
                card = m.card_at(cell)
                keys[f"Flip the {card.label} at {where_label(cell)} (final total {total})"] = tuple(
                    cell
                )
        self._lion_keys = keys
        self._lion_pick.param.update(options=list(keys), visible=show)
        if show:
            chosen = next(label for label, cell in keys.items() if cell == tuple(lion.prey))
            self._lion_pick.value = chosen
        self._lion_best.visible = show and lion.reason == "chosen"

    # ------------------------------------------------------------------ events
    @batched
    def _on_cell(self, park: str | None, cell: tuple[int, int]) -> None:
        self.model.paint(park, cell)

    @batched
    def _on_select(self, index: int | None) -> None:
        self.model.selected_line = index

    @batched
    def _on_slider(self, event: param.parameterized.Event) -> None:
        if not self._updating and self.model.stepping:
            self.model.go(event.new)

    @batched
    def _on_lion_pick(self, event: param.parameterized.Event) -> None:
        if self._updating or event.new is None:
            return
        prey = self._lion_keys.get(event.new)
        lion = self.model.lion
        if prey is not None and lion is not None and tuple(lion.prey) != prey:
            self.model.choose_lion(prey)

    @batched
    def _on_row_points(self, event: param.parameterized.Event) -> None:
        if not self._updating and not self.model.set_row_points(event.new):
            self._updating = True
            try:
                self._row_points.value = " ".join(map(str, self.model.row_points))
            finally:
                self._updating = False

    @batched
    def _on_floor(self, event: param.parameterized.Event) -> None:
        self.model.elephant_floor = None if event.new == "none" else int(event.new)

    @batched
    def _on_others(self, park: str | None, event: param.parameterized.Event) -> None:
        if not self._updating:
            self.model.set_other_gazelles(event.new, park)

    @batched
    def _on_player(self, event: param.parameterized.Event) -> None:
        if not self._updating and event.new is not None:
            self.model.player = event.new

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
