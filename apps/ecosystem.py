"""Ecosystem: Savanna: `panel serve apps/ecosystem.py` (each browser session gets its own game)."""

from cole_panel.rooms.pages import serve_game

# The game of one's own (kept across reloads), or the room named in the address (its page
# opens on the draft the room plays).
serve_game("ecosystem")
