"""A shareable link to an On the Savannah game: seats, seed, rule options and the moves so far.

:func:`game_query` writes the address query of a game; :func:`read_query` reads one back — the
one place a Savannah page address is parsed — checking each parameter on its own: a bad one is
named in a sentence and left out, the good ones are kept.  :func:`open_game` builds the game a query asks
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
>>> found = read_query("?players=5&hand_size=5&start_row=40&seat5=MCTS&seat07=Human")
>>> found.values
{'players': 5, 'hand_size': 5}
>>> for problem in found.problems:
...     print(problem)  # doctest: +ELLIPSIS
seat5: there is no such parameter (use players, ...).
seat07: there is no such parameter (use players, ...).
start_row: 40 was not used: Rules field 'start_row': 5 hands of 5 and a row of 40 leave no draw pile.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from engines import IllegalAction
from engines.options import changed_options
from engines.savannah import Rules

from ..core.query import keep_consistent, number, param_parsers, parse_whole, rules_parsers
from ..core.query import read_query as read_parameters
from .game_file import shuffle_pile
from .model import MAX_SEATS, SavannahModel
from .options import SavannahOptions
from .turns import Turn

__all__ = ["MAX_MOVES", "SharedGame", "game_query", "open_game", "read_query"]

_OPTIONS = SavannahOptions.OPTION_NAMES
_SEATS = tuple(f"seat{p}" for p in range(MAX_SEATS))
_STRENGTHS = tuple(f"strength{p}" for p in range(MAX_SEATS))
_NOT_PARAMS = ("speed", "moves", "shuffles")
MAX_MOVES = 200
"""More moves than a game can have are not read."""


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

    @property
    def values(self) -> dict[str, Any]:
        """Every good parameter's value, by name (the model's, the moves, the speed)."""
        extra = {"moves": self.moves, "shuffles": self.shuffles, "speed": self.speed}
        return {**self.params, **{k: v for k, v in extra.items() if v not in (None, [])}}


def _moves(text: str) -> list[str]:
    moves = [m.strip() for m in text.split(",") if m.strip()]
    if len(moves) > MAX_MOVES:
        raise ValueError(f"lists more than the {MAX_MOVES} moves a game can have")
    return moves


def _shuffles(text: str) -> list[int]:
    counts = [n for n in text.split(",") if n.strip()]
    if len(counts) > MAX_MOVES:
        raise ValueError("lists more shuffles than a game can have")
    try:
        return [parse_whole(n, 0, MAX_MOVES) for n in counts]
    except ValueError:
        raise ValueError(f"is not a list of move counts from 0 to {MAX_MOVES}") from None


def read_query(args: Any) -> SharedGame:
    """Read page arguments (``pn.state.session_args``, a plain dict or ``"?a=1"``); never
    raises.  Each parameter is checked on its own (a rule option by what its ``Rules`` field
    declares); options that do not fit together are dropped, last given first, and named."""
    parsers = {
        **rules_parsers(Rules, _OPTIONS),
        **param_parsers(SavannahModel, ["seed", *_SEATS, *_STRENGTHS, "hide_hands"]),
        "speed": number(0, 5),
        "moves": _moves,
        "shuffles": _shuffles,
    }
    known = ", ".join([*_OPTIONS, "seed", "seat0 to seat4"])
    found = read_parameters(
        args, parsers, f"{known}, strength0 to strength4, hide_hands, speed, moves, shuffles"
    )
    found = keep_consistent(
        found, lambda options: SavannahOptions(**options).make_rules(), _OPTIONS
    )
    values = found.values
    return SharedGame(
        params={k: v for k, v in values.items() if k not in _NOT_PARAMS},
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
    params.update(changed_options(start.rules, [n for n in _OPTIONS if n != "players"]))
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
        model.adopt(start, history, [], "", shuffles=list(shared.shuffles))
    return len(history)
