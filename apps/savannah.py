"""On the Savannah: `panel serve apps/savannah.py` (each browser session gets its own game).

Page settings can come from the address, e.g. ``/savannah?players=2&seed=7&seat1=MCTS&speed=0``.
"""

import panel as pn

from cole_panel.rooms import game_page
from cole_panel.savannah import SavannahDashboard

pn.extension("tabulator")

game_page("savannah", SavannahDashboard, solo=SavannahDashboard.from_query).servable(
    title="On the Savannah"
)
