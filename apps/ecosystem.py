"""Ecosystem: Savanna: `panel serve apps/ecosystem.py` (each browser session gets its own game)."""

from functools import partial

from cole_panel.ecosystem import EcosystemDashboard
from cole_panel.rooms import game_page
from cole_panel.ui.shell import serve_page

# The game of one's own (kept across reloads), or the room named in the address (its page
# opens on the draft the room plays).
room_dashboard = partial(EcosystemDashboard, open_on="Draft table")
serve_page(
    partial(game_page, "ecosystem", room_dashboard, solo=EcosystemDashboard),
    title="Ecosystem: Savanna",
    page="ecosystem",
    extensions=("tabulator",),
)
