"""Nim's game model: the shared :class:`~cole_panel.core.GameModel` with Nim's options and save.

>>> game = NimModel(seat1="Human")
>>> game.play((2, 3)), game.play("9:1"), game.message
(True, False, 'There is no pile 9; the piles are 1 to 3.')
>>> NimModel().load(game.save())
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import param

from cole_panel.core import GameModel, seats
from cole_panel.core import Turn as BaseTurn
from cole_panel.core.options import options_class
from cole_panel.core.replay import read_start, replay_history, replay_turns
from engines import Event, IllegalAction

from . import PLAYER_NAMES, Rules, State, new_game
from .game import GAME

SAVE_FORMAT = "nim"


@dataclass(frozen=True)
class Turn(BaseTurn):
    """One turn as played, with the position it led to."""

    ACTION_FIELD = "move"

    player: int
    move: tuple[int, int]
    label: str
    events: tuple[Event, ...]
    state: State

    @classmethod
    def record(cls, before: State, action: Any, events: Any, after: State) -> Turn:
        return cls(
            before.current_player, action, before.action_to_str(action), tuple(events), after
        )


@seats(*PLAYER_NAMES, defaults=("Human", "Greedy"))
class NimModel(GameModel, options_class(Rules, name="NimOptions")):
    """A Nim game with its options, seats, history and messages."""

    game = GAME.name
    save_format = SAVE_FORMAT
    title = "Nim"

    state = param.ClassSelector(class_=State, doc="The live position.")
    start = param.ClassSelector(class_=State, doc="The position the game started from.")

    def _set_up(self, state: State) -> None:
        self.show_new_game(state, "Position set up.")

    def new_game(self) -> None:
        """Start a new game with the current options (seats are kept)."""
        rules = self.make_rules()
        self.show_new_game(new_game(rules), f"New game: take 1 to {rules.max_take} stones a turn.")

    def play(self, action: Any) -> bool:
        """The player to move takes stones: ``(pile, count)`` or text like ``"2:3"``."""
        try:
            if isinstance(action, str):
                action = self.state.parse_action(action)
            new = self.state.clone()
            events = new.apply(action)
        except (IllegalAction, ValueError) as err:
            return self.refuse(str(err))
        self.show_played([Turn.record(self.state, action, events, new)])
        return True

    def _save_fields(self) -> dict[str, Any]:
        return self.saved_moves()

    def _save_checks(self) -> dict[str, Any]:
        return {"required": self.MOVES_SAVED}

    def _read_fields(self, data: dict[str, Any]) -> tuple[int, Any]:
        start = read_start(data, State)
        history, future = replay_history(data, start, _replay)

        def adopt() -> str:
            state = history[-1].state if history else start
            self.show_history(start, history, future, state)
            return f"Loaded a game of {len(history)} moves."

        return 2, adopt


def _replay(state: State, labels: Any, field: str) -> list[Turn]:
    if not isinstance(labels, list) or not all(isinstance(x, str) for x in labels):
        raise ValueError(f"its '{field}' must be a list of moves such as \"2:3\".")
    return replay_turns(state, [state.parse_action(t) for t in labels], field, Turn)
