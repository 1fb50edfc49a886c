"""Parks and hands drawn with Bokeh: a grid of cards, each type with its colour, pattern and name.

A :class:`ParkBoard` shows one player's park (classic) or Park West and Park East side by side
with the four cross-park rows marked on the track between them. It is built once; :meth:`show`
replaces the ``data`` of its ColumnDataSources. Ranges are fixed (see :mod:`.geometry`), so a
test can click a computed position; a tap is handled on the server and handed to ``on_cell``
as ``(park, (row, column))``. A :class:`HandView` shows a hand of cards; a tap on a card
hands its index to ``on_card``.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import panel as pn
import param
from bokeh.events import DoubleTap, Tap
from bokeh.models import ColumnDataSource, HoverTool, Quad, Rect, Scatter, Segment

from engines.ecosystem import CELLS, COLS, ROWS, Park, cell_label

from ..ui.client_values import finite_point
from ..ui.figures import add_glyph, bare_figure, lean
from ..ui.glyphs import label
from ..ui.keyboard import CURSOR
from .card_glyphs import CARD_COLUMNS, card_label, draw_cards
from .geometry import (
    LABEL_MARGIN,
    TRACK,
    cell_at,
    cell_center,
    extent,
    park_names,
    split_cell,
    x_offset,
    y_offset,
)
from .style import BACKGROUND, CARD_TOOLTIP, GOLD, RULES, card_columns, title

CARD = 0.92
"""Width and height of a drawn card, in cells (the rest is the gap between cards)."""
LEGAL_LINE = "#2e7d32"
PENDING_LINE = "#1565c0"
OPTION_LINE = "#8e24aa"
HARM_LINE = "#c62828"
"""Cards that cost a highlighted line points (an elephant's neighbours): red, dotted, tagged."""


Cell = tuple
LEGIBLE_PX = 12
"""The smallest text a phone or a tablet can show (CSS px): card names, labels and notes."""


def _outline(
    p: Any,
    source: ColumnDataSource,
    pad: float,
    color: str,
    width: float,
    dash: list[int] | None = None,
    **style: Any,
) -> Any:
    """A card-sized frame (``pad`` cells larger) around each cell of ``source``."""
    style = {"fill_color": None, "border_radius": 6, **style}
    frame = Rect(
        x="x",
        y="y",
        width=CARD + pad,
        height=CARD + pad,
        line_color=color,
        line_width=width,
        line_dash=dash or "solid",
        **style,
    )
    return add_glyph(p, frame, source)


def _tag(
    p: Any, source: ColumnDataSource, text: Any, color: str, y: str = "ty", align: str = "center"
) -> Any:
    """White text on ``color`` above each cell of ``source`` (at its ``ty``), or with its
    bottom ``align`` corner at another column ``y``."""
    return label(
        p,
        text,
        source=source,
        y=y,
        align=align,
        baseline="bottom",
        color="#ffffff",
        background_fill_color=color,
        padding=2,
        border_radius=3,
    )


_SOURCE_COLUMNS: dict[str, list[str]] = {
    "cells": [
        *CARD_COLUMNS,
        "cx",
        "cy",
        "code",
        "line",
        "title",
        "tip",
        "cell",
        "card",
        "face",
    ],
    "legal": ["x", "y"],
    "hl_main": ["x", "y"],
    "hl_help": ["x", "y"],
    "hl_harm": ["x", "y", "ty"],
    "pending": ["x", "y", "ty"],
    "last": ["x", "y"],
    "options": ["x", "y", "ty", "text"],
    "badges": ["x", "y", "text"],
    "labels": ["x", "y", "text", "size", "color", "align"],
    "track": ["left", "right", "top", "bottom"],
    "links": ["x0", "x1", "y"],
    "rows": ["x", "y", "text"],
    "cursor": ["x", "y"],
}
"""The columns of each of the board's data sources."""


class ParkBoard(pn.viewable.Viewer):
    """One player's park(s) as cards; highlights, legal cells, pending picks and notes on top."""

    variant = param.Selector(
        default="classic",
        objects=["classic", "two_parks"],
        doc=("One park, or Park West and Park East side by side."),
    )
    cell_px = param.Integer(default=90, bounds=(16, 200), doc="Size of one card in pixels.")
    compact = param.Boolean(
        default=False, doc=("Small-multiple style: card codes only, no row and column labels.")
    )
    outside = param.Boolean(
        default=False,
        doc=("Leave one card of room around each park (the floating frame's outside cells)."),
    )
    row_scores = param.Boolean(
        default=True, doc=("Two parks: write each row's points right of Park East.")
    )
    figure_name = param.String(
        default="eco-park",
        doc=("The Bokeh name of the figure (tests and benchmarks find it by this name)."),
    )
    interactive = param.Boolean(default=True, doc="Whether a tap on a cell calls on_cell.")
    fits_width = param.Boolean(
        default=False,
        constant=True,
        doc="Whether the board shrinks to a narrower page (a phone), keeping its aspect, as "
        "Circle's board does; never wider than its ``cell_px`` size.  Off: always that size.",
    )
    visible = param.Boolean(default=True, doc="Whether the board is shown at all.")
    stacked = param.Boolean(
        default=False,
        doc="Two parks: Park East under Park West (a phone), not beside it; no row points.",
    )
    legible = param.Boolean(
        default=False,
        doc=f"Every text at least {LEGIBLE_PX} px at the board's own size (a phone or a tablet, "
        "where smaller text cannot be read); off: text in proportion to the cards.",
    )

    def __init__(
        self, on_cell: Callable[[str | None, tuple[int, int]], Any] | None = None, **params: Any
    ):
        super().__init__(**params)
        self.on_cell = on_cell
        self._build()
        self._layout()
        self.param.watch(
            self._relayout,
            ["variant", "cell_px", "compact", "outside", "row_scores", "stacked", "legible"],
        )
        # Fitting the width: the figure scales (its ranges are fixed, so a tap still lands on
        # the cell drawn under it) up to its own size (the Circle board's and Savannah row's way).
        self._pane = pn.pane.Bokeh(
            self.figure,
            sizing_mode="scale_width" if self.fits_width else "fixed",
            margin=(0, 0),
            visible=self.visible,
        )
        self.param.watch(lambda e: setattr(self._pane, "visible", e.new), ["visible"])

    # ------------------------------------------------------------------ building
    def _build(self) -> None:
        n = self.figure_name
        self.sources = {
            key: ColumnDataSource({c: [] for c in cols}, name=f"{n}-{key}")
            for key, cols in _SOURCE_COLUMNS.items()
        }
        s = self.sources
        fits = {"sizing_mode": "scale_width", "max_width": 100} if self.fits_width else {}
        p = bare_figure(
            n, (0, 1), (-1, 0), BACKGROUND, width=100, height=100, match_aspect=True, **fits
        )
        # The strip between two parks and the dashed links from a row of one to the same row of
        # the other: the columns left, right, top, bottom, x0 and x1 bear the glyphs' own names.
        # Glyph models added as they are: a figure's ``p.rect(...)`` and the like first make
        # two more copies of each glyph, which ``lean`` then drops (see ``add_glyph``).
        track = Quad(
            left="left", right="right", top="top", bottom="bottom", fill_color="#e6dcc6",
            line_color=None,
        )  # fmt: skip
        add_glyph(p, track, s["track"])
        links = Segment(
            x0="x0", x1="x1", y0="y", y1="y", line_color="#b5a27e", line_width=2,
            line_dash=[4, 3],
        )  # fmt: skip
        add_glyph(p, links, s["links"])
        legal = Rect(
            x="x", y="y", width=CARD, height=CARD, fill_color="#b6ebb0", fill_alpha=0.6,
            line_color=None,
        )  # fmt: skip
        add_glyph(p, legal, s["legal"])
        cells, self._names = draw_cards(p, s["cells"], CARD, CARD)
        self._codes = card_label(
            p, s["cells"], "code", x="cx", y="cy", align="left", baseline="top", border_radius=2
        )
        _outline(p, s["legal"], 0, LEGAL_LINE, 2.5, dash=[6, 4])
        self._legal_plus = label(
            p, {"value": "+"}, source=s["legal"], style="bold", color=LEGAL_LINE
        )
        _outline(p, s["hl_help"], 0.04, GOLD, 3.5, dash=[7, 4])
        _outline(p, s["hl_main"], 0.05, GOLD, 6, fill_color=GOLD, fill_alpha=0.12, border_radius=7)
        _outline(
            p, s["hl_harm"], 0.04, HARM_LINE, 4, dash=[2, 3], fill_color=HARM_LINE, fill_alpha=0.15
        )
        self._harm_text = _tag(p, s["hl_harm"], {"value": "costs 2"}, HARM_LINE)
        _outline(p, s["pending"], 0.03, PENDING_LINE, 4, dash=[8, 4])
        self._pending_text = _tag(p, s["pending"], {"value": "pending"}, PENDING_LINE)
        _outline(p, s["options"], 0.03, OPTION_LINE, 3, dash=[3, 3])
        self._option_text = _tag(p, s["options"], "text", OPTION_LINE)
        last = Scatter(
            x="x",
            y="y",
            marker="circle",
            size=11,
            fill_color="#d32f2f",
            line_color="#ffffff",
            line_width=1.5,
        )
        self._last = add_glyph(p, last, s["last"])
        _outline(p, s["cursor"], 0.1, CURSOR, 4, dash=[8, 3])  # the keyboard's cursor
        self._badges = _tag(p, s["badges"], "text", "#8b1e1e", y="y", align="right")
        self._labels = label(
            p, "text", source=s["labels"], align="align", size="size", style="bold", color="color"
        )
        self._rows = label(
            p, "text", source=s["rows"], align="left", color="#5b4a30", text_line_height=1.1
        )
        hover = HoverTool(
            renderers=[cells],
            tooltips=CARD_TOOLTIP,
            point_policy="follow_mouse",
            attachment="below",
        )
        p.add_tools(hover)
        p.on_event(Tap, finite_point(self._on_tap))
        # two quick clicks on two cells are two taps
        p.on_event(DoubleTap, finite_point(self._on_tap))
        self.figure = lean(p)

    def _relayout(self, *_: Any) -> None:
        self._layout()

    def _layout(self) -> None:
        """Size, ranges, labels and the track (only when the variant or the size changes)."""
        stacked = self.stacked
        left, right, bottom, top = extent(
            self.variant, self.outside, self.row_scores and not self.compact, stacked
        )
        if self.compact:
            top = min(top, 0.06 + (1.0 if self.outside else 0.0))
            left = -0.06 - (1.0 if self.outside else 0.0)
        px = self.cell_px
        p = self.figure
        p.x_range.update(start=left, end=right)
        p.y_range.update(start=bottom, end=top)
        p.width = round((right - left) * px)
        p.height = round((top - bottom) * px)
        if self.fits_width:  # (not the pane's: a Bokeh pane's max_width set later fails)
            p.max_width = p.width
        least = LEGIBLE_PX if self.legible else 0
        big = max(9, least, round(px * 0.15))
        self._names.glyph.text_font_size = (
            f"{max(9, least, round(px * (0.3 if self.compact else 0.17)))}px"
        )
        self._codes.glyph.text_font_size = f"{max(7, least, round(px * 0.12))}px"
        self._legal_plus.glyph.text_font_size = f"{max(10, round(px * 0.35))}px"
        for glyph in (
            self._pending_text.glyph,
            self._option_text.glyph,
            self._badges.glyph,
            self._harm_text.glyph,
        ):
            glyph.text_font_size = f"{max(8, least, round(px * 0.12))}px"
        self._rows.glyph.text_font_size = f"{max(11, least, round(px * 0.18))}px"
        self._last.glyph.size = max(6, round(px * 0.12))
        labels: dict[str, list] = dict(x=[], y=[], text=[], size=[], color=[], align=[])
        names = park_names(self.variant)
        if not self.compact:
            self._park_labels(labels, names, big)
        track = dict(left=[], right=[], top=[], bottom=[])
        links = dict(x0=[], x1=[], y=[])
        if len(names) == 2 and not stacked:
            w_right = x_offset(0, self.outside) + COLS
            e_left = x_offset(1, self.outside)
            mid = (w_right + e_left) / 2
            track = dict(
                left=[mid - TRACK * 0.45],
                right=[mid + TRACK * 0.45],
                top=[0.02],
                bottom=[-ROWS - 0.02],
            )
            for r in range(ROWS):
                links["x0"].append(w_right - 0.05)
                links["x1"].append(e_left + 0.05)
                links["y"].append(-(r + 0.5))
                if not self.compact:
                    self._label(labels, mid, -(r + 0.5), "ABCD"[r], big, "#7a5c2e")
        self.sources["labels"].data = labels
        self.sources["track"].data = track
        self.sources["links"].data = links

    def _park_labels(self, labels: dict[str, list], names: Sequence[str | None], big: int) -> None:
        """Each park's column numbers and name above it; row letters left of the first park
        (of each park when stacked)."""
        pad = 1.0 if self.outside else 0.0
        for slot, name in enumerate(names):
            ox = x_offset(slot, self.outside, self.stacked)
            oy = y_offset(slot, self.outside, self.stacked)
            for c in range(COLS):
                self._label(labels, ox + c + 0.5, oy + LABEL_MARGIN / 2, str(c + 1), big)
            if name is not None:
                self._label(
                    labels,
                    ox + COLS / 2,
                    oy + LABEL_MARGIN + 0.2,
                    f"Park {name.capitalize()}",
                    round(big * 1.2),
                    "#2f4f2f",
                )
            if slot == 0 or self.stacked:
                for r in range(ROWS):
                    self._label(labels, -LABEL_MARGIN / 2 - pad, oy - (r + 0.5), "ABCD"[r], big)

    @staticmethod
    def _label(
        labels: dict[str, list],
        x: float,
        y: float,
        text: str,
        size: int,
        color: str = "#8a7650",
        align: str = "center",
    ) -> None:
        labels["x"].append(x)
        labels["y"].append(y)
        labels["text"].append(text)
        labels["size"].append(f"{size}px")
        labels["color"].append(color)
        labels["align"].append(align)

    # ------------------------------------------------------------------ drawing
    def _xy(self, cell: Cell) -> tuple[float, float]:
        park, rc = split_cell(cell)
        if self.variant == "classic":
            park = None
        return cell_center(self.variant, park, rc, self.outside, self.stacked)

    def _xys(self, cells: Iterable[Cell]) -> dict[str, list[float]]:
        xs, ys = [], []
        for cell in cells:
            x, y = self._xy(cell)
            xs.append(x)
            ys.append(y)
        return dict(x=xs, y=ys)

    def show(
        self,
        parks: Sequence[Park],
        *,
        highlight: Sequence[Sequence[Cell]] = ((), ()),
        legal: Iterable[Cell] = (),
        pending: Iterable[Cell] = (),
        last: Iterable[Cell] = (),
        options: Iterable[tuple[Cell, str]] = (),
        badges: Mapping[Cell, str] | None = None,
        notes: Mapping[Cell, list[str]] | None = None,
        rows: Mapping[int, tuple[int, str]] | None = None,
    ) -> None:
        """Draw ``parks`` (one, or West and East) and what lies on top of them.

        Cells are in score-line form: ``(row, column)``, or ``(park, row, column)`` with two
        parks. ``highlight``: (scoring cards, cards that earned them[, cards that cost them points]); ``legal``: where a card
        may go; ``pending``: picks not yet played; ``last``: the last cards placed;
        ``options``: a lion's alternatives with a short text; ``badges``: cards that end face
        down, with what flips them; ``notes``: per cell, the score lines it takes part in;
        ``rows``: row index → (points, note) for two parks.
        """
        names = park_names(self.variant)
        compact = self.compact
        notes = notes or {}
        badges = badges or {}
        data = self._cell_columns(parks, notes, badges)
        s = self.sources
        s["cells"].data = data
        main, helpers, *rest = highlight
        harm = [c for c in (rest[0] if rest else ()) if c not in set(main)]
        s["hl_main"].data = self._xys(main)
        s["hl_help"].data = self._xys(c for c in helpers if c not in set(main))
        hxy = self._xys(harm)
        s["hl_harm"].data = dict(hxy, ty=[y - CARD / 2 + 0.04 for y in hxy["y"]])
        s["legal"].data = self._xys(legal)
        pend = self._xys(pending)
        s["pending"].data = dict(pend, ty=[y - CARD / 2 + 0.04 for y in pend["y"]])
        corner = self._xys(last)  # a dot in the top-right corner of each card
        s["last"].data = dict(x=[x + 0.36 for x in corner["x"]], y=[y + 0.36 for y in corner["y"]])
        opts = list(options)
        xy = self._xys(c for c, _ in opts)
        s["options"].data = dict(
            xy, ty=[y - CARD / 2 + 0.04 for y in xy["y"]], text=[t for _, t in opts]
        )
        bxy = self._xys(badges)
        s["badges"].data = dict(
            x=[x + CARD / 2 - 0.04 for x in bxy["x"]],
            y=[y - CARD / 2 + 0.04 for y in bxy["y"]],
            text=["▼ flips" if not compact else "▼" for _ in bxy["x"]],
        )
        row_data: dict[str, list] = dict(x=[], y=[], text=[])
        if rows and len(names) == 2 and self.row_scores and not compact and not self.stacked:
            x = x_offset(1, self.outside) + COLS + 0.15 + (1.0 if self.outside else 0.0)
            for r, (points, note) in sorted(rows.items()):
                row_data["x"].append(x)
                row_data["y"].append(-(r + 0.5))
                kinds = note.split(" of ")[0]
                row_data["text"].append(f"Row {'ABCD'[r]}: {points:+d}\n{kinds}")
        s["rows"].data = row_data

    def _cell_columns(
        self, parks: Sequence[Park], notes: Mapping[Cell, list[str]], badges: Mapping[Cell, str]
    ) -> dict[str, list]:
        """The cells' data: each card's face, place, title and tooltip (with its score notes)."""
        names = park_names(self.variant)
        compact = self.compact
        data: dict[str, list] = {key: [] for key in self.sources["cells"].data}
        for slot, name in enumerate(names):
            park = parks[slot]
            flipped = park.flipped
            for rc in CELLS:
                card = park[rc]
                down = rc in flipped
                cols = card_columns(card, down, compact)
                x, y = cell_center(self.variant, name, rc, self.outside, self.stacked)
                line_cell = rc if name is None else (name, *rc)
                where = cell_label(rc) if name is None else f"{name.capitalize()} {cell_label(rc)}"
                if card is None:
                    head, tip = f"{where} · empty", ""
                else:
                    head = f"{where} · {title(card)}" + (" (face down)" if down else "")
                    tip = html.escape(RULES[card])
                extra = [html.escape(n) for n in notes.get(line_cell, [])]
                if line_cell in badges:
                    extra.append(f"Ends face down: flipped by {html.escape(badges[line_cell])}.")
                if extra:
                    tip += "<br>" + "<br>".join(f"• {n}" for n in extra)
                cols.update(
                    x=x,
                    y=y,
                    cx=x - CARD / 2 + 0.05,
                    cy=y + CARD / 2 - 0.04,
                    title=head,
                    tip=tip,
                    cell=where,
                    card="" if card is None else card.code,
                    face="empty" if card is None else ("down" if down else "up"),
                )
                for key, value in cols.items():
                    data[key].append(value)
        return data

    def show_cursor(self, cell: Cell | None) -> None:
        """Outline the keyboard cursor's cell (score-line form; None: no cursor)."""
        self.sources["cursor"].data = self._xys([] if cell is None else [cell])

    # ------------------------------------------------------------------ taps
    def _on_tap(self, event: Any) -> None:
        if not self.interactive or self.on_cell is None:
            return
        found = cell_at(self.variant, event.x, event.y, self.outside, self.stacked)
        if found is not None:
            park, cell = found
            self.on_cell(park, cell)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._pane
