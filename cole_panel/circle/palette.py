"""The colours of the Circle of Life board, and which text is drawn on which fill.

Text colours are chosen for at least 4.5:1 contrast on the fill under them (WCAG AA);
``TEXT_ON`` lists every such pair so a test can check them all.
"""

from __future__ import annotations

PREVIEW_EAT = "#c0161d"
PREVIEW_FORM = "#d49b00"

STONE_FILL = ("#ec7a23", "#262626")
STONE_LINE = ("#8a3d0b", "#000000")
LAST_MOVE_MARK = ("#262626", "#f5f0e6")
CELL_FILL = "#f4ead3"
CELL_FILL_TAKEN = "#ece0c4"
CELL_FILL_ILLEGAL = "#cdc4b4"
BLOCKED_MARK = "#4f4536"
LABEL_COLOR = "#6b5a3c"
CELL_LINE = "#a8936e"
BACKGROUND = "#fbf8f1"
BACKGROUND_PAST = "#e9eef5"
RING_FILL = "#cdbf9f"
RING_LINE = "#7d6b4d"
RING_TEXT = "#5b4a30"
RING_BACK = "#efe6d2"
PAST_TEXT = "#2d4a6b"
ARROW = "#a38f6c"
HOT = {
    "self": ("#f6c445", "#8a6d00"),
    "prey": ("#6fbf73", "#2e6b31"),
    "predator": ("#e0605a", "#7a1f1b"),
}
"""Ring highlight (fill, line) of the hovered species, its prey and its predator."""
HOT_WORDS = {"self": "▶ ", "prey": "eats ▸ ", "predator": "eaten by ◂ "}
"""What the ring label of a highlighted species starts with: the colour is never the only cue."""
CAPTION = {"self": "#7a5f00", "prey": "#2e6b31", "predator": "#a11f1b"}
"""Colours of the words gold / green / red in the caption under the board (on white)."""

TEXT_ON = (
    ("cell label", LABEL_COLOR, CELL_FILL),
    ("blocked cell mark", BLOCKED_MARK, CELL_FILL_ILLEGAL),
    ("ring label", RING_TEXT, BACKGROUND),
    ("ring label inside the ring", RING_TEXT, RING_BACK),
    ("ring label, looking at the past", RING_TEXT, BACKGROUND_PAST),
    ("past-position banner", PAST_TEXT, BACKGROUND_PAST),
    *((f"caption word ({role})", color, "#ffffff") for role, color in CAPTION.items()),
)
"""(what, text colour, fill under it) for every text drawn on the board or its caption."""
