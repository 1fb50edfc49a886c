"""The options of Ecosystem as Param parameters, built from ``engines.ecosystem.Rules``.

:data:`ScoringOptions` are the variant and the rulebook readings that change a score (both
tabs share them, see docs/rules/ecosystem.md); :data:`DraftOptions` add the players and the
placement frame of the next draft.

>>> ScoringOptions.OPTION_NAMES[:2], DraftOptions.OPTION_NAMES[:3]
(('variant', 'elephant_floor'), ('variant', 'players', 'frame'))
>>> ScoringOptions(variant="two_parks").make_rules(players=4).decks
2
"""

from __future__ import annotations

from engines.ecosystem import Rules

from ..core.options import options_class

__all__ = ["SCORING_OPTIONS", "DraftOptions", "ScoringOptions"]

SCORING_OPTIONS = (
    "variant",
    "elephant_floor",
    "lion_scores_without_prey",
    "lion_choice",
    "majority_needs_gazelles",
    "row_points",
)
"""The ``Rules`` fields that change a score (the scoring explorer's options)."""

ScoringOptions = options_class(Rules, SCORING_OPTIONS, name="ScoringOptions")
"""The scoring options as Param parameters (``make_rules(players=..., frame=...)``)."""

DraftOptions = options_class(Rules, (*SCORING_OPTIONS, "players", "frame"), name="DraftOptions")
"""The scoring options, the players and the placement frame of the next draft."""
