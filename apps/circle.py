"""Circle of Life: `panel serve apps/circle.py` (each browser session gets its own game)."""

import panel as pn

from cole_panel.circle import CircleDashboard
from cole_panel.ui.resume import CONNECTION, keep_game
from cole_panel.ui.shell import serve_page

pn.extension(**CONNECTION)

dashboard = CircleDashboard()
keep_game(dashboard.model, "circle")  # a reload or a restart brings the game back
serve_page(dashboard, title="Circle of Life", page="circle")
