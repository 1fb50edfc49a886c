"""The draft table tab: your hand(s) and park(s), the other players' parks, scores, bots.

Bots pick on their own when it is their turn, through the model's one bot loop
(:class:`~cole_panel.core.bot_loop.BotLoop`): the page's :class:`~cole_panel.ui.BotRunner`
computes the choice off the event loop while a spinner says who is thinking, then it is played
on the document's thread. A person picks a card from her hand, then clicks a green cell of the
matching park; with "confirm each turn" on the pick waits (undoable) until she passes the hands.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from functools import partial
from typing import Any

import panel as pn
import param

from engines.ecosystem import Pick, State
from engines.text import article

from ...runtime.hold import batched
from ...ui import (
    EventLog,
    GameOverBanner,
    MessageBox,
    ThinkingIndicator,
    page_bots,
)
from ...ui.keyboard import Shortcut
from ...ui.width import WidthWatch
from ...ui.wrap import SHRINKS
from ..board import ParkBoard
from ..saving import NamedSaveLoad
from ..style import WRAP_TABS
from .hand_view import HandView
from .html_parts import (
    breakdown_html,
    final_table_html,
    park_title,
    pass_html,
    scored_parks,
    scores_html,
    seen_html,
)
from .keys import EcosystemKeys
from .model import EcosystemModel
from .other_parks import TABLE_BOARD as TABLE_BOARD
from .other_parks import OtherParks
from .setup import DraftSetup
from .table_fit import BESIDE_MIN, HAND_TITLE_CSS, MAIN_WIDTH, TURN_CSS, TableFit, table_fit

DRAFT_BOARD = "eco-draft-park"
"""Bokeh name of the figure of the parks of the person playing."""
HAND_NAMES = ("eco-hand-0", "eco-hand-1")
"""Bokeh names of the hand figures: the classic (or West) hand, then the East hand."""
MESSAGE_PX = 64
"""Height of the message box over the park (three lines; a longer message scrolls in it)."""
HUMAN_VS_BOT_DELAY = 0.25
"""Seconds a bot waits before picking when a person plays, so each pick can be seen."""

HOW_TO_PLAY = """
**Goal.** Build the park (or the two parks) that scores the most. The *Scoring explorer* tab
explains every card's rule.

**A turn.** Click a card in your hand, then a green cell of your park: the first card goes
anywhere, every later card next to (above, below, left or right of) a card already placed. With
two parks you pick one card for Park West from the West hand and one for Park East from the
East hand. Then press **Pass hands**: the other players pick, and every hand passes to the next
player (left in round 1, right in round 2; with two parks West hands go clockwise and East
hands anticlockwise). Until you pass, **Undo** takes your pick back.

**The game.** Two rounds of 10 picks from hands of 11 cards (the last card of each hand is
discarded). Then every park is scored; the *Scoring explorer* opens on the final parks so you
can step through it.
"""


class DraftTable(pn.viewable.Viewer):
    """The draft: new game, hands, parks, bots, scores, end of game."""

    model = param.ClassSelector(class_=EcosystemModel, doc="The game (a new one per table).")
    pace = param.Number(
        default=0.3, bounds=(0.0, 5.0), step=0.1, doc=("Seconds between picks when only bots play.")
    )

    def __init__(
        self,
        on_explore: Callable[[], Any] | None = None,
        on_new_game: Callable[[], Any] | None = None,
        **params: Any,
    ):
        if "model" not in params:
            params["model"] = EcosystemModel()
        super().__init__(**params)
        self.on_explore = on_explore
        self.on_new_game = on_new_game
        """Called once a new draft is dealt (the page shows its tab)."""
        m = self.model
        self.runner = page_bots(m, follow=("pending",), delay=self._delay)
        self._auto_job: int | None = None  # the runner's handle of a "Pick for me" search
        self._selected: dict[str | None, int | None] = {}
        self._build()
        m.param.watch(
            self._refresh,
            ["state", "pending", "history", "seat0", "seat1", "seat2", "seat3", "seat4", "seat5"],
        )
        self.runner.param.watch(self._refresh_buttons, ["thinking"])
        self._refresh()
        m.bot_loop.schedule()

    def _delay(self) -> float:
        """The pause before a bot's pick: short when a person plays, else the chosen pace."""
        return HUMAN_VS_BOT_DELAY if self.model.humans else self.pace

    # ------------------------------------------------------------------ widgets
    def _build(self) -> None:
        # The park board and the hands (some 400 Bokeh models with the other players' parks)
        # are built when the table is first shown (see ``_table``): a page that opens on the
        # scoring explorer is built that much faster, and never pays for them unless the person
        # opens the draft.
        self._board: ParkBoard | None = None
        self._hands: list[HandView] | None = None
        self._build_hand_boxes()
        self._build_other_parks()
        self._build_status()
        self._build_controls()
        self._log = EventLog(height=260, label="The draft so far")
        self._saveload = NamedSaveLoad(
            model=self.model, filename="ecosystem-game.json", label="Save game (JSON)"
        )
        self._setup = DraftSetup(model=self.model, pace=self.param.pace, on_new_game=self._new_game)
        # How wide the table's column is on this screen: the boards and the hand are sized to
        # it (see table_fit); a wide window keeps a 650 px column, the side column the rest.
        self._room = WidthWatch()
        # Built on the first render (every client's document holds the table, a Python client's
        # too) and fitted again when the browser says its width.
        self._holder = pn.panel(self._table, lazy=True, margin=0, styles=SHRINKS)
        self._room.param.watch(self._refit, ["room_px", "window_px"])
        self._main = pn.Column(
            self._room,
            self._turn,
            self._banner,
            self._message,
            self._holder,
            self._final,
            self._explore,
            sizing_mode="stretch_width",
            max_width=MAIN_WIDTH,
            margin=(0, 5),
            styles={"flex": f"1 1 {MAIN_WIDTH}px", **SHRINKS},
        )
        # The whole table with its setup is a notebook's (``__panel__``); a served page asks
        # for ``play_area`` instead, and a layout built here for both was thrown away there.
        self._layout: pn.viewable.Viewable | None = None

    def _build_hand_boxes(self) -> None:
        """The titles and boxes of the person's hands (the hands go in when first shown)."""
        self._hand_titles = [
            pn.pane.HTML(
                "",
                margin=(4, 5, 0, 5),
                css_classes=[f"eco-hand-title-{i}"],
                sizing_mode="stretch_width",
                stylesheets=[HAND_TITLE_CSS],
            )
            for i in range(2)
        ]
        # A hidden Bokeh pane can keep showing its last picture: hide the whole box instead.
        self._hand_boxes = [
            pn.Column(t, margin=0, sizing_mode="stretch_width", styles=SHRINKS)
            for t in self._hand_titles
        ]
        self._watching = pn.pane.HTML(
            "<b>You are watching</b>: each player sees only their own hand; take a free seat "
            "to play.",
            css_classes=["eco-watching"],
            margin=(4, 5),
            sizing_mode="stretch_width",
            visible=False,
        )

    def _build_other_parks(self) -> None:
        """The other players' parks, and the way back once one of them is enlarged."""
        self._others = OtherParks(model=self.model, on_enlarge=self._on_enlarge)
        self._shown = None
        """The player whose parks the main board shows instead of the person's (Enlarge)."""
        self._back = pn.widgets.Button(
            label="◀ Back to my parks", width=170, visible=False, margin=(4, 5)
        )
        self._back.on_click(partial(self._on_enlarge, None))

    def _build_status(self) -> None:
        """The texts around the table: turn, banner, message, spinner, passing, hands seen."""
        self._direction = pn.pane.HTML("", margin=(2, 5), sizing_mode="stretch_width")
        self._seen = pn.pane.HTML("", margin=(4, 5), sizing_mode="stretch_width")
        self._park_title = pn.pane.HTML("", margin=(4, 5, 0, 5), sizing_mode="stretch_width")
        self._turn = pn.pane.HTML(
            "",
            css_classes=["eco-turn"],
            margin=(0, 5),
            sizing_mode="stretch_width",
            stylesheets=[TURN_CSS],
        )
        self._banner = GameOverBanner()
        # A fixed height: the park under it jumped ~25 px when a message took another line,
        # and the next click landed on another cell.
        self._message = MessageBox(model=self.model, height=MESSAGE_PX)
        self._thinking = ThinkingIndicator(runner=self.runner)
        self._scores = pn.pane.HTML("", margin=(4, 5), sizing_mode="stretch_width")
        self._final = pn.pane.HTML("", margin=(6, 5), visible=False)

    def _build_controls(self) -> None:
        """Pass hands, undo, redo, pick for me, confirm each turn, the final scoring's button."""
        self._undo = pn.widgets.Button(label="Undo", width=80)
        self._redo = pn.widgets.Button(label="Redo", width=80)
        self._pass = pn.widgets.Button(
            label="Pass hands ▶", color="primary", width=140, css_classes=["eco-pass"]
        )
        self._auto = pn.widgets.Button(
            label="Pick for me", width=110, variant="outline", color="success"
        )
        self._confirm = pn.widgets.Checkbox.from_param(
            self.model.param.confirm_turn,
            label="Wait for “Pass hands” (lets you undo)",
            margin=(12, 8),
        )
        self._undo.on_click(lambda _: self.model.undo())
        self._redo.on_click(lambda _: self.model.redo())
        self._pass.on_click(lambda _: self.model.confirm())
        self._auto.on_click(self._on_auto)
        self._controls = pn.FlexBox(self._pass, self._undo, self._redo, self._auto, margin=(4, 0))
        # Under the board these go under the hands (see _place_beside)
        extras = (self._confirm, self._thinking, self._direction)
        self._extras = pn.Column(*extras, margin=0, sizing_mode="stretch_width")
        self._explore = pn.widgets.Button(
            label="Step through the final scoring ▶", color="success", width=280, visible=False
        )
        self._explore.on_click(lambda _: self.on_explore and self.on_explore())

    def _arrange(self, with_setup: bool) -> pn.viewable.Viewable:
        """The table and, beside it (below it when less than 330 px are left), the scores,
        the other players' parks and the tabs: never a sideways scroll."""
        tabs = [
            ("Narration", self._log),
            ("Hands seen", self._seen),
            *([("New game", self._setup)] if with_setup else []),
            ("Save / load", self._saveload),
            ("How to play", pn.pane.Markdown(HOW_TO_PLAY, sizing_mode="stretch_width")),
        ]
        side = pn.Column(
            pn.pane.HTML('<h3 style="margin:4px 0">Around the table</h3>', margin=(0, 5)),
            self._scores,
            self._others,
            pn.Tabs(*tabs, dynamic=True, sizing_mode="stretch_width", stylesheets=[WRAP_TABS]),
            sizing_mode="stretch_width",
            min_width=330,
            margin=(0, 5),
            styles={"flex": "1 1 330px"},
        )
        return pn.FlexBox(
            self._main,
            side,
            flex_wrap="wrap",
            align_items="flex-start",
            sizing_mode="stretch_width",
            margin=5,
            css_classes=["eco-draft"],
        )

    @property
    def board(self) -> ParkBoard:
        """The person's parks (the big board)."""
        self._table()
        assert self._board is not None
        return self._board

    @property
    def hands(self) -> list[HandView]:
        """The person's hand (one per park)."""
        self._table()
        assert self._hands is not None
        return self._hands

    @property
    def small(self) -> list[ParkBoard | None]:
        """The other players' small boards (None: not shown yet)."""
        return self._others.boards

    def _table(self) -> pn.viewable.Viewable:
        """The parks and the hands, built and drawn on first need: the page's first render,
        the browser's word of its width, or a look at :attr:`board` or :attr:`hands`."""
        if self._board is None:
            self._board = ParkBoard(on_cell=self._on_cell, figure_name=DRAFT_BOARD)
            self._hands = [
                HandView(on_card=partial(self._on_card, i), figure_name=name, cell_px=56)
                for i, name in enumerate(HAND_NAMES)
            ]
            for box, hand in zip(self._hand_boxes, self._hands, strict=True):
                box.append(hand)
            self.keys = self._keys().keys
            # The buttons, the bot's thinking and the passing go beside a one-park board, so
            # that on a 1,024 x 768 laptop the board, the hand and Pass hands are all on the
            # first screen; beside two parks too from a 1,200 px window (the column widened
            # for them); with a floating frame or on a phone there is no room: under it (see
            # table_fit).
            self._beside = pn.Column(
                margin=0,
                min_width=BESIDE_MIN,
                sizing_mode="stretch_width",  # the buttons wrap on a phone
            )
            self._right_of_board = pn.Column(margin=0, sizing_mode="stretch_width")
            self._under_board = pn.Column(margin=0, sizing_mode="stretch_width", styles=SHRINKS)
            self._after_hands = pn.Column(margin=0, sizing_mode="stretch_width", styles=SHRINKS)
            self._placed: bool | None = None
            self._table_box = pn.Column(
                self._park_title,
                self._back,
                pn.Row(self._board, self._right_of_board, margin=0, styles=SHRINKS),
                self._under_board,
                self._watching,
                *self._hand_boxes,
                self._after_hands,
                self.keys,
                margin=0,
                sizing_mode="stretch_width",
                styles=SHRINKS,
            )
            self._draw_table(self._shown_player())
        return self._table_box

    def _keys(self) -> EcosystemKeys:
        """The keyboard's way to the board and hands: Enter does what a tap does."""
        return EcosystemKeys(
            self.model,
            self._board,
            self._hands,
            choose=self._on_card,
            place=self._on_cell,
            chosen=lambda park: self._selected.get(park),
            shortcuts=[
                Shortcut.of_button("p", self._pass, self.model.confirm),
                Shortcut.of_button("u", self._undo, self.model.undo),
                Shortcut.of_button("h", self._auto, self._on_auto),
                Shortcut("n", "New game", self._new_game),
            ],
        )

    def settings(self) -> pn.viewable.Viewable:
        """The next game's variant, frame, players, seats and the New game button."""
        return self._setup

    def play_area(self) -> pn.viewable.Viewable:
        """The table without the next game's settings (a served shell puts them aside)."""
        return self._arrange(with_setup=False)

    # ------------------------------------------------------------------ refreshing
    def _shown_player(self) -> int:
        """Whose parks the big board shows: the person's, or another player's (Enlarge)."""
        m = self.model
        if self._shown is not None and self._shown >= m.state.players:
            self._shown = None
        return m.viewer if self._shown is None else self._shown

    @batched
    def _refresh(self, *_: Any) -> None:
        m = self.model
        state = m.state
        over = state.is_over
        shown = self._shown_player()
        if self._board is not None:
            self._draw_table(shown)
        self._back.visible = self._shown is not None
        self._scores.object = scores_html(m)
        self._park_title.object = park_title(m, shown)
        self._direction.object = pass_html(m)
        self._seen.object = seen_html(m)
        self._turn.object = f'<div class="eco-turn-text">{html.escape(m.turn_text())}</div>'
        self._banner.text = m.outcome_text
        self._final.visible = over
        self._controls.visible = self._confirm.visible = not over
        self._explore.visible = over and self.on_explore is not None
        if over:
            self._final.object = (
                '<h3 style="margin:4px 0">The final score</h3>'
                + final_table_html(m)
                + breakdown_html(m, shown)
            )
        self._log.reset(
            (m.log_title(f"{n}.", t.player), [t.describe()])
            for n, t in enumerate(m.history, start=1)
        )
        self._refresh_buttons()

    def _draw_table(self, shown: int) -> None:
        """The big board (``shown``'s parks), the hands and the other players' parks."""
        self._draw_board(shown)
        self._draw_hands()
        self._others.draw(shown)

    def _place_beside(self, right: bool) -> None:
        """The buttons, the checkbox, thinking line and passing right of the board; or the
        buttons under it and the rest under the hands (a tablet's two parks, a phone: the
        hands on the first screen)."""
        if self._placed == right:
            return
        self._placed = right
        for box in (self._right_of_board, self._under_board, self._after_hands, self._beside):
            box.clear()
        if right:
            self._beside.extend([self._controls, self._extras])
            self._right_of_board.append(self._beside)
        else:
            self._under_board.append(self._controls)
            self._after_hands.append(self._extras)

    def _fit(self) -> TableFit:
        """The table's sizes for this screen and game (and the column's width set to them)."""
        rules, room = self.model.state.rules, self._room
        floating = rules.frame == "floating" and not self.model.state.is_over
        fit = table_fit(rules.variant, floating, room.room_px, room.window_px)
        self._main.max_width = fit.main_max
        # The column's flex basis follows its width: left at 650 px, the side column stayed on
        # its line in a window over ~1,300 px and squeezed two parks' buttons under itself
        flex = {"flex": f"1 1 {fit.main_max}px", **SHRINKS}
        if self._main.styles != flex:
            self._main.styles = flex
        for hand in self._hands or ():
            hand.param.update(cell_px=fit.hand_px, per_row=fit.hand_per_row, legible=fit.legible)
        self._others.legible = fit.legible
        return fit

    @batched
    def _refit(self, *_: Any) -> None:
        """The browser said how wide the table is: everything sized to it again."""
        if self._board is None:
            self._table()
        else:
            self._draw_board(self._shown_player())

    def _draw_board(self, shown: int) -> None:
        m = self.model
        state, viewer, board = m.state, m.viewer, self._board
        over, variant = state.is_over, state.rules.variant
        assert board is not None
        floating = state.rules.frame == "floating" and not over
        fit = self._fit()
        board.param.update(
            variant=variant,
            outside=floating,
            row_scores=False,
            cell_px=fit.board_px,
            stacked=fit.stacked,
            legible=fit.legible,
        )
        self._place_beside(fit.beside)
        if over:
            parks, flips = scored_parks(m, shown)
            board.show(parks, badges=flips, last=m.last_cells(shown))
        elif shown != viewer:
            board.show(m.parks_of(shown), last=m.last_cells(shown))
        else:
            legal = []
            for name in m.park_names:
                legal += [c if name is None else (name, *c) for c in m.legal_cells(name)]
            board.show(
                m.parks_of(viewer),
                legal=legal,
                pending=m.pending_cells(),
                last=m.last_cells(viewer),
            )

    def _draw_hands(self) -> None:
        m = self.model
        names, over, owner = m.park_names, m.state.is_over, m.hand_owner
        assert self._hands is not None
        self._watching.visible = owner is None and not over
        for i, hand in enumerate(self._hands):
            visible = i < len(names) and not over and owner is not None
            self._hand_boxes[i].visible = visible
            if not visible:
                hand.show([], enabled=False)
                continue
            name = names[i]
            cards = m.hand_of(owner, name)
            selected = self._selected.get(name)
            if selected is not None and selected >= len(cards):
                selected = self._selected[name] = None
            hand.show(cards, selected, enabled=m.may_pick(name))
            which = "Your hand" if name is None else f"Your {name.capitalize()} hand"
            got = m.received(owner, name)
            line = f"{which} ({len(cards)} cards) — {got}"
            self._hand_titles[i].object = (
                f'<div style="font-size:14px" title="{html.escape(line)}"><b>{which}</b> '
                f'({len(cards)} cards) — <span style="color:#5b4a30">{html.escape(got)}</span></div>'
            )

    def _on_enlarge(self, player: int | None, *_: Any) -> None:
        """Show another player's parks on the big board (None: the person's own again)."""
        self._shown = None if player == self.model.viewer else player
        self._refresh()

    @batched
    def _refresh_buttons(self, *_: Any) -> None:
        m = self.model
        busy = self.runner.thinking
        self._pass.disabled = not m.ready_to_pass
        self._pass.visible = m.confirm_turn
        self._undo.disabled = not m.can_undo
        self._redo.disabled = not (m.undone or m.future)
        self._auto.disabled = busy or not m.human_to_move or m.ready_to_pass

    # ------------------------------------------------------------------ clicks
    @batched
    def _on_card(self, slot: int, index: int) -> None:
        m = self.model
        names = m.park_names
        if slot >= len(names):
            return
        name = names[slot]
        if not m.may_pick(name):
            m.param.update(message=self._why_not(name), message_is_error=True)
            return
        self._selected[name] = None if self._selected.get(name) == index else index
        card = m.hand_of(m.viewer, name)[index]
        if self._selected[name] is not None:
            where = "your park" if name is None else f"Park {name.capitalize()}"
            m.param.update(
                message=f"Picked {article(card.label)}: now choose a green cell of {where}.",
                message_is_error=False,
            )
        self._refresh()

    def _why_not(self, park: str | None) -> str:
        """Why the person cannot pick for this park now."""
        m = self.model
        if m.state.is_over:
            return "The draft is over."
        if not m.human_to_move:
            return f"Wait: {m.seat_name(m.state.current_player)} is picking."
        if m.pending_for(park) is not None:
            return (
                "You already placed this hand's card: undo it to choose another, or pass the hands."
            )
        return "You already picked from this hand this turn."

    @batched
    def _on_cell(self, park: str | None, cell: tuple[int, int]) -> None:
        m = self.model
        if not m.may_pick(park):
            m.param.update(message=self._why_not(park), message_is_error=True)
            return
        index = self._selected.get(park)
        if index is None:
            hand = "your hand" if park is None else f"your {park.capitalize()} hand"
            m.param.update(
                message=f"First click a card in {hand}, then a green cell.", message_is_error=True
            )
            return
        card = m.hand_of(m.viewer, park)[index]
        self._selected[park] = None  # cleared first: the pick's redraw shows the hand without it
        if not m.pick(card, cell, park):
            self._selected[park] = index

    def _on_auto(self, *_: Any) -> None:
        m = self.model
        if self.runner.thinking or not m.human_to_move:
            return
        state = m.state
        self._auto_job = self.runner.run(
            m.bot_request(None, "Greedy"),
            partial(self._apply_auto, state),
            task="Looking for a good pick",
        )

    @batched
    def _apply_auto(self, state: State, pick: Pick) -> None:
        self._auto_job = None
        m = self.model
        placed = m.state is state and m.pick(pick.card, pick.cell, pick.park)
        if placed and any(m.may_pick(name) for name in m.park_names):
            self._on_auto()  # two parks: a whole pick is one card for each park

    @batched
    def _new_game(self) -> None:
        if self._auto_job is not None:
            self.runner.cancel(self._auto_job)
        self._selected = {}
        self.model.new_game()
        if self.on_new_game is not None:
            self.on_new_game()

    def __panel__(self) -> pn.viewable.Viewable:
        if self._layout is None:
            self._layout = self._arrange(with_setup=True)
        return self._layout
