"""A shareable link to an On the Savannah game: seats, seed, rule options and the moves so far.

:func:`game_query` writes the address query of a game; :func:`read_query` reads one back — the
one place a page address is parsed — checking each parameter on its own: a bad one is named in
a sentence and left out, the good ones are kept.  :func:`open_game` builds the game a query asks
for: a new game from the seed, the draw pile shuffled again where the game was undone, then the
moves replayed (stopping, with a sentence, at the first that cannot be played).

>>> shared = read_query({"players": "9", "seed": "abc", "seat1": "bogus", "seat2": "mcts"})
>>> shared.params
{'seat2': 'MCTS'}
>>> for problem in shared.problems:
...     print(problem)
players: '9' is not a whole number from 2 to 5.
seed: 'abc' is not a whole number from 0 to 4294967295.
seat1: 'bogus' is not one of Human, Random, Greedy, MCTS.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from engines import IllegalAction

from .address import MAX_MOVES, read_savannah_query
from .game_file import shuffle_pile
from .model import MAX_SEATS, SavannahModel
from .options import SavannahOptions
from .turns import Turn

__all__ = ["MAX_MOVES", "SharedGame", "game_query", "open_game", "read_query"]

_OPTIONS = SavannahOptions.OPTION_NAMES
_SEATS = tuple(f"seat{p}" for p in range(MAX_SEATS))


@dataclass
class SharedGame:
    """What a page address asks for, and what was wrong with it."""

    params: dict[str, Any] = field(default_factory=dict)
    """Model parameters (options, seats, strengths, seed, hide_hands), each checked."""
    moves: list[str] = field(default_factory=list)
    """The moves to replay, as the engine writes them ('play zebra#2')."""
    shuffles: list[int] = field(default_factory=list)
    """The moves kept at each shuffle of the draw pile after an undo."""
    speed: float | None = None
    """Seconds per playback step, or None."""
    problems: list[str] = field(default_factory=list)
    """One sentence per parameter left out, starting with it."""


def read_query(args: Any) -> SharedGame:
    """Read page arguments (``pn.state.session_args``, a plain dict or ``"?a=1"``); never
    raises.  Each parameter is checked on its own by :func:`read_savannah_query`."""
    found = read_savannah_query(args)
    values = found.values
    return SharedGame(
        params={k: v for k, v in values.items() if k not in ("speed", "moves", "shuffles")},
        moves=values.get("moves", []),
        shuffles=values.get("shuffles", []),
        speed=values.get("speed"),
        problems=found.problems,
    )


def game_query(model: SavannahModel) -> str:
    """The address query that reopens ``model``'s game: seats, seed, options that differ from
    the rulebook's, the moves so far ('' for a game no link can rebuild, e.g. a loaded
    position)."""
    start = model.start
    if start.seed is None:
        return ""
    params: dict[str, Any] = {"players": start.players, "seed": start.seed}
    defaults = SavannahOptions()
    for name, value in SavannahOptions.options_from(start.rules).items():
        if name != "players" and value != getattr(defaults, name):
            params[name] = value
    for p in range(start.players):
        params[f"seat{p}"] = model.seat(p)
        if model.seat(p) == "MCTS":
            params[f"strength{p}"] = model.strength(p)
    if not model.hide_hands:
        params["hide_hands"] = False
    if model.shuffles:
        params["shuffles"] = ",".join(map(str, model.shuffles))
    if model.history:
        params["moves"] = ",".join(start.action_to_str(t.move) for t in model.history)
    return "?" + urlencode(
        {k: str(v).lower() if isinstance(v, bool) else v for k, v in params.items()}
    )


def open_game(shared: SharedGame) -> SavannahModel:
    """The game ``shared`` asks for; its message names every problem (nothing raised)."""
    problems = list(shared.problems)
    model = SavannahModel(**{k: v for k, v in shared.params.items() if k in ("seed", *_SEATS)})
    for key, value in shared.params.items():
        try:
            model.param.update({key: value})
        except ValueError as err:
            problems.append(f"{key}={value}: {err}")
    if not model.new_game():
        problems.append(model.message)
        model.param.update({k: SavannahModel.param[k].default for k in _OPTIONS})
        model.new_game()
    played = _replay(model, shared, problems)
    if played:
        model.message = f"Opened a shared game after {played} move{'s' * (played != 1)}."
    if problems:
        model.param.update(
            message=((model.message + " ") if played else "")
            + "Not used from the page address: "
            + " ".join(problems),
            message_is_error=True,
        )
    return model


def _replay(model: SavannahModel, shared: SharedGame, problems: list[str]) -> int:
    """Shuffle the start as the shared game was, then play its moves; the number played."""
    if not shared.moves:
        return 0
    start = model.start
    for ordinal, kept in enumerate(shared.shuffles, start=1):
        state = start.clone()
        try:
            for move in shared.moves[:kept]:
                state.apply(state.parse_action(move))
        except (ValueError, IllegalAction):
            break
        start = shuffle_pile(start, state.pile_size, ordinal)
    state, history = start, []
    for n, text in enumerate(shared.moves, start=1):
        after = state.clone()
        try:
            move = state.parse_action(text)
            events = after.apply(move)
        except (ValueError, IllegalAction) as err:
            problems.append(f"move {n} ({text[:40]}) cannot be played: {err}")
            break
        history.append(Turn.record(state, move, events, after))
        state = after
    if history:
        model._adopt(start, history, [], "", shuffles=list(shared.shuffles))
    return len(history)
