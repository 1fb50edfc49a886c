"""The record of every game: one frozen :class:`Game` per rules engine, its parts loaded on first use.

Everything above the engines (models, pages, rooms, bots, the lab) reads a game's facts here and
nowhere else: its name and title, how many players it seats, its ``Rules``, ``new_game`` and
``replay``, its bots and their strength table, its save label and what one seat may see of it.

>>> list(GAMES)[:3]
['circle', 'ecosystem', 'savannah']
>>> game = get_game("Circle")
>>> game.title, game.rules_type.__name__, game.players
('Circle of Life', 'Rules', (2, 2))
>>> game.new_game(seed=1).current_player
0
>>> game.replay(["E5"]).moves
((0, 0),)
>>> game.strengths[1], game.make_bot("Greedy", 1, seed=3).__class__.__name__
(150, 'GreedyBot')
>>> get_game("savannah").player_count({"players": 3}), get_game("savannah").player_count({})
(3, 4)
>>> get_game("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: Unknown game 'chess': the games are circle, ecosystem and savannah...
>>> get_game("savana")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: Unknown game 'savana': did you mean 'savannah'? The games are circle, ecosystem and savannah...

A game defined elsewhere (a test's, a plug-in's) joins with :func:`register_game`; a server
process loads such games from the modules named in ``$COLE_GAMES`` (comma-separated, imported
on first need by :func:`load_added_games`).
"""

from __future__ import annotations

import importlib
import os
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from engines.text import and_list, unknown

__all__ = [
    "ADDED_GAMES_VARIABLE",
    "GAMES",
    "Game",
    "add_record",
    "get_game",
    "load_added_games",
    "register_game",
]

ADDED_GAMES_VARIABLE = "COLE_GAMES"
"""The environment variable naming modules (comma-separated) that register more games."""


@dataclass(frozen=True)
class Game:
    """One game and where its engine lives.

    The engine package (``module``) provides ``Rules``, ``State``, ``new_game(rules=None,
    seed=None)`` and ``replay(actions, rules=None, seed=None)``; its ``bots`` module provides
    ``RandomBot``, ``GreedyBot``, ``MCTSBot``, ``make_bot(kind, strength, seed)`` and the
    strength table ``ITERATIONS``; it may provide ``player_view(state, seat)``.
    """

    name: str
    """Machine name, in addresses, saves of rooms and the lab's command line: ``"circle"``."""
    title: str
    """The name on the box, e.g. ``"Ecosystem: Savanna"``."""
    module: str
    """Import path of the engine package, e.g. ``"engines.circle"``."""
    players: tuple[int, int] = (2, 2)
    """Fewest and most players."""
    save_label: str = ""
    """The tag a save file of this game carries (its ``"game"`` field, see :mod:`engines.saves`)."""
    hidden_information: bool = False
    """Whether a seat may not see everything (another's hand, the draw pile): a room's game
    is saved only once it is over, since a save holds every hand."""

    def __post_init__(self) -> None:
        low, high = self.players
        if not 1 <= low <= high:
            raise ValueError(f"{self.name}: the player range {self.players} is not low <= high.")

    @property
    def min_players(self) -> int:
        return self.players[0]

    @property
    def max_players(self) -> int:
        return self.players[1]

    @property
    def package(self) -> ModuleType:
        """The engine package (imported on first use)."""
        return importlib.import_module(self.module)

    @property
    def rules_type(self) -> type:
        """The game's frozen ``Rules`` dataclass."""
        return self.package.Rules

    @property
    def state_type(self) -> type:
        """The game's ``State`` (``State.from_json`` reads a position back)."""
        return self.package.State

    @property
    def new_game(self) -> Callable[..., Any]:
        """The game's ``new_game(rules=None, seed=None)``."""
        return self.package.new_game

    @property
    def replay(self) -> Callable[..., Any]:
        """The game's ``replay(actions, rules=None, seed=None)``."""
        return self.package.replay

    @property
    def bots(self) -> ModuleType:
        """The game's ``bots`` module (``RandomBot``, ``GreedyBot``, ``MCTSBot``…)."""
        return importlib.import_module(self.module + ".bots")

    @property
    def strengths(self) -> Mapping[int, int]:
        """The strength table: search iterations per move at each strength from 1 to 5."""
        return self.bots.ITERATIONS

    @property
    def reasons(self) -> ModuleType:
        """The game's ``reasons`` module: ``why(before, played, better)``, the review's words."""
        return importlib.import_module(self.module + ".reasons")

    def make_bot(self, kind: str, strength: int, seed: int | None) -> Any:
        """A new bot (``'Random'``, ``'Greedy'`` or ``'MCTS'``, any case) with a ``choose``."""
        bots = self.bots
        low = kind.lower()
        if low == "random":
            return bots.RandomBot(seed=seed)
        if low == "greedy":
            return bots.GreedyBot(seed=seed)
        return bots.make_bot(low, strength, seed=seed)

    def player_view(self, state: Any, seat: int | None) -> Any:
        """What ``seat`` may see of ``state``: the engine's ``player_view(state, seat)`` if it
        has one, else ``state.observation(seat)``."""
        view = getattr(self.package, "player_view", None)
        if view is not None:
            return view(state, seat)
        return state.observation(seat)

    def player_count(self, rules: Mapping[str, Any] | Any = None) -> int:
        """How many seats a game with these options has (a ``Rules`` or a dict of its fields)."""
        low, high = self.players
        if low == high:
            return low
        if rules is None or isinstance(rules, Mapping):
            given = (rules or {}).get("players")
            return int(given if given is not None else self.rules_type().players)
        return int(rules.players)


_BUILT_IN = (
    Game(
        "circle",
        "Circle of Life",
        "engines.circle",
        players=(2, 2),
        save_label="circle-of-life",
    ),
    Game(
        "ecosystem",
        "Ecosystem: Savanna",
        "engines.ecosystem",
        players=(2, 6),
        save_label="ecosystem-savanna",
        hidden_information=True,
    ),
    Game(
        "savannah",
        "Circle of Life: On the Savannah",
        "engines.savannah",
        players=(2, 5),
        save_label="circle-of-life-on-the-savannah",
        hidden_information=True,
    ),
)

GAMES: dict[str, Game] = {game.name: game for game in _BUILT_IN}
"""Every game, by machine name: the family's own, then those added by :func:`register_game`."""

_lock = threading.Lock()
_loaded: list[str] = []


def register_game(game: Game) -> Game:
    """Add ``game`` to :data:`GAMES` (again with the same record: nothing changes); returns it.
    ``ValueError`` if another record already has its name."""
    if not isinstance(game, Game):
        raise TypeError(f"register_game takes a Game, not {type(game).__name__}.")
    return add_record(GAMES, game, "a game called")


def add_record(table: dict[str, Any], record: Any, what: str) -> Any:
    """Put ``record`` in ``table`` under its ``name`` (the same record again: nothing changes)
    and return it; ``ValueError`` ("There is already <what> 'name'") if another has the name."""
    with _lock:
        known = table.get(record.name)
        if known is not None and known != record:
            raise ValueError(f"There is already {what} {record.name!r}: {known!r}.")
        table[record.name] = record
    return record


def load_added_games() -> None:
    """Import, once, the modules named in ``$COLE_GAMES`` (each registers its games)."""
    names = [m.strip() for m in os.environ.get(ADDED_GAMES_VARIABLE, "").split(",") if m.strip()]
    for module in names:
        if module not in _loaded:
            _loaded.append(module)  # first: a module importing this one does not loop
            importlib.import_module(module)


def get_game(name: str) -> Game:
    """The game called ``name`` (case-insensitive); ``ValueError`` naming the known games
    (and the close ones first: a typing slip)."""
    key = name.strip().lower() if isinstance(name, str) else None
    if key is not None and key not in GAMES:
        load_added_games()
    game = GAMES.get(key) if key is not None else None
    if game is None:
        raise ValueError(unknown("game", name, GAMES, listed=_known()))
    return game


def _known() -> str:
    own = [g.name for g in _BUILT_IN]
    added = [name for name in GAMES if name not in own]
    return and_list(own) + (f"; added here: {', '.join(added)}" if added else "")
