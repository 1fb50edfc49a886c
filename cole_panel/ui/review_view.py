"""The Review tab: where a game was won and lost, move by move, for every game.

An advantage chart (Bokeh, built per view: each player's win chance after every move, each move
marked by its class), the three turning points listed first, every move in a list, and the
position of the move picked with the move played and the better one drawn (by the game's
:class:`ReviewBoard`).  The review runs a few positions per job on the page's
:class:`~cole_panel.ui.BotRunner` (the server's worker pool when served; never the event loop),
and when served on a second runner too, so the pool's spare process judges positions beside the
first (two at a time on two cores), with a progress bar and Stop.
"""

from __future__ import annotations

import html
from typing import Any

import panel as pn
import param
from bokeh.models import ColumnDataSource, HoverTool, Legend, LegendItem, Range1d
from bokeh.plotting import figure

from engines.review import CLASSES, MoveReview

from ..core.model import GameModel
from ..core.reviewing import ReviewRun
from ..runtime.page import served_doc
from .bots import BotRunner
from .named_controls import aria_name

__all__ = ["CLASS_COLOURS", "SCREEN_READER_ONLY", "ReviewBoard", "ReviewTab", "ReviewView"]

CLASS_COLOURS = {
    "best": "#2e7d32",
    "good": "#7cb342",
    "unclear": "#78909c",
    "inaccuracy": "#f9a825",
    "mistake": "#ad1457",
    "blunder": "#c62828",
}
"""The colour of each class's marks on the chart (and in the move list), and of the ring of the
move played on a review board.  None is a seat's colour (a mistake was orange: a Black mistake
read as Orange's move on Circle's board)."""


def _dot(colour: str) -> str:
    """A coloured disc drawn by CSS: no text, so the class's word beside it keeps full contrast."""
    return (
        "<span aria-hidden='true' style='display:inline-block;width:0.7em;height:0.7em;"
        f"border-radius:50%;background:{colour}'></span>"
    )


LINE_COLOURS = ("#ec7a23", "#262626", "#1565c0", "#6a1b9a")
"""Each player's line, in seat order (Circle's Orange and Black first), for a game that has
no colours of its own (:attr:`ReviewTab.colours`)."""


SCREEN_READER_ONLY = (
    "position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;"
    "clip:rect(0,0,0,0);white-space:nowrap;border:0"
)
"""Inline style of words for the screen reader only (the picture shows them to the eye)."""


class ReviewBoard(pn.viewable.Viewer):
    """Shows one position of a review: its picture (a game's :meth:`picture`, an SVG with the
    move played and the better one ringed) above its words; games with no picture show the
    words alone, and with a picture the words are for the screen reader."""

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._pane = pn.pane.HTML(
            "", sizing_mode="stretch_width", css_classes=["cole-review-position"]
        )

    def show(self, before: Any, move: MoveReview | None) -> None:
        """Show ``before`` (the position the move was made in) with ``move`` marked."""
        if move is None:
            self._pane.object = ""
            return
        lines = [f"Move {move.number}: {move.mover_name()}, {move.said or move.move}."]
        if not move.is_best:
            lines.append(f"Better: {move.best_said or move.best}.")
        lines += self.position(before, move)
        words = "".join(f"<p>{html.escape(line)}</p>" for line in lines)
        svg = self.picture(before, move, CLASS_COLOURS[move.label])
        if not svg:
            self._pane.object = words
            return
        self._pane.object = (
            f"<div class='cole-review-picture' style='max-width:100%;overflow-x:auto'>{svg}</div>"
            f"<div class='cole-review-words' style='{SCREEN_READER_ONLY}'>{words}</div>"
        )

    def position(self, before: Any, move: MoveReview) -> list[str]:
        """Lines that describe the position (a game's board overrides this)."""
        return []

    def picture(self, before: Any, move: MoveReview, colour: str) -> str:
        """The position drawn as SVG with the move played ringed in ``colour`` and the better
        move ringed (a game's board overrides this); empty: no picture."""
        return ""

    def __panel__(self) -> pn.viewable.Viewable:
        return self._pane


def _chart(
    players: int, names: tuple[str, ...], colours: tuple[str, ...] = LINE_COLOURS
) -> tuple[Any, list[ColumnDataSource], Any]:
    """The advantage chart, its per-player line sources and its marks' source: each player's
    line in ``colours`` (the game's own, as its page draws the player), the legend under the
    chart, never over the first moves' lines."""
    fig = figure(
        height=250,
        sizing_mode="stretch_width",
        y_range=Range1d(0, 1),
        tools="tap",
        toolbar_location=None,
        title="Win chance after each move",
        name="review-chart",
    )
    fig.xaxis.axis_label = "move"
    fig.yaxis.axis_label = "win chance"
    lines, items = [], []
    for p in range(players):
        source = ColumnDataSource({"x": [], "y": []})
        line = fig.line("x", "y", source=source, color=colours[p % len(colours)], line_width=2)
        items.append(LegendItem(label=names[p], renderers=[line]))
        lines.append(source)
    fig.add_layout(
        Legend(
            items=items,
            orientation="horizontal",
            label_text_font_size="11px",
            name="review-legend",
        ),
        "below",
    )
    marks = ColumnDataSource(
        {"x": [], "y": [], "colour": [], "label": [], "text": []}, name="review-marks"
    )
    dots = fig.scatter("x", "y", source=marks, size=9, fill_color="colour", line_color="white")
    fig.add_tools(HoverTool(renderers=[dots], tooltips="@text"))
    return fig, lines, marks


class ReviewView(pn.viewable.Viewer):
    """The Review tab of one game page (see the module)."""

    model = param.ClassSelector(class_=GameModel, doc="The game reviewed.")
    board = param.ClassSelector(class_=ReviewBoard, doc="Draws the position of the move picked.")
    picked = param.Integer(default=0, bounds=(0, None), doc="The move shown (0: none).")
    colours = param.List(
        default=list(LINE_COLOURS),
        item_type=str,
        bounds=(1, None),
        doc="Each player's colour, in seat order, as the game's page draws the players.",
    )

    def __init__(self, **params: Any):
        if "board" not in params:
            params["board"] = ReviewBoard()
        super().__init__(**params)
        self.runner = BotRunner()
        # Served, a second lane: the pool runs a review's batches on its spare process too.
        self.lanes = [BotRunner()] if served_doc() is not None else []
        self.run = ReviewRun(scheduler=self.runner, lanes=self.lanes)
        self._states: list[Any] = []
        m = self.model
        names = tuple(m.player_name(p) for p in range(m.player_count))
        self._fig, self._lines, self._marks = _chart(m.player_count, names, tuple(self.colours))
        self._marks.selected.on_change("indices", self._on_tap)
        self._start = pn.widgets.Button(label="Review this game", color="primary", width=150)
        self._start.on_click(lambda _: self.start())
        self._stop = pn.widgets.Button(label="Stop", width=80, disabled=True)
        self._stop.on_click(lambda _: self.run.stop())
        self._progress = pn.indicators.Progress(
            value=0,
            max=1,
            visible=False,
            sizing_mode="stretch_width",
            name="Review progress",
            css_classes=[aria_name("Review progress")],
        )
        self._status = pn.pane.HTML("", css_classes=["cole-review-status"])
        self._turning = pn.Column(sizing_mode="stretch_width", css_classes=["cole-turning-points"])
        self._moves = pn.widgets.Select(label="Move", options={}, sizing_mode="stretch_width")
        self._moves.param.watch(lambda e: self.param.update(picked=e.new or 0), "value")
        self._why = pn.pane.HTML("", sizing_mode="stretch_width", css_classes=["cole-review-why"])
        legend = " ".join(f"<span>{_dot(CLASS_COLOURS[c])} {c}</span>" for c in CLASSES)
        # What a review fills in; before one there is nothing to show but what to do.
        self._review_parts = (
            pn.pane.Bokeh(self._fig, sizing_mode="stretch_width"),
            pn.pane.HTML(legend),
            self._moves,
            self._why,
            pn.Column(self.board, sizing_mode="stretch_width", margin=0),
        )
        self._reviewed: tuple[Any, list[Any]] | None = None  # the game on show when started
        self._layout: pn.Column | None = None
        for runner in (self.runner, *self.lanes):
            runner.notebook_push = self._push
        self.run.param.watch(self._refresh, ["review", "running", "done", "total"])
        self.param.watch(self._show_picked, "picked")
        m.param.watch(self._game_changed, ["start", "history"])
        self._refresh()
        self._game_changed()

    def _game_changed(self, *_: Any) -> None:
        m = self.model
        if self._reviewed is not None and not self._still_on_show(*self._reviewed):
            # A new game, a load or an undo: the review was of a game no longer on show.
            self._reviewed, self._states = None, []
            self.run.clear()
            self.picked = 0
        has_moves = bool(m.history)
        refusal = self._refusal() if has_moves else None
        self._start.disabled = not has_moves or self.run.running or refusal is not None
        if not has_moves:
            self._status.object = "Play or load a game, then review it here."
        elif refusal is not None:
            self._status.object = html.escape(refusal)
        elif self.run.review is None and not self.run.running:
            self._status.object = "Press Review this game to see where it was won and lost."

    def _still_on_show(self, start: Any, actions: list[Any]) -> bool:
        m = self.model
        same_start = m.start is start or m.start.to_dict() == start.to_dict()
        played = [t.action for t in m.history[: len(actions)]]
        return same_start and played == actions

    def _refusal(self) -> str | None:
        """Why the game on show may not be reviewed now (a room's running game with hidden
        cards), or None."""
        try:
            self.model.review_line()
        except ValueError as err:
            return str(err)
        return None

    def start(self) -> None:
        """Review the game on show, from its start to its last move (a room's page: the room's
        game, as :meth:`~cole_panel.core.GameModel.review_line` gives it)."""
        m = self.model
        try:
            start, actions = m.review_line()
        except ValueError as err:
            self._status.object = html.escape(str(err))
            return
        states, state = [start], start.clone()
        for action in actions:
            state.apply(action)
            states.append(state.clone())
        self._states = states
        self._reviewed = (m.start, [t.action for t in m.history])
        names = tuple(m.player_name(p) for p in range(m.player_count))
        self.picked = 0
        self.run.start(start, actions, names)

    def _push(self) -> None:
        # A result applied from a worker in a notebook is sent to the output by hand (no
        # server loop pushes it there).
        if self._layout is not None:
            pn.io.push_notebook(self._layout)

    def _refresh(self, *_: Any) -> None:
        run, review = self.run, self.run.review
        self._start.disabled = run.running or not self.model.history
        self._stop.disabled = not run.running
        self._progress.param.update(visible=run.running, max=max(1, run.total), value=run.done)
        for part in self._review_parts:
            part.visible = review is not None
        if review is None:
            self._draw_nothing()
            return
        state = "Reviewing" if run.running else ("Stopped" if review.stopped else "Reviewed")
        self._status.object = f"{state}: {run.done} of {run.total} positions searched."
        self._draw(review)
        self._list(review)

    def _draw_nothing(self) -> None:
        for source in self._lines:
            source.data = {"x": [], "y": []}
        self._marks.data = {"x": [], "y": [], "colour": [], "label": [], "text": []}
        self._turning.objects = []
        self._moves.options = {}

    def _draw(self, review: Any) -> None:
        moves = review.moves
        for p, source in enumerate(self._lines):
            xs = [0] + [m.number for m in moves]
            ys = [moves[0].before[p] if moves else 0.5] + [m.after[p] for m in moves]
            source.data = {"x": xs, "y": ys}
        self._marks.data = {
            "x": [m.number for m in moves],
            "y": [m.played_value for m in moves],
            "colour": [CLASS_COLOURS[m.label] for m in moves],
            "label": [m.label for m in moves],
            "text": [m.describe() for m in moves],
        }

    def _list(self, review: Any) -> None:
        buttons = []
        for m in review.turning_points():
            if m.label in ("best", "good"):
                continue
            button = pn.widgets.Button(
                label=m.describe()[:90], variant="outline", sizing_mode="stretch_width"
            )
            button.on_click(lambda _, n=m.number: self.param.update(picked=n))
            buttons.append(button)
        head = pn.pane.Markdown("**Turning points**" if buttons else "", margin=(4, 5, 0, 5))
        self._turning.objects = [head, *buttons]
        self._moves.options = {"": 0, **{m.describe(): m.number for m in review.moves}}

    def _on_tap(self, _attr: str, _old: list[int], new: list[int]) -> None:
        if new:
            self.picked = int(self._marks.data["x"][new[0]])

    def _show_picked(self, *_: Any) -> None:
        review = self.run.review
        moves = review.moves if review is not None else ()
        if not 1 <= self.picked <= len(moves):
            self.board.show(None, None)
            self._why.object = ""
            return
        move = moves[self.picked - 1]
        self.board.show(self._states[self.picked - 1], move)
        colour = CLASS_COLOURS[move.label]
        self._why.object = (
            f"<p>{_dot(colour)} "
            f"<b>{html.escape(move.describe())}</b></p>"
            f"<p>{html.escape(move.why)}</p>"
        )
        if self._moves.value != move.number:
            self._moves.value = move.number

    def __panel__(self) -> pn.viewable.Viewable:
        if self._layout is None:
            self._layout = self._build_layout()
        return self._layout

    def _build_layout(self) -> pn.Column:
        chart, legend, moves, why, board = self._review_parts
        return pn.Column(
            pn.Row(self._start, self._stop),
            self._progress,
            self._status,
            chart,
            legend,
            self._turning,
            moves,
            why,
            board,
            sizing_mode="stretch_width",
        )


class ReviewTab(param.Parameterized):
    """A page's Review tab, built the first time it opens (its chart and board cost models)."""

    model = param.ClassSelector(class_=GameModel, doc="The game reviewed.")
    board_type = param.ClassSelector(
        class_=ReviewBoard, default=ReviewBoard, is_instance=False, doc="The game's board class."
    )
    colours = param.List(
        default=list(LINE_COLOURS),
        item_type=str,
        bounds=(1, None),
        doc="Each player's colour, in seat order, as the game's page draws the players.",
    )

    def __init__(self, **params: Any):
        super().__init__(**params)
        self.column = pn.Column(
            pn.pane.Markdown("Loading the review…"),
            sizing_mode="stretch_width",
            css_classes=["cole-review-tab"],
        )
        """What the tab holds."""
        self.view: ReviewView | None = None
        """The review view, once built."""

    def attach(self, tabs: pn.Tabs) -> pn.Tabs:
        """Build the view when ``tabs`` (which hold :attr:`column`) switch to it; ``tabs``."""

        def opened(event: param.parameterized.Event) -> None:
            if 0 <= event.new < len(tabs.objects) and tabs.objects[event.new] is self.column:
                self.open()

        tabs.param.watch(opened, "active")
        return tabs

    def open(self) -> ReviewView:
        """Build the view on first use (the tab was opened); the view."""
        if self.view is None:
            self.view = ReviewView(model=self.model, board=self.board_type(), colours=self.colours)
            self.column.objects = [self.view]
        return self.view
