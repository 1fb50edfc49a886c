"""Nim's page: the piles, a button per move, the message; seats and New game in the sidebar.

Built only on the shared parts (:class:`~cole_panel.core.GameModel`, the page's
:class:`~cole_panel.ui.BotRunner`), so it serves a page's own game and a room's mirror alike.
"""

from __future__ import annotations

import html
from typing import Any

import panel as pn
import param

from cole_panel.ui import BotRunner

from .model import NimModel


class NimDashboard(pn.viewable.Viewer):
    """Nim over ``model`` (a :class:`NimModel`, or a room's mirror of one)."""

    model = param.ClassSelector(class_=NimModel, doc="The game this page shows.")

    def __init__(self, **params: Any):
        params.setdefault("model", NimModel())
        super().__init__(**params)
        self.runner = BotRunner()
        self._piles = pn.pane.HTML("", css_classes=["nim-piles"])
        self._said = pn.pane.HTML("", css_classes=["nim-message"])
        self._moves = pn.FlexBox()
        self._shape: tuple = ()
        new = pn.widgets.Button(name="New game", css_classes=["nim-new"])
        new.on_click(lambda _e: self.model.new_game())
        undo = pn.widgets.Button(name="Undo", css_classes=["nim-undo"])
        undo.on_click(lambda _e: self.model.undo())
        seats = [pn.widgets.Select.from_param(self.model.param[f"seat{p}"]) for p in (0, 1)]
        self._settings = pn.Column(*seats, new, undo)
        self.model.param.watch(self._refresh, ["state", "message", "seat0", "seat1"])
        self._refresh()

    def _take(self, pile: int, count: int) -> None:
        self.model.play((pile, count))

    def _refresh(self, *_: Any) -> None:
        model, state = self.model, self.model.state
        shape = (len(state.piles), state.rules.max_take)
        if shape != self._shape:  # new buttons only when the game's shape changes
            self._shape = shape
            buttons = []
            for pile in range(shape[0]):
                for n in range(1, shape[1] + 1):
                    b = pn.widgets.Button(
                        name=f"Take {n} from pile {pile + 1}",
                        css_classes=[f"nim-take-{pile + 1}-{n}"],
                    )
                    b.on_click(lambda _e, pile=pile, n=n: self._take(pile, n))
                    buttons.append(b)
            self._moves.objects = buttons
        legal = set(state.legal_actions())
        for b in self._moves.objects:
            pile, n = (int(x) for x in b.css_classes[0].split("-")[2:])
            b.disabled = (pile - 1, n) not in legal
        piles = " · ".join(f"pile {p + 1}: {n}" for p, n in enumerate(state.piles))
        mover = state.current_player
        turn = (
            "The game is over."
            if mover is None
            else f"{model.turn_words(mover)} ({model.player_name(mover)})."
        )
        self._piles.object = f"<p><b>{html.escape(piles)}</b></p><p>{html.escape(turn)}</p>"
        colour = "#a40000" if model.message_is_error else "#222"
        self._said.object = (
            f'<p role="status" style="color:{colour}">{html.escape(model.message)}</p>'
        )
        if model.runs_own_bots and model.bot_to_move:
            model.run_bots(self.runner)

    def settings(self) -> pn.viewable.Viewable:
        return self._settings

    def play_area(self) -> pn.viewable.Viewable:
        return pn.Column(self._piles, self._moves, self._said, sizing_mode="stretch_width")

    def __panel__(self) -> pn.viewable.Viewable:
        return pn.Row(self._settings, self.play_area())
