"""The Play tab of On the Savannah: where each part of a game in progress sits on the page.

Top to bottom: the title with the turn line, the game-over banner, the step's caption, the row,
the playback and game buttons with who is thinking, the hand (the score sheet in its place
once the game is over), the players, the live score, and this turn's steps beside the earlier
turns.  :class:`PlayTab` lays out parts the dashboard makes and keeps up to date; the texts only
this tab shows (the turn line, the banner, the caption and the steps) it makes itself, and the
dashboard writes them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn
import param

from ..runtime.near import ShownWhenNear
from ..ui import EventLog, GameOverBanner, MessageBox, ThinkingIndicator
from ..ui.keyboard import REGION_FOCUS, BoardKeys, region_classes
from .hand import HandView
from .live_score import LiveScore
from .players import PlayersView
from .review import TurnReview
from .row import RowView

LIVE_PX = 230
"""About the height of the live score (its line and chart)."""
TURNS_PX = 360
"""About the height of this turn's steps and the earlier turns."""
MESSAGE_PX = 64
"""Height of the message box under the hand (three lines; a longer message scrolls in it)."""
CAPTION_PX = 64
"""Height of the line over the row (three lines; a longer preview scrolls in it): the same for
a step and a preview."""
PLAYERS_PX = 210
"""About the height of the players' bands (three players, on a phone)."""
PHONE_LAST = "@media (max-width: 600px) { :host { order: 1; } }"
"""A stylesheet that puts a layout's part last on a phone (the layout a flex box)."""


class PlayTab(pn.viewable.Viewer):
    """The Play tab: header, banner, caption, row, buttons, hand or score sheet, players, live
    score, steps and earlier turns."""

    hand = param.ClassSelector(class_=HandView, doc="The hand (the message box goes under it).")
    message = param.ClassSelector(class_=MessageBox, doc="The referee's box under the hand.")
    keys = param.ClassSelector(class_=BoardKeys, doc="The row and hand's keys (under the hand).")
    row = param.ClassSelector(class_=RowView, doc="The row, the step on show drawn.")
    players = param.ClassSelector(class_=PlayersView, doc="Each player's tokens and piles.")
    live = param.ClassSelector(class_=LiveScore, doc="The score as the game goes.")
    review = param.ClassSelector(class_=TurnReview, doc="The earlier turns' picker.")
    log = param.ClassSelector(class_=EventLog, doc="The earlier turns, told.")
    thinking = param.ClassSelector(class_=ThinkingIndicator, doc="Which bot is thinking.")
    controls = param.List(
        item_type=pn.widgets.Widget, doc="The playback and game buttons, in their order."
    )

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._build_texts()
        self.hand.add_below(self.message)
        one_tap = pn.widgets.Checkbox.from_param(
            self.hand.param.one_tap, label="Touch: play a card on one tap (no preview first)"
        )
        self.hand_area = pn.Column(
            self.hand, self.keys, one_tap, margin=0, sizing_mode="stretch_width"
        )
        # Filled on first need (the end of a game): its table and chart are a third of the
        # page's build time, and most visitors never see them.
        self.score_area = pn.Column(visible=False, margin=0, sizing_mode="stretch_width")
        self._layout = pn.Column(
            self._header(),
            self.banner,
            self.caption,
            self.row,
            # On a phone the playback and game buttons go under the hand: the row, the hand,
            # the Play button and the message were more than one screen over them.
            pn.Column(
                pn.FlexBox(
                    *self.controls,
                    # beside the buttons, not a line of its own over the caption (34 px)
                    pn.Column(self.thinking, margin=0, min_width=240, styles={"flex": "1 1 240px"}),
                    align_items="center",
                    margin=0,
                    sizing_mode="stretch_width",
                    stylesheets=[PHONE_LAST],
                ),
                self.hand_area,
                self.score_area,
                margin=0,
                sizing_mode="stretch_width",
            ),
            # Under a phone's first screen: sent for when scrolled near (issue 24's blocking time)
            ShownWhenNear(self.players, PLAYERS_PX, "The players", when="phone"),
            ShownWhenNear(self.live, LIVE_PX, "The score as the game goes", when="phone"),
            ShownWhenNear(self._turn_columns(), TURNS_PX, "This turn, earlier turns", when="phone"),
            margin=0,
            sizing_mode="stretch_width",
            css_classes=["cole-savannah-game"],
        )

    def _build_texts(self) -> None:
        """The turn line, the banner, the step's caption and the steps (written from outside)."""
        self.turn = pn.pane.HTML(
            "", margin=(4, 5), css_classes=["cole-turn"], sizing_mode="stretch_width", min_width=300
        )
        self.banner = GameOverBanner()
        # A fixed height (a longer text scrolls in it): a card's preview, written here, once
        # pushed the row and the hand 150 px down on a phone, and the confirming tap landed
        # on the speed menu.
        self.caption = pn.pane.HTML(
            "",
            margin=(2, 8),
            css_classes=["cole-step"],
            sizing_mode="stretch_width",
            height=CAPTION_PX,
            styles={"overflow-y": "auto"},
        )
        self.steps = pn.pane.HTML(
            "",
            margin=(2, 5),
            sizing_mode="stretch_width",
            css_classes=["cole-steps", *region_classes("This turn, step by step")],
            styles={"max-height": "290px", "overflow-y": "auto"},
            stylesheets=[REGION_FOCUS],
        )

    def _header(self) -> pn.FlexBox:
        """The game's title and the turn line."""
        return pn.FlexBox(
            pn.pane.HTML(
                '<h2 style="margin:0;color:#3b3224">On the Savannah</h2>',
                margin=(4, 8),
                width=220,
                # The header's marked link names the page: on a phone or a laptop's low screen
                # the row and the hand go up in its place
                stylesheets=[
                    "@media (max-width: 600px), (max-height: 820px) "
                    "{ :host { display: none !important; } }"
                ],
            ),
            self.turn,
            align_items="center",
            margin=0,
            sizing_mode="stretch_width",
        )

    def _turn_columns(self) -> pn.FlexBox:
        """This turn step by step beside the earlier turns (under it when narrow)."""
        return pn.FlexBox(
            pn.Column(
                pn.pane.HTML("<b>This turn, step by step</b>", margin=(4, 5, 0, 5)),
                self.steps,
                margin=0,
                min_width=340,
                styles={"flex": "1 1 340px"},
            ),
            pn.Column(
                pn.pane.HTML("<b>Earlier turns</b>", margin=(4, 5, 0, 5)),
                self.review,
                self.log,
                margin=0,
                min_width=340,
                styles={"flex": "1 1 340px"},
            ),
            margin=0,
            sizing_mode="stretch_width",
        )

    def show_over(self, over: bool, scores: Callable[[], pn.viewable.Viewable]) -> None:
        """The score sheet in the hand's place while ``over``, else the hand; ``scores`` makes
        the sheet, asked for the first time the game is shown over."""
        if over and not self.score_area.objects:
            self.score_area.append(scores())
        self.hand_area.visible = not over
        self.score_area.visible = over

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
