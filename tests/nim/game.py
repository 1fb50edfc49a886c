"""Nim's engine record: importing this module adds it to :data:`engines.games.GAMES`."""

from __future__ import annotations

from engines.games import Game, register_game

GAME = register_game(Game("nim", "Nim", "tests.nim", players=(2, 2), save_label="nim"))
