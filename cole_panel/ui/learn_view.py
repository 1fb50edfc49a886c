"""The Learn view: a course's stage on the game's own board, told what to do and how it went.

Above the board: the stage's title, the rulebook's sentences it teaches, its instruction and
the verdict on the last move (an ``aria-live`` status), the stars once done, and Try again,
Hint and Next stage; a menu opens any stage of the course (each with the stars won).  The
board is the game's page's play area over the course's game model, so touch, keys, the move
box, the announcer and the text view are a game's.
"""

from __future__ import annotations

import html
from typing import Any

import panel as pn
import param

from ..core.learn_model import LearnModel
from ..game_pages import load
from ..runtime.hold import batched
from .address import address_held

__all__ = ["Course", "LearnView", "next_tick", "quotes_html", "stars_html"]

_PLAY_AREAS = {
    "circle": "cole_panel.circle.dashboard:CircleDashboard",
    "savannah": "cole_panel.savannah.dashboard:SavannahDashboard",
    "ecosystem": "cole_panel.ecosystem.draft.view:DraftTable",
}
"""What draws each game's board over its model (each has ``play_area()``)."""

_KIND_STYLE = {
    "start": ("#f4efe4", "#3b2f1c"),
    "progress": ("#eef3fb", "#1d3b66"),
    "illegal": ("#fbeaea", "#7a1616"),
    "not_allowed": ("#fbeaea", "#7a1616"),
    "missed": ("#fdf1e2", "#6b3b00"),
    "undo": ("#fdf1e2", "#6b3b00"),
    "done": ("#e6f4e8", "#184d22"),
}
"""Background and text colour of the feedback for each kind (each at least 7:1)."""

_CSS = """
.cole-learn-stage h2 { font-size: 1.25em; margin: 0 0 4px 0; }
.cole-learn-stage blockquote { margin: 4px 0; padding-left: 10px; border-left: 4px solid #c9b48a;
  color: #4a3c25; font-style: italic; }
.cole-learn-stage p { margin: 4px 0; font-size: 16px; }
.cole-learn-stage blockquote p { margin: 2px 0; font-size: 14px; }
.cole-learn-feedback { padding: 8px 12px; border-radius: 6px; font-size: 16px; }
.cole-learn-stars { font-size: 28px; color: #9a6700; letter-spacing: 2px; }
"""


def stars_html(stars: int) -> str:
    """Three stars, ``stars`` of them filled, named for a screen reader.

    >>> stars_html(2)
    '<span class="cole-learn-stars" role="img" aria-label="2 stars of 3">★★☆</span>'
    """
    shown = "★" * stars + "☆" * (3 - stars)
    return (
        f'<span class="cole-learn-stars" role="img" aria-label="{stars} stars of 3">{shown}</span>'
    )


def quotes_html(quotes: tuple[str, ...] | list[str]) -> str:
    """The rulebook's sentences a stage teaches, one a line, a cut one marked with "…" (run
    together, "as indicated by arrows pair (2 stones) eats singleton That closes" read as
    one broken sentence).

    >>> quotes_html(["with one restriction: at most four", "pair (2 stones) eats singleton"])
    '<blockquote><p>…with one restriction: at most four…</p><p>…pair (2 stones) eats singleton…</p></blockquote>'
    """
    lines = []
    for quote in quotes:
        text = ("…" if quote[:1].islower() else "") + quote
        text += "" if quote.endswith((".", "!", "?", ":")) else "…"
        lines.append(f"<p>{html.escape(text)}</p>")
    return f"<blockquote>{''.join(lines)}</blockquote>"


class LearnView(pn.viewable.Viewer):
    """A course, one stage at a time, on the game's own board."""

    model = param.ClassSelector(class_=LearnModel, doc="The course shown.")

    def __init__(self, **params: Any):
        if "model" not in params:
            params["model"] = LearnModel(defer=next_tick)
        super().__init__(**params)
        m = self.model
        self._stage = pn.pane.HTML("", stylesheets=[_CSS], sizing_mode="stretch_width")
        self._feedback = pn.pane.HTML("", stylesheets=[_CSS], sizing_mode="stretch_width")
        self._retry = pn.widgets.Button(
            label="Try again", width=120, css_classes=["cole-learn-retry"]
        )
        self._hint = pn.widgets.Button(label="Hint", width=90, css_classes=["cole-learn-hint"])
        self._next = pn.widgets.Button(
            label="Next stage", width=130, color="primary", css_classes=["cole-learn-next"]
        )
        self._retry.on_click(batched(lambda _: self.model.try_again()))
        self._hint.on_click(batched(lambda _: self.model.hint()))
        self._next.on_click(batched(lambda _: self.model.next_stage()))
        self._menu = pn.widgets.Select(
            label="Stage",
            options=self._options(),
            value=m.stage_id,
            width=330,
            css_classes=["cole-learn-menu"],
        )
        self._menu.param.watch(self._on_menu, ["value"])
        with address_held():  # the address is the stage's: a reload comes back to it
            board = load(_PLAY_AREAS[m.game])(model=m.board)
        self.board_view = board
        m.param.watch(self._refresh, ["stage_id", "feedback", "feedback_kind", "stars", "progress"])
        self._refresh()
        self._layout = pn.Column(
            self._stage,
            self._feedback,
            pn.FlexBox(self._retry, self._hint, self._next, self._menu, align_items="center"),
            board.play_area(),
            sizing_mode="stretch_width",
            css_classes=["cole-learn"],
        )

    def _options(self) -> dict[str, str]:
        m = self.model
        options = {}
        for n, stage in enumerate(m.course.stages, 1):
            won = m.progress.get(stage.id, 0)
            mark = f" {'★' * won}" if won else ""
            options[f"{n}. {stage.title}{mark}"] = stage.id
        return options

    def _on_menu(self, event: param.parameterized.Event) -> None:
        if event.new and event.new != self.model.stage_id:
            self.model.open(event.new)

    @batched
    def _refresh(self, *_: Any) -> None:
        m = self.model
        stage = m.stage
        total = len(m.course)
        self._stage.object = (
            f'<div class="cole-learn-stage"><h2>Stage {m.number} of {total}: '
            f"{html.escape(stage.title)}</h2>"
            f"{quotes_html(m.course.quotes(m.stage_id))}"
            f"<p><b>{html.escape(stage.instruction)}</b></p>"
            f'<p class="cole-learn-tally">{m.done_count} of {total} stages done · '
            f"{m.star_count} stars</p></div>"
        )
        back, ink = _KIND_STYLE[m.feedback_kind]
        stars = f"<div>{stars_html(m.stars)}</div>" if m.feedback_kind == "done" else ""
        self._feedback.object = (
            f'<div class="cole-learn-feedback cole-learn-{m.feedback_kind}" role="status" '
            f'aria-live="polite" style="background:{back};color:{ink}">'
            f"{html.escape(m.feedback)}{stars}</div>"
        )
        last = m.course.after(m.stage_id) is None
        self._next.disabled = last
        self._next.label = "Last stage" if last else "Next stage"
        self._menu.param.update(options=self._options(), value=m.stage_id)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout


def next_tick(fn: Any) -> None:
    """Run ``fn`` on the session's next tick (at once outside a served page)."""
    doc = pn.state.curdoc
    if doc is not None and doc.session_context is not None:
        doc.add_next_tick_callback(fn)
    else:
        fn()


class Course(LearnView):
    """A game's course in a notebook: ``Course("savannah")``, optionally at ``stage=`` an id
    (the stars are kept for the session only)."""

    def __init__(self, game: str = "circle", stage: str = "", **params: Any):
        if "model" not in params:
            params["model"] = LearnModel(game=game, stage_id=stage)
        super().__init__(**params)
