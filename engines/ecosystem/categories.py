"""The scorer: one method per card type in the rulebook's order, each returning its lines."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from engines import ScoreLine
from engines.text import counted as counted_noun

from .lion_choices import check_lion_choices
from .lions import LionSearch, joined_flips
from .masks import (
    AROUND_M,
    BELOW_M,
    BITS,
    CH,
    DIAG_M,
    EL,
    GF,
    GR,
    GZ,
    HY,
    LI,
    ORTH,
    ORTH_M,
    ROW_M,
    TR,
    VU,
    WH,
    ZB,
    N,
    bit_indices,
)
from .park import COLS, ROWS, Park
from .parkdata import (
    ANIMAL_KINDS,
    CARD_AT,
    CARD_LABEL,
    FACE_UP,
    ROW_NOTES,
    ROW_PARTS,
    ParkData,
    check_other_gazelles,
    normalise,
    row_kind_bits,
)
from .rules import Rules
from .scoring_steps import LionChoice


def _grass(pd: ParkData) -> int:
    return pd.m[GR]


def _face_down(pd: ParkData) -> int:
    return pd.flipped


# ---- the scorer ----------------------------------------------------------------------


class ParkScorer:
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
        self.rules, self.players, self.shapes = normalise(parks, rules)
        self.other = check_other_gazelles(other_gazelles, self.rules)
        self.n = len(self.players)
        self.every = [pd for datas in self.players for pd in datas]
        self.totals = [0] * self.n
        self.choices = check_lion_choices(lion_choices, self.rules.park_names, self.players)

    def _add(
        self, out: list[ScoreLine], player: int, category: str, points: int, note: str, cells: tuple
    ) -> None:
        """Append a line to ``out`` and its points to the player's total."""
        out.append(_new_line(player, category, points, note, cells))
        self.totals[player] += points

    # -- snapshots for steps

    def flipped_cells(self) -> tuple[frozenset, ...]:
        return tuple(
            frozenset(pd.cells[i] for pd in datas for i in bit_indices(pd.flipped))
            for datas in self.players
        )

    def parks_now(self) -> tuple[Any, ...]:
        out = []
        for shape, datas in zip(self.shapes, self.players, strict=True):
            group = (shape,) if isinstance(shape, Park) else tuple(shape)
            parks = tuple(
                park.with_flips(pd.flipped) for park, pd in zip(group, datas, strict=True)
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
        for pd in self.every:
            if not pd.pos[WH]:
                continue
            kinds, cells, labels = pd.kinds, pd.cells, pd.labels
            for i in pd.pos[WH]:
                seen = 0
                near = []
                for j in ORTH[i]:
                    k = kinds[j]
                    if k >= GZ and not seen >> k & 1:
                        seen |= 1 << k
                        near.append(j)
                if near:
                    n = len(near)
                    note = f"watering hole at {labels[i]}: {ANIMAL_KINDS[seen >> GZ]}"
                    self._add(out, pd.player, "watering_hole", 2 * n, note, _around(cells, i, near))
                else:
                    note = pd.notes["watering_hole"][i]
                    self._add(out, pd.player, "watering_hole", 0, note, pd.one[i])
        return out

    def grasslands(self) -> list[ScoreLine]:
        out = []
        for pd in self.every:
            left = pd.m[GR]
            while left:
                low = left & -left
                group = low
                frontier = low
                while frontier:
                    grown = 0
                    for i in bit_indices(frontier):
                        grown |= ORTH_M[i]
                    frontier = grown & left & ~group
                    group |= frontier
                left &= ~group
                if group == low:
                    i = low.bit_length() - 1
                    self._add(out, pd.player, "grassland", 1, pd.notes["grassland"][i], pd.one[i])
                    continue
                idx = bit_indices(group)
                size = len(idx)
                if size <= 4:
                    points = size * size
                    note = f"group of {size} grasslands"
                else:
                    points = 16
                    note = f"group of {size} grasslands (a group scores at most 16)"
                cells = pd.cells
                self._add(out, pd.player, "grassland", points, note, tuple([cells[i] for i in idx]))
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
            note = f"trees in {counted_noun(rows, 'row')} and {counted_noun(cols, 'column')}"
            cells = pd.cells
            points = 2 * (rows + cols)
            self._add(
                out, pd.player, "tree", points, note, tuple(map(cells.__getitem__, pd.pos[TR]))
            )
        return out

    def gazelles(self) -> list[ScoreLine]:
        out = []
        for pd in self.every:
            n = len(pd.pos[GZ])
            if n:
                note = f"{counted_noun(n, 'gazelle')} at 2 each"
                cells = pd.cells
                self._add(
                    out,
                    pd.player,
                    "gazelle",
                    2 * n,
                    note,
                    tuple(map(cells.__getitem__, pd.pos[GZ])),
                )
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
                tie = f", tied with {counted_noun(tied - 1, 'other')}" if tied > 1 else ""
                pd = self.players[p][slot]
                cells = pd.cells
                note = f"{what}{where} ({c}{tie})"
                self._add(
                    out, p, "gazelle", points, note, tuple(map(cells.__getitem__, pd.pos[GZ]))
                )
        return out

    def zebras(self) -> list[ScoreLine]:
        return self._per_neighbour(ZB, "zebra", _grass, ORTH_M, 3, "grassland", "next to it")

    def giraffes(self) -> list[ScoreLine]:
        out = []
        for pd in self.every:
            if not pd.pos[GF]:
                continue
            trees, cells = pd.m[TR], pd.cells
            for i in pd.pos[GF]:
                near = bit_indices(trees & ORTH_M[i])
                if near:
                    note = pd.notes["giraffe+"][i]
                    self._add(out, pd.player, "giraffe", 5, note, _around(cells, i, near))
                else:
                    self._add(out, pd.player, "giraffe", 0, pd.notes["giraffe"][i], pd.one[i])
        return out

    def cheetahs(self) -> list[ScoreLine]:
        out = []
        for pd in self.every:
            if not pd.pos[CH]:
                continue
            cells, labels = pd.cells, pd.labels
            prey = pd.m[GZ] & ~pd.flipped
            used = 0
            for i in pd.pos[CH]:
                seen = prey & DIAG_M[i]
                if seen:
                    used |= seen
                    idx = bit_indices(seen)
                    g = len(idx)
                    where = ", ".join(map(labels.__getitem__, idx))
                    note = f"cheetah at {labels[i]}: {counted_noun(g, 'gazelle')} on its diagonals ({where})"
                    self._add(out, pd.player, "cheetah", 3 * g, note, _around(cells, i, idx))
                else:
                    self._add(out, pd.player, "cheetah", 0, pd.notes["cheetah"][i], pd.one[i])
            pd.flipped |= used
        return out

    def elephants(self) -> list[ScoreLine]:
        out = []
        floor = self.rules.elephant_floor
        for pd in self.every:
            if not pd.pos[EL]:
                continue
            kinds, cells, labels, at = pd.kinds, pd.cells, pd.labels, CARD_AT[pd.name]
            up = pd.hunters & ~pd.flipped
            for i in pd.pos[EL]:
                if not up & ORTH_M[i]:
                    self._add(out, pd.player, "elephant", 6, pd.notes["elephant"][i], pd.one[i])
                    continue
                near = bit_indices(up & ORTH_M[i])
                a = len(near)
                points = 6 - 2 * a
                if floor is not None and points < floor:
                    points = floor
                names = ", ".join([at[kinds[j]][j] for j in near])
                note = f"elephant at {labels[i]}: {FACE_UP[a]} next to it ({names})"
                self._add(out, pd.player, "elephant", points, note, _around(cells, i, near))
        return out

    def hyenas(self) -> list[ScoreLine]:
        return self._per_neighbour(
            HY, "hyena", _face_down, AROUND_M, 3, "face-down card", "around it"
        )

    def vultures(self) -> list[ScoreLine]:
        return self._per_neighbour(
            VU, "vulture", _face_down, BELOW_M, 4, "face-down card", "below it"
        )

    def _per_neighbour(
        self,
        kind: int,
        category: str,
        counted: Callable[[ParkData], int],
        masks: Sequence[int],
        per: int,
        what: str,
        where: str,
    ) -> list[ScoreLine]:
        """Each card of ``kind`` scores ``per`` points for each cell of ``counted(park)`` in
        its ``masks[i]`` (a zebra's grasslands next to it, a hyena's face-down cards around it,
        a vulture's below it); a card with none scores its 0 line."""
        out = []
        for pd in self.every:
            if not pd.pos[kind]:
                continue
            found, cells, labels = counted(pd), pd.cells, pd.labels
            for i in pd.pos[kind]:
                near = bit_indices(found & masks[i])
                if not near:
                    self._add(out, pd.player, category, 0, pd.notes[category][i], pd.one[i])
                    continue
                n = len(near)
                note = f"{category} at {labels[i]}: {counted_noun(n, what)} {where}"
                line = _around(cells, i, near)
                self._add(out, pd.player, category, per * n, note, line)
        return out

    def rows(self) -> list[ScoreLine]:
        out = []
        table = self.rules.row_points
        totals = self.totals
        prey_kinds = 1 << GZ | 1 << ZB
        west_parts, east_parts = ROW_PARTS["west"], ROW_PARTS["east"]
        for datas in self.players:
            player = datas[0].player
            west, east = datas
            west_bits, east_bits = row_kind_bits(west), row_kind_bits(east)
            # only gazelles and zebras are ever face down
            west_up, east_up = west.m_all & ~west.flipped, east.m_all & ~east.flipped
            gazelles = west.m[GZ] & west_up | east.m[GZ] & east_up
            zebras = west.m[ZB] & west_up | east.m[ZB] & east_up
            total = 0
            for r in range(ROWS):
                rm = ROW_M[r]
                bits = (west_bits[r] | east_bits[r]) & ~prey_kinds
                if gazelles & rm:
                    bits |= 1 << GZ
                if zebras & rm:
                    bits |= 1 << ZB
                shift = r * COLS
                where = west_parts[r][west_up >> shift & 31] + east_parts[r][east_up >> shift & 31]
                n = bits.bit_count()
                out.append(_new_line(player, "rows", table[n], ROW_NOTES[r][n], where))
                total += table[n]
            totals[player] += total
        return out

    # -- lions

    def lions(self, datas: list[ParkData]) -> Iterator[tuple[ScoreLine, LionChoice | None]]:
        order = [(s, i) for s, pd in enumerate(datas) for i in pd.pos[LI]]
        if not order:
            return
        player = datas[0].player
        detailed = self.detailed
        hunting = [(s, i) for s, i in order if datas[s].m[GR] & ORTH_M[i]]
        choices, policy = self.choices, self.rules.lion_choice
        search: LionSearch | None = None
        n = -1  # index of the current lion among the hunting ones
        for slot, i in order:
            pd = datas[slot]
            lion, label = pd.cells[i], pd.labels[i]
            if not pd.m[GR] & ORTH_M[i]:
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
            flips = joined_flips(datas) if detailed or policy == "best" else 0
            several = available & (available - 1)
            options: list[tuple[int, int]] = []
            if detailed or (explicit is None and policy == "best" and several):
                if search is None:
                    search = LionSearch(self, datas, hunting)
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
                search.tail_now += search.delta(slot * N + prey, flips)
            pd.flipped |= BITS[prey]
            note = (
                f"lion at {label}: next to a grassland, flips the {CARD_LABEL[pd.kinds[prey]]} "
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
        self, search: LionSearch, n: int, slot: int, available: int, flips: int
    ) -> list[tuple[int, int]]:
        """Each prey hunting lion ``n`` may flip, with the owner's final total if it does (later
        lions choosing as the rules say)."""
        player = search.player
        # the owner's final total = points so far + lions still to score + the tail
        base = self.totals[player] + search.lion_points(n, flips) + search.tail_now
        delta, value = search.delta, search.value
        at = slot * N
        return [
            (j, base + delta(at + j, flips) + value(n + 1, flips | 1 << at + j))
            for j in bit_indices(available)
        ]


_new = object.__new__


def _around(cells: Any, i: int, near: list[int]) -> tuple:
    """The cell of card ``i`` and then those of its ``near`` cards."""
    return (cells[i], *map(cells.__getitem__, near))


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
