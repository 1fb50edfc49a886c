"""A puzzle trainer as a Param model, shared by every game: choose a theme and a level, make
one move on the game's own model, get the engine's verdict.

Each game's trainer (``cole_panel.circle.puzzle_model``, ``cole_panel.savannah.puzzle_model``,
``cole_panel.ecosystem.draft.puzzle_model``) says which puzzles it has, how a puzzle is put on its
game model and how its first move is judged; this class keeps the choice, the verdict and the
tally.
"""

from __future__ import annotations

from typing import Any, ClassVar

import param

from engines.puzzle_files import DIFFICULTIES, Verdict

__all__ = ["PuzzleTrainer"]


class PuzzleTrainer(param.Parameterized):
    """One puzzle at a time of a game's stored set, with the verdict on the first move.

    Subclasses declare ``theme`` (a Selector of their themes), :attr:`THEME_NAMES` and
    implement :meth:`puzzles` and :meth:`show`; they call :meth:`record` with the verdict.
    """

    THEME_NAMES: ClassVar[dict[str, str]] = {}
    """How the menu names each theme."""
    PROMPT: ClassVar[str] = "Make your move."
    """What the page says before the first move."""

    difficulty = param.Selector(
        default="easy", objects=list(DIFFICULTIES), doc="How many traps the puzzles hold."
    )
    number = param.Integer(
        default=0, bounds=(0, None), doc="Which puzzle of the theme and difficulty (0 first)."
    )
    puzzle = param.Parameter(default=None, doc="The puzzle on the board.")
    solved = param.Boolean(
        default=None, allow_None=True, doc="Whether the first move solved it (None: not tried)."
    )
    feedback = param.String(default="", doc="The verdict on the first move, with the reasons.")
    tally = param.Dict(default={}, doc="Puzzle id -> whether the first try solved it.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        self.load()
        self.param.watch(self._on_choice, ["theme", "difficulty"])

    # ------------------------------------------------------------------ for subclasses
    def puzzles(self) -> tuple[Any, ...]:  # pragma: no cover - every game defines it
        """Every stored puzzle of the game."""
        raise NotImplementedError

    def show(self, puzzle: Any) -> None:  # pragma: no cover - every game defines it
        """Put ``puzzle``'s position on the game model."""
        raise NotImplementedError

    def record(self, verdict: Verdict) -> None:
        """Keep the verdict on the first move (later moves are not judged)."""
        if self.solved is not None:
            return
        self.tally = {**self.tally, self.puzzle.id: verdict.correct}
        self.param.update(solved=verdict.correct, feedback=verdict.text)

    # ------------------------------------------------------------------ reading
    @property
    def choices(self) -> list[Any]:
        """The puzzles of the chosen theme and difficulty."""
        return [
            p
            for p in self.puzzles()
            if p.theme == self.theme and p.difficulty == self.difficulty  # type: ignore[attr-defined]
        ]

    @property
    def goal(self) -> str:
        """The task as a sentence."""
        return self.puzzle.goal

    @property
    def progress(self) -> str:
        """E.g. 'Puzzle 3 of 5 (gain, hard) · solved 2 of 4 tried'."""
        tried = len(self.tally)
        right = sum(self.tally.values())
        return (
            f"Puzzle {self.number + 1} of {len(self.choices)} "
            f"({self.theme}, {self.difficulty}) · solved {right} of {tried} tried"  # type: ignore[attr-defined]
        )

    # ------------------------------------------------------------------ acting
    def _on_choice(self, *_: Any) -> None:
        self.number = 0
        self.load()

    def load(self) -> None:
        """Put the chosen puzzle on the board, untried."""
        choices = self.choices
        self.number = max(0, min(self.number, len(choices) - 1))
        puzzle = choices[self.number]
        self.param.update(puzzle=puzzle, solved=None, feedback="")
        self.show(puzzle)

    def next_puzzle(self) -> None:
        """The next puzzle of the same theme and difficulty (round to the first)."""
        self.number = (self.number + 1) % len(self.choices)
        self.load()

    def retry(self) -> None:
        """Put the puzzle position back for another try."""
        self.load()
