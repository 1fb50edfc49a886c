"""Your hand: the cards drawn large, a button per card, and what you may do with the one chosen.

Tap (or press the card's button) to choose a card: the page says whether it can be played and,
if not, which rule forbids it (the row shows the card that blocks it).  Double-tap a card, or
press the action button, to play it — or to discard it when no card can be played.  After a
scavenger's kill the area asks which card to take from another player's kill pile.  In hot-seat
play the hand is covered between turns until its owner uncovers it.
"""

from __future__ import annotations

import html
from functools import partial
from typing import Any

import panel as pn
import param
from bokeh.events import DoubleTap, Tap
from bokeh.models import ColumnDataSource

from engines.savannah import name_of

from ..runtime.hold import batched
from ..ui.figures import bare_figure, lean
from ..ui.glyphs import label
from ..ui.keyboard import pointer_param
from ..ui.presses import press_source
from ..ui.wrap import KEEPS_SIZE, growing_column, wrapping_row
from .art import (
    BACKGROUND,
    MUTED,
    OUTLINE,
    SELECTED,
    STATUS_COLOURS,
    CardFaces,
    add_card,
    card_of,
    card_tip,
    card_title,
    draw_backs,
    empty_cards,
)
from .model import SavannahModel, player_name

HAND_NAME = "savannah-hand"
"""Bokeh ``name`` of the hand figure."""
HAND_CARDS = "savannah-hand-cards"
"""Bokeh ``name`` of the hand's card source (column ``card``)."""
CARD_W, CARD_H, GAP = 1.0, 1.45, 1.12
PX = 112
MAX_HAND = 5
SIDE_MIN, SIDE_MAX = 300, 470


def slot_x(index: int) -> float:
    """Data x of hand slot ``index`` (its card's centre); y is 0."""
    return index * GAP


class HandView(pn.viewable.Viewer):
    """The hand shown by the model (:attr:`SavannahModel.hand_owner`) and its controls."""

    model = param.ClassSelector(class_=SavannahModel, doc="The game shown.")
    interactive = param.Boolean(default=True, doc="Whether taps and buttons act on the game.")
    defer = param.Callable(
        default=None,
        allow_None=True,
        doc=(
            "How to run the refresh of the buttons and texts: ``defer(fn)`` runs it a moment "
            "later (the dashboard sends the figures first); None runs it at once."
        ),
    )

    one_tap = param.Boolean(
        default=False,
        doc="Whether a tap on a touch screen plays the card at once.  Off (the default), the "
        "first tap chooses it (the row shows what it would do) and a second tap on it, or the "
        "action button, plays it; with a mouse a click chooses and a double click plays.",
    )
    pointer = pointer_param()
    shown_cards = param.Integer(
        default=None,
        allow_None=True,
        bounds=(0, None),
        doc=(
            "During the playback of a turn: how many cards the hand held at the step on show "
            "(the first ones; a card drawn later is not shown yet).  None: the whole hand."
        ),
    )

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._slots = 0
        self._build()
        self.model.param.watch(
            self.refresh,
            [
                "state",
                "selected",
                "revealed",
                "hide_hands",
                "seat0",
                "seat1",
                "seat2",
                "seat3",
                "seat4",
            ],
        )
        self.param.watch(self.refresh, ["shown_cards"])
        self.refresh_cards()  # the first drawing goes out with the page
        self.refresh_controls()

    # ------------------------------------------------------------------ building
    def _build(self) -> None:
        p = self._build_figure()
        self._build_buttons()
        # The steal choice and the hot-seat cover are made on first need (refresh_controls):
        # most games show neither, and every page built both.
        self._steal_box: pn.Row | None = None
        self._cover: pn.Column | None = None
        self._pane = pn.pane.Bokeh(p, sizing_mode="fixed", margin=(0, 5))
        # Of a size that never shrinks: a squeezed picture overlaps its labels.
        self._picture = pn.Column(self._pane, margin=0, styles=KEEPS_SIZE)
        self._fit(3)
        # On a phone under the Play button and the message: the cards are tapped there
        self._button_row = pn.FlexBox(
            *self._buttons,
            margin=0,
            sizing_mode="stretch_width",
            stylesheets=["@media (max-width: 600px) { :host { order: 1; } }"],
        )
        self._controls = pn.Column(
            self._button_row,
            self._action,
            self._reason,
            self._details,
            margin=0,
            sizing_mode="stretch_width",
        )
        # The side column takes the room beside the cards (300-470 px) or, when there is not
        # that much (a 1,024 px window with the sidebar open, a hand of five), a row of its own.
        self._side = growing_column(self._title, self._controls, basis=SIDE_MIN, max_width=SIDE_MAX)
        self._layout = wrapping_row(self._picture, self._side)

    def _build_figure(self) -> Any:
        """The hand's picture: cards face up, backs and their status; returns the figure."""
        self.source = ColumnDataSource(empty_cards(), name=HAND_CARDS)
        self.status = ColumnDataSource(
            dict(x=[], y=[], text=[], color=[]), name="savannah-hand-status"
        )
        self.backs = ColumnDataSource(dict(x=[], y=[]), name="savannah-hand-backs")
        p = bare_figure(
            HAND_NAME,
            (-0.56, 2 * GAP + 0.56),
            (-0.95, 0.9),
            BACKGROUND,
            width=int(PX * 3 * GAP),
            height=int(PX * 1.85),
        )
        self.faces = CardFaces(p, self.source, w=CARD_W, h=CARD_H, px=PX, detail=True)
        draw_backs(p, w=CARD_W, h=CARD_H, radius=8, x="x", y="y", source=self.backs)
        label(p, "text", source=self.status, size="13px", style="bold", color="color")
        self.presses = press_source(
            p, self._on_tap, self._on_double_tap, partial(setattr, self, "pointer")
        )
        self.figure = lean(p)
        return p

    def _build_buttons(self) -> None:
        """A button per card, the play button, and why a card cannot be played."""
        self._title = pn.pane.HTML("", margin=(0, 5), css_classes=["cole-hand-title"])
        self._buttons: list[pn.widgets.Button] = []  # one per card, made as the hand grows
        self._action = pn.widgets.Button(
            label="Choose a card",
            color="primary",
            width=230,
            margin=(6, 5),
            disabled=True,
            css_classes=["cole-play"],
        )
        self._action.on_click(lambda _: self.play())
        self._reason = pn.pane.HTML(
            "", margin=(2, 5), sizing_mode="stretch_width", css_classes=["cole-reason"]
        )
        self._details = pn.pane.HTML(
            "",
            margin=(2, 5),
            sizing_mode="stretch_width",
            css_classes=["cole-card-details"],
            styles={"font-size": "13px"},
        )

    def _card_button(self, i: int) -> pn.widgets.Button:
        """The button of hand card ``i``, made on first need (a hand of three needs no more)."""
        while len(self._buttons) <= i:
            k = len(self._buttons)
            button = pn.widgets.Button(
                label="", width=110, margin=(2, 4), visible=False, css_classes=[f"cole-hand-{k}"]
            )
            button.on_click(lambda _, k=k: self._choose(k))
            self._buttons.append(button)
            self._button_row.append(button)
        return self._buttons[i]

    def _build_steal(self) -> pn.Row:
        """The steal choice, under the action button."""
        self._steal = pn.widgets.Select(
            label="Take which card?", options={}, width=300, margin=(2, 5)
        )
        self._take = pn.widgets.Button(
            label="Take it", color="warning", width=100, margin=(22, 5, 2, 5)
        )
        self._take.on_click(lambda _: self._take_card())
        self._steal_box = pn.Row(
            self._steal, self._take, visible=False, margin=0, css_classes=["cole-steal"]
        )
        self._controls.insert(self._controls.objects.index(self._reason), self._steal_box)
        return self._steal_box

    def _build_cover(self) -> pn.Column:
        """The cover that hides the hand between people's turns, over the controls."""
        self._cover_text = pn.pane.HTML(
            "",
            margin=(10, 5),
            css_classes=["cole-cover"],
            sizing_mode="stretch_width",
            styles={"background": "#2f4a2b", "border-radius": "10px"},
        )
        self._reveal = pn.widgets.Button(
            label="Show my hand", color="success", width=300, margin=(4, 5)
        )
        self._reveal.on_click(lambda _: self._reveal_hand())
        self._cover = pn.Column(
            self._cover_text, self._reveal, visible=False, margin=0, sizing_mode="stretch_width"
        )
        self._side.insert(self._side.objects.index(self._controls), self._cover)
        return self._cover

    def add_below(self, viewable: Any) -> None:
        """Show ``viewable`` (e.g. the message box) under the hand's controls."""
        self._controls.insert(len(self._controls) - 1, viewable)

    def _fit(self, slots: int) -> None:
        slots = max(3, slots)
        if slots == self._slots:
            return
        self._slots = slots
        self.figure.x_range.update(start=-0.56, end=(slots - 1) * GAP + 0.56)
        width = int(PX * ((slots - 1) * GAP + 1.12))
        self.figure.width = width
        self._pane.param.update(width=width, height=self.figure.height)
        self._picture.width = width + 10  # the pane's margins

    # ------------------------------------------------------------------ reading the model
    def _hand(self) -> tuple[str, ...]:
        hand = self.model.hand_cards()
        return hand if self.shown_cards is None else hand[: self.shown_cards]

    def _my_turn(self) -> bool:
        m = self.model
        p = m.state.current_player
        return self.interactive and p is not None and m.seat(p) == "Human" and m.hand_owner == p

    # ------------------------------------------------------------------ drawing
    def refresh(self, *_: Any) -> None:
        """Redraw the cards, the buttons and the texts: now or, with :attr:`defer`, soon."""
        if self.defer is None:
            self.refresh_cards()
            self.refresh_controls()
        else:
            self.defer(self.refresh_cards)
            self.defer(self.refresh_controls)

    def refresh_cards(self) -> None:
        """The hand figure: the cards (or their backs) and under each whether it can be played."""
        m = self.model
        state = m.state
        self._fit(state.rules.hand_size)
        hand = self._hand()
        owner = m.hand_owner
        mine = self._my_turn()
        steal = mine and m.must_steal
        discard = mine and m.must_discard
        data = empty_cards()
        status = dict(x=[], y=[], text=[], color=[])
        for i, card in enumerate(hand):
            chosen = card == m.selected
            reason = state.why_unplayable(card) if mine and not steal else None
            if not mine or steal:
                word, colour = "", MUTED
            elif discard:
                word, colour = "✗ can't play", STATUS_COLOURS["blocked"]
            elif reason is None:
                word, colour = "✓ can be played", STATUS_COLOURS["playable"]
            else:
                word, colour = "✗ blocked", STATUS_COLOURS["blocked"]
            add_card(
                data,
                card,
                slot_x(i),
                0.1 if chosen else 0.0,
                token=None,
                line=SELECTED if chosen else OUTLINE,
                width=4.5 if chosen else 1.2,
                lines=True,
                dim=bool(mine and not steal and reason is not None and not discard),
            )
            status["x"].append(slot_x(i))
            status["y"].append(-0.86)
            status["text"].append(word)
            status["color"].append(colour)
        backs = dict(x=[], y=[])
        if owner is None:  # covered: show the backs of the hand to move (or of the last one)
            p = state.current_player
            n = len(state.hand(p)) if p is not None else 0
            backs = dict(x=[slot_x(i) for i in range(n)], y=[0.0] * n)
        self.faces.show(data)
        self.status.data = status
        self.backs.data = backs

    def refresh_controls(self) -> None:
        """The buttons, the cover in hot-seat play, the reason and the chosen card's rules."""
        m = self.model
        hand = self._hand()
        owner = m.hand_owner
        mine = self._my_turn()
        steal = mine and m.must_steal
        discard = mine and m.must_discard
        waiting = m.waiting_for
        if waiting is not None or self._cover is not None:
            (self._cover or self._build_cover()).visible = waiting is not None
        self._controls.visible = waiting is None
        if waiting is not None:
            self._cover_text.object = (
                '<div style="color:white;font-size:20px;font-weight:600;padding:12px 14px 4px">'
                f"Pass the device to {player_name(waiting)}</div>"
                '<div style="color:#dfe9da;font-size:14px;padding:0 14px 12px">'
                "Hands stay covered between turns. Press the button when only "
                f"{player_name(waiting)} can see the screen.</div>"
            )
            self._reveal.label = f"I am {player_name(waiting)}: show my hand"
        for i, card in enumerate(hand):
            self._card_button(i).param.update(
                label=name_of(card),
                visible=True,
                disabled=not mine or steal,
                color="primary" if card == m.selected else "default",
            )
        for button in self._buttons[len(hand) :]:
            button.visible = False
        self._title.object = self._title_html(owner, mine)
        self._refresh_action(mine, steal, discard)
        self._refresh_steal(steal)
        self._refresh_reason(mine, steal, discard)
        chosen = m.selected if m.selected in hand else None
        self._details.object = (
            f"<div style='font-weight:700;font-size:14px'>{html.escape(card_title(card_of(chosen)))}"
            f"</div>{card_tip(card_of(chosen))}"
            if chosen
            else f"<span style='color:{MUTED}'>Hover a card for its rules; tap it to choose it.</span>"
        )

    def _title_html(self, owner: int | None, mine: bool) -> str:
        m = self.model
        if owner is None:
            return "<b style='font-size:16px'>Hands are covered</b>"
        whose = "Your hand" if len(m.humans) == 1 else f"{player_name(owner)}'s hand"
        if m.seat(owner) != "Human":
            whose = f"{player_name(owner)}'s hand ({m.seat(owner)} bot)"
        if m.state.is_over:
            hint = "the game is over"
        elif mine and m.must_steal:
            hint = "first take a card from another kill pile"
        elif mine and m.must_discard:
            hint = "none of these can be played: choose one to discard"
        elif mine:
            hint = "choose a card to play"
        else:
            hint = f"waiting for {player_name(m.state.current_player)}"
        return (
            f"<b style='font-size:16px'>{html.escape(whose, quote=False)}</b> "
            f"<span style='color:#6b5b40'>— {html.escape(hint, quote=False)}</span>"
        )

    def _refresh_action(self, mine: bool, steal: bool, discard: bool) -> None:
        m = self.model
        chosen = m.selected if m.selected in self._hand() else None
        if not mine or steal:
            self._action.param.update(label="Play", disabled=True, color="primary")
        elif chosen is None:
            self._action.param.update(label="Choose a card first", disabled=True, color="primary")
        elif discard:
            self._action.param.update(
                label=f"Discard the {name_of(chosen)}", disabled=False, color="danger"
            )
        elif m.why_unplayable(chosen) is not None:
            self._action.param.update(
                label=f"The {name_of(chosen)} is blocked", disabled=True, color="primary"
            )
        else:
            self._action.param.update(
                label=f"Play the {name_of(chosen)}", disabled=False, color="primary"
            )

    def _refresh_steal(self, steal: bool) -> None:
        m = self.model
        if self._steal_box is not None or steal:
            (self._steal_box or self._build_steal()).visible = steal
        if not steal:
            return
        options = {}
        state = m.state
        for move in state.legal_actions():
            card = card_of(move.card)
            victim = next(q for q in range(state.players) if move.card in state.kill_pile(q))
            options[f"{card.name} (level {card.level}) from {player_name(victim)}"] = move.card
        self._steal.options = options

    def _refresh_reason(self, mine: bool, steal: bool, discard: bool) -> None:
        m = self.model
        chosen = m.selected if m.selected in self._hand() else None
        text, colour = "", "#2e7d32"
        if steal:
            text = (
                f"Your {name_of(m.state.pending_steal)} made a kill: take a card from "
                "another player's kill pile (tap it below, or pick it here)."
            )
            colour = "#8d5a00"
        elif discard:
            text = (
                "None of your cards can be played, so you must discard one: choose it, "
                "then press Discard."
            )
            colour = "#c62828"
        elif mine and chosen is not None:
            reason = m.why_unplayable(chosen)
            if reason is None:
                text = f"✓ The {name_of(chosen)} can be played."
            else:
                text, colour = f"✗ {reason}", "#c62828"
        self._reason.object = (
            f"<div style='color:{colour};font-weight:600;font-size:14px'>"
            f"{html.escape(text, quote=False)}</div>"
            if text
            else ""
        )

    # ------------------------------------------------------------------ input
    @batched
    def _choose(self, index: int) -> None:
        hand = self._hand()
        if self.interactive and index < len(hand):
            self.model.select(hand[index])

    def _index_at(self, x: float | None, y: float | None) -> int | None:
        if x is None or y is None:
            return None
        i = round(x / GAP)
        if (
            0 <= i < len(self._hand())
            and abs(x - slot_x(i)) <= CARD_W / 2
            and abs(y) <= CARD_H / 2 + 0.1
        ):
            return i
        return None

    @batched
    def _on_tap(self, event: Tap) -> None:
        i = self._index_at(event.x, event.y)
        if i is None:
            return
        if self.pointer == "touch" and self.interactive:
            card = self._hand()[i]
            if self.one_tap or card == self.model.selected:
                self.model.select(card)
                self.play()  # the second tap on the chosen card (or the only one) plays it
                return
        self._choose(i)

    @batched
    def _on_double_tap(self, event: DoubleTap) -> None:
        i = self._index_at(event.x, event.y)
        if i is not None and self.interactive:
            hand = self._hand()
            self.model.select(hand[i])
            self.play()

    @batched
    def play(self) -> bool:
        """Play (or discard) the chosen card, as the action button does."""
        if not self.interactive:
            return False
        return self.model.human_play()

    @batched
    def _reveal_hand(self) -> None:
        self.model.reveal()

    @batched
    def _take_card(self) -> None:
        if self.interactive and self._steal.value:
            self.model.human_play(self._steal.value)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
