"""On the Savannah: `panel serve apps/savannah.py` (each browser session gets its own game).

Page settings can come from the address, e.g. ``/savannah?players=2&seed=7&seat1=MCTS&speed=0``.
"""

from cole_panel.rooms.pages import serve_game

# The game of one's own (kept across reloads), or the room named in the address.
serve_game("savannah")
