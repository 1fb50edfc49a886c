"""Circle of Life: `panel serve apps/circle.py` (each browser session gets its own game)."""

import panel as pn

from cole_panel.circle import CircleDashboard
from cole_panel.ui.address import page_location_ok

pn.extension()

CircleDashboard().servable(title="Circle of Life", location=page_location_ok())
