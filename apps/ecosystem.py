"""Ecosystem: Savanna: `panel serve apps/ecosystem.py` (each browser session gets its own game)."""

import panel as pn

from cole_panel.ecosystem import EcosystemDashboard
from cole_panel.ui.shell import serve_page

pn.extension("tabulator")

serve_page(EcosystemDashboard(), title="Ecosystem: Savanna", page="ecosystem")
