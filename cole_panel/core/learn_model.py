"""A Learn course as a Param model: one stage at a time, played on the game's own model.

The stage's position is shown by the game's real model (the one its board views draw), every
seat a person's, so the board, touch preview, keys and text view work as in a game.  Each move
played there is handed to the stage's :class:`engines.learn.Attempt`; the model is then put
back where the attempt is (after the other players' replies, or at the start again after a
miss), and :attr:`LearnModel.feedback` says why.  An illegal move never reaches the attempt:
the game's model refuses it with the engine's sentence, which becomes the feedback too.

>>> course = LearnModel(game="circle")
>>> course.stage.id, course.feedback_kind
('first-stone', 'start')
>>> course.board.human_play("E4"), course.feedback_kind, len(course.board.history)
(True, 'missed', 0)
>>> course.board.human_play("E5"), course.feedback_kind, course.stars
(True, 'done', 2)
>>> course.progress, course.next_stage().id
({'first-stone': 2}, 'critter')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import param

from engines.learn import Attempt, Course, Stage, Verdict, load_course

from ..game_pages import GAME_PAGES, get_page

__all__ = ["FEEDBACK_KINDS", "LearnModel", "read_progress"]

FEEDBACK_KINDS = ("start", "illegal", "not_allowed", "missed", "progress", "done", "undo")
"""What :attr:`LearnModel.feedback` reports: the stage's start, then a verdict of
:data:`engines.learn.VERDICTS`, or an undo refused (a stage is played forward only)."""

START = {
    "circle": "Your move: click a cell to place a stone there (on a touch screen, a first tap "
    "shows what the stone would do and a second tap places it), or Tab to the board and use "
    "the arrow keys and Enter, or type the cell in the Move box.",
    "savannah": "Your move: choose a card in your hand (click or tap it, or its button), then "
    "play it with the wide button beside your hand or a second tap (a double click), or Tab to "
    "the board and use the arrow keys and Enter, or type it in the Move box.",
    "ecosystem": "Your move: click (or tap) a card in your hand, then a green cell of your park "
    "to place it there, or Tab to the board and use the arrow keys and Enter, or type the card "
    "and the cell in the Move box.",
}
"""The feedback before the stage's first move: how a move is made on that game's board (a
newcomer on the first stage had not been told, and one tap on a phone only previews)."""

_BOARD_OPTIONS: dict[str, dict[str, Any]] = {
    # Every seat a person at one device: no covered hands between turns.
    "savannah": {"hide_hands": False},
    # A pick plays at once: the stage checks each move, there is no "Pass hands" to press.
    "ecosystem": {"confirm_turn": False},
}
"""Options of a game's model that differ from a game of one's own."""


def read_progress(data: Any, course: Course) -> dict[str, int]:
    """Stars per stage from untrusted ``data`` (a stored or sent dict): only the course's own
    stage ids, and stars from 1 to 3, are kept.

    >>> read_progress({"critter": 3, "nowhere": 2, "first-stone": "3", "four-stones": 9},
    ...               load_course("circle"))
    {'critter': 3}
    """
    if not isinstance(data, dict):
        return {}
    ids = {stage.id for stage in course.stages}
    return {
        key: value
        for key, value in data.items()
        if key in ids and type(value) is int and 1 <= value <= 3
    }


def _show(board: Any, game: str, state: Any, message: str) -> None:
    """Put ``board`` (a game's model) at ``state``, as a new game, saying ``message``."""
    if game == "circle":
        board.set_game(state, message)
    elif game == "savannah":
        board.adopt(state, [], [], message)
    else:
        board.show_new_game(state, message, pending=[], undone=[])


class LearnModel(param.Parameterized):
    """One game's course: the stage on the board, the verdict on each move, stars per stage."""

    game = param.Selector(
        default="circle", objects=list(GAME_PAGES), doc="The game whose course this is."
    )
    stage_id = param.String(default="", doc="The id of the stage on the board ('' the first).")
    feedback = param.String(default="", doc="What the last move came to, as sentences.")
    feedback_kind = param.Selector(
        default="start", objects=list(FEEDBACK_KINDS), doc="What the feedback reports."
    )
    moves = param.Integer(default=0, bounds=(0, None), doc="Moves played in this stage.")
    stars = param.Integer(default=0, bounds=(0, 3), doc="Stars won in this stage (0: not done).")
    progress = param.Dict(default={}, doc="Stage id -> the most stars won there (1 to 3).")
    board = param.Parameter(doc="The game's model the stage is played on (one per course).")
    defer = param.Callable(
        default=None,
        doc=(
            "Runs a callable soon, after the board's views have seen the move (a page's "
            "next tick); None runs it at once."
        ),
    )

    def __init__(self, **params: Any):
        super().__init__(**params)
        self.course: Course = load_course(self.game)
        """The course (read from the engine's course file once per process)."""
        self.attempt: Attempt | None = None
        self._syncing = False
        self.board = self._make_board()
        self.open(self.stage_id or self.course.stages[0].id)

    def _make_board(self) -> Any:
        stage = self.course.stages[0]
        cls = get_page(self.game).model_class
        state = stage.state()
        seats = {f"seat{p}": "Human" for p in range(8) if f"seat{p}" in cls.param}
        board = cls(state=state, **seats, **_BOARD_OPTIONS.get(self.game, {}))
        board.param.watch(self._on_history, ["history"])
        board.param.watch(self._on_message, ["message"])
        board.param.watch(self._on_new_game, ["start"])
        return board

    # ------------------------------------------------------------------ reading
    @property
    def stage(self) -> Stage:
        """The stage on the board."""
        return self.course.stage(self.stage_id)

    @property
    def rule_text(self) -> str:
        """The rulebook's sentences the stage teaches, quoted."""
        return " ".join(self.course.quotes(self.stage_id))

    @property
    def number(self) -> int:
        """The stage's place in the course (1 first)."""
        return [s.id for s in self.course.stages].index(self.stage_id) + 1

    @property
    def done_count(self) -> int:
        """Stages done at least once."""
        return len(self.progress)

    @property
    def star_count(self) -> int:
        """Stars won over the course (the most of each stage)."""
        return sum(self.progress.values())

    # ------------------------------------------------------------------ playing
    def open(self, stage_id: str) -> Stage:
        """Put stage ``stage_id`` on the board, from its start (``KeyError`` naming it if the
        course has no such stage; nothing changes then)."""
        stage = self.course.stage(stage_id)
        self.attempt = stage.start()
        self.param.update(
            stage_id=stage.id, feedback=START[self.game], feedback_kind="start", moves=0, stars=0
        )
        self._sync(stage.instruction)
        return stage

    def try_again(self) -> None:
        """Play the stage on the board again, from its start, with a new count of moves."""
        self.open(self.stage_id)

    def next_stage(self) -> Stage | None:
        """Open the stage after this one (None after the last: nothing changes)."""
        after = self.course.after(self.stage_id)
        if after is not None:
            self.open(after.id)
        return after

    def hint(self) -> str:
        """The stage's hint, shown as the feedback."""
        self.param.update(feedback=self.stage.hint, feedback_kind="progress")
        return self.stage.hint

    def _sync(self, message: str) -> None:
        """Show the attempt's position on the board (the board's watchers are told)."""
        self._syncing = True
        try:
            _show(self.board, self.game, self.attempt.state.clone(), message)
        finally:
            self._syncing = False

    def _on_message(self, event: param.parameterized.Event) -> None:
        if self._syncing or not self.board.message_is_error or self.attempt.done:
            return
        self.param.update(feedback=event.new, feedback_kind="illegal")

    def _on_history(self, event: param.parameterized.Event) -> None:
        if self._syncing:
            return
        old, new = event.old, event.new
        if len(new) <= len(old) or self.attempt.done:
            self._later(self._refuse_undo if not self.attempt.done else None)
            return
        verdict = None
        for turn in new[len(old) :]:
            verdict = self.attempt.play(turn.action)
            if verdict.kind != "progress":
                break
        self._later(lambda: self._judged(verdict))

    def _on_new_game(self, _event: param.parameterized.Event) -> None:
        if not self._syncing:  # New game (its button or N) on the board: the stage comes back
            self._later(self._refuse_undo)

    def _later(self, fn: Callable[[], None] | None) -> None:
        if fn is not None:
            (self.defer or (lambda f: f()))(fn)

    def _refuse_undo(self) -> None:
        text = "A stage is played forward from its own position: Try again starts it over."
        self.param.update(feedback=text, feedback_kind="undo")
        self._sync(text)

    def _judged(self, verdict: Verdict) -> None:
        text = verdict.describe()
        updates: dict[str, Any] = {"feedback": text, "feedback_kind": verdict.kind}
        updates["moves"] = verdict.moves
        if verdict.kind == "done":
            best = max(verdict.stars, self.progress.get(self.stage_id, 0))
            updates.update(stars=verdict.stars, progress={**self.progress, self.stage_id: best})
        self.param.update(updates)
        if verdict.kind != "done" or self.attempt.state.to_dict() != self.board.state.to_dict():
            self._sync(text)
