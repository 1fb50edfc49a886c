"""Circle of Life: `panel serve apps/circle.py` (each browser session gets its own game)."""

from functools import partial

from cole_panel.circle import CircleDashboard
from cole_panel.rooms import game_page
from cole_panel.ui.shell import serve_page

# The game of one's own (kept across reloads), or the room named in the address.
serve_page(partial(game_page, "circle", CircleDashboard), title="Circle of Life", page="circle")
