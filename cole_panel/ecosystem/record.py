"""Ecosystem: Savanna's page record (:mod:`cole_panel.game_pages`): registered on import."""

from __future__ import annotations

from ..game_pages import GamePage, register_page

PAGE = register_page(
    GamePage(
        name="ecosystem",
        title="Ecosystem: Savanna",
        link_text="Ecosystem",
        model="cole_panel.ecosystem.draft.model:EcosystemModel",
        dashboard="cole_panel.ecosystem.dashboard:EcosystemDashboard",
        room_model="cole_panel.ecosystem.draft.room_model:RoomEcosystemModel",
        picture="cole_panel.ecosystem.picture:picture",
        blurb=(
            "Draft cards into a 4 × 5 park (or two), then score it. Explore every scoring line "
            "step by step, cheetah and lion flips included."
        ),
        # A room's page opens on the draft the room plays.
        room_dashboard=(("open_on", "Draft table"),),
        extensions=("tabulator",),
        board="cole_panel.ecosystem.explorer.view:EXPLORER_BOARD",
    )
)
