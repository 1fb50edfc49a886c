"""Circle of Life: `panel serve apps/circle.py` (each browser session gets its own game)."""

import panel as pn

from cole_panel.circle import CircleDashboard
from cole_panel.ui.shell import serve_page

pn.extension()

serve_page(CircleDashboard(), title="Circle of Life", page="circle")
