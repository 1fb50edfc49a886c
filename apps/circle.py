"""Circle of Life: `panel serve apps/circle.py` (each browser session gets its own game)."""

import panel as pn

from cole_panel.circle import CircleDashboard
from cole_panel.rooms import game_page
from cole_panel.ui.resume import CONNECTION
from cole_panel.ui.shell import serve_page


def circle_page():
    """The game of one's own (kept across reloads), or the room named in the address."""
    pn.extension(**CONNECTION)
    return game_page("circle", CircleDashboard)


serve_page(circle_page, title="Circle of Life", page="circle")
