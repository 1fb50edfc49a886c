"""The unchecked fast path of search, on a position's arrays: what a stone would eat, and
random games played to the end.  Nothing is checked: the move is assumed legal.

In a random game only the bitmasks, critters, empty cells and eaten counts are kept true while it runs (the
per-cell owners and the empty cells' places go stale), so
:meth:`~engines.circle.state.State.rollout` runs it on a throwaway copy, and
:meth:`~engines.circle.state.State.random_playout` mends the rest after (:func:`mend`).
"""

from __future__ import annotations

from collections.abc import Callable


def joined(nbmask: list[int], crit: list[int], cell: int, mine: int) -> int:
    """Bitmask of the critter a stone on cell number ``cell`` would form with the stones
    ``mine`` (the mover's bitmask): the stone's neighbours of hers and every critter they are
    in (the stone itself not included; a legal stone leaves it under 4 stones)."""
    adj = nbmask[cell] & mine
    m = 0
    while adj:
        cm = crit[(adj & -adj).bit_length() - 1]
        m |= cm
        adj &= ~cm
    return m


def rollout(
    info: list,
    nbmask: list[int],
    crit: list[int],
    occ: list[int],
    empties: list[int],
    eaten: list[int],
    record: Callable[[int], None],
    target: int,
    rand: Callable[[], float],
    p: int,
) -> tuple[int, bool]:
    """Play uniformly random legal moves from player ``p``'s turn, changing the arrays in
    place and passing each cell played to ``record``; returns who ended the game and whether
    by eating ``target`` stones (else she is the player who could not place).

    A move is drawn among the empty cells (rejection sampling, 12 tries) and among the
    legal ones listed when that fails.
    """

    while True:
        n = len(empties)
        mine = occ[p]
        for _ in range(12):
            if not n:
                break
            k = int(rand() * n)
            c = empties[k]
            m = joined(nbmask, crit, c, mine)
            if m.bit_count() < 4:
                break
        else:
            k = -1
        if n == 0 or k < 0:
            legal = [
                (k, c, m)
                for k, c in enumerate(empties)
                if (m := joined(nbmask, crit, c, mine)).bit_count() < 4
            ]
            if not legal:
                return p, False
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
                    return p, True
        p = e


def mend(owner: list[int], pos: list[int], occ: list[int], empties: list[int]) -> None:
    """Make each cell's owner and each empty cell's place in ``empties`` true again after a
    :func:`rollout` (which keeps only the bitmasks and the empty list)."""
    occ0, occ1 = occ
    for i in range(len(owner)):
        owner[i] = 0 if occ0 >> i & 1 else 1 if occ1 >> i & 1 else -1
    for i in range(len(pos)):
        pos[i] = -1
    for k, i in enumerate(empties):
        pos[i] = k


def meal(
    info: list, nbrs: list, owner: list[int], crit: list[int], enemy: int, i: int, p: int
) -> int:
    """Stones player ``p`` would eat by placing on empty cell number ``i``, ``enemy`` being
    the other player's stones (a bitmask)."""
    m = 1 << i
    for j in nbrs[i]:
        if owner[j] == p:
            m |= crit[j]
    sp, _, halo = info[m]
    x = halo & enemy
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
