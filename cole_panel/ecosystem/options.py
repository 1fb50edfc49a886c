"""The scoring options both tabs share, as Param parameters mirroring ``engines.ecosystem.Rules``."""

from __future__ import annotations

from typing import Any

import param

from engines.ecosystem import ROW_POINTS, Rules


class ScoringOptions(param.Parameterized):
    """The variant and the rulebook readings that change a score (see docs/rules/ecosystem.md)."""

    variant = param.Selector(
        default="classic",
        objects=["classic", "two_parks"],
        doc=("classic: one park each; two_parks: Park West and Park East with the row bonus."),
    )
    elephant_floor = param.Integer(
        default=None,
        allow_None=True,
        bounds=(-2, 6),
        doc=("Lowest score of one elephant; None lets it go below 0 (6 − 2 × 4 = −2)."),
    )
    lion_scores_without_prey = param.Boolean(
        default=False,
        doc=("Whether a lion next to grassland scores 4 when no face-up gazelle or zebra is left."),
    )
    lion_choice = param.Selector(
        default="best",
        objects=["best", "reading_order"],
        doc=(
            "Which prey a lion flips unless you choose: the owner's best total, or the first "
            "face-up one in reading order."
        ),
    )
    majority_needs_gazelles = param.Boolean(
        default=True,
        doc=("Whether a player needs at least one gazelle to take part in the gazelle majority."),
    )

    row_points = param.NumericTuple(
        default=ROW_POINTS,
        length=len(ROW_POINTS),
        doc=(
            "Two parks: points of a 10-card row for 0, 1, … 10 different face-up card types "
            "(the rulebook's table by default)."
        ),
    )

    OPTION_NAMES = (
        "variant",
        "elephant_floor",
        "lion_scores_without_prey",
        "lion_choice",
        "majority_needs_gazelles",
        "row_points",
    )

    def make_rules(self, **extra: Any) -> Rules:
        """Engine rules from these options (plus e.g. ``players`` and ``frame``)."""
        values = {name: getattr(self, name) for name in self.OPTION_NAMES}
        values["row_points"] = tuple(int(v) for v in values["row_points"])
        return Rules(**values, **extra)

    def options_from(self, rules: Rules) -> dict[str, Any]:
        """The parameter values that describe ``rules`` (for ``param.update``)."""
        return {name: getattr(rules, name) for name in self.OPTION_NAMES}
