"""Ecosystem's puzzle trainer: a puzzle's draft on an :class:`EcosystemModel`, the first pick
judged by the engine (:func:`engines.ecosystem.puzzles.judge`).

>>> trainer = EcosystemPuzzles(theme="place")
>>> p = trainer.puzzle
>>> trainer.game.pick(p.card, parse_cell_label(p.answers[0])), trainer.solved
(True, True)
"""

from __future__ import annotations

from functools import cache
from typing import Any

import param

from engines.ecosystem.park import parse_cell_label  # noqa: F401 - the doctest's
from engines.ecosystem.puzzles import THEMES, Puzzle, judge, load_puzzles

from ...core.puzzle_trainer import PuzzleTrainer
from .model import EcosystemModel

__all__ = ["EcosystemPuzzles", "shipped_puzzles"]


@cache
def shipped_puzzles() -> tuple[Puzzle, ...]:
    """The puzzles stored with the engine (read once per process)."""
    return tuple(load_puzzles())


class EcosystemPuzzles(PuzzleTrainer):
    """Ecosystem's puzzles, one at a time."""

    THEME_NAMES = {"place": "Where it scores most", "keep": "Which card to keep"}
    PROMPT = "Choose a card of your hand, then the cell of your park."

    theme = param.Selector(default="place", objects=list(THEMES), doc="The puzzle theme.")
    game = param.ClassSelector(
        class_=EcosystemModel, doc="The puzzle draft (the same object for every puzzle)."
    )

    def puzzles(self) -> tuple[Puzzle, ...]:
        return shipped_puzzles()

    @property
    def player(self) -> int:
        """Who solves the puzzle."""
        return self.puzzle.to_move

    def show(self, puzzle: Puzzle) -> None:
        state = puzzle.state()
        if self.game is None:
            seats = {f"seat{p}": "Human" for p in range(state.players)}
            # A pick is played at once: the first one is the answer.
            self.game = EcosystemModel(state=state, confirm_turn=False, **seats)
            self.game.param.watch(self._on_move, ["history"])
        self.game.show_new_game(state, puzzle.goal, pending=[], undone=[])

    def _on_move(self, event: Any) -> None:
        if event.new and self.solved is None:
            pick = event.new[0].pick
            self.record(judge(self.puzzle, pick.card.code, pick.cell))
