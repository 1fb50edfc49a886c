"""Nim's two records: the engine's (:mod:`tests.nim.game`) and its page's.

A server loads them with ``COLE_GAMES=tests.nim.record`` (see ``docs/architecture.md``).
"""

from __future__ import annotations

from cole_panel.game_pages import GamePage, register_page

from .game import GAME

PAGE = register_page(
    GamePage(
        name=GAME.name,
        title="Nim",
        model="tests.nim.model:NimModel",
        dashboard="tests.nim.dashboard:NimDashboard",
        room_model="tests.nim.room_model:RoomNimModel",
        picture="tests.nim.picture:picture",
        blurb="Take 1 to 3 stones from a pile; whoever takes the last stone wins.",
    )
)
