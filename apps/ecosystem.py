"""Ecosystem: Savanna: `panel serve apps/ecosystem.py` (each browser session gets its own game)."""

import panel as pn

from cole_panel.ecosystem import EcosystemDashboard
from cole_panel.ui.resume import CONNECTION, keep_game
from cole_panel.ui.shell import serve_page

pn.extension("tabulator", **CONNECTION)

dashboard = EcosystemDashboard()
keep_game(dashboard.model, "ecosystem")  # a reload or a restart brings the game back
serve_page(dashboard, title="Ecosystem: Savanna", page="ecosystem")
