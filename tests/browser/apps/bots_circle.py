"""Circle of Life with two quick bots playing from the moment a page opens, at a fast pace."""

import panel as pn

from cole_panel.circle import CircleDashboard, CircleModel

pn.extension()

CircleDashboard(model=CircleModel(seat0="Greedy", seat1="Random"), pace=0.1).servable(
    title="Circle of Life (bots)"
)
