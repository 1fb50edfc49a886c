"""The fast path of bots and search: what a cell would eat, and random games played to the end
(a part of :class:`~engines.circle.state.State`).

These work on cell numbers and bitmasks and check nothing: a search calls them millions of
times, so they trust their caller to pass legal cells of a live game.
"""

from __future__ import annotations

import random

from .events import CAPTURE_TARGET
from .outcome import Outcome


class FastPath:
    """The unchecked playing methods of :class:`~engines.circle.state.State` (a mixin; no state
    of its own)."""

    __slots__ = ()

    def meal(self, i: int, p: int) -> int:
        """Stones player p would eat by placing on empty cell number i (fast path: assumed
        legal, nothing checked, the game unchanged)."""
        owner = self._owner
        crit = self._crit
        m = 1 << i
        for j in self._b.nbrs[i]:
            if owner[j] == p:
                m |= crit[j]
        info = self._b.info
        sp, _, halo = info[m]
        x = halo & self._occ[1 - p]
        if not x:
            return 0
        prey = sp + 1 if sp < 11 else 0
        got = 0
        while x:
            low = x & -x
            cm = crit[low.bit_length() - 1]
            x &= ~cm
            if info[cm][0] == prey:
                got += cm.bit_count()
        return got

    def random_playout(self, rng: random.Random) -> int:
        """Play uniformly random legal moves to the end of the game (in place); return the winner.

        Every move is drawn uniformly among the mover's legal cells (rejection sampling over
        the empty cells, falling back to listing them).  The move list is kept, so the result
        replays like any other game.
        """
        if self._outcome is not None:
            return self._outcome.winner
        winner = self.rollout(rng, self._moves)
        # The hot loop keeps only the bitmasks, critters and empty list; redo the rest.
        owner = self._owner
        occ0, occ1 = self._occ
        for i in range(len(owner)):
            owner[i] = 0 if occ0 >> i & 1 else 1 if occ1 >> i & 1 else -1
        pos = self._pos
        for i in range(len(pos)):
            pos[i] = -1
        for k, i in enumerate(self._empties):
            pos[i] = k
        return winner

    def rollout(self, rng: random.Random, moves: list[int]) -> int:
        """Play uniformly random moves to the end, appending their cell numbers to ``moves``;
        return the winner (fast path: the hot loop of :meth:`random_playout`).

        Only the bitmasks, critters, empty cells, eaten counts and outcome stay true: the
        per-cell owners go stale, so only a throwaway copy (:meth:`fast_clone`) may do this.
        """
        info = self._b.info
        joined = self._joined
        crit = self._crit
        occ = self._occ
        empties = self._empties
        eaten = self._eaten
        record = moves.append
        target = self.rules.capture_target
        rand = rng.random
        p = self._player
        while True:
            n = len(empties)
            mine = occ[p]
            for _ in range(12):
                if not n:
                    break
                k = int(rand() * n)
                c = empties[k]
                m = joined(c, mine)
                if m.bit_count() < 4:
                    break
            else:
                k = -1
            if n == 0 or k < 0:
                legal = [
                    (k, c, m)
                    for k, c in enumerate(empties)
                    if (m := joined(c, mine)).bit_count() < 4
                ]
                if not legal:
                    self._player = p
                    self._outcome = self._stuck_outcome(p)
                    return self._outcome.winner
                k, c, m = legal[int(rand() * len(legal))]
            # evolve
            bit = 1 << c
            new = m | bit
            sp, members, halo = info[new]
            for j in members:
                crit[j] = new
            occ[p] = mine | bit
            last = empties.pop()
            if k < n - 1:
                empties[k] = last
            record(c)
            # feed
            e = 1 - p
            x = halo & occ[e]
            if x:
                prey = sp + 1 if sp < 11 else 0
                got = 0
                while x:
                    cm = crit[(x & -x).bit_length() - 1]
                    x &= ~cm
                    ci = info[cm]
                    if ci[0] == prey:
                        cells = ci[1]
                        for j in cells:
                            crit[j] = 0
                        empties.extend(cells)
                        occ[e] &= ~cm
                        got += len(cells)
                if got:
                    eaten[p] += got
                    if eaten[p] >= target:
                        self._player = p
                        self._outcome = Outcome.won(p, CAPTURE_TARGET, tuple(eaten), target)
                        return p
            p = e
