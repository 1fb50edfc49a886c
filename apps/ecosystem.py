"""Ecosystem: Savanna: `panel serve apps/ecosystem.py` (each browser session gets its own game)."""

import panel as pn

from cole_panel.ecosystem import EcosystemDashboard

pn.extension("tabulator")

EcosystemDashboard().servable(title="Ecosystem: Savanna")
