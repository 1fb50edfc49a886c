"""The other players' parks around the draft table: a small board each, with the player's name,
points and a button that shows those parks on the table's big board.

:class:`OtherParks` belongs to :class:`~cole_panel.ecosystem.draft_view.DraftTable`, which
says whose parks its big board shows (:meth:`OtherParks.draw`), how legible text must be on
this screen (:attr:`OtherParks.legible`), and what an Enlarge button does
(:attr:`OtherParks.on_enlarge`).
"""

from __future__ import annotations

import html
from typing import Any

import panel as pn
import param

from .board import ParkBoard
from .draft_html import scored_parks
from .explanations import points_word
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
        self._titles = [pn.pane.HTML("", margin=(2, 2)) for _ in range(MAX_PLAYERS)]
        self._enlarge = [
            pn.widgets.Button(label="Enlarge", width=80, margin=(0, 2), variant="outline")
            for _ in range(MAX_PLAYERS)
        ]
        for p, button in enumerate(self._enlarge):
            button.on_click(lambda _, p=p: self.on_enlarge(p))
        self._boxes = [
            pn.Column(pn.Row(t, e, margin=0), margin=(2, 6), visible=False)
            for t, e in zip(self._titles, self._enlarge, strict=True)
        ]

    def draw(self, shown: int) -> None:
        """Draw every player's parks but ``shown``'s (those are on the big board)."""
        m = self.model
        state = m.state
        totals = m.totals()
        for p in range(MAX_PLAYERS):
            box = self._boxes[p]
            box.visible = p < state.players and p != shown
            if not box.visible:
                continue
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
            self._boxes[p].append(board)
        return board

    @param.depends("legible", watch=True)
    def _legible_changed(self) -> None:
        for board in self.boards:
            if board is not None:
                board.legible = self.legible

    def __panel__(self) -> pn.viewable.Viewable:
        return pn.FlexBox(*self._boxes, sizing_mode="stretch_width")
