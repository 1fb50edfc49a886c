"""The Savannah row in Bokeh: the draw pile, the cards left to right, and what a step points at.

Built once per view.  :meth:`RowView.show` draws one :class:`~cole_panel.savannah.steps.Step`
(or the live row with a hand card's preview) by replacing the ``data`` of a few
ColumnDataSources: the cards, the counting marks of a hunt (numbers in counting order and an
arrow showing the direction), the cut of a "discard every card left of …" effect and the labels
under the cards.  The row is drawn at :data:`PX` pixels a card place whatever the screen (so
its words stay 12 px or more) and grows a place a card; on a screen narrower than the row it
scrolls sideways, kept at its right end, where the newest card and the card tried go.
"""

from __future__ import annotations

from typing import Any

import panel as pn
from bokeh.models import Arrow, ColumnDataSource, Segment, VeeHead

from ..ui.figures import add_glyph, bare_figure, lean
from ..ui.glyphs import badge, label
from ..ui.sideways import sideways
from .art import (
    ACTOR,
    BACKGROUND,
    BLOCKER,
    HIT,
    MUTED,
    OUTLINE,
    REACHED,
    SCORE,
    SELECTED,
    TEXT,
    CardFaces,
    add_card,
    card_hover,
    draw_backs,
    draw_stamps,
    empty_cards,
    outline,
    stamps_of,
)
from .steps import Step

ROW_NAME = "savannah-row"
"""Bokeh ``name`` of the row figure (tests and benchmarks look it up)."""
ROW_CARDS = "savannah-row-cards"
"""Bokeh ``name`` of the row's card source (column ``card``: the ids left to right)."""
CARD_W, CARD_H = 0.94, 1.05
PILE_X = -1.35
PX = 84
"""Pixels a card place on the screen, at every size: the groups' words (``small mammal``, 77 px
in 12 px italic) fit a card, and a name (or group) never runs into its neighbour's."""
MIN_W = 600
"""The narrowest the row is drawn (px); a longer row is as wide as its cards need, so on a
narrower screen it scrolls sideways (under a cue that says so)."""
Y0, Y1 = -CARD_H / 2 - 0.32, CARD_H / 2 + 0.44
_LEFT = PILE_X - 0.6


def ordinal(n: int) -> str:
    """``1 -> '1st'``."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


class RowView(pn.viewable.Viewer):
    """The row of the savannah with the draw pile; shows one step at a time."""

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._capacity = 0
        self._build()

    def _build(self) -> None:
        self.sources = {
            "cards": ColumnDataSource(empty_cards(), name=ROW_CARDS),
            "marks": ColumnDataSource(dict(x=[], y=[], text=[], fill=[]), name="savannah-marks"),
            "arrow": ColumnDataSource(dict(x0=[], y0=[], x1=[], y1=[]), name="savannah-arrow"),
            "cut": ColumnDataSource(dict(x0=[], y0=[], x1=[], y1=[]), name="savannah-cut"),
            "labels": ColumnDataSource(dict(x=[], y=[], text=[], color=[]), name="savannah-labels"),
            "pile": ColumnDataSource(dict(x=[PILE_X], y=[0.0], text=["0"]), name="savannah-pile"),
            "stamps": ColumnDataSource(
                dict(x=[], y=[], status=[], status_color=[]), name="savannah-row-stamps"
            ),
            "note": ColumnDataSource(
                dict(x=[], y=[], text=[], color=[], align=[]), name="savannah-note"
            ),
        }
        s = self.sources
        p = bare_figure(
            ROW_NAME,
            (_LEFT, 1.0),
            (Y0, Y1),
            BACKGROUND,
            height=round((Y1 - Y0) * PX),
            # Its width a style, not Bokeh's: Panel would give every layout around it that width
            sizing_mode="stretch_width",
        )
        # the draw pile: a stack of card backs (one renderer) with a frame on the top one
        stack = ColumnDataSource(
            dict(x=[PILE_X + 0.06, PILE_X + 0.03, PILE_X], y=[-0.06, -0.03, 0])
        )
        draw_backs(p, w=CARD_W, h=CARD_H, radius=6, frame=False, x="x", y="y", source=stack)
        draw_backs(p, w=CARD_W, h=CARD_H, radius=6, x=PILE_X, y=0.0, back=False)
        label(p, "text", source=s["pile"], size="22px", style="bold", color="#ffffff")
        label(p, ["draw pile"], x=PILE_X, y=Y0 + 0.12, size="12px", color=MUTED)
        cut = Segment(
            x0="x0", y0="y0", x1="x1", y1="y1", line_color=HIT, line_width=3, line_dash=[6, 4]
        )
        add_glyph(p, cut, s["cut"])
        self.faces = CardFaces(p, s["cards"], w=CARD_W, h=CARD_H, px=PX, least=(12, 12))
        draw_stamps(p, s["stamps"], w=CARD_W, h=CARD_H, px=PX)
        badge(p, s["marks"], "text", radius=0.16, size="12px", line_color="#ffffff")
        p.add_layout(
            Arrow(
                end=VeeHead(size=12, fill_color=REACHED, line_color=REACHED),
                x_start="x0",
                y_start="y0",
                x_end="x1",
                y_end="y1",
                source=s["arrow"],
                line_color=REACHED,
                line_width=3,
            )
        )
        label(p, "text", source=s["labels"], size="12px", color="color")
        label(p, "text", source=s["note"], align="align", size="13px", style="bold", color="color")
        p.add_tools(card_hover([self.faces.body]))
        self.figure = lean(p)
        self._fit(0)
        # ltr inside: the box turns right-to-left while it scrolls, to keep its right end
        self._pane = sideways(
            pn.pane.Bokeh(p, margin=(0, 5), sizing_mode="stretch_width"),
            "The row of the savannah",
            cue="◀ Older cards to the left: swipe the row.",
            keep_end=True,
        )

    # ------------------------------------------------------------------ drawing
    def _fit(self, cards: int) -> None:
        """Places for ``cards`` and one more, for a card tried (so trying one moves nothing):
        the x range and the width grow (or shrink back) a place a card, at :data:`PX`."""
        capacity = cards + 1
        if capacity == self._capacity:
            return
        self._capacity = capacity
        end = max(capacity - 0.4, _LEFT + MIN_W / PX)
        self.figure.x_range.update(start=_LEFT, end=end)
        width = f"{round((end - _LEFT) * PX)}px"
        self.figure.styles = {"direction": "ltr", "min-width": width, "max-width": width}

    def show(
        self,
        step: Step,
        *,
        preview: dict[str, Any] | None = None,
        highlight: frozenset[str] = frozenset(),
    ) -> None:
        """Draw ``step``; ``preview`` is a hand card tried at the right end (live position)."""
        table = step.table
        slots = list(table.slots)
        self._fit(len(slots))
        tokens = dict(table.tokens)
        leaving = dict(step.leaving)
        hits, reached = set(step.hits), set(step.reached)
        data = empty_cards()
        marks = (
            (highlight, SCORE, 4.5),
            (reached, REACHED, 4.0),
            (hits, HIT, 4.5),
            ({step.actor}, ACTOR, 4.5),
            (step.moved, ACTOR, 4.0),
            (step.choices, REACHED, 3),
        )
        for i, card in enumerate(slots):
            if card is None:
                continue
            line, width = outline(card, (OUTLINE, 1.2), *marks)
            status = kind = ""
            if card in hits:
                status = {"kill": "kill", "scare": "scare", "discard": "discard"}.get(
                    step.verb, step.verb
                )
            if card in step.moved:
                status = kind = "moved"
            alpha = 1.0
            if card in leaving:
                status = leaving[card]
                alpha = 0.45
            add_card(
                data,
                card,
                float(i),
                0.0,
                token=tokens.get(card),
                alpha=alpha,
                line=line,
                width=width,
                status=status,
                status_kind=kind,
            )
        labels = dict(x=[], y=[], text=[], color=[])
        if preview is not None:
            _draw_preview(data, labels, preview, slots)
        self._marks(step, len(slots))
        cut = dict(x0=[], y0=[], x1=[], y1=[])
        if step.cut is not None:
            x = step.cut - 0.5
            cut = dict(x0=[x], y0=[-CARD_H / 2 - 0.25], x1=[x], y1=[CARD_H / 2 + 0.25])
        if step.kind == "played" and step.actor is not None:
            labels["x"].append(float(len(slots) - 1))
            labels["y"].append(-CARD_H / 2 - 0.17)
            labels["text"].append("just played")
            labels["color"].append(ACTOR)
        s = self.sources
        s["pile"].data = dict(x=[PILE_X], y=[0.0], text=[str(table.pile)])
        s["cut"].data = cut
        s["labels"].data = labels
        self.faces.show(data)
        s["stamps"].data = stamps_of(data, h=CARD_H)

    def _marks(self, step: Step, n: int) -> None:
        marks = dict(x=[], y=[], text=[], fill=[])
        arrow = dict(x0=[], y0=[], x1=[], y1=[])
        note = dict(x=[], y=[], text=[], color=[], align=[])
        y = CARD_H / 2 + 0.04  # on the band, between the level and the star: less height
        if step.kind == "hunt" and step.counted:
            for k, i in enumerate(step.counted, start=1):
                marks["x"].append(float(i))
                marks["y"].append(y)
                marks["text"].append(str(k))
                marks["fill"].append(REACHED if i < n else MUTED)
            first, last = step.counted[0], step.counted[-1]
            ya = y + 0.3
            if step.side is None:
                arrow = dict(x0=[first - 0.4], y0=[ya], x1=[last + 0.4], y1=[ya])
                label = "the whole row, counted from the left"
            else:
                back = 0.4 if step.side == "left" else -0.4
                arrow = dict(x0=[first - back], y0=[ya], x1=[last + back], y1=[ya])
                label = f"counting {len(step.counted)} from the {step.side}"
            if min(step.counted) >= 4:
                note = dict(
                    x=[min(step.counted) - 0.55],
                    y=[ya],
                    text=[label],
                    color=[TEXT],
                    align=["right"],
                )
            else:
                note = dict(
                    x=[max(step.counted) + 0.55], y=[ya], text=[label], color=[TEXT], align=["left"]
                )
        elif step.kind == "effect" and step.cut is not None:
            # number the positions the effect counts from the right, up to the cut
            slots = step.table.slots
            counted = [i for i in range(step.cut, n) if slots[i] not in (None, step.actor)]
            for k, i in enumerate(reversed(counted), start=1):
                marks["x"].append(float(i))
                marks["y"].append(y)
                marks["text"].append(str(k))
                marks["fill"].append(REACHED)
            if counted:
                note = dict(
                    x=[step.cut - 0.55],
                    y=[y + 0.3],
                    text=[f"every card left of the {ordinal(len(counted))} from the right goes"],
                    color=[TEXT],
                    align=["right" if step.cut >= 4 else "left"],
                )
        s = self.sources
        s["marks"].data = marks
        s["arrow"].data = arrow
        s["note"].data = note

    def card_xy(self, index: int) -> tuple[float, float]:
        """Data coordinates of the centre of row slot ``index``."""
        return float(index), 0.0

    def __panel__(self) -> pn.viewable.Viewable:
        return self._pane


def _draw_preview(
    data: dict[str, list], labels: dict[str, list], preview: dict[str, Any], slots: list
) -> None:
    """The hand card tried at the right end: its card, what it would reach and hit, and the
    positions counted from the right (the blocker marked)."""
    n = len(slots)
    ok = preview["playable"]
    add_card(
        data,
        preview["card"],
        float(n),
        0.0,
        alpha=0.55 if not ok else 0.8,
        line=SELECTED if ok else BLOCKER,
        width=3.5,
        status="fits" if ok else "blocked",
        status_kind="playable" if ok else "blocked",
    )
    index = {card: i for i, card in enumerate(slots) if card is not None}
    for card in preview.get("reached", ()):
        if card in index:
            data["line"][index[card]] = REACHED
            data["width"][index[card]] = 4.0
    for card, verb, owner in preview.get("hits", ()):
        if card in index:  # marked with the verb and whose card it is, not colour only
            i = index[card]
            data["line"][i], data["width"][i] = HIT, 4.5
            data["status"][i] = f"{verb} ({owner})" if owner else verb
            data["status_color"][i] = HIT
    blocker = preview.get("blocker")
    for k in range(1, min(n, 4) + 1):
        i = n - k
        hot = blocker == i
        # "from right" once, its words reaching right (where the card played goes, unlabelled):
        # four of them ran into each other where a card is 45-65 px wide (a phone)
        labels["x"].append(float(i) + (0.3 if k == 1 else 0.0))
        labels["y"].append(-CARD_H / 2 - 0.17)
        labels["text"].append(f"{ordinal(k)} from right" if k == 1 else ordinal(k))
        labels["color"].append(BLOCKER if hot else MUTED)
    if blocker is not None:
        data["line"][blocker] = BLOCKER
        data["width"][blocker] = 4.5
        data["status"][blocker] = "blocks"
        data["status_color"][blocker] = BLOCKER
