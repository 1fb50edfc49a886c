"""Ecosystem: Savanna: `panel serve apps/ecosystem.py` (each browser session gets its own game)."""

import panel as pn

from cole_panel.ecosystem import EcosystemDashboard
from cole_panel.ui.address import page_location_ok

pn.extension("tabulator")

EcosystemDashboard().servable(title="Ecosystem: Savanna", location=page_location_ok())
