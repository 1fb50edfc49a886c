"""The live score: each player's total, its parts and a Big Five tracker, and a chart over the game.

Shown beside the table and updated at every step of a turn's playback (the dashboard passes the
standing of the moment on show, :func:`~cole_panel.savannah.standings.standing`); the chart draws
every player's total after each move, with a line at the moment on show.  Each player's line
has its own marker shape as well as its colour.
"""

from __future__ import annotations

import html
from typing import Any

import panel as pn
from bokeh.models import BasicTicker, ColumnDataSource, MultiLine, Scatter, Span
from bokeh.plotting import figure

from ..ui.figures import add_glyph, lean
from .art import TOKEN_COLOURS, card_of, text_on
from .narration import SHAPES
from .standings import CATEGORIES, CATEGORY_NAMES
from .turns import player_name

LIVE_SCORE_NAME = "savannah-score-chart"
"""Bokeh ``name`` of the chart of totals over the game."""
MARKERS = ("circle", "square", "triangle", "diamond", "inverted_triangle")
"""Each player's marker on the chart (a cue that does not rely on colour)."""
TEXT = "#2b2418"
MUTED = "#5f5440"  # 6.5:1 on the page's paper colour


def _chips(cards: tuple[str, ...]) -> str:
    """A kill pile as small named cards in their group colour (level and ★ for the Big Five)."""
    if not cards:
        return f"<span style='color:{MUTED};font-size:12px'>empty</span>"
    out = []
    for cid in cards:
        card = card_of(cid)
        fill = card.colour_hex
        star = " ★" if card.big_five else ""
        out.append(
            f"<span class='cole-kill-card' style='display:inline-block;margin:1px 2px;"
            f"padding:0 5px;border-radius:4px;font-size:12px;background:{fill};"
            f"color:{text_on(fill)}'>{html.escape(card.name)} {card.level}{star}</span>"
        )
    return "".join(out)


def _part(row: dict[str, Any], part: str) -> str:
    """One cell of a player's score: its points, or "?" for a hidden hand (with its cards)."""
    cell = "<td class='cole-part-{}' style='padding:2px 6px;text-align:right{}'>{}</td>"
    points = row[part]
    if points is None:
        cards = row["hand_cards"]
        return cell.format(part, f";color:{MUTED}", f"? ({cards} card{'s' * (cards != 1)}, hidden)")
    if not points:
        return cell.format(part, f";color:{MUTED}", "0")
    return cell.format(part, "", f"{points:+d}")


class LiveScore(pn.viewable.Viewer):
    """Totals and their parts for every player, a Big Five tracker, and a chart over the game."""

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._table = pn.pane.HTML(
            "", margin=(2, 5), sizing_mode="stretch_width", css_classes=["cole-live-score"]
        )
        p = figure(
            name=LIVE_SCORE_NAME,
            height=170,
            sizing_mode="stretch_width",
            tools="",
            toolbar_location=None,
            x_axis_label="move",
            y_axis_label="points",
            background_fill_color="#fffdf7",
            border_fill_color="#fbf8f1",
            min_border_left=40,
        )
        # Every player's line in one renderer and every marker in another: a page's build
        # and its first message cost about the same per Bokeh model, and a renderer pair
        # per player was 30 models of a page of 500.
        self._lines = ColumnDataSource(dict(xs=[], ys=[], colour=[]))
        self._dots = ColumnDataSource(dict(x=[], y=[], marker=[], colour=[]))
        add_glyph(p, MultiLine(xs="xs", ys="ys", line_color="colour", line_width=2), self._lines)
        dots = Scatter(x="x", y="y", marker="marker", size=7, fill_color="colour", line_color=TEXT)
        add_glyph(p, dots, self._dots)
        self._now = Span(location=0, dimension="height", line_color="#8a6d00", line_dash=[4, 3])
        p.add_layout(self._now)
        # The figure's own axes, where it put them: p.xaxis and p.yaxis each walk every model
        # of the figure (about 1 ms of a page build for the three lookups).
        xaxis, yaxis = p.below[0], p.left[0]
        xaxis.axis_label_text_font_size = yaxis.axis_label_text_font_size = "12px"
        xaxis.ticker = BasicTicker(min_interval=1)  # moves are whole: no tick at move 0.5
        self.figure = lean(p)
        self._chart = pn.pane.Bokeh(p, sizing_mode="stretch_width", margin=(0, 5))
        self._layout = pn.Column(
            pn.pane.HTML(
                "<b style='font-size:15px'>Score now</b> <span style='color:#5f5440'>(as if "
                "the game ended at the moment on show; a hidden hand counts once the game "
                "ends, and the chart leaves it out)</span>",
                margin=(4, 5, 0, 5),
            ),
            self._table,
            self._chart,
            margin=0,
            sizing_mode="stretch_width",
        )

    def show(self, rows: list[dict[str, Any]], big_five: tuple[str, ...]) -> None:
        """Show the standing ``rows`` (one dict per player, see ``standing``)."""
        head = "".join(
            f"<th style='padding:2px 6px;text-align:right'>{html.escape(CATEGORY_NAMES[p])}</th>"
            for p in CATEGORIES[:-1]
        )
        body = []
        for q, row in enumerate(rows):
            parts = "".join(_part(row, p) for p in CATEGORIES[:-1])
            total = "?" if row["total"] is None else row["total"]
            killed = set(row["big_five_names"])
            tracker = " ".join(
                f"<span class='cole-big-five-{'got' if b in killed else 'missing'}' "
                f"style='padding:0 3px;border-radius:4px;"
                + (
                    "background:#2e5e2b;color:#ffffff'>✓ "
                    if b in killed
                    else "border:1px dashed #8a7d66;color:#5f5440'>○ "
                )
                + f"{html.escape(b)}</span>"
                for b in big_five
            )
            bonus = f" <b>+{row['big_five']}</b>" if row["big_five"] else ""
            body.append(
                f"<tr data-player='{q}'><td style='padding:2px 6px;white-space:nowrap'>"
                f"<span style='color:{TOKEN_COLOURS[q]};font-size:16px'>{SHAPES[q]}</span> "
                f"<b>{player_name(q)}</b></td>"
                f"<td class='cole-total' style='padding:2px 6px;text-align:right;font-size:17px'>"
                f"<b>{total}</b></td>{parts}"
                f"<td class='cole-big-five' style='padding:2px 6px;font-size:12px'>"
                f"{len(killed)}/{len(big_five)} {tracker}{bonus}</td></tr>"
                f"<tr class='cole-kill-pile' data-player='{q}'><td style='padding:0 6px 4px;"
                f"color:{MUTED};font-size:12px;vertical-align:top'>kill pile</td>"
                f"<td colspan='{len(CATEGORIES) + 1}' style='padding:0 6px 4px'>"
                f"{_chips(row['kill_pile'])}</td></tr>"
            )
        self._table.object = (
            # a box that scrolls sideways on a phone: a keyboard can scroll it too
            "<div style='overflow-x:auto' tabindex='0' role='region' aria-label='Live score'>"
            f"<table style='border-collapse:collapse;color:{TEXT};"
            "font-size:14px'><tr style='border-bottom:1px solid #c9bc9f'><th style='text-align:"
            f"left;padding:2px 6px'>player</th><th style='padding:2px 6px'>total</th>{head}"
            f"<th style='padding:2px 6px;text-align:left'>Big Five</th></tr>{''.join(body)}"
            "</table></div>"
        )

    @property
    def table_html(self) -> str:
        """The score table as shown (HTML)."""
        return self._table.object

    @property
    def chart_totals(self) -> list[list[int]]:
        """Each player's line on the chart (points per moment), as drawn."""
        return [list(ys) for ys in self._lines.data["ys"]]

    def chart(self, totals: list[list[int]], moment: float) -> None:
        """Draw ``totals`` (one list per moment: the start, then after each move) and a line
        at ``moment`` (a move number; fractions inside a turn being played back)."""
        players = len(totals[0]) if totals else 0
        xs = list(range(len(totals)))
        lines = [[t[q] for t in totals] for q in range(players)]
        self._lines.data = dict(xs=[xs] * players, ys=lines, colour=list(TOKEN_COLOURS[:players]))
        self._dots.data = dict(
            x=xs * players,
            y=[y for line in lines for y in line],
            marker=[MARKERS[q] for q in range(players) for _ in xs],
            colour=[TOKEN_COLOURS[q] for q in range(players) for _ in xs],
        )
        self._now.location = moment

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
