"""Nim's page: ``COLE_GAMES=tests.nim.record panel serve tests/nim/nim.py`` (the test game)."""

from cole_panel.rooms.pages import serve_game

serve_game("nim")
