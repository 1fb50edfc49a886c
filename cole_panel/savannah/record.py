"""On the Savannah's page record (:mod:`cole_panel.game_pages`): registered on import."""

from __future__ import annotations

from ..game_pages import GamePage, register_page

PAGE = register_page(
    GamePage(
        name="savannah",
        title="On the Savannah",
        model="cole_panel.savannah.model:SavannahModel",
        dashboard="cole_panel.savannah.dashboard:SavannahDashboard",
        room_model="cole_panel.savannah.room_model:RoomSavannahModel",
        picture="cole_panel.savannah.picture:picture",
        blurb=(
            "Play animals onto a shared card row; predators hunt, humans scare, scavengers "
            "steal. Every hunt is explained as it happens."
        ),
        # Page settings can come from the address (``?players=2&seed=7&seat1=MCTS``).
        solo="cole_panel.savannah.dashboard:SavannahDashboard.from_query",
        extensions=("tabulator",),
        hidden_score_parts=("hand",),
        lab="cole_panel.savannah.lab_facts",
    )
)
