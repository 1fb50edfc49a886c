"""Circle of Life: `panel serve apps/circle.py` (each browser session gets its own game)."""

from cole_panel.rooms.pages import serve_game

# The game of one's own (kept across reloads), or the room named in the address.
serve_game("circle")
