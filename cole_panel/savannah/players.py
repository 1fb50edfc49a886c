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
from bokeh.models import Circle, ColumnDataSource, HoverTool, Rect, Scatter

from ..runtime.hold import batched
from ..ui.client_values import finite_point
from ..ui.figures import add_glyph, bare_figure, lean
from ..ui.sideways import sideways
from .art import (
    ACTOR,
    BACK,
    BACKGROUND,
    MUTED,
    REACHED,
    SCORE,
    TOKEN_COLOURS,
    add_word,
    card_of,
    card_title,
    draw_words,
    empty_words,
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
MIN_W = int(WIDTH * PX)
"""The narrowest the players' bands are drawn (px): narrower, a seat's name runs into its tokens,
so on a narrower screen the bands scroll sideways (:func:`~cole_panel.ui.keyboard.sideways`)."""
BAND = 1.5
MINI_W, MINI_H, MINI_GAP = 0.6, 0.85, 0.68
MINI_DY = -0.1
KILLS_X = 13.7
HAND_X = 9.9
DOTS_X = 5.6


_MINI_COLUMNS = (
    "x", "y", "card", "fill", "level", "line", "width", "star", "star_y", "zone", "title", "back"
)  # fmt: skip
"""The columns of the small cards' source."""


def _empty(columns: tuple[str, ...]) -> dict[str, list]:
    return {c: [] for c in columns}


def _seat_words() -> dict[str, list]:
    """The data of the seats' words: a word source with pixel offsets (beside the badge)."""
    return {**empty_words(), "dx": [], "dy": []}


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
            "words": ColumnDataSource(_seat_words(), name="savannah-seat-words"),
            "labels": ColumnDataSource(empty_words(), name="savannah-player-labels"),
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
            # A style, not min_width: Panel would give every layout around it that width.
            styles={"min-width": f"{MIN_W}px"},
        )
        self._draw_seats(p)
        minis = self._draw_minis(p)
        draw_words(p, s["labels"])  # the cards' levels and the captions
        p.add_tools(
            HoverTool(renderers=[minis], tooltips=[("", "@title")], point_policy="follow_mouse")
        )
        p.on_event(Tap, finite_point(self._on_tap))
        self.figure = lean(p)
        self._pane = sideways(
            pn.pane.Bokeh(
                p,
                sizing_mode="stretch_width",
                max_width=int(WIDTH * PX * 1.3),
                margin=(0, 5),
            ),
            "The players",
        )

    def _draw_seats(self, p: Any) -> None:
        """Each seat's band: its badge, name, tokens left."""
        s = self.sources
        band = Rect(
            x=WIDTH / 2,
            y="band",
            width=WIDTH - 0.1,
            height=BAND - 0.1,
            fill_color="band_fill",
            line_color="line",
            line_width=2,
            border_radius=8,
        )
        add_glyph(p, band, s["seats"])
        badge = Circle(
            x="x", y="y", radius=0.36, fill_color="fill", line_color="#222222", line_width=1.5
        )
        add_glyph(p, badge, s["seats"])
        draw_words(p, s["words"], offsets=True)  # the seat's number on its badge, name, sub
        dots = Circle(x="x", y="y", radius=0.14, fill_color="fill", line_color="line", line_width=1)
        add_glyph(p, dots, s["dots"])

    def _draw_minis(self, p: Any) -> Any:
        """The small cards of hands, kill piles and the discard pile; returns their renderer."""
        s = self.sources
        face = Rect(
            x="x",
            y="y",
            width=MINI_W,
            height=MINI_H,
            fill_color="fill",
            line_color="line",
            line_width="width",
            border_radius=3,
        )
        cards = add_glyph(p, face, s["minis"])
        frame = Rect(
            x="x",
            y="y",
            width=MINI_W * 0.7,
            height=MINI_H * 0.75,
            fill_color=None,
            line_color="#ffffff",
            line_alpha="back",
            line_dash=[2, 2],
        )
        add_glyph(p, frame, s["minis"])
        star = Scatter(
            x="x",
            y="star_y",  # a column, not a dodge: one Bokeh model less
            marker="star",
            size=9,
            fill_color="#ffd54f",
            line_color="#8d6e00",
            fill_alpha="star",
            line_alpha="star",
        )
        add_glyph(p, star, s["minis"])
        return cards

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
        choices = set(step.choices) if m.must_steal else set()
        d = _Drawing(set(step.fresh), choices, highlight)
        mover = step.player if step.kind != "position" else state.current_player
        totals = state.totals() if over else None
        for q in range(n):
            self._seat_band(d, table, q, mover, totals, state.hand(q) if over else ())
        yd = -(n + 0.5) * BAND
        discard = table.discard
        d.band(
            yd,
            "#757575",
            "✕",
            "Discard pile",
            f"{len(discard)} card{'s' * (len(discard) != 1)}, out of the game",
            line="#e2d8c3",
            fill="#f1ede4",
        )
        gap = min(MINI_GAP, (WIDTH - DOTS_X - 0.4) / max(1, len(discard)))
        for k, card in enumerate(discard):
            d.mini(card, DOTS_X + k * gap, yd + MINI_DY, "discard")
        s = self.sources
        s["seats"].data = d.seats
        s["dots"].data = d.dots
        s["words"].data = d.words
        s["labels"].data = d.labels
        s["minis"].data = d.minis

    def _seat_band(
        self,
        d: _Drawing,
        table: Any,
        q: int,
        mover: int | None,
        totals: list[int] | None,
        hand: tuple[str, ...],
    ) -> None:
        """Seat ``q``'s band: name, kills, tokens left, hand (face down unless ``hand``), kills."""
        m = self.model
        state = m.state
        yc = -(q + 0.5) * BAND
        kind = m.seat(q)
        who = m.person_of(q) or ("human" if kind == "Human" else f"{kind} bot")
        kills = table.kills[q]
        points = sum(card_of(c).points.killed for c in kills)
        sub = f"{len(kills)} killed ({points} pts)"
        if totals is not None:
            sub += f" · total {totals[q]}"
        turn = q == mover and not state.is_over
        d.band(
            yc,
            TOKEN_COLOURS[q],
            str(q + 1),
            f"{player_name(q)} · {who}",
            sub,
            line=TOKEN_COLOURS[q] if turn else "#e2d8c3",
            fill="#fffdf7" if turn else "#f9f4e8",
        )
        left = table.tokens_left[q]
        total = state.rules.tokens
        per_row = 10
        for k in range(total):
            d.dots["x"].append(DOTS_X + 0.36 * (k % per_row))
            d.dots["y"].append(
                yc + (0.08 if k < per_row else -0.3) if total > per_row else yc - 0.1
            )
            d.dots["fill"].append(TOKEN_COLOURS[q] if k < left else "#ffffff")
            d.dots["line"].append(TOKEN_COLOURS[q] if k < left else "#d6cbb3")
        d.caption(DOTS_X - 0.15, yc + 0.5, f"{left} token{'s' * (left != 1)} left")
        size = table.hand_sizes[q]
        for k in range(size):
            if hand:
                d.mini(hand[k], HAND_X + k * MINI_GAP, yc + MINI_DY, f"hand-{q}")
            else:
                d.mini("meerkat#1", HAND_X + k * 0.34, yc + MINI_DY, f"hand-{q}", back=True)
        d.caption(HAND_X - 0.3, yc + 0.5, f"hand ({size})" if not hand else "hand (shown)")
        gap = min(MINI_GAP, (WIDTH - KILLS_X - 0.4) / max(1, len(kills)))
        for k, card in enumerate(kills):
            d.mini(card, KILLS_X + k * gap, yc + MINI_DY, f"kills-{q}")
        d.caption(KILLS_X - 0.3, yc + 0.5, "kill pile" + ("" if kills else ": empty"))

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


class _Drawing:
    """The columns of one drawing of the players' side, filled band by band."""

    def __init__(self, fresh: set[str], choices: set[str], highlight: frozenset[str]):
        self.marks = (fresh, ACTOR, 3.5), (choices, REACHED, 3.5), (highlight, SCORE, 4.0)
        self.seats: dict[str, list] = dict(
            x=[], y=[], fill=[], number=[], name=[], sub=[], line=[], band=[], band_fill=[]
        )
        self.dots: dict[str, list] = dict(x=[], y=[], fill=[], line=[])
        self.minis = _empty(_MINI_COLUMNS)
        self.words = _seat_words()
        self.labels = empty_words()

    def band(
        self, y: float, badge: str, number: str, name: str, sub: str, *, line: str, fill: str
    ) -> None:
        for key, value in dict(
            x=0.55, y=y, band=y, fill=badge, number=number, name=name, sub=sub, line=line
        ).items():
            self.seats[key].append(value)
        self.seats["band_fill"].append(fill)
        white = dict(style="bold", color="#ffffff")
        add_word(self.words, 0.55, y, number, "15px", **white)
        add_word(self.words, 0.55, y, name, "14px", style="bold", align="left", dx=20, dy=-9)
        add_word(self.words, 0.55, y, sub, "12px", color=MUTED, align="left", dx=20, dy=10)

    def caption(self, x: float, y: float, text: str) -> None:
        add_word(self.labels, x, y, text, "11px", color=MUTED, align="left")

    def mini(self, card: str, x: float, y: float, zone: str, back: bool = False) -> None:
        c = card_of(card)
        line, width = outline(card, ("#ffffff", 1.0), *self.marks)
        minis = self.minis
        minis["x"].append(x)
        minis["y"].append(y)
        minis["card"].append(card if not back else "")
        minis["fill"].append(BACK if back else c.colour_hex)
        minis["level"].append("" if back else str(c.level))
        minis["line"].append(line)
        minis["width"].append(width)
        minis["star"].append(1.0 if c.big_five and not back else 0.0)
        minis["star_y"].append(y + -0.3)
        minis["zone"].append(zone)
        minis["title"].append("a card in hand" if back else card_title(c))
        minis["back"].append(1.0 if back else 0.0)
        if not back:
            add_word(self.labels, x, y, str(c.level), "13px", style="bold", color="#ffffff")
