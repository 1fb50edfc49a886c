"""The park file: a scoring-explorer table saved as JSON, and reading one (or a draft's parks).

The envelope (JSON object, ``format``, ``version``) is checked by the same code as every saved
game (:mod:`cole_panel.core.envelope`).
"""

from __future__ import annotations

import json
from typing import Any

from engines.ecosystem import CardType, Park, Rules, State
from engines.ecosystem.saves import GAME as ENGINE_SAVE
from engines.ecosystem.saves import V1 as ENGINE_SAVE_V1
from engines.saves import LABEL
from engines.text import player_name

from ...core.envelope import check_version, load_object
from ...core.untrusted import shown
from ..options import ScoringOptions
from ..park_text import Cell

PARK_FORMAT = "cole-panel/ecosystem-park"
"""The ``format`` field of a saved park file."""
PARK_VERSION = 1
MAX_NAME = 40
"""Longest player name a park file may hold."""
GAME_FORMAT = "cole-panel/ecosystem-game"
"""The ``format`` of a saved draft (its parks can be opened here too)."""


def park_file_text(model: Any) -> str:
    """A scoring explorer's table as the JSON text of a park file."""
    data = {
        "format": PARK_FORMAT,
        "version": PARK_VERSION,
        "rules": {name: getattr(model, name) for name in model.OPTION_NAMES},
        "names": list(model.names),
        "player": model.player,
        "parks": [[str(p) for p in entry] for entry in model.table],
        "other_gazelles": list(model.other_gazelles),
        "other_gazelles_east": list(model.other_gazelles_east),
        "lion_choices": [
            [p, list(lion), list(prey)]
            for p, mapping in sorted(model.lion_choices.items())
            for lion, prey in mapping.items()
        ],
    }
    return json.dumps(data, indent=1)


def read_park_file(text: str) -> tuple:
    """A park file's (options, table, names, player, other gazelles West and East, lion
    choices, what it was); a saved draft gives its parks.  ValueError with a sentence."""
    data = load_object(text, "saved park")
    fmt = data.get("format")
    if fmt in (GAME_FORMAT, ENGINE_SAVE_V1.value) or data.get(LABEL) == ENGINE_SAVE:
        return _parks_of_game(data)
    if fmt != PARK_FORMAT:
        raise ValueError(f"it is not a saved Ecosystem park (the 'format' field is {shown(fmt)}).")
    check_version(data, ("rules", "parks"))
    rules = _rules(data["rules"])
    table = _table(data["parks"], rules)
    names, player = _names_and_player(data, len(table))
    counts = [_counts(data, key) for key in ("other_gazelles", "other_gazelles_east")]
    choices = _lion_choices(data.get("lion_choices", []), rules, table)
    options = {name: getattr(rules, name) for name in ScoringOptions.OPTION_NAMES}
    return options, table, names, player, counts[0], counts[1], choices, "the park file"


def _rules(raw_rules: Any) -> Rules:
    if not isinstance(raw_rules, dict):
        raise ValueError("its 'rules' must be an object of options.")
    unknown = sorted(set(raw_rules) - set(ScoringOptions.OPTION_NAMES))
    if unknown:
        raise ValueError(f"its 'rules' has an unknown option {shown(unknown[0])}.")
    try:
        rules = Rules(**raw_rules)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"its 'rules' are wrong: {exc}") from None
    return rules


def _table(parks: Any, rules: Rules) -> list[tuple[Park, ...]]:
    slots = len(rules.park_names)
    if not isinstance(parks, list) or not 1 <= len(parks) <= 6:
        raise ValueError("its 'parks' must list 1 to 6 players' parks.")
    table = []
    for p, entry in enumerate(parks):
        if not isinstance(entry, list) or len(entry) != slots:
            raise ValueError(
                f"parks[{p}] must hold {slots} park text(s) for the {rules.variant} game."
            )
        row = []
        for s, park_text in enumerate(entry):
            try:
                row.append(Park.parse(park_text).face_up())
            except ValueError as exc:
                raise ValueError(f"parks[{p}][{s}]: {exc}.") from None
        table.append(tuple(row))
    return table


def _names_and_player(data: dict, players: int) -> tuple[list[str], int]:
    names = data.get("names", [player_name(i) for i in range(players)])
    if (
        not isinstance(names, list)
        or len(names) != players
        or not all(isinstance(n, str) and 0 < len(n) <= MAX_NAME for n in names)
    ):
        raise ValueError(
            f"its 'names' must give one name of 1 to {MAX_NAME} characters per player."
        )
    player = data.get("player", 0)
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
        raise ValueError(f"its 'player' must be 0 to {players - 1}, not {shown(player)}.")
    return names, player


def _counts(data: dict, key: str) -> list[int]:
    """Other players' gazelles (West or East), up to 5 whole numbers from 0 to 99."""
    value = data.get(key, [])
    if (
        not isinstance(value, list)
        or len(value) > 5
        or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 99 for n in value)
    ):
        raise ValueError(f"its '{key}' must list up to 5 whole numbers from 0 to 99.")
    return value


def _lion_choices(raw_choices: Any, rules: Rules, table: list) -> dict[int, dict[Cell, Cell]]:
    choices: dict[int, dict[Cell, Cell]] = {}
    if not isinstance(raw_choices, list):
        raise ValueError("its 'lion_choices' must be a list of [player, lion cell, prey cell].")
    for n, entry in enumerate(raw_choices):
        try:
            p, lion, prey = entry
            lion, prey = tuple(lion), tuple(prey)
            park = None if len(lion) == 2 else lion[0]
            slot = rules.park_names.index(park)
            ok = table[p][slot][lion[-2:]] is CardType.LION and table[p][slot][prey[-2:]] in (
                CardType.GAZELLE,
                CardType.ZEBRA,
            )
        except (TypeError, ValueError, IndexError, KeyError):
            ok = False
        if not ok:
            raise ValueError(
                f"lion_choices[{n}] is not [player, lion cell, gazelle or zebra "
                "cell] of a lion on the table."
            )
        choices.setdefault(p, {})[lion] = prey
    return choices


def _parks_of_game(data: dict) -> tuple:
    state_data = data.get("state") if data.get("format") == GAME_FORMAT else data
    try:
        state = State.from_dict(state_data)
    except ValueError as exc:
        raise ValueError(f"its game position is damaged ({exc}).") from None
    rules = state.rules
    table = [(entry,) if isinstance(entry, Park) else tuple(entry) for entry in state.parks]
    names = [f"Player {p + 1}" for p in range(state.players)]
    options = {name: getattr(rules, name) for name in ScoringOptions.OPTION_NAMES}
    return options, table, names, 0, [], [], {}, "the parks of a saved draft"
