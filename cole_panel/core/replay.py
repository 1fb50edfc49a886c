"""Reading a saved game back: its start, its actions replayed as turns, its saved position.

Every game's save holds the start position, the actions played (and undone) and the position
reached, so that a damaged or tampered file is caught: the actions must be legal from the start
and lead to the saved position.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engines import IllegalAction

from .model import Turn


def read_position(data: Mapping[str, Any], key: str, state_type: Any, what: str) -> Any:
    """``state_type.from_dict(data[key])``; ValueError 'its <what> is damaged (...)'."""
    try:
        return state_type.from_dict(data[key])
    except ValueError as err:
        raise ValueError(f"its {what} is damaged ({err}).") from None


def read_start(data: Mapping[str, Any], state_type: Any) -> Any:
    """The save's start position, checked against its ``rules`` field when it has one."""
    start = read_position(data, "start", state_type, "start position")
    if "rules" in data and data["rules"] != start.rules.to_dict():
        raise ValueError("its 'rules' do not match the rules of its start position.")
    return start


def check_reached(data: Mapping[str, Any], live: Any, actions: str) -> None:
    """ValueError unless the save's ``state`` is ``live``, where its ``actions`` lead."""
    saved = read_position(data, "state", type(live), "position")
    if saved.to_dict() != live.to_dict():
        raise ValueError(f"its {actions} do not lead to its saved position.")


def replay_turns(
    state: Any,
    actions: Sequence[Any],
    field: str,
    turn: type[Turn],
    label: Callable[[Any], str] = str,
) -> list[Turn]:
    """Play ``actions`` from ``state`` (never changed) as turns of type ``turn``.

    ValueError names the first one that cannot be played: ``"<field> number <n> (<label>)
    cannot be played: <the rules' reason>"``.
    """
    turns = []
    for n, action in enumerate(actions, start=1):
        new = state.clone()
        try:
            events = new.apply(action)
        except (IllegalAction, ValueError) as err:
            raise ValueError(
                f"{field} number {n} ({label(action)}) cannot be played: {err}"
            ) from None
        turns.append(turn.record(state, action, events, new))
        state = new
    return turns


def replay_history(
    data: Mapping[str, Any],
    start: Any,
    replay: Callable[[Any, Any, str], list[Turn]],
    actions: str = "moves",
) -> tuple[list[Turn], list[Turn]]:
    """A save's played turns and undone turns, checked.

    ``replay(state, raw, field)`` plays one field's raw list from ``state`` as turns: the save's
    ``data[actions]`` from ``start``, then its ``data["redo"]`` from where those lead.
    ValueError unless the played ones reach the saved ``state``.
    """
    history = replay(start, data[actions], actions)
    live = history[-1].state if history else start
    future = replay(live, data.get("redo", []), "redo")
    check_reached(data, live, actions)
    return history, future
