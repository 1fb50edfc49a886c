"""Circle of Life: two players grow polyhex critters on a hex board and eat round a food circle.

Everything a game needs is importable from here; see ``docs/rules/circle.md`` for the rules
and every reading we had to make.

>>> game = new_game(Rules(radius=4), seed=1)
>>> game.apply(parse_label("E5"))[0].describe()
'Orange placed a stone at E5.'
>>> species_of([(0, 0), (1, 0)]), PREY["singleton"], len(SPECIES)
('pair', '4-line', 12)
"""

from .board import (
    MAX_RADIUS,
    MIN_RADIUS,
    Board,
    board,
    cells,
    label,
    neighbours,
    on_board,
    parse_label,
    xy,
)
from .critters import Critter, Preview
from .events import CAPTURE_TARGET, NO_LEGAL_PLACEMENT, Ate, Evolved, Placed, Won
from .outcome import Outcome
from .rules import PLAYER_NAMES, Rules
from .saves import FORMAT_VERSION
from .species import (
    ALIASES,
    PREDATOR,
    PREY,
    SHAPES,
    SPECIES,
    SPECIES_INDEX,
    canonical,
    is_connected,
    orientations,
    plural,
    species_of,
    with_article,
)
from .state import State, new_game, replay
from .view import player_view

__all__ = [
    "ALIASES",
    "CAPTURE_TARGET",
    "FORMAT_VERSION",
    "MAX_RADIUS",
    "MIN_RADIUS",
    "NO_LEGAL_PLACEMENT",
    "PLAYER_NAMES",
    "PREDATOR",
    "PREY",
    "SHAPES",
    "SPECIES",
    "SPECIES_INDEX",
    "Ate",
    "Board",
    "Critter",
    "Evolved",
    "Outcome",
    "Placed",
    "Preview",
    "Rules",
    "State",
    "Won",
    "board",
    "canonical",
    "cells",
    "is_connected",
    "label",
    "neighbours",
    "new_game",
    "on_board",
    "orientations",
    "parse_label",
    "player_view",
    "plural",
    "replay",
    "species_of",
    "with_article",
    "xy",
]
