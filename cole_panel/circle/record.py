"""Circle of Life's page record (:mod:`cole_panel.game_pages`): registered on import."""

from __future__ import annotations

from ..game_pages import GamePage, register_page

PAGE = register_page(
    GamePage(
        name="circle",
        title="Circle of Life",
        model="cole_panel.circle.model:CircleModel",
        dashboard="cole_panel.circle.dashboard:CircleDashboard",
        room_model="cole_panel.circle.room_model:RoomCircleModel",
        picture="cole_panel.circle.picture:picture",
        blurb=(
            "Two players grow critters of 1–4 stones on a hex board. Each of the 12 species eats "
            "the next one round the Circle of Life; eat 20 stones or fill the board to win."
        ),
        lab="cole_panel.circle.lab_facts",
    )
)
