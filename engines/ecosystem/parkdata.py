"""Each park read once for scoring: card positions as masks, fixed notes, and the checks on input."""

from __future__ import annotations

from typing import Any

from .cards import CardType
from .masks import (
    ALL,
    BITS,
    CELL_NAMES,
    CH,
    GF,
    GZ,
    HY,
    KIND,
    LABEL_NAMES,
    LI,
    ROW_NAMES,
    VU,
    ZB,
    N,
)
from .park import COLS, ROWS, Park, cell_label
from .rules import Rules

# ---- per-park data -------------------------------------------------------------------

_KIND_OF: dict[CardType | None, int] = {**KIND, None: -1}
CARD_LABEL = tuple(card.label for card in CardType)
_KIND_BIT = tuple(1 << k for k in range(11)) + (0,)  # index -1: an empty cell
_ROW_STARTS = tuple(range(0, N, COLS))


def _notes(text: str) -> dict[str | None, tuple[str, ...]]:
    return {
        name: tuple(text.format(at=lab) for lab in labels) for name, labels in LABEL_NAMES.items()
    }


# Notes that depend only on the cell, made once (scoring a table makes a few hundred lines).
_FIXED_NOTES: dict[str, dict[str | None, tuple[str, ...]]] = {
    "watering_hole": _notes("watering hole at {at}: no animal next to it"),
    "zebra": _notes("zebra at {at}: no grassland next to it"),
    "giraffe": _notes("giraffe at {at}: no tree next to it"),
    "giraffe+": _notes("giraffe at {at}: next to a tree"),
    "cheetah": _notes("cheetah at {at}: no gazelle on its diagonals"),
    "lion": _notes("lion at {at}: not next to a grassland, so it does not hunt"),
    "lion-": _notes("lion at {at}: no face-up gazelle or zebra left to flip"),
    "elephant": _notes("elephant at {at}: no face-up animal next to it"),
    "hyena": _notes("hyena at {at}: no face-down card around it"),
    "vulture": _notes("vulture at {at}: no face-down card below it"),
    "grassland": _notes("grassland at {at} on its own"),
}
_NOTES_BY_NAME = {
    name: {key: table[name] for key, table in _FIXED_NOTES.items()} for name in LABEL_NAMES
}
_ONE_CELL = {name: tuple((cell,) for cell in cells) for name, cells in CELL_NAMES.items()}
# per park name: its cells, labels, fixed notes and one-cell tuples
_PARK_NAMING = {
    name: (CELL_NAMES[name], LABEL_NAMES[name], _NOTES_BY_NAME[name], _ONE_CELL[name])
    for name in CELL_NAMES
}
# the cells of a row for each set of its 5 cells (bit c: column c)
ROW_PARTS = {
    name: tuple(
        tuple(tuple(cells[r * COLS + c] for c in range(COLS) if m >> c & 1) for m in range(32))
        for r in range(ROWS)
    )
    for name, cells in CELL_NAMES.items()
}
# "3 kinds of animal next to it (gazelle, zebra, lion)" for each set of animal types (bit k-3)
ANIMAL_KINDS = tuple(
    "{} of animal next to it ({})".format(
        f"{bin(seen).count('1')} kind" + ("s" if bin(seen).count("1") != 1 else ""),
        ", ".join(CARD_LABEL[GZ + k] for k in range(8) if seen >> k & 1),
    )
    for seen in range(256)
)
# "cheetah at B3" for every card type and cell of each park
CARD_AT = {
    name: tuple(tuple(f"{label} at {where}" for where in labels) for label in CARD_LABEL)
    for name, labels in LABEL_NAMES.items()
}
FACE_UP = tuple(f"{n} face-up animal{'s' * (n != 1)}" for n in range(5))
ROW_NOTES = tuple(
    tuple(f"row {ROW_NAMES[r]}: {n} kind{'s' * (n != 1)} of face-up card" for n in range(12))
    for r in range(ROWS)
)


class ParkData:
    """One park in the small-int / bitmask form the scorer works on."""

    __slots__ = (
        "player",
        "name",
        "m",
        "m_all",
        "pos",
        "flipped",
        "cells",
        "labels",
        "kinds",
        "hunters",
        "notes",
        "one",
        "_rowbits",
    )

    def __init__(self, player: int, name: str | None, park: Park):
        self.player = player
        self.name = name
        self.cells, self.labels, self.notes, self.one = _PARK_NAMING[name]
        self._rowbits: list[int] | None = None
        kinds = list(map(_KIND_OF.__getitem__, park))
        # one slot per card type, and a last one (index -1) collecting the empty cells
        m = [0] * 12
        pos: list[list[int]] = [[], [], [], [], [], [], [], [], [], [], [], []]
        bits = BITS
        for i, k in enumerate(kinds):
            pos[k].append(i)
            m[k] |= bits[i]
        self.m_all = ALL & ~m[-1]
        self.kinds = kinds
        self.m = m
        self.pos = pos
        self.flipped = 0
        # animals that count against an elephant while face up (not other elephants)
        self.hunters = m[GZ] | m[ZB] | m[GF] | m[CH] | m[LI] | m[HY] | m[VU]


def row_kind_bits(pd: ParkData) -> list[int]:
    """Per row, a bit for each card type the park holds there (face up or not)."""
    bits = pd._rowbits
    if bits is None:
        kinds = pd.kinds
        bits = []
        for start in _ROW_STARTS:
            row = 0
            for k in kinds[start : start + COLS]:
                row |= _KIND_BIT[k]
            bits.append(row)
        pd._rowbits = bits
    return bits


def normalise(parks: Any, rules: Rules | None) -> tuple[Rules, list[list[ParkData]], list[Any]]:
    if isinstance(parks, Park):
        raise ValueError("parks must be a list with one park (or park pair) per player")
    parks = list(parks)
    if not parks:
        raise ValueError("parks must hold at least one player's park")
    if rules is None:
        rules = Rules(variant="classic" if isinstance(parks[0], Park) else "two_parks")
    names = rules.park_names
    classic = names == (None,)
    out: list[list[ParkData]] = []
    for p, entry in enumerate(parks):
        if classic:
            if not isinstance(entry, Park):
                raise ValueError(
                    f"parks[{p}] must be a Park for the classic game, not {type(entry).__name__}"
                )
            group: Any = (entry,)
        else:
            if not (
                isinstance(entry, (tuple, list))
                and len(entry) == 2
                and isinstance(entry[0], Park)
                and isinstance(entry[1], Park)
            ):
                raise ValueError(f"parks[{p}] must be a (west, east) pair of Parks for two parks")
            group = entry
        datas = []
        for name, park in zip(names, group, strict=True):
            if park.flipped:
                where = cell_label(min(park.flipped))
                raise ValueError(
                    f"parks[{p}]: scoring starts with every card face up, but {where} is face down"
                )
            datas.append(ParkData(p, name, park))
        out.append(datas)
    return rules, out, parks


def check_other_gazelles(other: Any, rules: Rules) -> list[tuple[int, ...]]:
    slots = len(rules.park_names)
    out = []
    for j, entry in enumerate(other or ()):
        counts = (entry,) if slots == 1 and not isinstance(entry, (tuple, list)) else entry
        if not (
            isinstance(counts, (tuple, list))
            and len(counts) == slots
            and all(
                isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 999 for n in counts
            )
        ):
            shape = "a whole number" if slots == 1 else "a (west, east) pair of whole numbers"
            raise ValueError(f"other_gazelles[{j}] must be {shape} 0 or more, not {entry!r}")
        out.append(tuple(counts))
    return out
