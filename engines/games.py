"""The registry of games: one :class:`Game` per rules engine, its parts loaded on first use.

>>> sorted(GAMES)
['circle', 'ecosystem', 'savannah']
>>> game = get_game("Circle")
>>> game.title, game.rules_type.__name__
('Circle of Life', 'Rules')
>>> game.new_game(seed=1).current_player
0
>>> game.replay(["E5"]).moves
((0, 0),)
>>> get_game("chess")
Traceback (most recent call last):
...
ValueError: Unknown game 'chess': the games are circle, ecosystem and savannah.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

__all__ = ["GAMES", "Game", "get_game"]


@dataclass(frozen=True)
class Game:
    """One game of the family and where its engine lives."""

    name: str
    """Machine name: ``"circle"``, ``"ecosystem"`` or ``"savannah"``."""
    title: str
    """The name on the box, e.g. ``"Ecosystem: Savanna"``."""
    module: str
    """Import path of the engine package, e.g. ``"engines.circle"``."""

    @property
    def package(self) -> ModuleType:
        """The engine package (imported on first use)."""
        return importlib.import_module(self.module)

    @property
    def rules_type(self) -> type:
        """The game's frozen ``Rules`` dataclass."""
        return self.package.Rules

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
    def reasons(self) -> ModuleType:
        """The game's ``reasons`` module: ``why(before, played, better)``, the review's words."""
        return importlib.import_module(self.module + ".reasons")


GAMES: dict[str, Game] = {
    game.name: game
    for game in (
        Game("circle", "Circle of Life", "engines.circle"),
        Game("ecosystem", "Ecosystem: Savanna", "engines.ecosystem"),
        Game("savannah", "Circle of Life: On the Savannah", "engines.savannah"),
    )
}
"""Every game, by machine name."""


def get_game(name: str) -> Game:
    """The game called ``name`` (case-insensitive); ``ValueError`` naming the known games."""
    game = GAMES.get(name.strip().lower()) if isinstance(name, str) else None
    if game is None:
        known = list(GAMES)
        raise ValueError(
            f"Unknown game {name!r}: the games are {', '.join(known[:-1])} and {known[-1]}."
        )
    return game
