"""How a card looks: colours, words on it, and the Bokeh glyphs that draw a row of cards.

A card face is drawn by several glyphs reading one ColumnDataSource (:data:`CARD_COLUMNS`):
the body, the colour band of its group, the level in a circle at the top left, the Big Five
badge at the top right, the name, the group and the token box at the bottom (filled with the
player's colour and seat number when a token is on it).  Highlights are just other values in
the same columns (outline colour and width, a status label), so a step of a turn is one
``source.data = …`` assignment.
"""

from __future__ import annotations

import html
from collections.abc import Container, Iterable
from functools import lru_cache
from typing import Any

from bokeh.models import Circle, ColumnDataSource, HoverTool, Rect, Scatter
from bokeh.plotting import figure as Figure

from engines.savannah import Card, load_deck, name_of

from ..ui.figures import add_glyph
from ..ui.glyphs import label

TOKEN_COLOURS = ("#d81b60", "#00796b", "#3949ab", "#a85300", "#5d4037")
"""Token colour of each seat (Player 1 … Player 5)."""
FACE = "#fffaf0"
FACE_DIM = "#eee8dc"
OUTLINE = "#9b8b70"
ACTOR = "#1565c0"
REACHED = "#f2b705"
HIT = "#d32f2f"
SELECTED = "#1565c0"
BLOCKER = "#d32f2f"
SCORE = "#f2b705"
BACKGROUND = "#f6f0e1"
TEXT = "#3b3224"
MUTED = "#6f6450"  # 5.5:1 on the page's paper colour (WCAG AA)
BACK = "#50734a"
"""A card back's green (its edge and frame: :func:`draw_backs`)."""
STATUS_COLOURS = {
    "killed": "#c62828",
    "scared": "#6a1b9a",
    "discarded": "#616161",
    "blocked": "#c62828",
    "playable": "#2e7d32",
    "kill": "#c62828",
    "scare": "#6a1b9a",
    "discard": "#616161",
    "moved": "#1565c0",
    "played": "#1565c0",
    "": "#000000",
}

GROUP_SHORT = {
    "insect": "insect",
    "small_mammal": "small mammal",
    "bird": "bird",
    "ungulate": "ungulate",
    "large_mammal": "large mammal",
    "human": "human",
    "predator": "predator",
    "scavenger": "scavenger",
}

CARD_COLUMNS = (
    "x",
    "y",
    "card",
    "name",
    "group",
    "level",
    "band",
    "face",
    "alpha",
    "line",
    "width",
    "badge",
    "token_fill",
    "token_line",
    "token_text",
    "status",
    "status_color",
    "title",
    "tip",
    "lines",
    "lines_size",
)
"""The columns of a card source."""


def contrast_ratio(a: str, b: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21)."""

    def luminance(colour: str) -> float:
        channels = [int(colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def text_on(fill: str) -> str:
    """Black or white, whichever reads better on ``fill``."""
    return (
        "#000000"
        if contrast_ratio(fill, "#000000") >= contrast_ratio(fill, "#ffffff")
        else "#ffffff"
    )


@lru_cache(maxsize=1)
def deck_cards() -> dict[str, Card]:
    """The packaged deck by card name (loaded once; immutable)."""
    return {card.name: card for card in load_deck()}


def card_of(card_id: str) -> Card:
    """The :class:`Card` of an id such as ``'zebra#2'``."""
    return deck_cards()[name_of(card_id)]


def group_and_level(card_id: str) -> tuple[str, int]:
    """``(group, level)`` of a card id (what regrouping groups by)."""
    card = card_of(card_id)
    return card.group, card.level


def display_name(name: str) -> str:
    """The name on two lines when it has two words (``'dung\\nbeetle'``)."""
    return name.replace(" ", "\n", 1)


def _target_short(text: str) -> str:
    words = text.split()
    if words == ["any"]:
        return "any card"
    head = "level" if words[0] == "level" else GROUP_SHORT[words[0]]
    if len(words) == 1:
        return head
    level = words[1]
    if level.endswith("-"):
        return f"{head} ≤{level[:-1]}" if head != "level" else f"level ≤{level[:-1]}"
    return f"{head} {level}"


def _reach_short(text: str) -> str:
    words = text.split()
    if words == ["row"]:
        return "whole row"
    return f"{words[1]} from {words[0]}"


def action_lines(card: Card) -> list[str]:
    """Short lines for a card face: ``'kill ungulate ≤3'`` / ``'  3 from right'`` per hunt."""
    out = []
    for action in card.hunt:
        verb, target, reach = str(action.verb), str(action.target), str(action.reach)
        out.append(f"{verb} {_target_short(target)}")
        out.append(f"   {_reach_short(reach)}")
    return out


def _lines_size(lines: list[str]) -> str:
    """The font size of a hand card's hunt lines: smaller for long or many lines, so that no
    text runs past the card's border (a hand card is about 112 px wide and its text area about
    18 characters of 10 px type; the card details beside the hand give the full rules)."""
    longest = max((len(line) for line in lines), default=0)
    if longest > 19 or len(lines) > 6:
        return "8px"
    if longest > 17 or len(lines) > 4:
        return "9px"
    return "10px"


def card_tip(card: Card) -> str:
    """The full rules of a card as HTML (tooltips and the card details)."""
    hunt = "".join(f"<li>{html.escape(a.describe())}</li>" for a in card.hunt) or "<li>none</li>"
    rules = [p.describe() for p in card.placement] + [e.describe() for e in card.effects]
    placement = "".join(f"<li>{html.escape(r)}</li>" for r in rules) or "<li>none</li>"
    pts = card.points
    extra = f", {pts.rightmost} if rightmost at the end" if pts.rightmost else ""
    return (
        f"<b>Hunt</b> (top to bottom)<ol style='margin:0 0 2px 16px;padding:0'>{hunt}</ol>"
        f"<b>On the savannah</b><ul style='margin:0 0 2px 16px;padding:0'>{placement}</ul>"
        f"<b>Points</b>: {pts.in_hand} in hand, {pts.alive} alive, {pts.killed} killed"
        f"{extra}"
    )


def card_title(card: Card) -> str:
    """``'Lion — predator, level 5, Big Five'``."""
    five = ", Big Five" if card.big_five else ""
    return f"{card.name.capitalize()} — {GROUP_SHORT[card.group]}, level {card.level}{five}"


def empty_cards() -> dict[str, list]:
    """An empty card source's data."""
    return {c: [] for c in CARD_COLUMNS}


def add_card(
    data: dict[str, list],
    card_id: str,
    x: float,
    y: float,
    *,
    token: int | None = None,
    alpha: float = 1.0,
    line: str = OUTLINE,
    width: float = 1.2,
    status: str = "",
    status_kind: str = "",
    lines: bool = False,
    dim: bool = False,
) -> None:
    """Append one card face to a card source's data."""
    card = card_of(card_id)
    data["x"].append(x)
    data["y"].append(y)
    data["card"].append(card_id)
    data["name"].append(display_name(card.name))
    data["group"].append(GROUP_SHORT[card.group])
    data["level"].append(str(card.level))
    data["band"].append(card.colour_hex)
    data["face"].append(FACE_DIM if dim else FACE)
    data["alpha"].append(alpha)
    data["line"].append(line)
    data["width"].append(width)
    data["badge"].append(1.0 if card.big_five else 0.0)
    data["token_fill"].append(TOKEN_COLOURS[token] if token is not None else FACE)
    data["token_line"].append("#222222" if token is not None else "#c9bc9f")
    data["token_text"].append(str(token + 1) if token is not None else "")
    data["status"].append(status)
    data["status_color"].append(STATUS_COLOURS.get(status_kind or status, "#000000"))
    data["title"].append(card_title(card))
    data["tip"].append(card_tip(card))
    shown = action_lines(card) if lines else []
    data["lines"].append("\n".join(shown))
    data["lines_size"].append(_lines_size(shown))


WORD_COLUMNS = ("x", "y", "text", "size", "style", "color", "alpha", "align", "baseline", "height")
"""The columns of a source of words (:func:`draw_words`): each row styles itself."""


def empty_words() -> dict[str, list]:
    """An empty source of words' data."""
    return {c: [] for c in WORD_COLUMNS}


def add_word(
    words: dict[str, list], x: float, y: float, text: str, size: str, **style: Any
) -> None:
    """Append a word to ``words`` (:data:`WORD_COLUMNS`, and ``dx``/``dy`` pixel offsets if
    it has them); ``style`` may set ``style`` (font style), ``color``, ``alpha``, ``align``,
    ``baseline``, ``height`` (line height), ``dx`` and ``dy``."""
    if not text:
        return  # nothing to draw
    row = dict(x=x, y=y, text=text, size=size, style="normal", color=TEXT, alpha=1.0)
    row.update(align="center", baseline="middle", height=1.2, dx=0, dy=0)  # Bokeh's defaults
    row.update(style)
    for column, values in words.items():
        values.append(row[column])


def draw_words(fig: Figure, source: ColumnDataSource, *, offsets: bool = False) -> Any:
    """One text renderer for the words of many parts of a board, each row with its own place,
    size, font style, colour, alpha and alignment (:data:`WORD_COLUMNS`; with ``offsets``
    also ``dx``/``dy`` in pixels): a renderer per part was three or four Bokeh models each,
    built on the server and laid out in the browser."""
    shift = {"x_offset": "dx", "y_offset": "dy"} if offsets else {}
    return label(
        fig,
        "text",
        source=source,
        size="size",
        color="color",
        style="style",
        align="align",
        baseline="baseline",
        text_alpha="alpha",
        text_line_height="height",
        **shift,
    )


class CardFaces:
    """The card faces of a figure, ``w`` × ``h`` data units at ``px`` pixels a unit: the body,
    the colour band of the group, the level in a circle, the Big Five star, and the words
    (level, name, group, and the hunt's lines of a ``detail`` card or else the token box
    with its seat number), all from one card source (:data:`CARD_COLUMNS`) and its words.
    Names and groups are at least ``least`` px.

    :meth:`show` draws a card source's data.
    """

    def __init__(
        self,
        fig: Figure,
        source: ColumnDataSource,
        *,
        w: float,
        h: float,
        px: float,
        detail: bool = False,
        least: tuple[int, int] = (9, 8),
    ):
        self.source, self.w, self.h, self.px, self.detail = source, w, h, px, detail
        self.least = least
        self.words = ColumnDataSource(empty_words())
        self.band = 0.2 * h
        self.radius = self.band * 0.42
        self.name_y = h / 2 - self.band - (0.16 if detail else 0.25) * h
        self.group_y = self.name_y - (0.16 if detail else 0.22) * h
        self.token = (0.36 * w, 0.15 * h)
        self.token_y = -h / 2 + self.token[1] / 2 + 0.05 * h
        source.data = self.placed(source.data)
        self.body = self._draw(fig)

    def _font(self, size: float, smallest: int) -> str:
        """A font size of ``size`` data units, in pixels, at least ``smallest``."""
        return f"{max(smallest, int(size * self.px))}px"

    # Every part of a face reads the card's row of the source and fades with it ("alpha").
    _FADE = {"fill_alpha": "alpha", "line_alpha": "alpha"}

    def _draw(self, fig: Figure) -> Any:
        """Add the glyphs (the words after the token box, whose number they hold); returns the
        body renderer (for hover tools)."""
        w, h = self.w, self.h
        body = Rect(
            x="x",
            y="y",
            width=w,
            height=h,
            fill_color="face",
            line_color="line",
            line_width="width",
            border_radius=int(0.07 * w * self.px),
            **self._FADE,
        )
        renderer = add_glyph(fig, body, self.source)
        self._draw_band(fig)
        if not self.detail:  # the token box ("to place the token"); cards in hand bear none
            tw, th = self.token
            token = Rect(
                x="x",
                y="token_y",
                width=tw,
                height=th,
                fill_color="token_fill",
                line_color="token_line",
                line_width=1.5,
                line_dash=[3, 2],
                border_radius=4,
                **self._FADE,
            )
            add_glyph(fig, token, self.source)
        draw_words(fig, self.words)
        return renderer

    def _draw_band(self, fig: Figure) -> None:
        """The colour band of the group, with the level's circle and the Big Five star on it."""
        r, source = self.radius, self.source
        band = Rect(
            x="x",
            y="band_y",
            width=self.w * 0.94,
            height=self.band,
            fill_color="band",
            line_color=None,
            **self._FADE,
        )
        add_glyph(fig, band, source)
        level = Circle(
            x="level_x",
            y="band_y",
            radius=r,
            fill_color="#ffffff",
            line_color="band",
            line_width=1.5,
            **self._FADE,
        )
        add_glyph(fig, level, source)
        star = Scatter(
            x="star_x",
            y="band_y",
            marker="star",
            size=max(10, int(r * self.px * 2.3)),
            fill_color="#ffd54f",
            line_color="#8d6e00",
            fill_alpha="badge",
            line_alpha="badge",
        )
        add_glyph(fig, star, source)

    def show(self, data: dict[str, list]) -> None:
        """Draw the cards of ``data`` (a card source's columns) with their words."""
        self.source.data = self.placed(data)
        self.words.data = self.words_of(data)

    def placed(self, data: dict[str, list]) -> dict[str, list]:
        """``data`` with where each card's band, level, star and token box go: columns
        computed here, not transforms in the browser (a ``dodge`` is a Bokeh model each)."""
        w, r = self.w, self.radius
        band = self.h / 2 - self.band / 2
        xs, ys = data["x"], data["y"]
        return {
            **data,
            "band_y": [y + band for y in ys],
            "level_x": [x + (-w / 2 + r + 0.05 * w) for x in xs],
            "star_x": [x + (w / 2 - r - 0.06 * w) for x in xs],
            "token_y": [y + self.token_y for y in ys],
        }

    def words_of(self, data: dict[str, list]) -> dict[str, list]:
        """The words on the faces of ``data``'s cards, one row per word."""
        w, h, r = self.w, self.h, self.radius
        words = empty_words()
        level = (-w / 2 + r + 0.05 * w, h / 2 - self.band / 2, self._font(r * 1.3, 9))
        name_size, group_size = (
            self._font(0.15 * w, self.least[0]),
            self._font(0.11 * w, self.least[1]),
        )
        token_size = self._font(self.token[1] * 0.8, 9)
        for i, (x, y) in enumerate(zip(data["x"], data["y"], strict=True)):
            faded = {"alpha": data["alpha"][i]}
            bold = {"style": "bold", **faded}
            add_word(words, x + level[0], y + level[1], data["level"][i], level[2], **bold)
            add_word(words, x, y + self.name_y, data["name"][i], name_size, **bold, height=1.0)
            italic = {"style": "italic", "color": MUTED, **faded}
            add_word(words, x, y + self.group_y, data["group"][i], group_size, **italic)
            if self.detail:
                lines = {"align": "left", "baseline": "top", "height": 1.15, **faded}
                at = (x - w / 2 + 0.07 * w, y + self.group_y - 0.07 * h)
                add_word(words, *at, data["lines"][i], data["lines_size"][i], **lines)
            else:  # on the seat's colour, never faded
                white = {"style": "bold", "color": "#ffffff"}
                add_word(words, x, y + self.token_y, data["token_text"][i], token_size, **white)
        return words


def draw_backs(
    fig: Figure,
    *,
    w: float,
    h: float,
    radius: int,
    frame: bool = True,
    back: bool = True,
    **at: Any,
) -> None:
    """Card backs, ``w`` × ``h`` data units: green with a dark edge (``back``) and a dashed
    inner frame (``frame``).  ``at``: ``x`` and ``y`` (values, or columns of a ``source``)."""
    source = at.pop("source", None)
    if back:
        edge = Rect(
            width=w,
            height=h,
            fill_color=BACK,
            line_color="#2f4a2b",
            line_width=1.5,
            border_radius=radius,
            **at,
        )
        add_glyph(fig, edge, source)
    if frame:
        inner = Rect(
            width=w * 0.72,
            height=h * 0.78,
            fill_color=None,
            line_color="#a9c79f",
            line_dash=[3, 3],
            **at,
        )
        add_glyph(fig, inner, source)


def outline(
    card: str, plain: tuple[str, float], *marks: tuple[Container[str], str, float]
) -> tuple[str, float]:
    """A card's outline colour and width: those of the last of ``marks`` (cards, colour,
    width) whose cards hold it, else ``plain``.

    >>> outline("lion#1", ("grey", 1.0), ({"lion#1"}, "gold", 4.0), (set(), "red", 4.5))
    ('gold', 4.0)
    """
    for cards, colour, width in marks:
        if card in cards:
            plain = (colour, width)
    return plain


def stamps_of(data: dict[str, list], *, h: float) -> dict[str, list]:
    """The cards of a card source's data that carry a status stamp ("kill", "blocked"…),
    placed across the lower half of cards ``h`` data units high."""
    keep = [i for i, status in enumerate(data["status"]) if status]
    stamps = {c: [data[c][i] for i in keep] for c in ("x", "status", "status_color")}
    stamps["y"] = [data["y"][i] + -0.2 * h for i in keep]
    return stamps


def draw_stamps(fig: Figure, source: ColumnDataSource, *, w: float, h: float, px: float) -> None:
    """A rubber stamp across a card (its status), drawn from a source of stamps only
    (:func:`stamps_of`, which places them)."""
    label(
        fig,
        "status",
        source=source,
        size=f"{max(11, int(0.2 * w * px))}px",
        style="bold",
        color="status_color",
        angle=0.2,
        background_fill_color="#ffffff",
        background_fill_alpha=0.9,
        border_line_color="status_color",
        border_line_width=2,
        padding=3,
        border_radius=3,
    )


def card_hover(renderers: Iterable[Any]) -> HoverTool:
    """A tooltip with the card's title and rules (columns ``title`` and ``tip``)."""
    return HoverTool(
        renderers=list(renderers),
        point_policy="follow_mouse",
        attachment="below",
        tooltips=(
            "<div style='max-width:330px;font-size:12px'>"
            "<div style='font-weight:700;font-size:13px'>@title</div>"
            "@tip{safe}</div>"
        ),
    )
