"""Ecosystem: Savanna: `panel serve apps/ecosystem.py` (each browser session gets its own game)."""

import panel as pn

from cole_panel.ecosystem import EcosystemDashboard
from cole_panel.ui.shell import app_shell

pn.extension("tabulator")

app_shell(EcosystemDashboard(), title="Ecosystem: Savanna", page="ecosystem").servable()
