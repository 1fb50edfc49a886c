"""The puzzle trainer as a Param model: pick a theme and a difficulty, play one move, get told why.

Each puzzle is played on its own :class:`CircleModel` (two people at the seats), so the board,
hover explanations and race overlay work as in a game.  The first move played is judged by
the engine (:func:`engines.circle.puzzles.judge`); later moves are free play.

>>> trainer = PuzzleModel(theme="feast", difficulty="easy")
>>> trainer.game.human_play(trainer.puzzle.answers[0]), trainer.solved
(True, True)
>>> trainer.feedback.startswith("Right!")
True
"""

from __future__ import annotations

from functools import cache
from typing import Any

import param

from engines.circle.puzzles import THEMES, Puzzle, judge, load_puzzles

from ..core.puzzle_trainer import PuzzleTrainer
from .model import CircleModel

__all__ = ["THEME_NAMES", "PuzzleModel", "shipped_puzzles"]

THEME_NAMES = {
    "feast": "Eat the most",
    "block": "Leave them stuck",
    "rescue": "Save your critter",
}
"""How the menu names each theme."""


@cache
def shipped_puzzles() -> tuple[Puzzle, ...]:
    """The puzzles shipped with the engine (read once per process)."""
    return tuple(load_puzzles())


class PuzzleModel(PuzzleTrainer):
    """One puzzle at a time from the shipped set, with the verdict on the first move."""

    THEME_NAMES = THEME_NAMES
    PROMPT = "Click the cell you would play."

    theme = param.Selector(default="feast", objects=list(THEMES), doc="The puzzle theme.")
    game = param.ClassSelector(
        class_=CircleModel, doc="The puzzle position, played on (the same object for every puzzle)."
    )

    def puzzles(self) -> tuple[Puzzle, ...]:
        return shipped_puzzles()

    def show(self, puzzle: Puzzle) -> None:
        if self.game is None:
            self.game = CircleModel.from_state(puzzle.state())
            self.game.param.watch(self._on_move, ["history"])
        # One game (and so one board) for every puzzle: only its position changes.
        self.game.set_game(puzzle.state(), puzzle.goal)

    def _on_move(self, event: Any) -> None:
        if len(event.new) == 1:
            self.record(judge(self.puzzle, event.new[0].cell))
