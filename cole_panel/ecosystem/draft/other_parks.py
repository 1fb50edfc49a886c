"""The other players' parks around the draft table: a small board each, with the player's name,
points and a button that shows those parks on the table's big board.

:class:`OtherParks` belongs to :class:`~cole_panel.ecosystem.draft.view.DraftTable`, which
says whose parks its big board shows (:meth:`OtherParks.draw`), how legible text must be on
this screen (:attr:`OtherParks.legible`), and what an Enlarge button does
(:attr:`OtherParks.on_enlarge`).
"""

from __future__ import annotations

import html
from typing import Any

import panel as pn
import param

from ..board import ParkBoard
from ..explanations import points_word
from .html_parts import scored_parks
from .model import MAX_PLAYERS, EcosystemModel

TABLE_BOARD = "eco-table-park-{player}"
"""Bokeh name pattern of each player's small park figure."""


class OtherParks(pn.viewable.Viewer):
    """Every player's parks but those on the big board, small, each with an Enlarge button."""

    model = param.ClassSelector(class_=EcosystemModel, doc="The game whose parks are shown.")
    on_enlarge = param.Callable(
        doc="What a player's Enlarge (or My parks) button does: called with that player."
    )
    legible = param.Boolean(
        default=False,
        doc="Every text of the small boards large enough to read on this screen (the table's "
        "fit: a phone or a tablet).",
    )

    def __init__(self, **params: Any):
        super().__init__(**params)
        # Other players' parks are built when their seat is first in play (a board is some
        # 300 Bokeh models; six up front made every page slow to build).
        self.boards: list[ParkBoard | None] = [None] * MAX_PLAYERS
        """Each player's small board (None until that player's parks are first shown)."""
        # So are their boxes (a title and a button), in seat order: a game of 2 needs 2 of 6.
        self._titles: list[pn.pane.HTML] = []
        self._enlarge: list[pn.widgets.Button] = []
        self._boxes: list[pn.Column] = []
        self._all = pn.FlexBox(sizing_mode="stretch_width")

    def _box(self, p: int) -> pn.Column:
        """Player ``p``'s box (made, with those of the seats before it, on first need)."""
        while len(self._boxes) <= p:
            seat = len(self._boxes)
            title = pn.pane.HTML("", margin=(2, 2))
            button = pn.widgets.Button(label="Enlarge", width=80, margin=(0, 2), variant="outline")
            button.on_click(lambda _, seat=seat: self.on_enlarge(seat))
            box = pn.Column(pn.Row(title, button, margin=0), margin=(2, 6), visible=False)
            self._titles.append(title)
            self._enlarge.append(button)
            self._boxes.append(box)
            self._all.append(box)
        return self._boxes[p]

    def draw(self, shown: int) -> None:
        """Draw every player's parks but ``shown``'s (those are on the big board)."""
        m = self.model
        state = m.state
        totals = m.totals()
        for p in range(MAX_PLAYERS):
            if p >= state.players or p == shown:
                if p < len(self._boxes):
                    self._boxes[p].visible = False
                continue
            self._box(p).visible = True
            variant = state.rules.variant
            self._board(p).param.update(
                variant=variant, outside=False, cell_px=34 if variant == "classic" else 26
            )
            if state.is_over:
                parks, flips = scored_parks(m, p)
                self._board(p).show(parks, badges=flips)
            else:
                self._board(p).show(m.parks_of(p), last=m.last_cells(p))
            self._enlarge[p].label = "My parks" if p == m.viewer else "Enlarge"
            self._titles[p].object = (
                f'<div style="font-size:13px"><b>{html.escape(m.seat_name(p))}</b>: '
                f"{totals[p]} {points_word(totals[p])}</div>"
            )

    def _board(self, p: int) -> ParkBoard:
        board = self.boards[p]
        if board is None:
            board = self.boards[p] = ParkBoard(
                figure_name=TABLE_BOARD.format(player=p),
                compact=True,
                cell_px=30,
                interactive=False,
                legible=self.legible,
            )
            self._box(p).append(board)
        return board

    @param.depends("legible", watch=True)
    def _legible_changed(self) -> None:
        for board in self.boards:
            if board is not None:
                board.legible = self.legible

    def __panel__(self) -> pn.viewable.Viewable:
        return self._all
