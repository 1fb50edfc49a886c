"""On the Savannah's puzzle trainer: a puzzle's position on a :class:`SavannahModel`, the first
card played judged by the engine (:func:`engines.savannah.puzzles.judge`).

>>> trainer = SavannahPuzzles(theme="gain")
>>> trainer.game.play(trainer.puzzle.answers[0]), trainer.solved
(True, True)
>>> trainer.feedback.startswith("Right!")
True
"""

from __future__ import annotations

from functools import cache
from typing import Any

import param

from engines.savannah.puzzles import THEMES, Puzzle, judge, load_puzzles

from ..core.puzzle_trainer import PuzzleTrainer
from .model import SavannahModel

__all__ = ["SavannahPuzzles", "shipped_puzzles"]


@cache
def shipped_puzzles() -> tuple[Puzzle, ...]:
    """The puzzles stored with the engine (read once per process)."""
    return tuple(load_puzzles())


class SavannahPuzzles(PuzzleTrainer):
    """On the Savannah's puzzles, one at a time."""

    THEME_NAMES = {
        "gain": "Gain the most",
        "save": "Save your Big Five",
        "human": "Force the human",
    }
    PROMPT = "Choose the card you would play, then play it."

    theme = param.Selector(default="gain", objects=list(THEMES), doc="The puzzle theme.")
    game = param.ClassSelector(
        class_=SavannahModel, doc="The puzzle position (the same object for every puzzle)."
    )

    def puzzles(self) -> tuple[Puzzle, ...]:
        return shipped_puzzles()

    def show(self, puzzle: Puzzle) -> None:
        if self.game is None:
            # Every seat a person, hands shown: a puzzle shows everything.
            self.game = SavannahModel.from_state(puzzle.state(), hide_hands=False)
            self.game.param.watch(self._on_move, ["history"])
        self.game.adopt(puzzle.state(), [], [], puzzle.goal)

    def _on_move(self, event: Any) -> None:
        if event.new and len(event.new) >= 1 and self.solved is None:
            self.record(judge(self.puzzle, event.new[0].move.card))
