"""On the Savannah: `panel serve apps/savannah.py` (each browser session gets its own game).

Page settings can come from the address, e.g. ``/savannah?players=2&seed=7&seat1=MCTS&speed=0``.
"""

import panel as pn

from cole_panel.rooms import game_page
from cole_panel.savannah import SavannahDashboard
from cole_panel.ui.resume import CONNECTION
from cole_panel.ui.shell import serve_page


def savannah_page():
    """The game of one's own (kept across reloads), or the room named in the address."""
    pn.extension("tabulator", **CONNECTION)
    return game_page("savannah", SavannahDashboard, solo=SavannahDashboard.from_query)


serve_page(savannah_page, title="On the Savannah", page="savannah")
