"""The Circle of Life board in Bokeh: the hexagon of cells with the food ring around it.

The figure is built once per view; every change of the model only replaces the ``data`` of its
ColumnDataSources (and the ranges when the board radius changes).  A tap on the canvas is
handled on the server: its data coordinates are rounded to the nearest cell and passed to
``model.human_play``.  Hovering is handled in the browser: each cell's tooltip text is
precomputed on the server, and a small CustomJS callback recolours the ring (the hovered
species gold, its prey green, its predator red) without a server round trip.
"""

from __future__ import annotations

import html
from functools import partial
from typing import Any

import panel as pn
import param
from bokeh.events import DoubleTap, MouseLeave, Tap
from bokeh.models import (
    Arc,
    Circle,
    ColumnDataSource,
    CustomJS,
    Div,
    HexTile,
    HoverTool,
    Label,
    Patches,
    Scatter,
    Segment,
)

from engines.circle import PLAYER_NAMES, PREDATOR, PREY, State, plural
from engines.circle.race import Race, race
from engines.circle.species import DIRECTIONS
from engines.text import article

from ..runtime.hold import batched
from ..ui.figures import add_glyph, bare_figure, lean
from ..ui.glyphs import label
from ..ui.keyboard import CURSOR, plain, pointer_param
from ..ui.presses import press_source
from .cell_text import last_captures, preview_text
from .geometry import board_cells, cell_center, nearest_cell, plot_extent
from .model import CircleModel
from .palette import (
    ARROW,
    BACKGROUND,
    BACKGROUND_PAST,
    BLOCKED_MARK,
    CELL_FILL,
    CELL_FILL_ILLEGAL,
    CELL_FILL_TAKEN,
    CELL_LINE,
    HOT,
    LABEL_COLOR,
    LAST_MOVE_MARK,
    PAST_TEXT,
    PREVIEW_EAT,
    PREVIEW_FORM,
    RING_BACK,
    RING_TEXT,
    STONE_FILL,
    STONE_LINE,
)
from .race_overlay import KIND_WORDS, overlay_data
from .ring import HIGHLIGHT_JS, INFO_IDLE, ROLE_WORDS, ring_data
from .zoom import zoom_toggle

__all__ = ["BOARD_NAME", "INFO_NAME", "STONE_FILL", "CircleBoard", "last_captures"]

BOARD_NAME = "circle-board"
"""The Bokeh ``name`` of the board figure (tests and benchmarks look it up by this name)."""
INFO_NAME = "circle-info"
"""The Bokeh ``name`` (and CSS class) of the line under the board explaining the hovered cell."""
STONE_RADIUS = 0.62


class CircleBoard(pn.viewable.Viewer):
    """The board and ring of one :class:`CircleModel`; taps play, hovering explains."""

    model = param.ClassSelector(class_=CircleModel, doc="The game shown and played.")
    size = param.Integer(
        default=700,
        bounds=(300, 1600),
        doc="Largest width (and height) in pixels; on a narrower page the board shrinks, "
        "staying square.",
    )
    interactive = param.Boolean(default=True, doc="Whether a tap on a cell plays there.")
    show_labels = param.Boolean(default=True, doc="Whether empty cells show their label (E5).")
    prefix = param.String(
        default="circle",
        doc="Start of the Bokeh names of the figure ('<prefix>-board') and its sources "
        "('<prefix>-stones', …), so two boards on one page stay apart.",
    )
    show_race = param.Boolean(
        default=False,
        doc="Whether each empty cell shows who may still use it (▲ only Orange, ■ only Black, "
        "○ both, ✕ neither).",
    )
    one_tap = param.Boolean(
        default=False,
        doc="Whether a tap on a touch screen places at once.  Off (the default), the first tap "
        "on a cell shows what a stone there would do (the hover preview) and a second tap on "
        "it, or the Place button, places it; a mouse click always places at once.",
    )
    pointer = pointer_param()
    pending = param.Tuple(
        default=None,
        allow_None=True,
        length=2,
        doc="The cell a first touch tapped: previewed, waiting for the second tap or Place.",
    )

    def __init__(self, **params: Any):
        if "model" not in params:
            params["model"] = CircleModel()
        super().__init__(**params)
        self._radius: int | None = None
        self._build()
        self.zoom = zoom_toggle(self.figure, self.sources["cells"])
        """The "Zoom in" switch (cells large enough for a finger); the page places it."""
        self._last_tap: tuple[int, int] | None = None
        self.model.param.watch(self._redraw, ["state", "view_index", "hint", "events"])
        self.param.watch(self._redraw, ["show_race"])
        self._redraw()
        # Two panes, not one Bokeh column: a change of the line's text would lay the column
        # out again and repaint the whole board (measured: click-to-repaint 47 -> 300 ms).
        # The board scales with the width it is given and stays square (its ranges are fixed and
        # match_aspect keeps cells round), so taps still land on the cell drawn under them.
        self._pane = pn.Column(
            pn.pane.Bokeh(self.figure, sizing_mode="scale_width", max_width=self.size, margin=0),
            pn.pane.Bokeh(self.info, sizing_mode="stretch_width", max_width=self.size, margin=0),
            sizing_mode="stretch_width",
            max_width=self.size,
            margin=0,
        )

    # ------------------------------------------------------------------ building
    def _build(self) -> None:
        self.sources = self._new_sources()
        p = bare_figure(
            f"{self.prefix}-board",
            (-10, 10),
            (-10, 10),
            BACKGROUND,
            width=self.size,
            height=self.size,
            sizing_mode="scale_width",
            max_width=self.size,
            match_aspect=True,
            bounds="auto",
        )
        ring = self._draw_ring(p)
        cells = self._draw_board_cells(p)
        self._add_tools(p, [cells, ring])
        self.figure = lean(p)

    def _new_sources(self) -> dict[str, ColumnDataSource]:
        """One data source per layer of the board, named after the board's prefix."""
        return {
            name: ColumnDataSource(data=data, name=f"{self.prefix}-{name}")
            for name, data in {
                "cells": _empty_cells(),
                "race": dict(x=[], y=[], marker=[], fill=[], line=[], kind=[]),
                "eat": dict(x=[], y=[]),
                "form": dict(q=[], r=[]),
                "ring_circle": dict(x=[], y=[], radius=[]),
                "ring": dict(
                    xs=[],
                    ys=[],
                    species=[],
                    fill=[],
                    line=[],
                    base_fill=[],
                    base_line=[],
                    title=[],
                    tip=[],
                ),
                "ring_labels": dict(x=[], y=[], text=[], species=[], weight=[], align=[]),
                "arcs": dict(
                    x=[], y=[], radius=[], start=[], end=[], eater=[], eaten=[], color=[], width=[]
                ),
                "heads": dict(x=[], y=[], angle=[], eater=[], eaten=[], color=[], width=[]),
                "labels": dict(x=[], y=[], text=[], size=[], color=[]),
                "bonds": dict(x0=[], y0=[], x1=[], y1=[], color=[]),
                "stones": dict(x=[], y=[], fill=[], line=[]),
                "ghosts": dict(x=[], y=[], fill=[]),
                "last": dict(x=[], y=[], fill=[]),
                "hint": dict(x=[], y=[]),
                "cursor": dict(q=[], r=[]),
            }.items()
        }

    def _draw_ring(self, p: Any) -> Any:
        """The food circle and its predation arcs; returns the ring's patches (hovered)."""
        s = self.sources
        # Glyph models added as they are: a figure's ``p.circle(...)`` and the like first make
        # two more copies of each glyph, which ``lean`` then drops (see ``add_glyph``).
        back = Circle(
            x="x", y="y", radius="radius", fill_color=RING_BACK, fill_alpha=0.55,
            line_color="#d9ccb0", line_width=1,
        )  # fmt: skip
        add_glyph(p, back, s["ring_circle"])
        arcs = Arc(
            x="x", y="y", radius="radius", start_angle="start", end_angle="end",
            direction="clock", line_color="color", line_width="width",
        )  # fmt: skip
        add_glyph(p, arcs, s["arcs"])
        heads = Scatter(
            x="x", y="y", angle="angle", marker="triangle", size=13, fill_color="color",
            line_color="color",
        )  # fmt: skip
        add_glyph(p, heads, s["heads"])
        ring = Patches(xs="xs", ys="ys", fill_color="fill", line_color="line", line_width=1.5)
        patches = add_glyph(p, ring, s["ring"])
        label(
            p,
            "text",
            source=s["ring_labels"],
            align="align",
            size="11px",
            style="weight",
            color=RING_TEXT,
        )
        return patches

    def _draw_board_cells(self, p: Any) -> Any:
        """Cells, stones, bonds, race marks, previews, hint and cursor; returns the cells."""
        s = self.sources

        def hexes(source: ColumnDataSource, **style: Any) -> Any:
            tile = HexTile(q="q", r="r", size=1, orientation="pointytop", **style)
            return add_glyph(p, tile, source)

        def discs(source: ColumnDataSource, **style: Any) -> Any:
            return add_glyph(p, Circle(x="x", y="y", **style), source)

        # (Hatch patterns would mark the blocked cells too, but each repaint then builds
        # pattern canvases, which doubles the click-to-repaint time; a fill and a cross do.)
        tiles = hexes(s["cells"], fill_color="fill", line_color=CELL_LINE, line_width=1.2)
        label(p, "text", source=s["labels"], size="size", color="color")
        bonds = Segment(
            x0="x0", y0="y0", x1="x1", y1="y1", line_color="color", line_width=9,
            line_cap="round",
        )  # fmt: skip
        add_glyph(p, bonds, s["bonds"])
        discs(
            s["ghosts"], radius=STONE_RADIUS, fill_color="fill", fill_alpha=0.28,
            line_color="#d0312d", line_width=2.5, line_dash="dashed",
        )  # fmt: skip
        discs(
            s["stones"], radius=STONE_RADIUS, fill_color="fill", line_color="line", line_width=1.5
        )
        discs(s["last"], radius=0.2, fill_color="fill", line_color=None)
        marks = Scatter(
            x="x", y="y", marker="marker", size=11, fill_color="fill", line_color="line",
            line_width=1.5,
        )  # fmt: skip
        self._race = add_glyph(p, marks, s["race"])
        self._race.name = f"{self.prefix}-race-marks"
        # The previews and the hint: thick outlines, nothing filled.
        hollow = {"fill_color": None, "line_width": 4}
        hexes(s["form"], line_color=PREVIEW_FORM, **hollow)
        discs(s["eat"], radius=0.78, line_color=PREVIEW_EAT, **hollow)
        discs(s["hint"], radius=0.86, line_color="#2e9b46", line_dash=[6, 4], **hollow)

        # The keyboard cursor: a thick blue outline, dashed so it differs from every preview.
        hexes(s["cursor"], line_color=CURSOR, line_dash=[8, 3], **hollow)

        return tiles

    def _add_tools(self, p: Any, hovered: list[Any]) -> None:
        """The past-move label, the explanation under the board, hover and taps."""
        s = self.sources
        self._past_label = Label(
            x=10,
            y=10,
            x_units="screen",
            y_units="screen",
            text="",
            text_font_size="15px",
            text_color=PAST_TEXT,
            text_font_style="bold",
            visible=False,
        )
        p.add_layout(self._past_label)

        # The explanation goes under the board, never over it (a tooltip would hide the cells
        # around the pointer, and stay up after a click).
        self.info = Div(
            text=INFO_IDLE,
            name=f"{self.prefix}-info",
            sizing_mode="stretch_width",
            max_width=self.size,
            height=64,
            css_classes=[f"{self.prefix}-info"],
        )
        hover = HoverTool(renderers=hovered, tooltips=None)
        args = dict(
            cells=s["cells"],
            info=self.info,
            info_idle=INFO_IDLE,
            eat=s["eat"],
            form=s["form"],
            ring=s["ring"],
            arcs=s["arcs"],
            heads=s["heads"],
            labels=s["ring_labels"],
            prey=dict(PREY),
            predator=dict(PREDATOR),
            hot={k: list(v) for k, v in HOT.items()},
            base_arrow=ARROW,
            words=ROLE_WORDS,
        )
        hover.callback = CustomJS(args=dict(tool=hover, **args), code=HIGHLIGHT_JS)
        p.add_tools(hover)
        p.js_on_event(MouseLeave, CustomJS(args=dict(tool=hover, **args), code=HIGHLIGHT_JS))
        self.presses = press_source(
            p, self._on_tap, self._on_double_tap, partial(setattr, self, "pointer")
        )

    def _layout_for(self, radius: int) -> None:
        """Ranges and ring for a board radius (only when the radius changes)."""
        self._radius = radius
        extent = plot_extent(radius)
        p = self.figure
        p.x_range.update(start=-extent, end=extent, bounds=(-extent, extent))
        p.y_range.update(start=-extent, end=extent, bounds=(-extent, extent))
        self.zoom.value = False  # the whole new board (the browser drops the touch tools)
        for name, data in ring_data(radius).items():
            self.sources[name].data = data

    # ------------------------------------------------------------------ drawing
    def _redraw(self, *_: Any) -> None:
        model = self.model
        self.pending = None  # a preview shown before this change may no longer be true
        state = model.shown_state
        if state.rules.radius != self._radius:
            self._layout_for(state.rules.radius)
        standing = race(state)
        self._draw_cells(state, standing)
        self._draw_stones(state)
        # Only what changed goes to the browser: every update costs a repaint.
        self._race.visible = self.show_race
        if self.show_race:
            self.sources["race"].data = overlay_data(standing)
        elif self.sources["race"].data["x"]:
            self.sources["race"].data = overlay_data(race_of_nothing())
        ghosts = dict(x=[], y=[], fill=[])
        for player, cell in last_captures(model):
            if state.stone_at(cell) is None:
                x, y = cell_center(cell)
                ghosts["x"].append(x)
                ghosts["y"].append(y)
                ghosts["fill"].append(STONE_FILL[1 - player])
        self.sources["ghosts"].data = ghosts
        if self.sources["eat"].data["x"]:
            self.sources["eat"].data = dict(x=[], y=[])
        if self.sources["form"].data["q"]:
            self.sources["form"].data = dict(q=[], r=[])
        # The browser writes the hovered cell's line without telling the server, so the server
        # cannot know what it shows: the idle line is sent at every redraw, in two spellings
        # (the second ends with an invisible word joiner) so that it always counts as a change.
        self.info.text = INFO_IDLE if self.info.text != INFO_IDLE else INFO_IDLE + "\u2060"
        hint = model.hint if model.view_index is None else None
        hx, hy = cell_center(hint) if hint else (None, None)
        self.sources["hint"].data = dict(x=[hx] if hint else [], y=[hy] if hint else [])
        past = model.view_index is not None
        self.figure.background_fill_color = BACKGROUND_PAST if past else BACKGROUND
        self._past_label.update(
            visible=past,
            text=(
                f"Position after {model.view_index} of {len(model.history)} moves (read-only)"
                if past
                else ""
            ),
        )

    def _draw_cells(self, state: State, standing: Race) -> None:
        radius = state.rules.radius
        critter_of = {}
        for critter in state.critters():
            for cell in critter.cells:
                critter_of[cell] = critter
        mover = state.current_player
        outcome = state.outcome
        kinds = {use.cell: use for use in standing.cells}
        data = _empty_cells()
        labels = dict(x=[], y=[], text=[], size=[], color=[])
        for cell in board_cells(radius):
            name = state.label(cell)
            critter = critter_of.get(cell)
            fill, blocked, species = CELL_FILL, False, ""
            eat: list[tuple[float, float]] = []
            form: list[tuple[int, int]] = []
            if critter is not None:
                fill = CELL_FILL_TAKEN
                species = critter.species
                title = f"{name} · {PLAYER_NAMES[critter.player]} {critter.species}"
                n = critter.size
                tip = (
                    f"{n} stone{'s' * (n > 1)} · eats <b>{plural(critter.eats)}</b> · "
                    f"eaten by <b>{plural(critter.eaten_by)}</b>"
                )
            elif mover is None:
                title, tip = f"{name} · empty", "The game is over."
                if outcome is not None and outcome.stuck is not None:
                    stuck = outcome.stuck
                    title = f"{name} · {PLAYER_NAMES[stuck]} cannot play here"
                    tip = html.escape(kinds[cell].reasons[stuck] or "")
                    fill, blocked = CELL_FILL_ILLEGAL, True
            else:
                preview = state.preview(cell)
                if not preview.legal:
                    fill, blocked = CELL_FILL_ILLEGAL, True
                    title = f"{name} · {PLAYER_NAMES[mover]} cannot play here"
                    tip = html.escape(preview.reason or "")
                else:
                    species = preview.species or ""
                    title = f"{name} · {PLAYER_NAMES[mover]} here makes {article(species)}"
                    tip = preview_text(state, preview)
                    form = list(preview.cells)
                    eat = [cell_center(x) for c in preview.eats for x in sorted(c.cells)]
                tip += f" · <i>{KIND_WORDS[kinds[cell].kind]}</i>"
            # One label per cell, empty under a stone: the source keeps its length from move
            # to move (a notebook output repaints with the previous length's indices otherwise).
            x, y = cell_center(cell)
            labels["x"].append(x)
            labels["y"].append(y)
            if critter is None and (self.show_labels or blocked):
                labels["text"].append("×" if blocked else name)
                labels["size"].append("22px" if blocked else "10px")
                labels["color"].append(BLOCKED_MARK if blocked else LABEL_COLOR)
            else:
                labels["text"].append("")
                labels["size"].append("10px")
                labels["color"].append(LABEL_COLOR)
            for key, value in (
                ("q", cell[0]),
                ("r", cell[1]),
                ("label", name),
                ("fill", fill),
                ("blocked", blocked),
                ("title", html.escape(title)),
                ("tip", tip),
                ("species", species),
                # Flat strings ("x y x y …"), not nested lists: cheaper to send every move.
                ("eat", " ".join(f"{x:.4f} {y:.4f}" for x, y in eat)),
                ("form", " ".join(f"{q} {r}" for q, r in form)),
            ):
                data[key].append(value)
        self.sources["cells"].data = data
        self.sources["labels"].data = labels

    def _draw_stones(self, state: State) -> None:
        stones = dict(x=[], y=[], fill=[], line=[])
        bonds = dict(x0=[], y0=[], x1=[], y1=[], color=[])
        for critter in state.critters():
            p = critter.player
            for cell in sorted(critter.cells):
                x, y = cell_center(cell)
                stones["x"].append(x)
                stones["y"].append(y)
                stones["fill"].append(STONE_FILL[p])
                stones["line"].append(STONE_LINE[p])
                for dq, dr in DIRECTIONS[:3]:
                    other = (cell[0] + dq, cell[1] + dr)
                    if other in critter.cells:
                        x1, y1 = cell_center(other)
                        for key, value in (
                            ("x0", x),
                            ("y0", y),
                            ("x1", x1),
                            ("y1", y1),
                            ("color", STONE_FILL[p]),
                        ):
                            bonds[key].append(value)
        self.sources["stones"].data = stones
        self.sources["bonds"].data = bonds
        last = dict(x=[], y=[], fill=[])
        if state.moves:
            cell = state.moves[-1]
            owner = state.stone_at(cell)
            if owner is not None:
                x, y = cell_center(cell)
                last = dict(x=[x], y=[y], fill=[LAST_MOVE_MARK[owner]])
        self.sources["last"].data = last

    # ------------------------------------------------------------------ input
    def _cell_of(self, event: Tap) -> tuple[int, int] | None:
        if not self.interactive or event.x is None or event.y is None:
            return None
        cell = nearest_cell(event.x, event.y)
        radius = self.model.shown_state.rules.radius
        if max(abs(cell[0]), abs(cell[1]), abs(cell[0] + cell[1])) > radius:
            return None
        return cell

    def _previews_taps(self) -> bool:
        return self.pointer == "touch" and not self.one_tap

    @batched
    def _on_tap(self, event: Tap) -> None:
        cell = self._cell_of(event)
        self._last_tap = cell
        if cell is not None:
            self.tap(cell)

    @batched
    def _on_double_tap(self, event: DoubleTap) -> None:
        # A double click is a tap, then a double tap on the same cell: the stone is already
        # placed, so the second half is not a move.  Two quick taps on two cells are two moves.
        # On touch with previews the first tap only previewed: the second confirms it.
        cell = self._cell_of(event)
        if cell is not None and (cell != self._last_tap or cell == self.pending):
            self._last_tap = cell
            self.tap(cell)

    def tap(self, cell: tuple[int, int]) -> None:
        """A tap on ``cell``: it plays, or on touch (without :attr:`one_tap`) the first tap
        shows the cell's preview and a second tap on it plays."""
        if self._previews_taps() and cell != self.pending:
            self.show_preview(cell)
            self.pending = cell
            return
        self.pending = None
        self.model.human_play(cell)

    def place(self) -> None:
        """Play the cell a first touch previewed (the Place button)."""
        if self.pending is not None:
            cell, self.pending = self.pending, None
            self.model.human_play(cell)

    def show_preview(self, cell: tuple[int, int] | None) -> None:
        """What hovering ``cell`` shows, drawn by the server (a tap or the keyboard cursor):
        the line under the board, the critter a stone would form and the stones it would eat."""
        data = self.sources["cells"].data
        labels = data["label"]
        name = self.model.shown_state.label(cell) if cell is not None else None
        i = labels.index(name) if name in labels else None
        if i is None:
            self.info.text = INFO_IDLE
            self.sources["form"].data = dict(q=[], r=[])
            self.sources["eat"].data = dict(x=[], y=[])
            return
        self.info.text = f"<b>{data['title'][i]}</b> — {data['tip'][i]}"
        form = [int(v) for v in data["form"][i].split()]
        eat = [float(v) for v in data["eat"][i].split()]
        self.sources["form"].data = dict(q=form[0::2], r=form[1::2])
        self.sources["eat"].data = dict(x=eat[0::2], y=eat[1::2])

    def cell_words(self, cell: tuple[int, int]) -> str:
        """The cell and its preview as one plain sentence ("E5, empty: Orange here makes …")."""
        data = self.sources["cells"].data
        name = self.model.shown_state.label(cell)
        i = data["label"].index(name)
        title = plain(data["title"][i]).removeprefix(f"{name}, ")
        empty = self.model.shown_state.stone_at(cell) is None
        return f"{name}, {'empty: ' if empty else ''}{title} — {plain(data['tip'][i])}"

    def show_cursor(self, cell: tuple[int, int] | None) -> None:
        """Outline the keyboard cursor's cell (None: no cursor) and show its preview."""
        q, r = ([cell[0]], [cell[1]]) if cell is not None else ([], [])
        self.sources["cursor"].data = dict(q=q, r=r)
        self.show_preview(cell)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._pane


def race_of_nothing() -> Race:
    """A race without cells (clears the overlay)."""
    return Race(())


def _empty_cells() -> dict[str, list]:
    names = "q r label fill blocked title tip species eat form"
    return {name: [] for name in names.split()}
