"""The players' side of the table: tokens left, hand sizes and kill piles, and the discard pile.

One Bokeh figure, one band per player (plus one for the discard pile), built once; a step of a
turn redraws it by replacing the ``data`` of its sources.  Kill-pile cards are small cards in
their group's colour with their level; cards that just arrived are outlined.  At the end of the
game the hands are shown face up, and the cards of a chosen score line are outlined in gold.
While a scavenger's player chooses what to take, tapping a card of another kill pile takes it.
"""

from __future__ import annotations

from typing import Any

import panel as pn
import param
from bokeh.events import Tap
from bokeh.models import ColumnDataSource, HoverTool
from bokeh.transform import dodge

from ..ui.batch import batched
from ..ui.client_values import finite_point
from ..ui.figures import bare_figure, lean
from ..ui.glyphs import badge, label
from .art import (
    ACTOR,
    BACK,
    BACKGROUND,
    MUTED,
    REACHED,
    SCORE,
    TEXT,
    TOKEN_COLOURS,
    card_of,
    card_title,
    outline,
)
from .model import SavannahModel, player_name
from .steps import Step

PLAYERS_NAME = "savannah-players"
"""Bokeh ``name`` of the players figure."""
MINIS_NAME = "savannah-minis"
"""Bokeh ``name`` of the source of small cards (kill piles, discard pile, revealed hands)."""
PX = 34
WIDTH = 26.0
BAND = 1.5
MINI_W, MINI_H, MINI_GAP = 0.6, 0.85, 0.68
MINI_DY = -0.1
KILLS_X = 13.7
HAND_X = 9.9
DOTS_X = 5.6


_MINI_COLUMNS = (
    "x", "y", "card", "fill", "level", "line", "width", "star", "zone", "title", "back"
)  # fmt: skip
"""The columns of the small cards' source."""


def _empty(columns: tuple[str, ...]) -> dict[str, list]:
    return {c: [] for c in columns}


class PlayersView(pn.viewable.Viewer):
    """Every player's tokens, hand size and kill pile, and the discard pile."""

    model = param.ClassSelector(class_=SavannahModel, doc="The game shown.")
    interactive = param.Boolean(default=True, doc="Whether tapping a kill-pile card may steal it.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._bands = 0
        self._build()

    def _build(self) -> None:
        self.sources = {
            "seats": ColumnDataSource(
                dict(
                    x=[], y=[], fill=[], number=[], name=[], sub=[], line=[], band=[], band_fill=[]
                ),
                name="savannah-seats",
            ),
            "dots": ColumnDataSource(dict(x=[], y=[], fill=[], line=[]), name="savannah-dots"),
            "minis": ColumnDataSource(_empty(_MINI_COLUMNS), name=MINIS_NAME),
            "labels": ColumnDataSource(
                dict(x=[], y=[], text=[], color=[], size=[]), name="savannah-player-labels"
            ),
        }
        s = self.sources
        p = bare_figure(
            PLAYERS_NAME,
            (0, WIDTH),
            (-1, 0),
            BACKGROUND,
            width=int(WIDTH * PX),
            height=100,
            sizing_mode="scale_width",
            max_width=int(WIDTH * PX * 1.3),
        )
        p.rect(
            x=WIDTH / 2,
            y="band",
            width=WIDTH - 0.1,
            height=BAND - 0.1,
            source=s["seats"],
            fill_color="band_fill",
            line_color="line",
            line_width=2,
            border_radius=8,
        )
        badge(p, s["seats"], "number", radius=0.36, size="15px", line_color="#222222")
        label(
            p,
            "name",
            source=s["seats"],
            align="left",
            size="14px",
            style="bold",
            color=TEXT,
            x_offset=20,
            y_offset=-9,
        )
        label(
            p,
            "sub",
            source=s["seats"],
            align="left",
            size="12px",
            color=MUTED,
            x_offset=20,
            y_offset=10,
        )
        p.circle(
            "x",
            "y",
            radius=0.14,
            source=s["dots"],
            fill_color="fill",
            line_color="line",
            line_width=1,
        )
        minis = p.rect(
            "x",
            "y",
            width=MINI_W,
            height=MINI_H,
            source=s["minis"],
            fill_color="fill",
            line_color="line",
            line_width="width",
            border_radius=3,
        )
        p.rect(
            "x",
            "y",
            width=MINI_W * 0.7,
            height=MINI_H * 0.75,
            source=s["minis"],
            fill_color=None,
            line_color="#ffffff",
            line_alpha="back",
            line_dash=[2, 2],
        )
        label(p, "level", source=s["minis"], size="13px", style="bold", color="#ffffff")
        p.scatter(
            "x",
            dodge("y", -0.3),
            marker="star",
            size=9,
            source=s["minis"],
            fill_color="#ffd54f",
            line_color="#8d6e00",
            fill_alpha="star",
            line_alpha="star",
        )
        label(p, "text", source=s["labels"], align="left", size="size", color="color")
        p.add_tools(
            HoverTool(renderers=[minis], tooltips=[("", "@title")], point_policy="follow_mouse")
        )
        p.on_event(Tap, finite_point(self._on_tap))
        self.figure = lean(p)
        self._pane = pn.pane.Bokeh(
            p, sizing_mode="stretch_width", max_width=int(WIDTH * PX * 1.3), margin=(0, 5)
        )

    def _fit(self, bands: int) -> None:
        if bands == self._bands:
            return
        self._bands = bands
        self.figure.y_range.update(start=-bands * BAND, end=0)
        height = int(bands * BAND * PX)
        self.figure.update(height=height, aspect_ratio=WIDTH * PX / height)

    # ------------------------------------------------------------------ drawing
    def show(self, step: Step, *, highlight: frozenset[str] = frozenset()) -> None:
        """Draw the players' side of ``step``'s table (hands face up once the game is over)."""
        m = self.model
        state = m.state
        table = step.table
        n = len(table.kills)
        self._fit(n + 1)
        over = state.is_over and step.kind in ("over", "position", "closed")
        fresh = set(step.fresh)
        choices = set(step.choices) if m.must_steal else set()
        seats = dict(
            x=[], y=[], fill=[], number=[], name=[], sub=[], line=[], band=[], band_fill=[]
        )
        dots = dict(x=[], y=[], fill=[], line=[])
        minis = _empty(_MINI_COLUMNS)
        labels = dict(x=[], y=[], text=[], color=[], size=[])
        mover = step.player if step.kind != "position" else state.current_player
        totals = state.totals() if over else None

        def caption(x: float, y: float, text: str) -> None:
            labels["x"].append(x)
            labels["y"].append(y)
            labels["text"].append(text)
            labels["color"].append(MUTED)
            labels["size"].append("11px")

        def mini(card: str, x: float, y: float, zone: str, back: bool = False) -> None:
            c = card_of(card)
            marks = (fresh, ACTOR, 3.5), (choices, REACHED, 3.5), (highlight, SCORE, 4.0)
            line, width = outline(card, ("#ffffff", 1.0), *marks)
            minis["x"].append(x)
            minis["y"].append(y)
            minis["card"].append(card if not back else "")
            minis["fill"].append(BACK if back else c.colour_hex)
            minis["level"].append("" if back else str(c.level))
            minis["line"].append(line)
            minis["width"].append(width)
            minis["star"].append(1.0 if c.big_five and not back else 0.0)
            minis["zone"].append(zone)
            minis["title"].append("a card in hand" if back else card_title(c))
            minis["back"].append(1.0 if back else 0.0)

        for q in range(n):
            yc = -(q + 0.5) * BAND
            seats["x"].append(0.55)
            seats["y"].append(yc)
            seats["band"].append(yc)
            seats["fill"].append(TOKEN_COLOURS[q])
            seats["number"].append(str(q + 1))
            kind = m.seat(q)
            who = m.person_of(q) or ("human" if kind == "Human" else f"{kind} bot")
            seats["name"].append(f"{player_name(q)} · {who}")
            kills = table.kills[q]
            points = sum(card_of(c).points.killed for c in kills)
            sub = f"{len(kills)} killed ({points} pts)"
            if totals is not None:
                sub += f" · total {totals[q]}"
            seats["sub"].append(sub)
            turn = q == mover and not state.is_over
            seats["line"].append(TOKEN_COLOURS[q] if turn else "#e2d8c3")
            seats["band_fill"].append("#fffdf7" if turn else "#f9f4e8")
            left = table.tokens_left[q]
            total = state.rules.tokens
            per_row = 10
            for k in range(total):
                dots["x"].append(DOTS_X + 0.36 * (k % per_row))
                dots["y"].append(
                    yc + (0.08 if k < per_row else -0.3) if total > per_row else yc - 0.1
                )
                dots["fill"].append(TOKEN_COLOURS[q] if k < left else "#ffffff")
                dots["line"].append(TOKEN_COLOURS[q] if k < left else "#d6cbb3")
            caption(DOTS_X - 0.15, yc + 0.5, f"{left} token{'s' * (left != 1)} left")
            hand = state.hand(q) if over else ()
            size = table.hand_sizes[q]
            for k in range(size):
                if hand:
                    mini(hand[k], HAND_X + k * MINI_GAP, yc + MINI_DY, f"hand-{q}")
                else:
                    mini("meerkat#1", HAND_X + k * 0.34, yc + MINI_DY, f"hand-{q}", back=True)
            caption(HAND_X - 0.3, yc + 0.5, f"hand ({size})" if not hand else "hand (shown)")
            gap = min(MINI_GAP, (WIDTH - KILLS_X - 0.4) / max(1, len(kills)))
            for k, card in enumerate(kills):
                mini(card, KILLS_X + k * gap, yc + MINI_DY, f"kills-{q}")
            caption(KILLS_X - 0.3, yc + 0.5, "kill pile" + ("" if kills else ": empty"))
        yd = -(n + 0.5) * BAND
        seats["x"].append(0.55)
        seats["y"].append(yd)
        seats["band"].append(yd)
        seats["fill"].append("#757575")
        seats["number"].append("✕")
        seats["name"].append("Discard pile")
        seats["sub"].append(
            f"{len(table.discard)} card{'s' * (len(table.discard) != 1)}, out of the game"
        )
        seats["line"].append("#e2d8c3")
        seats["band_fill"].append("#f1ede4")
        discard = table.discard
        start = DOTS_X
        gap = min(MINI_GAP, (WIDTH - start - 0.4) / max(1, len(discard)))
        for k, card in enumerate(discard):
            mini(card, start + k * gap, yd + MINI_DY, "discard")
        s = self.sources
        s["seats"].data = seats
        s["dots"].data = dots
        s["labels"].data = labels
        s["minis"].data = minis

    # ------------------------------------------------------------------ input
    @batched
    def _on_tap(self, event: Tap) -> None:
        m = self.model
        if not self.interactive or event.x is None or event.y is None or not m.must_steal:
            return
        p = m.state.current_player
        if p is None or m.seat(p) != "Human":
            return
        d = self.sources["minis"].data
        best, best_d = None, None
        for x, y, card, zone in zip(d["x"], d["y"], d["card"], d["zone"], strict=True):
            if not zone.startswith("kills-") or zone == f"kills-{p}":
                continue
            if abs(event.x - x) <= MINI_W / 2 and abs(event.y - y) <= MINI_H / 2:
                dist = abs(event.x - x)
                if best_d is None or dist < best_d:
                    best, best_d = card, dist
        if best is not None:
            m.human_play(best)

    def mini_xy(self, card: str) -> tuple[float, float]:
        """Data coordinates of a small card on this figure (KeyError if not shown)."""
        d = self.sources["minis"].data
        for x, y, c in zip(d["x"], d["y"], d["card"], strict=True):
            if c == card:
                return x, y
        raise KeyError(card)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._pane
