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

from engines.circle.puzzles import DIFFICULTIES, THEMES, Puzzle, judge, load_puzzles

from .model import CircleModel

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


class PuzzleModel(param.Parameterized):
    """One puzzle at a time from the shipped set, with the verdict on the first move."""

    theme = param.Selector(default="feast", objects=list(THEMES), doc="The puzzle theme.")
    difficulty = param.Selector(
        default="easy", objects=list(DIFFICULTIES), doc="How many traps the puzzles hold."
    )
    number = param.Integer(
        default=0, bounds=(0, None), doc="Which puzzle of the theme and difficulty (0 first)."
    )
    puzzle = param.ClassSelector(class_=Puzzle, doc="The puzzle on the board.")
    game = param.ClassSelector(
        class_=CircleModel, doc="The puzzle position, played on (the same object for every puzzle)."
    )
    solved = param.Boolean(
        default=None, allow_None=True, doc="Whether the first move solved it (None: not tried)."
    )
    feedback = param.String(default="", doc="The verdict on the first move, with the reasons.")
    tally = param.Dict(default={}, doc="Puzzle id -> whether the first try solved it.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._load()

    @property
    def choices(self) -> list[Puzzle]:
        """The puzzles of the chosen theme and difficulty."""
        return [
            p
            for p in shipped_puzzles()
            if p.theme == self.theme and p.difficulty == self.difficulty
        ]

    @property
    def goal(self) -> str:
        """The task, e.g. 'Black to move. Eat the most stones in one move.'"""
        return self.puzzle.goal

    @property
    def progress(self) -> str:
        """E.g. 'Puzzle 3 of 8 (rescue, hard) · solved 2 of 4 tried'."""
        tried = len(self.tally)
        right = sum(self.tally.values())
        return (
            f"Puzzle {self.number + 1} of {len(self.choices)} ({self.theme}, {self.difficulty})"
            f" · solved {right} of {tried} tried"
        )

    @param.depends("theme", "difficulty", watch=True)
    def _on_choice(self) -> None:
        self.number = 0
        self._load()

    def _load(self) -> None:
        choices = self.choices
        self.number = min(self.number, len(choices) - 1)
        puzzle = choices[self.number]
        self.param.update(puzzle=puzzle, solved=None, feedback="")
        if self.game is None:
            self.game = CircleModel.from_state(puzzle.state())
            self.game.param.watch(self._on_move, ["history"])
        # One game (and so one board) for every puzzle: only its position changes.
        self.game.set_game(puzzle.state(), puzzle.goal)

    def _on_move(self, event: param.parameterized.Event) -> None:
        if self.solved is not None or len(event.new) != 1:
            return
        verdict = judge(self.puzzle, event.new[0].cell)
        self.tally = {**self.tally, self.puzzle.id: verdict.correct}
        self.param.update(solved=verdict.correct, feedback=verdict.text)

    def next_puzzle(self) -> None:
        """The next puzzle of the same theme and difficulty (round to the first)."""
        self.number = (self.number + 1) % len(self.choices)
        self._load()

    def retry(self) -> None:
        """Put the puzzle position back for another try."""
        self._load()
