"""Scoring parks in the rulebook's order, step by step, with every line explained.

``score(parks)`` takes one :class:`~engines.ecosystem.park.Park` per player (classic) or
one ``(west, east)`` pair per player (two parks) and returns a
:class:`~engines.ScoreSheet`; ``score_steps(parks)`` yields a :class:`ScoringStep` per
card type (one per lion for lions) whose last ``sheet`` is what ``score`` returns.

Cells in score lines: ``(row, column)`` in the classic game, ``("west", row, column)`` or
``("east", row, column)`` with two parks. Each line's ``cells`` start with the card that
scored, followed by the cards that earned it the points (the animals next to a watering
hole, the gazelles on a cheetah's diagonals, the prey a lion flipped…).

>>> from engines.ecosystem.park import Park
>>> park = Park.parse('''
... GR GR ZB .. ..
... .. GZ .. .. ..
... .. .. CH .. ..
... .. .. .. .. ..''')
>>> sheet = score([park])
>>> sheet.by_category(0)
{'grassland': 4, 'gazelle': 7, 'zebra': 3, 'cheetah': 3}
>>> [step.category for step in score_steps([park])]
['watering_hole', 'grassland', 'tree', 'gazelle', 'zebra', 'giraffe', 'cheetah', 'lion', 'elephant', 'hyena', 'vulture']
>>> sorted(list(score_steps([park]))[-1].flipped[0])
[(1, 1)]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from engines import ScoreLine, ScoreSheet

from .cards import CardType
from .categories import ParkScorer
from .masks import Cell, park_cell
from .rules import Rules
from .scoring_steps import LionChoice, ScoringStep

__all__ = [
    "CATEGORIES",
    "LionChoice",
    "ScoringStep",
    "park_cell",
    "score",
    "score_steps",
    "totals",
]

CATEGORIES: tuple[str, ...] = tuple(card.category for card in CardType) + ("rows",)
"""Score-sheet categories in scoring order; ``rows`` only with two parks."""


# ---- public functions ----------------------------------------------------------------


def score_steps(
    parks: Sequence[Any],
    rules: Rules | None = None,
    *,
    other_gazelles: Sequence[Any] = (),
    lion_choices: Mapping[int, Mapping[Cell, Cell]] | None = None,
) -> Iterator[ScoringStep]:
    """Score step by step: one :class:`ScoringStep` per card type in the rulebook's order,
    except lions: one step per lion (players in order, West before East, reading order),
    or a single lion step without lines when no park has a lion. Two parks end with a
    ``rows`` step.

    Arguments are those of :func:`score`. The parks are checked before the first step; a
    lion choice naming a card that is already face down raises ``ValueError`` at that
    lion's step.
    """
    scorer = ParkScorer(parks, rules, other_gazelles, lion_choices)
    return _steps(scorer)


def _steps(scorer: ParkScorer) -> Iterator[ScoringStep]:
    lines_so_far: list[ScoreLine] = []
    for category, lines, choice in scorer.run():
        lines_so_far.extend(lines)
        yield ScoringStep(
            category=category,
            lines=tuple(lines),
            flipped=scorer.flipped_cells(),
            totals=tuple(scorer.totals),
            sheet=ScoreSheet(lines_so_far),
            parks=scorer.parks_now(),
            lion=choice,
        )


def score(
    parks: Sequence[Any],
    rules: Rules | None = None,
    *,
    other_gazelles: Sequence[Any] = (),
    lion_choices: Mapping[int, Mapping[Cell, Cell]] | None = None,
) -> ScoreSheet:
    """The score sheet of a table of parks.

    ``parks``: one :class:`Park` per player (classic) or one ``(west, east)`` pair per
    player (two parks); when ``rules`` is None the variant follows that shape. Parks may
    be incomplete but must be face up.

    ``other_gazelles``: gazelle counts of players who are not being scored but take part
    in the gazelle majority (classic: one number each; two parks: a ``(west, east)`` pair
    each), e.g. to score one park against a table you know only by its gazelles.

    ``lion_choices``: ``{player: {lion cell: prey cell}}`` to say which gazelle or zebra a
    lion flips (cells as in score lines); other lions follow ``rules.lion_choice``, and a
    choice for a lion that does not hunt (no grassland next to it, nothing face up) is
    ignored. ``ValueError`` if a choice names no lion, no prey, a card in another park, or
    a card already face down when that lion hunts.
    """
    scorer = ParkScorer(parks, rules, other_gazelles, lion_choices, detailed=False)
    sheet = ScoreSheet()
    for _category, lines, _choice in scorer.run():
        sheet.extend(lines)
    return sheet


def totals(
    parks: Sequence[Any],
    rules: Rules | None = None,
    *,
    other_gazelles: Sequence[Any] = (),
) -> list[int]:
    """Each player's total, as ``score(...).total(player)`` (a shortcut for bots)."""
    scorer = ParkScorer(parks, rules, other_gazelles, None, detailed=False)
    for _ in scorer.run():
        pass
    return list(scorer.totals)
