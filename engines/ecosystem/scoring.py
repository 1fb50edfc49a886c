"""Scoring parks in the rulebook's order, step by step, with every line explained.

``score(parks)`` takes one :class:`~engines.ecosystem.park.Park` per player (classic) or
one ``(west, east)`` pair per player (two parks) and returns a
:class:`~engines.ScoreSheet`; ``score_steps(parks)`` yields a :class:`ScoringStep` per
card type (one per lion for lions) whose last ``sheet`` is what ``score`` returns.

Cells in score lines: ``(row, column)`` in the classic game, ``("west", row, column)`` or
``("east", row, column)`` with two parks. Each line's ``cells`` start with the card that
scored, followed by the cards that earned it the points (the animals next to a watering
hole, the gazelles on a cheetah's diagonals, the prey a lion flipped…).

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
from dataclasses import dataclass
from math import comb
from typing import Any

from engines import ScoreLine, ScoreSheet

from .cards import CardType
from .park import COLS, ROWS, Park, cell_label
from .rules import Rules

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

# Card kinds as small ints in scoring order.
WH, GR, TR, GZ, ZB, GF, CH, LI, EL, HY, VU = range(11)
_KIND = {card: card.order for card in CardType}
_N = ROWS * COLS

Cell = tuple  # (row, col) or (park, row, col)


def _geometry() -> tuple[tuple[tuple[int, ...], ...], ...]:
    orth, around, diag, below = [], [], [], []
    for i in range(_N):
        r, c = divmod(i, COLS)

        def inside(rr: int, cc: int) -> bool:
            return 0 <= rr < ROWS and 0 <= cc < COLS

        orth.append(
            tuple(
                rr * COLS + cc
                for rr, cc in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
                if inside(rr, cc)
            )
        )
        around.append(
            tuple(
                rr * COLS + cc
                for rr in (r - 1, r, r + 1)
                for cc in (c - 1, c, c + 1)
                if (rr, cc) != (r, c) and inside(rr, cc)
            )
        )
        diag.append(
            tuple(
                rr * COLS + cc
                for rr in range(ROWS)
                for cc in range(COLS)
                if rr != r and abs(rr - r) == abs(cc - c)
            )
        )
        below.append(tuple(rr * COLS + c for rr in range(r + 1, ROWS)))
    return tuple(orth), tuple(around), tuple(diag), tuple(below)


_ORTH, _AROUND, _DIAG, _BELOW = _geometry()


def _mask(indices: Sequence[int]) -> int:
    m = 0
    for i in indices:
        m |= 1 << i
    return m


_ORTH_M = tuple(_mask(n) for n in _ORTH)
_AROUND_M = tuple(_mask(n) for n in _AROUND)
_DIAG_M = tuple(_mask(n) for n in _DIAG)
_BELOW_M = tuple(_mask(n) for n in _BELOW)
_ABOVE_M = tuple(_mask([rr * COLS + i % COLS for rr in range(i // COLS)]) for i in range(_N))
_ROW_M = tuple(_mask(range(r * COLS, (r + 1) * COLS)) for r in range(ROWS))
_BOTH_ROWS_M = tuple(m | m << _N for m in _ROW_M)  # a row of West and East parks joined
_CELLS = tuple(divmod(i, COLS) for i in range(_N))
_LABELS = tuple(cell_label(c) for c in _CELLS)
_BITS = tuple(1 << i for i in range(_N))
_ALL = (1 << _N) - 1
_ROW_NAMES = "ABCD"


_LOW = tuple(tuple(i for i in range(10) if m >> i & 1) for m in range(1024))
_HIGH = tuple(tuple(i + 10 for i in range(10) if m >> i & 1) for m in range(1024))


def _indices(mask: int) -> tuple[int, ...]:
    """The set bits of a 20-cell mask, in reading order."""
    return _LOW[mask & 1023] + _HIGH[mask >> 10]


def park_cell(park: str | None, cell: tuple[int, int]) -> Cell:
    """The cell form used in score lines: ``(row, col)`` classic, ``(park, row, col)`` two parks.

    >>> park_cell(None, (1, 2)), park_cell("west", (1, 2))
    ((1, 2), ('west', 1, 2))
    """
    return tuple(cell) if park is None else (park, *cell)


_CELL_NAMES = {
    None: _CELLS,
    "west": tuple(("west", r, c) for r, c in _CELLS),
    "east": tuple(("east", r, c) for r, c in _CELLS),
}
_LABEL_NAMES = {
    None: _LABELS,
    "west": tuple("West " + lab for lab in _LABELS),
    "east": tuple("East " + lab for lab in _LABELS),
}


# ---- public value types --------------------------------------------------------------


@dataclass(frozen=True)
class LionChoice:
    """What one lion did during scoring and what else it could have done."""

    player: int
    """Owner of the lion."""
    lion: Cell
    """The lion's cell (score-line cell form)."""
    prey: Cell | None
    """The gazelle or zebra it flipped, or None if it flipped nothing."""
    options: tuple[tuple[Cell, int], ...]
    """Every face-up gazelle or zebra it could flip, in reading order, with the owner's final
    total if it flips that one (later lions choosing as the rules say)."""
    reason: str
    """Why this prey: ``best``, ``reading_order``, ``chosen`` (given in ``lion_choices``),
    ``no_grassland`` (not next to a grassland) or ``no_prey`` (nothing face up to flip)."""

    @property
    def cell(self) -> Cell:
        """Alias of :attr:`lion`."""
        return self.lion


@dataclass(frozen=True)
class ScoringStep:
    """The score sheet after one step of scoring (one card type, or one lion)."""

    category: str
    """Category scored in this step, e.g. ``"cheetah"``."""
    lines: tuple[ScoreLine, ...]
    """Lines scored in this step (possibly none)."""
    flipped: tuple[frozenset, ...]
    """Per player, every cell face down after this step (score-line cell form)."""
    totals: tuple[int, ...]
    """Per player, the running total after this step."""
    sheet: ScoreSheet
    """Every line so far; the last step's sheet is what :func:`score` returns."""
    parks: tuple[Any, ...]
    """Per player, the park (or ``(west, east)`` pair) with this step's flips face down."""
    lion: LionChoice | None = None
    """For a lion step, that lion's choice; otherwise None."""


# ---- per-park data -------------------------------------------------------------------

_KIND_OF: dict[CardType | None, int] = {**_KIND, None: -1}
_CARD_LABEL = tuple(card.label for card in CardType)
_KIND_BIT = tuple(1 << k for k in range(11)) + (0,)  # index -1: an empty cell
_ROW_STARTS = tuple(range(0, _N, COLS))


def _notes(text: str) -> dict[str | None, tuple[str, ...]]:
    return {
        name: tuple(text.format(at=lab) for lab in labels) for name, labels in _LABEL_NAMES.items()
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
    name: {key: table[name] for key, table in _FIXED_NOTES.items()} for name in _LABEL_NAMES
}
_ONE_CELL = {name: tuple((cell,) for cell in cells) for name, cells in _CELL_NAMES.items()}
# per park name: its cells, labels, fixed notes and one-cell tuples
_PARK_NAMING = {
    name: (_CELL_NAMES[name], _LABEL_NAMES[name], _NOTES_BY_NAME[name], _ONE_CELL[name])
    for name in _CELL_NAMES
}
# the cells of a row for each set of its 5 cells (bit c: column c)
_ROW_PARTS = {
    name: tuple(
        tuple(tuple(cells[r * COLS + c] for c in range(COLS) if m >> c & 1) for m in range(32))
        for r in range(ROWS)
    )
    for name, cells in _CELL_NAMES.items()
}
# "3 kinds of animal next to it (gazelle, zebra, lion)" for each set of animal types (bit k-3)
_ANIMAL_KINDS = tuple(
    "{} of animal next to it ({})".format(
        f"{bin(seen).count('1')} kind" + ("s" if bin(seen).count("1") != 1 else ""),
        ", ".join(_CARD_LABEL[GZ + k] for k in range(8) if seen >> k & 1),
    )
    for seen in range(256)
)
# "cheetah at B3" for every card type and cell of each park
_CARD_AT = {
    name: tuple(tuple(f"{label} at {where}" for where in labels) for label in _CARD_LABEL)
    for name, labels in _LABEL_NAMES.items()
}
_FACE_UP = tuple(f"{n} face-up animal{'s' * (n != 1)}" for n in range(5))
_ROW_NOTES = tuple(
    tuple(f"row {_ROW_NAMES[r]}: {n} kind{'s' * (n != 1)} of face-up card" for n in range(12))
    for r in range(ROWS)
)


class _ParkData:
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
        kinds = list(map(_KIND_OF.__getitem__, park._cards))
        # one slot per card type, and a last one (index -1) collecting the empty cells
        m = [0] * 12
        pos: list[list[int]] = [[], [], [], [], [], [], [], [], [], [], [], []]
        bits = _BITS
        for i, k in enumerate(kinds):
            pos[k].append(i)
            m[k] |= bits[i]
        self.m_all = _ALL & ~m[-1]
        self.kinds = kinds
        self.m = m
        self.pos = pos
        self.flipped = 0
        # animals that count against an elephant while face up (not other elephants)
        self.hunters = m[GZ] | m[ZB] | m[GF] | m[CH] | m[LI] | m[HY] | m[VU]


def _row_kind_bits(pd: _ParkData) -> list[int]:
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


def _normalise(parks: Any, rules: Rules | None) -> tuple[Rules, list[list[_ParkData]], list[Any]]:
    if isinstance(parks, Park):
        raise ValueError("parks must be a list with one park (or park pair) per player")
    parks = list(parks)
    if not parks:
        raise ValueError("parks must hold at least one player's park")
    if rules is None:
        rules = Rules(variant="classic" if isinstance(parks[0], Park) else "two_parks")
    names = rules.park_names
    classic = names == (None,)
    out: list[list[_ParkData]] = []
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
            if park._flipped:
                where = cell_label(min(park.flipped))
                raise ValueError(
                    f"parks[{p}]: scoring starts with every card face up, but {where} is face down"
                )
            datas.append(_ParkData(p, name, park))
        out.append(datas)
    return rules, out, parks


def _check_other_gazelles(other: Any, rules: Rules) -> list[tuple[int, ...]]:
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


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# ---- the scorer ----------------------------------------------------------------------

_SEARCH_LIMIT = 20000
"""Above this many lion outcomes to compare for one player, later lions are assumed to take
the first face-up prey in reading order while the deciding lion still compares them all."""


class _Scorer:
    def __init__(
        self,
        parks: Any,
        rules: Rules | None,
        other_gazelles: Any,
        lion_choices: Any,
        detailed: bool = True,
    ):
        self.detailed = detailed
        """True: one step per lion with its options valued; False: only the lines."""
        self.rules, self.players, self.shapes = _normalise(parks, rules)
        self.other = _check_other_gazelles(other_gazelles, self.rules)
        self.n = len(self.players)
        self.every = [pd for datas in self.players for pd in datas]
        self.totals = [0] * self.n
        self.choices = self._check_lion_choices(lion_choices)

    # -- checking the caller's lion choices

    def _check_lion_choices(self, choices: Any) -> dict[tuple[int, int, int], int]:
        """{(player, slot, lion index): prey index} from {player: {lion cell: prey cell}}."""
        out: dict[tuple[int, int, int], int] = {}
        if not choices:
            return out
        if not isinstance(choices, Mapping):
            raise ValueError("lion_choices must map each player to {lion cell: prey cell}")
        names = self.rules.park_names
        for player, mapping in choices.items():
            if not (isinstance(player, int) and 0 <= player < self.n):
                raise ValueError(f"lion_choices: {player!r} is not a player")
            if not isinstance(mapping, Mapping):
                raise ValueError(f"lion_choices[{player}] must map lion cells to prey cells")
            for lion, prey in mapping.items():
                ls, li = self._cell_index(lion, names, f"lion_choices[{player}]")
                pd = self.players[player][ls]
                if pd.kinds[li] != LI:
                    raise ValueError(f"lion_choices[{player}]: there is no lion at {pd.labels[li]}")
                ps, pi = self._cell_index(prey, names, f"lion_choices[{player}][{lion!r}]")
                if ps != ls:
                    raise ValueError(
                        f"lion_choices[{player}]: the lion at {pd.labels[li]} can only flip a card "
                        "in its own park"
                    )
                if pd.kinds[pi] not in (GZ, ZB):
                    raise ValueError(
                        f"lion_choices[{player}]: the lion at {pd.labels[li]} can only flip a "
                        f"gazelle or zebra, and {pd.labels[pi]} holds none"
                    )
                out[(player, ls, li)] = pi
        return out

    @staticmethod
    def _cell_index(cell: Any, names: tuple[str | None, ...], where: str) -> tuple[int, int]:
        if names == (None,):
            ok = isinstance(cell, tuple) and len(cell) == 2
            slot, rc = 0, cell
        else:
            ok = isinstance(cell, tuple) and len(cell) == 3 and cell[0] in names
            slot, rc = (names.index(cell[0]), cell[1:]) if ok else (0, None)
        if (
            ok
            and all(isinstance(v, int) and not isinstance(v, bool) for v in rc)
            and 0 <= rc[0] < ROWS
            and 0 <= rc[1] < COLS
        ):
            return slot, rc[0] * COLS + rc[1]
        form = "(row, column)" if names == (None,) else "(park, row, column)"
        raise ValueError(f"{where}: {cell!r} is not a cell {form}")

    # -- snapshots for steps

    def flipped_cells(self) -> tuple[frozenset, ...]:
        return tuple(
            frozenset(pd.cells[i] for pd in datas for i in _indices(pd.flipped))
            for datas in self.players
        )

    def parks_now(self) -> tuple[Any, ...]:
        out = []
        for shape, datas in zip(self.shapes, self.players, strict=True):
            group = (shape,) if isinstance(shape, Park) else tuple(shape)
            parks = tuple(
                Park._make(park._cards, pd.flipped) for park, pd in zip(group, datas, strict=True)
            )
            out.append(parks[0] if isinstance(shape, Park) else parks)
        return tuple(out)

    # -- the steps: each yields (category, lines, lion choice or None)

    def run(self) -> Iterator[tuple[str, list[ScoreLine], LionChoice | None]]:
        yield "watering_hole", self.watering_holes(), None
        yield "grassland", self.grasslands(), None
        yield "tree", self.trees(), None
        yield "gazelle", self.gazelles(), None
        yield "zebra", self.zebras(), None
        yield "giraffe", self.giraffes(), None
        yield "cheetah", self.cheetahs(), None
        if self.detailed:
            any_lion = False
            for datas in self.players:
                for line, choice in self.lions(datas):
                    any_lion = True
                    yield "lion", [line], choice
            if not any_lion:
                yield "lion", [], None
        else:
            yield "lion", [line for datas in self.players for line, _ in self.lions(datas)], None
        yield "elephant", self.elephants(), None
        yield "hyena", self.hyenas(), None
        yield "vulture", self.vultures(), None
        if self.rules.variant == "two_parks":
            yield "rows", self.rows(), None

    def watering_holes(self) -> list[ScoreLine]:
        out = []
        totals = self.totals
        for pd in self.every:
            if not pd.pos[WH]:
                continue
            kinds, cells, labels = pd.kinds, pd.cells, pd.labels
            for i in pd.pos[WH]:
                seen = 0
                near = []
                for j in _ORTH[i]:
                    k = kinds[j]
                    if k >= GZ and not seen >> k & 1:
                        seen |= 1 << k
                        near.append(j)
                if near:
                    n = len(near)
                    note = f"watering hole at {labels[i]}: {_ANIMAL_KINDS[seen >> GZ]}"
                    out.append(
                        _new_line(
                            pd.player,
                            "watering_hole",
                            2 * n,
                            note,
                            (cells[i], *map(cells.__getitem__, near)),
                        )
                    )
                    totals[pd.player] += 2 * n
                else:
                    note = pd.notes["watering_hole"][i]
                    out.append(_new_line(pd.player, "watering_hole", 0, note, pd.one[i]))
        return out

    def grasslands(self) -> list[ScoreLine]:
        out = []
        totals = self.totals
        for pd in self.every:
            left = pd.m[GR]
            while left:
                low = left & -left
                group = low
                frontier = low
                while frontier:
                    grown = 0
                    for i in _indices(frontier):
                        grown |= _ORTH_M[i]
                    frontier = grown & left & ~group
                    group |= frontier
                left &= ~group
                if group == low:
                    i = low.bit_length() - 1
                    out.append(
                        _new_line(pd.player, "grassland", 1, pd.notes["grassland"][i], pd.one[i])
                    )
                    totals[pd.player] += 1
                    continue
                idx = _indices(group)
                size = len(idx)
                if size <= 4:
                    points = size * size
                    note = f"group of {size} grasslands"
                else:
                    points = 16
                    note = f"group of {size} grasslands (a group scores at most 16)"
                cells = pd.cells
                out.append(
                    _new_line(pd.player, "grassland", points, note, tuple([cells[i] for i in idx]))
                )
                totals[pd.player] += points
        return out

    def trees(self) -> list[ScoreLine]:
        out = []
        for pd in self.every:
            trees = pd.m[TR]
            if not trees:
                continue
            rows = (
                bool(trees & 0x1F)
                + bool(trees >> COLS & 0x1F)
                + bool(trees >> 2 * COLS & 0x1F)
                + bool(trees >> 3 * COLS)
            )
            cols = (
                (trees | trees >> COLS | trees >> 2 * COLS | trees >> 3 * COLS) & 0x1F
            ).bit_count()
            note = f"trees in {_plural(rows, 'row')} and {_plural(cols, 'column')}"
            cells = pd.cells
            points = 2 * (rows + cols)
            out.append(
                _new_line(
                    pd.player, "tree", points, note, tuple(map(cells.__getitem__, pd.pos[TR]))
                )
            )
            self.totals[pd.player] += points
        return out

    def gazelles(self) -> list[ScoreLine]:
        out = []
        totals = self.totals
        for pd in self.every:
            n = len(pd.pos[GZ])
            if n:
                note = f"{_plural(n, 'gazelle')} at 2 each"
                cells = pd.cells
                out.append(
                    _new_line(
                        pd.player, "gazelle", 2 * n, note, tuple(map(cells.__getitem__, pd.pos[GZ]))
                    )
                )
                totals[pd.player] += 2 * n
        most, second = self.rules.majority_points
        needs = self.rules.majority_needs_gazelles
        for slot, name in enumerate(self.rules.park_names):
            counts = [len(datas[slot].pos[GZ]) for datas in self.players]
            pool = counts + [o[slot] for o in self.other]
            if needs:
                pool = [c for c in pool if c > 0]
            if not pool:
                continue
            ranked = sorted(set(pool), reverse=True)
            top = ranked[0]
            tied_top = pool.count(top)
            runner = ranked[1] if len(ranked) > 1 and tied_top == 1 else None
            where = "" if name is None else f" among {name.capitalize()} parks"
            for p, c in enumerate(counts):
                if needs and c == 0:
                    continue
                if c == top:
                    points, what, tied = most, "most gazelles", tied_top
                elif c == runner:
                    points, what, tied = second, "second-most gazelles", pool.count(runner)
                else:
                    continue
                tie = f", tied with {_plural(tied - 1, 'other')}" if tied > 1 else ""
                pd = self.players[p][slot]
                cells = pd.cells
                note = f"{what}{where} ({c}{tie})"
                out.append(
                    _new_line(p, "gazelle", points, note, tuple(map(cells.__getitem__, pd.pos[GZ])))
                )
                totals[p] += points
        return out

    def zebras(self) -> list[ScoreLine]:
        out = []
        totals = self.totals
        for pd in self.every:
            if not pd.pos[ZB]:
                continue
            grass, cells, labels = pd.m[GR], pd.cells, pd.labels
            for i in pd.pos[ZB]:
                near = _indices(grass & _ORTH_M[i])
                if near:
                    g = len(near)
                    note = f"zebra at {labels[i]}: {_plural(g, 'grassland')} next to it"
                    where = (cells[i], *map(cells.__getitem__, near))
                    out.append(_new_line(pd.player, "zebra", 3 * g, note, where))
                    totals[pd.player] += 3 * g
                else:
                    out.append(_new_line(pd.player, "zebra", 0, pd.notes["zebra"][i], pd.one[i]))
        return out

    def giraffes(self) -> list[ScoreLine]:
        out = []
        totals = self.totals
        for pd in self.every:
            if not pd.pos[GF]:
                continue
            trees, cells = pd.m[TR], pd.cells
            for i in pd.pos[GF]:
                near = _indices(trees & _ORTH_M[i])
                if near:
                    note = pd.notes["giraffe+"][i]
                    out.append(
                        _new_line(
                            pd.player, "giraffe", 5, note, (cells[i], *map(cells.__getitem__, near))
                        )
                    )
                    totals[pd.player] += 5
                else:
                    out.append(
                        _new_line(pd.player, "giraffe", 0, pd.notes["giraffe"][i], pd.one[i])
                    )
        return out

    def cheetahs(self) -> list[ScoreLine]:
        out = []
        totals = self.totals
        for pd in self.every:
            if not pd.pos[CH]:
                continue
            cells, labels = pd.cells, pd.labels
            prey = pd.m[GZ] & ~pd.flipped
            used = 0
            for i in pd.pos[CH]:
                seen = prey & _DIAG_M[i]
                if seen:
                    used |= seen
                    idx = _indices(seen)
                    g = len(idx)
                    where = ", ".join(map(labels.__getitem__, idx))
                    note = f"cheetah at {labels[i]}: {_plural(g, 'gazelle')} on its diagonals ({where})"
                    out.append(
                        _new_line(
                            pd.player,
                            "cheetah",
                            3 * g,
                            note,
                            (cells[i], *map(cells.__getitem__, idx)),
                        )
                    )
                    totals[pd.player] += 3 * g
                else:
                    out.append(
                        _new_line(pd.player, "cheetah", 0, pd.notes["cheetah"][i], pd.one[i])
                    )
            pd.flipped |= used
        return out

    def elephants(self) -> list[ScoreLine]:
        out = []
        totals = self.totals
        floor = self.rules.elephant_floor
        for pd in self.every:
            if not pd.pos[EL]:
                continue
            kinds, cells, labels, at = pd.kinds, pd.cells, pd.labels, _CARD_AT[pd.name]
            up = pd.hunters & ~pd.flipped
            for i in pd.pos[EL]:
                if not up & _ORTH_M[i]:
                    out.append(
                        _new_line(pd.player, "elephant", 6, pd.notes["elephant"][i], pd.one[i])
                    )
                    totals[pd.player] += 6
                    continue
                near = _indices(up & _ORTH_M[i])
                a = len(near)
                points = 6 - 2 * a
                if floor is not None and points < floor:
                    points = floor
                names = ", ".join([at[kinds[j]][j] for j in near])
                note = f"elephant at {labels[i]}: {_FACE_UP[a]} next to it ({names})"
                out.append(
                    _new_line(
                        pd.player,
                        "elephant",
                        points,
                        note,
                        (cells[i], *map(cells.__getitem__, near)),
                    )
                )
                totals[pd.player] += points
        return out

    def hyenas(self) -> list[ScoreLine]:
        out = []
        totals = self.totals
        for pd in self.every:
            if not pd.pos[HY]:
                continue
            cells, labels, flipped = pd.cells, pd.labels, pd.flipped
            for i in pd.pos[HY]:
                if not flipped & _AROUND_M[i]:
                    out.append(_new_line(pd.player, "hyena", 0, pd.notes["hyena"][i], pd.one[i]))
                    continue
                near = _indices(flipped & _AROUND_M[i])
                f = len(near)
                note = f"hyena at {labels[i]}: {_plural(f, 'face-down card')} around it"
                out.append(
                    _new_line(
                        pd.player, "hyena", 3 * f, note, (cells[i], *map(cells.__getitem__, near))
                    )
                )
                totals[pd.player] += 3 * f
        return out

    def vultures(self) -> list[ScoreLine]:
        out = []
        totals = self.totals
        for pd in self.every:
            if not pd.pos[VU]:
                continue
            cells, labels, flipped = pd.cells, pd.labels, pd.flipped
            for i in pd.pos[VU]:
                if not flipped & _BELOW_M[i]:
                    out.append(
                        _new_line(pd.player, "vulture", 0, pd.notes["vulture"][i], pd.one[i])
                    )
                    continue
                below = _indices(flipped & _BELOW_M[i])
                f = len(below)
                note = f"vulture at {labels[i]}: {_plural(f, 'face-down card')} below it"
                out.append(
                    _new_line(
                        pd.player,
                        "vulture",
                        4 * f,
                        note,
                        (cells[i], *map(cells.__getitem__, below)),
                    )
                )
                totals[pd.player] += 4 * f
        return out

    def rows(self) -> list[ScoreLine]:
        out = []
        table = self.rules.row_points
        totals = self.totals
        prey_kinds = 1 << GZ | 1 << ZB
        west_parts, east_parts = _ROW_PARTS["west"], _ROW_PARTS["east"]
        for datas in self.players:
            player = datas[0].player
            west, east = datas
            west_bits, east_bits = _row_kind_bits(west), _row_kind_bits(east)
            # only gazelles and zebras are ever face down
            west_up, east_up = west.m_all & ~west.flipped, east.m_all & ~east.flipped
            gazelles = west.m[GZ] & west_up | east.m[GZ] & east_up
            zebras = west.m[ZB] & west_up | east.m[ZB] & east_up
            total = 0
            for r in range(ROWS):
                rm = _ROW_M[r]
                bits = (west_bits[r] | east_bits[r]) & ~prey_kinds
                if gazelles & rm:
                    bits |= 1 << GZ
                if zebras & rm:
                    bits |= 1 << ZB
                shift = r * COLS
                where = west_parts[r][west_up >> shift & 31] + east_parts[r][east_up >> shift & 31]
                n = bits.bit_count()
                out.append(_new_line(player, "rows", table[n], _ROW_NOTES[r][n], where))
                total += table[n]
            totals[player] += total
        return out

    # -- lions

    def lions(self, datas: list[_ParkData]) -> Iterator[tuple[ScoreLine, LionChoice | None]]:
        order = [(s, i) for s, pd in enumerate(datas) for i in pd.pos[LI]]
        if not order:
            return
        player = datas[0].player
        detailed = self.detailed
        hunting = [(s, i) for s, i in order if datas[s].m[GR] & _ORTH_M[i]]
        choices, policy = self.choices, self.rules.lion_choice
        search: _LionSearch | None = None
        n = -1  # index of the current lion among the hunting ones
        for slot, i in order:
            pd = datas[slot]
            lion, label = pd.cells[i], pd.labels[i]
            if not pd.m[GR] & _ORTH_M[i]:
                line = _new_line(player, "lion", 0, pd.notes["lion"][i], pd.one[i])
                yield line, detailed and LionChoice(player, lion, None, (), "no_grassland") or None
                continue
            n += 1
            available = (pd.m[GZ] | pd.m[ZB]) & ~pd.flipped
            if not available:
                points = 4 if self.rules.lion_scores_without_prey else 0
                line = _new_line(player, "lion", points, pd.notes["lion-"][i], pd.one[i])
                self.totals[player] += points
                yield line, detailed and LionChoice(player, lion, None, (), "no_prey") or None
                continue
            explicit = choices.get((player, slot, i)) if choices else None
            if explicit is not None and not available >> explicit & 1:
                raise ValueError(
                    f"lion_choices[{player}]: the lion at {label} cannot flip "
                    f"{pd.labels[explicit]}: it is already face down"
                )
            flips = _joined(datas) if detailed or policy == "best" else 0
            several = available & (available - 1)
            options: list[tuple[int, int]] = []
            if detailed or (explicit is None and policy == "best" and several):
                if search is None:
                    search = _LionSearch(self, datas, hunting)
                if detailed or not search.lookahead_all:
                    options = self._lion_options(search, n, slot, available, flips)
            first = (available & -available).bit_length() - 1
            if explicit is not None:
                prey, reason = explicit, "chosen"
            elif policy == "reading_order":
                prey, reason = first, "reading_order"
            elif options:
                top = max(v for _, v in options)
                prey, reason = next(j for j, v in options if v == top), "best"
            elif several:
                # only the choice is needed: the search remembers the best line of play
                prey, reason = search.best(n, flips), "best"
            else:
                prey, reason = first, "best"
            if search is not None and detailed:
                search.tail_now += search.delta(slot * _N + prey, flips)
            pd.flipped |= _BITS[prey]
            note = (
                f"lion at {label}: next to a grassland, flips the {_CARD_LABEL[pd.kinds[prey]]} "
                f"at {pd.labels[prey]}"
            )
            line = _new_line(player, "lion", 4, note, (lion, pd.cells[prey]))
            self.totals[player] += 4
            if detailed:
                cells = pd.cells
                options_cells = tuple([(cells[j], v) for j, v in options])
                yield line, LionChoice(player, lion, cells[prey], options_cells, reason)
            else:
                yield line, None

    def _lion_options(
        self, search: _LionSearch, n: int, slot: int, available: int, flips: int
    ) -> list[tuple[int, int]]:
        """Each prey hunting lion ``n`` may flip, with the owner's final total if it does (later
        lions choosing as the rules say)."""
        player = search.player
        # the owner's final total = points so far + lions still to score + the tail
        base = self.totals[player] + search.lion_points(n, flips) + search.tail_now
        delta, value = search.delta, search.value
        at = slot * _N
        return [
            (j, base + delta(at + j, flips) + value(n + 1, flips | 1 << at + j))
            for j in _indices(available)
        ]


class _LionSearch:
    """Values of lion choices for one player.

    The owner's final total is the total before lions, plus the lions' points (fixed: every
    lion next to grassland flips one while prey lasts), plus the points still to come from
    elephants, hyenas, vultures and rows ("tail"), which depend on which cards are face down.
    ``delta`` is the exact change of the tail when one more card flips; ``value`` is the best
    change the remaining lions can still make, searching every choice (memoised).

    The face-down cards of all the player's parks are one int ``flips``: park ``slot``'s
    cell ``i`` is bit ``slot * 20 + i`` (see :func:`_joined`). What a card's flip changes
    apart from the other flips is worked out once per card (``_cell``).
    """

    def __init__(self, scorer: _Scorer, datas: list[_ParkData], order: list[tuple[int, int]]):
        rules = scorer.rules
        self.floor = rules.elephant_floor
        self.scores_without_prey = rules.lion_scores_without_prey
        self.datas = datas
        self.order = order  # the player's lions next to grassland, in scoring order
        self.player = datas[0].player
        self.choices = scorer.choices
        self.reading_order = rules.lion_choice == "reading_order"
        # keyed by flips << 6 | lion (at most 40 cards, so fewer than 64 lions)
        self.memo: dict[int, tuple[int, int | None]] = {}
        self.lookahead_all = True
        if len(order) > 1:
            prey = [((pd.m[GZ] | pd.m[ZB]) & ~pd.flipped).bit_count() for pd in datas]
            if 2 ** sum(prey) > _SEARCH_LIMIT:
                size = 1
                for slot, count in enumerate(prey):
                    hunting = sum(1 for s, _ in order if s == slot)
                    size *= sum(comb(count, k) for k in range(min(hunting, count) + 1))
                self.lookahead_all = size <= _SEARCH_LIMIT
        # per park: its prey as bits of ``flips``
        self.prey_masks = [(pd.m[GZ] | pd.m[ZB]) << s * _N for s, pd in enumerate(datas)]
        self.rows = rules.row_points if rules.variant == "two_parks" else None
        self._cells: dict[int, tuple[int, bool, int, int, int]] = {}
        self._row_masks: tuple[list[int], list[int], list[int]] | None = None
        # Only absolute totals (shown as a lion's options) need the tail itself.
        self.tail_now = self.tail(_joined(datas)) if scorer.detailed else 0

    def lion_points(self, n: int, flips: int) -> int:
        """Points the hunting lions from ``n`` on will score: each flips one while prey lasts."""
        points = 0
        for slot, pd in enumerate(self.datas):
            lions = sum(1 for s, _ in self.order[n:] if s == slot)
            prey = ((pd.m[GZ] | pd.m[ZB]) & ~(flips >> slot * _N)).bit_count()
            hunts = min(lions, prey)
            points += 4 * hunts
            if self.scores_without_prey:
                points += 4 * (lions - hunts)
        return points

    def tail(self, flips: int) -> int:
        """Points still to come (elephants, hyenas, vultures, rows) with these cards face down."""
        floor = self.floor
        pts = 0
        for slot, pd in enumerate(self.datas):
            f = flips >> slot * _N & _ALL
            up = pd.hunters & ~f
            for e in pd.pos[EL]:
                v = 6 - 2 * (up & _ORTH_M[e]).bit_count()
                pts += v if floor is None or v >= floor else floor
            for h in pd.pos[HY]:
                pts += 3 * (f & _AROUND_M[h]).bit_count()
            for v in pd.pos[VU]:
                pts += 4 * (f & _BELOW_M[v]).bit_count()
        if self.rows is not None:
            static, gz_rows, zb_rows = self._row_masks or self._make_row_masks()
            for r in range(ROWS):
                kinds = static[r] + bool(gz_rows[r] & ~flips) + bool(zb_rows[r] & ~flips)
                pts += self.rows[kinds]
        return pts

    def _make_row_masks(self) -> tuple[list[int], list[int], list[int]]:
        """Per row of the two parks: how many kinds other than gazelles and zebras it holds
        (never flipped), and its gazelles and its zebras as bits of ``flips``."""
        prey_kinds = 1 << GZ | 1 << ZB
        west, east = self.datas
        west_bits, east_bits = _row_kind_bits(west), _row_kind_bits(east)
        gazelles = west.m[GZ] | east.m[GZ] << _N
        zebras = west.m[ZB] | east.m[ZB] << _N
        static = [(w | e) & ~prey_kinds for w, e in zip(west_bits, east_bits, strict=True)]
        gz_rows = [gazelles & rm for rm in _BOTH_ROWS_M]
        zb_rows = [zebras & rm for rm in _BOTH_ROWS_M]
        masks = self._row_masks = ([bits.bit_count() for bits in static], gz_rows, zb_rows)
        return masks

    def _cell(self, g: int) -> tuple[int, bool, int, int, int]:
        """What ``delta`` needs of the card at bit ``g``, apart from the other flips: the
        fixed change (hyenas around it gain 3, vultures above it 4, elephants next to it 2
        without a floor), whether elephants next to it have a floor to check, and for rows the
        other cards of its kind in its row, those of the other prey kind, and the face-up
        kinds there besides gazelles and zebras, plus one for itself."""
        slot, j = divmod(g, _N)
        m = self.datas[slot].m
        d = 3 * (m[HY] & _AROUND_M[j]).bit_count() + 4 * (m[VU] & _ABOVE_M[j]).bit_count()
        elephants = m[EL] & _ORTH_M[j]
        if elephants and self.floor is None:
            d += 2 * elephants.bit_count()
        same = other = kinds = 0
        if self.rows is not None:
            static, gz_rows, zb_rows = self._row_masks or self._make_row_masks()
            r = j // COLS
            same, other = gz_rows[r], zb_rows[r]
            if self.datas[slot].kinds[j] == ZB:
                same, other = other, same
            same &= ~(1 << g)
            kinds = static[r] + 1
        info = self._cells[g] = (d, bool(elephants) and self.floor is not None, same, other, kinds)
        return info

    def delta(self, g: int, flips: int) -> int:
        """Exact change of the tail when the face-up card at bit ``g`` of ``flips`` flips."""
        info = self._cells.get(g) or self._cell(g)
        d, floor_check, same, other, kinds = info
        if floor_check:
            slot, j = divmod(g, _N)
            pd = self.datas[slot]
            up = pd.hunters & ~(flips >> slot * _N)
            floor = self.floor
            for e in _ORTH[j]:
                if pd.kinds[e] == EL:
                    a = (up & _ORTH_M[e]).bit_count()
                    d += max(6 - 2 * (a - 1), floor) - max(6 - 2 * a, floor)
        if kinds and not same & ~flips:
            # the last face-up card of its kind in this row of the two parks
            n = kinds + bool(other & ~flips)
            d += self.rows[n - 1] - self.rows[n]
        return d

    def value(self, n: int, flips: int) -> int:
        """Best change of the tail the lions from ``n`` on can still make."""
        if n == len(self.order):
            return 0
        return self._search(n, flips)[0]

    def best(self, n: int, flips: int) -> int | None:
        """The prey lion ``n`` takes in a best line of play from here (first in reading order
        among equals); None if it has nothing to flip."""
        return self._search(n, flips)[1]

    def _search(self, n: int, flips: int) -> tuple[int, int | None]:
        memo = self.memo
        key = flips << 6 | n
        found = memo.get(key)
        if found is not None:
            return found
        slot, i = self.order[n]
        base = slot * _N
        available = self.prey_masks[slot] & ~flips
        if not available:
            result: tuple[int, int | None] = (self.value(n + 1, flips), None)
        else:
            explicit = self.choices.get((self.player, slot, i)) if self.choices else None
            if explicit is not None and available >> base + explicit & 1:
                candidates: Sequence[int] = (explicit,)
            elif not self.lookahead_all or (explicit is None and self.reading_order):
                candidates = ((available & -available).bit_length() - 1 - base,)
            else:
                candidates = _indices(available >> base)
            last = n + 1 == len(self.order)
            delta = self.delta
            best_value, best_prey = None, None
            for j in candidates:
                g = base + j
                v = delta(g, flips)
                if not last:
                    v += self._search(n + 1, flips | 1 << g)[0]
                if best_value is None or v > best_value:
                    best_value, best_prey = v, j
            result = (best_value, best_prey)
        memo[key] = result
        return result


def _joined(datas: list[_ParkData]) -> int:
    """The face-down cards of one player's parks as one int (park ``slot`` from bit ``slot * 20``)."""
    flips = 0
    for slot, pd in enumerate(datas):
        flips |= pd.flipped << slot * _N
    return flips


_new = object.__new__


def _new_line(player: int, category: str, points: int, note: str, cells: tuple) -> ScoreLine:
    # Scoring a six-player table makes a few hundred lines; filling the frozen
    # dataclass's __dict__ directly is three times faster than its __init__.
    line = _new(ScoreLine)
    d = line.__dict__
    d["player"] = player
    d["category"] = category
    d["points"] = points
    d["note"] = note
    d["cells"] = cells
    return line


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
    scorer = _Scorer(parks, rules, other_gazelles, lion_choices)
    return _steps(scorer)


def _steps(scorer: _Scorer) -> Iterator[ScoringStep]:
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
    scorer = _Scorer(parks, rules, other_gazelles, lion_choices, detailed=False)
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
    scorer = _Scorer(parks, rules, other_gazelles, None, detailed=False)
    for _ in scorer.run():
        pass
    return list(scorer.totals)
