"""The options of the next new game of On the Savannah, as Param parameters.

Built from :class:`engines.savannah.Rules` (:func:`~cole_panel.core.options.options_class`);
a page starts with three players, which keeps the wait between your turns short.

>>> SavannahOptions(players=4).make_rules().players
4
>>> SavannahOptions().players, SavannahOptions.param.players.bounds
(3, (2, 5))
"""

from __future__ import annotations

from engines.options import option_spec
from engines.savannah import Rules

from ..core.options import options_class

__all__ = ["MAX_SEATS", "SavannahOptions"]

SavannahOptions = options_class(Rules, defaults={"players": 3}, name="SavannahOptions")
"""Every rule option of the game, with the rulebook's values as defaults (three players)."""

MAX_SEATS: int = option_spec(Rules, "players").bounds[1]
"""The most players a game can have."""
