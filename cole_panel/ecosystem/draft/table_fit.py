"""How the draft table fits the screen: the park's and the hand's card sizes, where the buttons go.

Before the browser has said how wide it is (a notebook without one), the table is laid out
in a 650 px column, the one park's cards 80 px with the buttons beside it, two parks' 56 px,
a hand of 11 cards 56 px on one line.  In a window :data:`~cole_panel.ui.screens.NARROW` px
wide or more (a laptop, a desktop) the same with parks of :data:`LAPTOP_PX`; only two parks in
a window :data:`TWO_BESIDE_WINDOW` px wide or more have the buttons beside them too, in a
column widened for them (and 56 px cards).  In a narrower window (a tablet, a phone)
everything is sized to the column's width (the ``room``): the park as wide as the room (cards up to 80 px), two parks one
under the other when side by side their cards would be too small to name legibly, the buttons
under the park unless there is room beside it, the hand's cards on as many lines as it takes
for each to be :data:`HAND_MIN` px wide, and every text on the board and the hand at least
12 px.

>>> fit = table_fit("classic", False, room_px=366, window_px=390)  # a phone
>>> fit.board_px, fit.beside, fit.hand_per_row, fit.hand_px, fit.legible
(65, False, 6, 59, True)
>>> table_fit("two_parks", False, room_px=366, window_px=390).stacked
True
>>> fit = table_fit("two_parks", False, room_px=728, window_px=768)  # a tablet
>>> fit.stacked, fit.board_px, fit.hand_per_row
(False, 62, 11)
>>> table_fit("classic", False, room_px=650, window_px=1024).board_px
72
>>> fit = table_fit("two_parks", False, room_px=650, window_px=1280)  # a laptop's two parks
>>> fit.beside, fit.board_px, fit.main_max
(True, 56, 952)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...ui.screens import NARROW
from ..geometry import extent

MAIN_WIDTH = 650
"""Width of the table's column in a wide window: the two-park board and an 11-card hand."""
NARROW_MAX = 1100
"""Widest the table's column grows in a narrow window (the rest of the row is the side column)."""
BESIDE_MIN = 180
"""Pixels the buttons beside the board need (Pass hands, Undo and Redo on a line)."""
BESIDE_WIDE = 300
"""Pixels given to the buttons and the passing beside two parks (their lines then fit the
board's height)."""
SLACK = 8
"""Pixels of the room left unused (rounding, a scrollbar that comes while the page redraws)."""
BIG_CARD = 80
"""Largest card of the park (and of the hand) in a narrow window, px."""
NAMED_CARD = 60
"""Smallest park card whose name ("Grassland", bold) can be written 12 px wide: two parks
side by side with smaller cards go one under the other."""
HAND_MIN = 58
"""Smallest hand card in a narrow window, px: a hand takes as many lines as it needs (a
390 px phone's hand of 11 on two lines, under the park on the first screen; on three it
ended 200 px below it)."""
HAND_CARDS = 11
"""Cards in a full hand."""
LAPTOP_PX = {"classic": 72, "two_parks": 50}
"""Size of the park's cards in a window :data:`NARROW` px wide or more (two parks: up to
:data:`TWO_BESIDE_WINDOW`): at 80 px a room's hand ended 23 px under a 1,280 x 800 screen, at
56 two parks' East hand under a 1,024 x 768 one."""
TWO_BESIDE_WINDOW = 1200
"""From this window width (px) two parks have the buttons beside them, as one park has: under
them, a 1,280 x 800 screen showed the West hand half and the East hand not at all."""


PHONE_MEDIA = "@media (max-width: 600px)"
"""A phone's screen (the width under which the page's header is one line)."""
UNDER_MEDIA = f"@media (max-width: {NARROW - 0.02}px)"
"""A window where the table's buttons go under the park (a tablet, a phone)."""
TURN_CSS = (
    ".eco-turn-text { font-size: 17px; line-height: 1.3; }"
    f"{UNDER_MEDIA} {{ .eco-turn-text {{ min-height: 2.6em; }} }}"
    f"{PHONE_MEDIA} {{ .eco-turn-text {{ font-size: 15px; }} }}"
)
"""The turn line: on a narrow screen as tall as two lines whatever it says (the park under
it jumped 22 px when the sentence lost a line, and the next tap landed on another cell)."""
HAND_TITLE_CSS = "div { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }"
"""A hand's title: one line (who passed the hand is cut, and said whole
by its hover text and in the narration), so that the hands come on the first screen."""


@dataclass(frozen=True)
class TableFit:
    """The sizes of the draft table for one screen."""

    board_px: int
    """Size of a card of the big board (px)."""
    stacked: bool
    """Two parks: East under West."""
    beside: bool
    """The buttons, the thinking line and the passing right of the board (else under it)."""
    hand_px: int
    """Width of a hand card (px)."""
    hand_per_row: int
    """Most hand cards on one line."""
    legible: bool
    """Text on the boards and the hand at least 12 px."""
    main_max: int
    """Widest the table's column may be (px)."""


def _units(variant: str, floating: bool, stacked: bool) -> float:
    """Width of the board in cards."""
    left, right, _, _ = extent(variant, floating, row_scores=False, stacked=stacked)
    return right - left


def _wide(variant: str, floating: bool) -> TableFit:
    """Today's layout of a wide window (and of a page that has not said how wide it is)."""
    px = (80 if variant == "classic" else 56) - (12 if floating else 0)
    beside = variant == "classic" and not floating
    return TableFit(px, False, beside, 56, HAND_CARDS, False, MAIN_WIDTH)


WIDE = {variant: _wide(variant, False) for variant in ("classic", "two_parks")}
"""The wide window's layout of each variant with the fixed frame."""


def table_fit(variant: str, floating: bool, room_px: int, window_px: int) -> TableFit:
    """The table's sizes for a column ``room_px`` wide in a window ``window_px`` wide (0: not
    known yet); ``floating``: the park has a card of room around it."""
    if not room_px or not window_px or window_px >= NARROW:
        fit = _wide(variant, floating)
        if variant == "two_parks" and not floating and window_px >= TWO_BESIDE_WINDOW:
            # Both parks, the buttons beside them and both hands under them on one screen
            width = int(_units(variant, floating, False) * fit.board_px) + BESIDE_WIDE + SLACK
            return replace(fit, beside=True, main_max=max(MAIN_WIDTH, width))
        if window_px and not floating:
            # A laptop: the hand(s) under smaller parks (and a room's bar above them)
            return replace(fit, board_px=LAPTOP_PX[variant])
        return fit
    room = max(room_px - SLACK, 100)
    stacked = False
    px = min(BIG_CARD, int(room // _units(variant, floating, False)))
    if variant == "two_parks" and px < NAMED_CARD:
        stacked = True
        px = min(BIG_CARD, int(room // _units(variant, floating, True)))
    board_width = _units(variant, floating, stacked) * px
    beside = variant == "classic" and not floating and board_width + BESIDE_MIN <= room
    per_row = max(1, min(HAND_CARDS, int(room // HAND_MIN)))
    hand_px = min(BIG_CARD, int(room // per_row))
    return TableFit(px, stacked, beside, hand_px, per_row, True, NARROW_MAX)
