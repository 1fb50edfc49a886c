"""Reading a saved On the Savannah game: its start position, moves and undone moves."""

from __future__ import annotations

import random
from typing import Any

from engines import IllegalAction
from engines.savannah import Move, State, move_from_dict, move_to_dict
from engines.savannah.deck import default_deck

from ..core import read_start, replay_history, replay_turns
from .turns import Turn


def turn_records(turns: list[Turn]) -> list[dict[str, Any]]:
    """The moves of ``turns`` as the save file lists them."""
    return [move_to_dict(t.move) for t in turns]


def read_game(data: dict[str, Any]) -> tuple[State, list[Turn], list[Turn]]:
    """Check a save's positions and moves; ValueError with a sentence naming the problem."""
    start = read_start(data, State)
    if start.cards != default_deck():
        # the views draw the packaged cards only; a half-drawn page is worse than a refusal
        raise ValueError(
            "its start position brings its own deck of cards; this app plays the packaged "
            "deck only."
        )
    history, future = replay_history(data, start, _replay)
    return start, history, future


def _replay(state: State, moves: Any, field: str) -> list[Turn]:
    if not isinstance(moves, list):
        raise ValueError(f"its '{field}' must be a list of moves.")
    parsed = []
    for n, raw in enumerate(moves, start=1):
        try:
            parsed.append(move_from_dict(raw))
        except ValueError as err:
            raise ValueError(f"{field} number {n} is not a move ({err}).") from None
    return replay_turns(state, parsed, field, Turn, _move_label)


def _move_label(move: Move) -> str:
    data = move_to_dict(move)
    return f"{data.get('type')} {data.get('card')}"


def replay_moves(state: State, moves: list[Any]) -> list[Turn]:
    """Play the moves (or turns' moves) from ``state`` again as turns, stopping before the
    first that can no longer be played (after the draw pile was shuffled again)."""
    turns = []
    for move in moves:
        move = getattr(move, "move", move)
        new = state.clone()
        try:
            events = new.apply(move)
        except IllegalAction:
            break
        turns.append(Turn.record(state, move, events, new))
        state = new
    return turns


def shuffle_pile(start: State, unseen: int, ordinal: int) -> State:
    """``start`` with the first ``unseen`` cards of its draw pile (those not drawn yet) shuffled
    again: the ``ordinal``-th shuffle after an undo, from the start's seed (the same game
    shuffles the same way, so a link can rebuild it)."""
    data = start.to_dict()
    cards = data["pile"][:unseen]
    random.Random(f"{start.seed}/{unseen}/{ordinal}").shuffle(cards)
    data["pile"][:unseen] = cards
    return State.from_dict(data)
