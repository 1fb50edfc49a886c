"""On the Savannah: `panel serve apps/savannah.py` (each browser session gets its own game).

Page settings can come from the address, e.g. ``/savannah?players=2&seed=7&seat1=MCTS&speed=0``.
"""

import panel as pn

from cole_panel.savannah import SavannahDashboard
from cole_panel.ui.resume import CONNECTION, keep_game
from cole_panel.ui.shell import serve_page

pn.extension("tabulator", **CONNECTION)

dashboard = SavannahDashboard.from_query()
keep_game(dashboard.model, "savannah")  # a reload or a restart brings the game back
serve_page(dashboard, title="On the Savannah", page="savannah")
