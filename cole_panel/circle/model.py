"""One Circle of Life game as a Param model: options, seats, the position, its history.

The model holds an engine :class:`~engines.circle.State` (replaced, never mutated, on every
move so watchers fire), the turns played (each with the position after it, for undo and for
viewing a past position), the turns undone (for redo), the last turn's events and the last
message.  Views read it and call its methods; it knows nothing about Panel or Bokeh.

>>> game = CircleModel(seat1="Human")
>>> game.play("E5"), game.state.label(game.state.moves[-1]), game.message
(True, 'E5', 'Orange placed a stone at E5. Orange has a new singleton at E5.')
>>> game.play("E5"), game.message
(False, "E5 is already taken (the stone there is Orange's).")
>>> game.undo(), len(game.history)
(True, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import param

from engines import Event, IllegalAction
from engines.circle import PLAYER_NAMES, Rules, State, new_game
from engines.circle.hints import count_stones, explain

from ..core import (
    SAVE_VERSION,
    GameModel,
    iterations_for,
    read_start,
    replay_history,
    replay_turns,
    seats,
)
from ..core import Turn as BaseTurn
from ..core.options import options_class

SAVE_FORMAT = "cole-panel/circle-of-life"

__all__ = [
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "CircleModel",
    "CircleOptions",
    "Turn",
    "mcts_iterations",
]

Cell = tuple[int, int]

mcts_iterations = iterations_for("circle")


@dataclass(frozen=True)
class Turn(BaseTurn):
    """One move of the game as played, with the position it led to."""

    player: int
    """Who moved (0 Orange, 1 Black)."""
    cell: Cell
    """Where the stone went."""
    label: str
    """The cell's label, e.g. ``"E5"``."""
    events: tuple[Event, ...]
    """What the move did, in order (placed, evolved, ate, won)."""
    state: State
    """The position after the move (never mutated)."""

    ACTION_FIELD = "cell"

    @classmethod
    def record(cls, before: State, action: Any, events: Any, after: State) -> Turn:
        cell = after.moves[-1]
        return cls(before.current_player, cell, after.label(cell), tuple(events), after)


CircleOptions = options_class(Rules, name="CircleOptions")
"""The options of the next new game, as Param parameters (from :class:`~engines.circle.Rules`)."""


@seats(*PLAYER_NAMES, defaults=("Human", "MCTS"))
class CircleModel(GameModel, CircleOptions):
    """A Circle of Life game with its options, seats, history and messages."""

    game = "circle"
    save_format = SAVE_FORMAT
    title = "Circle of Life"

    hint_strength = param.Integer(
        default=3,
        bounds=(1, 5),
        doc=("Strength of the search bot that gives hints (and moves for a person on 'Bot move')."),
    )
    state = param.ClassSelector(
        class_=State, doc=("The live position; replaced by a new object on every change.")
    )
    start = param.ClassSelector(class_=State, doc="The position the game started from.")
    view_index = param.Integer(
        default=None,
        allow_None=True,
        bounds=(0, None),
        doc=("Number of moves into the game being looked at; None while showing the live game."),
    )
    hint = param.Tuple(
        default=None,
        allow_None=True,
        length=2,
        doc=("A bot's suggested cell for the player to move, or None."),
    )

    def _set_up(self, state: State) -> None:
        self._adopt(state, "Position set up.")

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_state(cls, state: State, **params: Any) -> CircleModel:
        """A model whose game starts at ``state`` (e.g. a position built for teaching).

        The options follow the state's rules; seats default to two people.
        """
        params = {"seat0": "Human", "seat1": "Human", **params}
        return cls(state=state, **params)

    def set_game(self, state: State, message: str = "Position set up.") -> None:
        """Replace the game by ``state``'s, with its moves as the history (to step through)."""
        self.bot_shelf.clear()
        self._adopt(state, message)

    def _adopt(self, state: State, message: str) -> None:
        start = state.start_position()
        history = _replay(start, [state.label(c) for c in state.moves], "moves")
        self._show_game(start, history, [], state, message=message, message_is_error=False)

    def _show_game(
        self,
        start: State,
        history: list[Turn],
        future: list[Turn],
        state: State | None = None,
        **extra: Any,
    ) -> State:
        """Show the game from ``start`` through ``history`` (``future`` to redo) at ``state``
        (by default where the history ends); that state."""
        rules = start.rules
        return self.show_history(
            start,
            history,
            future,
            state,
            **self.options_from(rules),
            view_index=None,
            hint=None,
            **extra,
        )

    # ------------------------------------------------------------------ reading
    @property
    def shown_state(self) -> State:
        """The position on display: the live one, or the past one picked with :meth:`view`."""
        if self.view_index is None:
            return self.state
        if self.view_index == 0:
            return self.start
        return self.history[min(self.view_index, len(self.history)) - 1].state

    @property
    def viewing_past(self) -> bool:
        """Whether a past position is on display (the board is then read-only)."""
        return self.view_index is not None

    @property
    def player_count(self) -> int:
        return len(PLAYER_NAMES)

    @property
    def outcome_text(self) -> str:
        """Who won and why, or '' while the game runs."""
        outcome = self.state.outcome
        return "" if outcome is None else outcome.describe()

    @property
    def move_labels(self) -> list[str]:
        """'Orange E5', 'Black E6 ✕ ate 2', … one per move played; captures are marked."""
        out = []
        for t in self.history:
            line = f"{PLAYER_NAMES[t.player]} {t.label}"
            ate = sum(e.stones for e in t.events if e.kind == "ate")
            out.append(f"{line} ✕ ate {ate}" if ate else line)
        return out

    # ------------------------------------------------------------------ playing
    def new_game(self) -> None:
        """Start a new game with the current options (seats are kept)."""
        rules = self.rules
        state = new_game(rules, seed=self.seed)
        message = (
            f"New game on a board of radius {rules.radius}: "
            f"{PLAYER_NAMES[rules.first_player]} starts; "
            f"eat {count_stones(rules.capture_target)} to win."
        )
        self.show_new_game(state, message, view_index=None, hint=None)

    def play(self, action: Cell | str) -> bool:
        """The player to move places a stone on ``action`` (a (q, r) cell or a label like 'E5').

        Returns whether the move was made.  An illegal move changes nothing except
        :attr:`message`, which then holds the rules' one-sentence reason.
        """
        if self.viewing_past:
            return self.refuse(
                "You are looking at a past position; go back to the live game to play."
            )
        new = self.state.clone()
        try:
            events = new.apply(action)
        except IllegalAction as err:
            return self.refuse(str(err))
        self.show_played([Turn.record(self.state, action, events, new)], hint=None)
        return True

    def human_play(self, action: Cell | str) -> bool:
        """What a click on the board does: play only if a person is to move at the live game."""
        p = self.state.current_player
        if not self.viewing_past and p is not None and self.seat(p) != "Human":
            return self.refuse(
                f"It is {PLAYER_NAMES[p]}'s turn, and the "
                f"{self.seat(p)} bot plays {PLAYER_NAMES[p]}; wait for its move."
            )
        return self.play(action)

    def _jump_updates(self, state: State) -> dict[str, Any]:
        return {"view_index": None, "hint": None}

    def undo(self) -> bool:
        """Take back the last move (and a bot's reply, so a person is to move again); refused
        while a past position is on view, since the live game is not what the player sees."""
        if self.viewing_past:
            return self.refuse(
                "You are looking at a past position; go back to the live game to undo."
            )
        return super().undo()

    def redo(self) -> bool:
        """Replay the move(s) last undone; refused while a past position is on view."""
        if self.viewing_past:
            return self.refuse(
                "You are looking at a past position; go back to the live game to redo."
            )
        return super().redo()

    def to_move_text(self, state: State) -> str:
        p = state.current_player
        if p is None:
            return state.outcome.describe() if state.outcome else "the game is over."
        return f"{PLAYER_NAMES[p]} to move."

    # ------------------------------------------------------------------ viewing the past
    def view(self, index: int | None) -> None:
        """Show the position after ``index`` moves (0: the start); None returns to live."""
        if index is not None and not 0 <= index <= len(self.history):
            raise ValueError(
                f"There is no position after {index} moves; the game has {len(self.history)}."
            )
        if index == len(self.history):
            index = None
        if index is None:
            self.param.update(
                view_index=None, message_is_error=False, message="Back to the live game."
            )
        else:
            self.param.update(
                view_index=index,
                message_is_error=False,
                message=f"Looking at the position after {index} of "
                f"{len(self.history)} moves (read-only).",
            )

    # ------------------------------------------------------------------ bots
    def bot_for(self, player: int, hint: bool = False) -> Any:
        """The bot that moves for ``player``'s seat; for a hint, or for a person's seat, the
        search bot at :attr:`hint_strength`.  One object per seat, kind and strength."""
        kind, strength = self.seat(player), self.strength(player)
        if hint or kind == "Human":
            kind, strength = "MCTS", self.hint_strength
        return self.bot_shelf.get(player, kind, strength, self.seed)

    def bot_request(self, state: State | None = None, hint: bool = False) -> Any:
        """The move of the mover's bot (or the hint bot) as plain data, to compute anywhere."""
        state = self.state if state is None else state
        if state.is_over:
            raise IllegalAction("The game is over; there is no move to choose.")
        p = state.current_player
        kind, strength = self.seat(p), self.strength(p)
        if hint or kind == "Human":
            kind, strength = "MCTS", self.hint_strength
        return self.request_for(state, p, kind, strength)

    def bot_choice(self, state: State | None = None, hint: bool = False) -> Cell:
        """The cell the mover's bot (or the hint bot) would pick in ``state`` (default: the
        live one); safe to call from a worker thread."""
        return self.bot_request(state, hint).compute()

    def bot_move(self) -> bool:
        """Let the mover's bot (the hint bot when a person sits there) make one move."""
        if self.viewing_past:
            return self.refuse(
                "You are looking at a past position; go back to the live game first."
            )
        if self.state.is_over:
            return self.refuse(f"The game is over: {self.outcome_text}")
        return self.play(self.bot_choice())

    def suggest(self) -> Cell | None:
        """Mark the search bot's suggestion for the player to move as :attr:`hint`."""
        if self.state.is_over or self.viewing_past:
            self.hint = None
            return None
        self.show_hint(self.bot_choice(hint=True))
        return self.hint

    def show_hint(self, cell: Cell) -> None:
        """Mark ``cell`` (a suggestion worked out elsewhere) as the hint, with a sentence."""
        self.param.update(
            hint=tuple(cell),
            message_is_error=False,
            message=f"Hint (strength {self.hint_strength}): {explain(self.state, cell).describe()}",
        )

    # ------------------------------------------------------------------ saving
    def _save_fields(self) -> dict[str, Any]:
        return {"rules": self.state.rules.to_dict(), **self.saved_moves()}

    def _save_checks(self) -> dict[str, Any]:
        return {"required": self.MOVES_SAVED}

    def _read_fields(self, data: dict[str, Any]) -> tuple[int, Any]:
        start, history, future = _read_game(data)

        def adopt() -> str:
            state = self._show_game(start, history, future)
            return f"Loaded a game of {len(history)} moves; {self.to_move_text(state)}"

        return len(PLAYER_NAMES), adopt


def _read_game(data: dict[str, Any]) -> tuple[State, list[Turn], list[Turn]]:
    """Check a save's positions and moves; ValueError with a sentence naming the problem."""
    start = read_start(data, State)
    if start.moves:
        raise ValueError("its start position already has moves in it.")
    history, future = replay_history(data, start, _replay)
    return start, history, future


def _replay(state: State, labels: Any, field: str) -> list[Turn]:
    if not isinstance(labels, list) or not all(isinstance(x, str) for x in labels):
        raise ValueError(f"its '{field}' must be a list of cell labels such as \"E5\".")
    return replay_turns(state, labels, field, Turn)
