"""On the Savannah: `panel serve apps/savannah.py` (each browser session gets its own game).

Page settings can come from the address, e.g. ``/savannah?players=2&seed=7&seat1=MCTS&speed=0``.
"""

from functools import partial

from cole_panel.rooms import game_page
from cole_panel.savannah import SavannahDashboard
from cole_panel.ui.shell import serve_page

# The game of one's own (kept across reloads), or the room named in the address.
serve_page(
    partial(game_page, "savannah", SavannahDashboard, solo=SavannahDashboard.from_query),
    title="On the Savannah",
    page="savannah",
    extensions=("tabulator",),
)
