"""A Circle of Life position drawn: the hex board as text and as an SVG picture.

:class:`BoardPicture` is a mixin of :class:`~engines.circle.State` (it reads the state's public
members only): ``print(state)`` shows the board in text, a notebook draws it, and
``state.svg()`` is that drawing.  The game hides nothing, so every seat sees the same board.

>>> from engines.circle import Rules, replay
>>> game = replay(["C3", "C4", "B1"], Rules(radius=2))
>>> print(game)
A   . . .
B  o . . .
C . . o x .
D  . . . .
E   . . .
>>> svg = game.svg()
>>> svg.count("<polygon"), svg.count("<circle"), "Black to play" in svg
(19, 4, True)

A notebook shows a cell's last value through its rich repr: for a state, this picture.

>>> game._repr_svg_() == svg, svg.startswith("<svg")
(True, True)
"""

from __future__ import annotations

import math

from engines.protocol import check_seat
from engines.svg import Drawn, Picture

from .board import xy
from .rules import PLAYER_NAMES

__all__ = ["BoardPicture", "STONE_FILL"]

STONE_FILL = ("#ec7a23", "#262626")
"""Orange's and Black's stones."""
STONE_LINE = ("#8a3d0b", "#000000")
CELL_FILL = "#f4ead3"
CELL_LINE = "#a8936e"
LABEL = "#6b5a3c"
"""A cell's label on its fill (the page's colours)."""
LAST_MOVE = ("#262626", "#f5f0e6")
"""The mark on the stone played last, on Orange and on Black."""

CELL = 18.0
"""A cell's circumradius in pixels."""
HEADER = 26.0
"""Pixels above the board for the line saying whose turn it is."""


class BoardPicture(Drawn):
    """The board of a Circle of Life game as text (``o`` Orange, ``x`` Black, ``.`` empty) and
    as SVG (each cell with its label; hover a stone for its critter)."""

    __slots__ = ()

    def text(self, viewer: int | None = None) -> str:
        """The board as text, rows A… from the top, each shifted to sit between its
        neighbours' cells."""
        check_seat(self, viewer)
        radius = self.rules.radius
        marks = {None: ".", 0: "o", 1: "x"}
        lines = []
        for r in range(-radius, radius + 1):
            row = [c for c in self.cells if c[1] == r]
            stones = " ".join(marks[self.stone_at(c)] for c in row)
            lines.append(f"{self.label(row[0])[0]} " + " " * abs(r) + stones)
        return "\n".join(lines)

    def status(self) -> str:
        """One line: whose turn it is (or how the game ended) and the stones eaten."""
        eaten = ", ".join(f"{PLAYER_NAMES[p]} {self.eaten[p]}" for p in (0, 1))
        target = self.rules.capture_target
        if self.outcome is not None:
            return f"{self.outcome.describe()} Eaten: {eaten}."
        return f"{PLAYER_NAMES[self.current_player]} to play. Eaten: {eaten} ({target} wins)."

    def svg(self, viewer: int | None = None) -> str:
        """The board as an SVG picture, with :meth:`status` above it."""
        check_seat(self, viewer)
        radius = self.rules.radius
        half_w = math.sqrt(3) * CELL * (radius + 0.5)
        half_h = CELL * (1.5 * radius + 1)
        status = self.status()
        width = max(2 * half_w + 8, 7 * len(status) + 8)  # about 7 px a letter at 13 px
        picture = Picture(width, 2 * half_h + HEADER + 4, status)
        picture.text(4, 17, status, size=13, anchor="start")
        half_w = width / 2 - 4
        last = self.moves[-1] if self.moves else None
        for cell in self.cells:
            x, y = xy(cell, CELL)
            cx, cy = half_w + 4 + x, HEADER + half_h - y
            corners = [
                (cx + CELL * math.cos(math.radians(60 * k + 30)),
                 cy + CELL * math.sin(math.radians(60 * k + 30)))
                for k in range(6)
            ]  # fmt: skip
            self._draw_cell(picture, cell, (cx, cy), corners, cell == last)
        return picture.svg()

    def _draw_cell(
        self,
        picture: Picture,
        cell: tuple[int, int],
        centre: tuple[float, float],
        corners: list[tuple[float, float]],
        last: bool,
    ) -> None:
        name = self.label(cell)
        owner = self.stone_at(cell)
        if owner is None:
            picture.polygon(corners, CELL_FILL, CELL_LINE, title=f"{name}: empty")
            picture.text(centre[0], centre[1] + 3.5, name, size=9, fill=LABEL)
            return
        critter = self.critter_at(cell)
        tip = f"{name}: {PLAYER_NAMES[owner]}'s {critter.species}"
        picture.polygon(corners, CELL_FILL, CELL_LINE, title=tip)
        cx, cy = centre
        picture.circle(cx, cy, CELL * 0.66, STONE_FILL[owner], STONE_LINE[owner], title=tip)
        if last:
            picture.circle(cx, cy, CELL * 0.18, LAST_MOVE[owner], LAST_MOVE[owner])
