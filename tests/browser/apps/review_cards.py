"""A finished game of a card game, on its page, for the Review tab's browser test.

The scripts ``review_savannah.py`` and ``review_ecosystem.py`` serve it (:func:`serve`): the
page opens on a two-player game played to its end at random (seed 1), with the review's
searches cut to a small budget so that the whole game is reviewed in seconds.
"""

import random
from functools import partial

import panel as pn

from cole_panel.core.reviewing import ReviewRun
from cole_panel.game_pages import get_page
from cole_panel.ui.shell import serve_page

REVIEW_BUDGET = 30
"""Iterations of each review search (enough for some moves to have a better one named)."""


def finished_page(game: str) -> pn.viewable.Viewable:
    """The dashboard of ``game`` ("savannah" or "ecosystem") on a finished random game."""
    if game == "savannah":
        from cole_panel.savannah import SavannahDashboard as Dashboard
        from cole_panel.savannah import SavannahModel as Model
    else:
        from cole_panel.ecosystem import EcosystemDashboard as Dashboard
        from cole_panel.ecosystem import EcosystemModel as Model
    model = Model(seat0="Human", seat1="Human", players=2, seed=1)
    rng = random.Random(1)
    while not model.state.is_over:
        model.play(rng.choice(model.state.legal_actions()))
    return Dashboard(model=model)


def serve(game: str) -> None:
    """Serve :func:`finished_page` of ``game`` as the game's own page is served."""
    ReviewRun.param.iterations.default = REVIEW_BUDGET
    page = get_page(game)
    serve_page(
        partial(finished_page, game),
        title="A finished game to review",
        page=page.address,
        extensions=page.extensions,
    )
