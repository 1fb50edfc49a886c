"""Circle of Life: `panel serve apps/circle.py` (each browser session gets its own game)."""

import panel as pn

from cole_panel.circle import CircleDashboard

pn.extension()

CircleDashboard().servable(title="Circle of Life")
