"""Circle of Life against the strongest search bot, for the server tests (a long search)."""

import panel as pn

from cole_panel.circle import CircleDashboard, CircleModel
from cole_panel.ui.resume import CONNECTION, keep_game

pn.extension(**CONNECTION)

dashboard = CircleDashboard(model=CircleModel(seat0="Human", seat1="MCTS", strength1=5))
keep_game(dashboard.model, "slow_circle")
dashboard.servable(title="Circle of Life (strong bot)")
