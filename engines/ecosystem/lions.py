"""The lion search: the value of every choice a player's lions can make, memoised by the flipped set."""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import Any, Protocol

from .masks import (
    ABOVE_M,
    ALL,
    AROUND_M,
    BELOW_M,
    BOTH_ROWS_M,
    EL,
    GZ,
    HY,
    ORTH,
    ORTH_M,
    VU,
    ZB,
    N,
    bit_indices,
)
from .park import COLS, ROWS
from .parkdata import ParkData, row_kind_bits


class Scorer(Protocol):
    """What the lion search reads of the scorer that runs it."""

    rules: Any
    """The game's :class:`~engines.ecosystem.Rules`."""
    choices: Any
    """The caller's lion choices, as indexes (see :mod:`.lion_choices`)."""
    detailed: bool
    """Whether the scorer writes the step-by-step sheet."""


_SEARCH_LIMIT = 20000
"""Above this many lion outcomes to compare for one player, later lions are assumed to take
the first face-up prey in reading order while the deciding lion still compares them all."""


class LionSearch:
    """Values of lion choices for one player.

    The owner's final total is the total before lions, plus the lions' points (fixed: every
    lion next to grassland flips one while prey lasts), plus the points still to come from
    elephants, hyenas, vultures and rows ("tail"), which depend on which cards are face down.
    ``delta`` is the exact change of the tail when one more card flips; ``value`` is the best
    change the remaining lions can still make, searching every choice (memoised).

    The face-down cards of all the player's parks are one int ``flips``: park ``slot``'s
    cell ``i`` is bit ``slot * 20 + i`` (see :func:`joined_flips`). What a card's flip changes
    apart from the other flips is worked out once per card (``_cell``).
    """

    def __init__(self, scorer: Scorer, datas: list[ParkData], order: list[tuple[int, int]]):
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
        self.prey_masks = [(pd.m[GZ] | pd.m[ZB]) << s * N for s, pd in enumerate(datas)]
        self.rows = rules.row_points if rules.variant == "two_parks" else None
        self._cells: dict[int, tuple[int, bool, int, int, int]] = {}
        self._row_masks: tuple[list[int], list[int], list[int]] | None = None
        # Only absolute totals (shown as a lion's options) need the tail itself.
        self.tail_now = self.tail(joined_flips(datas)) if scorer.detailed else 0

    def lion_points(self, n: int, flips: int) -> int:
        """Points the hunting lions from ``n`` on will score: each flips one while prey lasts."""
        points = 0
        for slot, pd in enumerate(self.datas):
            lions = sum(1 for s, _ in self.order[n:] if s == slot)
            prey = ((pd.m[GZ] | pd.m[ZB]) & ~(flips >> slot * N)).bit_count()
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
            f = flips >> slot * N & ALL
            up = pd.hunters & ~f
            for e in pd.pos[EL]:
                v = 6 - 2 * (up & ORTH_M[e]).bit_count()
                pts += v if floor is None or v >= floor else floor
            for h in pd.pos[HY]:
                pts += 3 * (f & AROUND_M[h]).bit_count()
            for v in pd.pos[VU]:
                pts += 4 * (f & BELOW_M[v]).bit_count()
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
        west_bits, east_bits = row_kind_bits(west), row_kind_bits(east)
        gazelles = west.m[GZ] | east.m[GZ] << N
        zebras = west.m[ZB] | east.m[ZB] << N
        static = [(w | e) & ~prey_kinds for w, e in zip(west_bits, east_bits, strict=True)]
        gz_rows = [gazelles & rm for rm in BOTH_ROWS_M]
        zb_rows = [zebras & rm for rm in BOTH_ROWS_M]
        masks = self._row_masks = ([bits.bit_count() for bits in static], gz_rows, zb_rows)
        return masks

    def _cell(self, g: int) -> tuple[int, bool, int, int, int]:
        """What ``delta`` needs of the card at bit ``g``, apart from the other flips: the
        fixed change (hyenas around it gain 3, vultures above it 4, elephants next to it 2
        without a floor), whether elephants next to it have a floor to check, and for rows the
        other cards of its kind in its row, those of the other prey kind, and the face-up
        kinds there besides gazelles and zebras, plus one for itself."""
        slot, j = divmod(g, N)
        m = self.datas[slot].m
        d = 3 * (m[HY] & AROUND_M[j]).bit_count() + 4 * (m[VU] & ABOVE_M[j]).bit_count()
        elephants = m[EL] & ORTH_M[j]
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
            slot, j = divmod(g, N)
            pd = self.datas[slot]
            up = pd.hunters & ~(flips >> slot * N)
            floor = self.floor
            for e in ORTH[j]:
                if pd.kinds[e] == EL:
                    a = (up & ORTH_M[e]).bit_count()
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
        base = slot * N
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
                candidates = bit_indices(available >> base)
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


def joined_flips(datas: list[ParkData]) -> int:
    """The face-down cards of one player's parks as one int (park ``slot`` from bit ``slot * 20``)."""
    flips = 0
    for slot, pd in enumerate(datas):
        flips |= pd.flipped << slot * N
    return flips
