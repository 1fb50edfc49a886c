"""Circle of Life: `panel serve apps/circle.py` (each browser session gets its own game)."""

import panel as pn

from cole_panel.circle import CircleDashboard
from cole_panel.rooms import game_page

pn.extension()

game_page("circle", CircleDashboard).servable(title="Circle of Life")
