"""How each card type looks: colour, pattern, text colour, and its rule in one line.

A player must tell a gazelle from a zebra at a glance, on screen and in a screenshot, with the
fonts of a bare Linux box (no emoji). So every type has its own hue, the striped or spotted
animals carry a Bokeh hatch pattern (zebra stripes, cheetah spots, giraffe patches), and the
card shows its name on a solid patch of the card's colour, at least 4.5:1 against it (WCAG AA,
checked by a test), so a pattern never runs through the letters; face-down cards show the card
back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.ecosystem import CardType


@dataclass(frozen=True)
class CardStyle:
    """How one card type is drawn."""

    fill: str
    """Card colour."""
    text: str
    """Colour of the name written on the card."""
    hatch: str = " "
    """Bokeh hatch pattern drawn over the colour (" " none, "|" stripes, "." spots…)."""
    hatch_color: str = "#000000"
    """Colour of the pattern."""
    hatch_alpha: float = 0.0
    """Opacity of the pattern (0 for none)."""


STYLES: dict[CardType, CardStyle] = {
    CardType.WATERING_HOLE: CardStyle("#2b6cb0", "#ffffff", "v", "#ffffff", 0.35),
    CardType.GRASSLAND: CardStyle("#a9d46f", "#233d0c", '"', "#5f8f2c", 0.55),
    CardType.TREE: CardStyle("#2e7d32", "#ffffff"),
    CardType.GAZELLE: CardStyle("#dca36a", "#3b2208"),
    CardType.ZEBRA: CardStyle("#f7f7f7", "#111111", "|", "#1b1b1b", 0.55),
    CardType.GIRAFFE: CardStyle("#f3c843", "#442c00", "o", "#9a5a12", 0.55),
    CardType.CHEETAH: CardStyle("#f09a2a", "#2e1800", ".", "#2b1600", 0.8),
    CardType.LION: CardStyle("#a8621f", "#ffffff"),
    CardType.ELEPHANT: CardStyle("#8c95a3", "#111111"),
    CardType.HYENA: CardStyle("#7a6590", "#ffffff", ",", "#4b3a5e", 0.45),
    CardType.VULTURE: CardStyle("#34363b", "#ffffff"),
}
"""The look of every card type."""

FACE_DOWN = CardStyle("#6b4f3a", "#f3e7d6", "x", "#3e2c1f", 0.5)
"""The back of a card turned face down by a cheetah or a lion."""

EMPTY_FILL = "#efe5cf"
"""An empty cell of a park."""
BACKGROUND = "#fbf8f1"
"""Figure background (the same warm paper as the Circle of Life board)."""

RULES: dict[CardType, str] = {
    CardType.WATERING_HOLE: "2 points for each different type of animal next to it.",
    CardType.GRASSLAND: "Each group of connected grasslands scores 1/4/9/16 for 1/2/3/4+ cards.",
    CardType.TREE: "2 points for each row and each column with at least one tree.",
    CardType.GAZELLE: "2 points each; most gazelles +5, second most +2 (a tie for first "
    "leaves no second).",
    CardType.ZEBRA: "3 points for each grassland next to it.",
    CardType.GIRAFFE: "5 points if next to at least one tree.",
    CardType.CHEETAH: "3 points for each gazelle on its diagonals; those gazelles then flip "
    "face down.",
    CardType.LION: "Next to a grassland: flips one face-up gazelle or zebra and scores 4.",
    CardType.ELEPHANT: "6 points, minus 2 for each face-up animal next to it (not elephants).",
    CardType.HYENA: "3 points for each face-down card around it (diagonals too).",
    CardType.VULTURE: "4 points for each face-down card below it in its column.",
}
"""Each card's scoring rule in one line (the rulebook's, shortened)."""

ROWS_RULE = (
    "Two parks: each row of 10 cards (West and East together) scores by its number of "
    "different face-up card types."
)


def title(card: CardType) -> str:
    """The name as a heading, e.g. ``"Watering hole"``."""
    return card.label.capitalize()


def card_text(card: CardType) -> str:
    """The name written on a big card, broken over two lines when long."""
    return "Watering\nhole" if card is CardType.WATERING_HOLE else title(card)


CATEGORY_TITLES: dict[str, str] = {card.category: card.plural.capitalize() for card in CardType}
"""Score-sheet category → the heading a player reads ("Watering holes")."""
CATEGORY_TITLES["rows"] = "Rows"
CATEGORY_COLOURS: dict[str, str] = {card.category: STYLES[card].fill for card in CardType}
"""Score-sheet category → its card colour (for the bar chart)."""
CATEGORY_COLOURS["rows"] = "#c9b27c"


def card_columns(card: CardType | None, face_down: bool, compact: bool) -> dict[str, Any]:
    """The drawing columns of one card (or an empty cell)."""
    if card is None:
        return dict(
            fill=EMPTY_FILL,
            hatch=" ",
            hatch_color="#000000",
            hatch_alpha=0.0,
            text="",
            text_color="#000000",
            code="",
            line="#c9b791",
        )
    style = FACE_DOWN if face_down else STYLES[card]
    if face_down:
        text = "▼" if compact else f"face down\n({card.label})"
    else:
        text = card.code if compact else card_text(card)
    return dict(
        fill=style.fill,
        hatch=style.hatch,
        hatch_color=style.hatch_color,
        hatch_alpha=style.hatch_alpha,
        text=text,
        text_color=style.text,
        code="" if compact else card.code,
        line="#5b4a30",
    )


GOLD = "#e0a100"
"""The highlight colour: chosen cards, scoring cards."""

CARD_TOOLTIP = """
<div style="max-width:300px;font-size:13px;line-height:1.35">
  <div style="font-weight:600">@title</div>
  <div>@tip{safe}</div>
</div>
"""
"""A card's hover tooltip: its title and its rule (escaped HTML)."""

WRAP_TABS = ".bk-headers-wrapper { flex-wrap: wrap; } .bk-tab { white-space: nowrap; }"
"""Tab headers wrap onto a second line in a narrow column instead of being cut off."""


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21).

    >>> round(contrast("#ffffff", "#000000"), 1)
    21.0
    """

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)
