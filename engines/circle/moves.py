"""The rules of one move of Circle of Life, as functions over a position's arrays.

A position is the board's tables (:class:`~engines.circle.board.Board`) and four arrays: the
owner of each cell (-1 empty), the critter bitmask covering each cell, each player's stones as
a bitmask, and the stones each has eaten.  A stone *evolves* with every critter of its own it
touches (at most 4 stones), then that critter *feeds* on every touching enemy critter of its
prey species.  :class:`~engines.circle.state.State` keeps the arrays and the turn; these say
what a move would be, why it is refused, and what it did.
"""

from __future__ import annotations

from engines import Event

from .board import Board
from .critters import Critter, Preview
from .events import Ate, Evolved, Placed
from .rules import PLAYER_NAMES
from .species import SPECIES


def union(nbrs: list, owner: list[int], crit: list[int], i: int, p: int) -> int:
    """Bitmask of player ``p``'s critters touching cell number ``i``."""
    m = 0
    for j in nbrs[i]:
        if owner[j] == p:
            m |= crit[j]
    return m


def count_critters(crit: list[int], mask: int) -> int:
    """How many critters the stones ``mask`` belong to."""
    count = 0
    while mask:
        low = mask & -mask
        mask &= ~crit[low.bit_length() - 1]
        count += 1
    return count


def prey_masks(info: list, crit: list[int], enemy: int, sp: int, halo: int) -> list[int]:
    """Masks of the critters among the stones ``enemy`` touching ``halo`` that are of the prey
    species of species number ``sp``, in board order."""
    x = halo & enemy
    prey = (sp + 1) % 12
    out = []
    while x:
        low = x & -x
        cm = crit[low.bit_length() - 1]
        x &= ~cm
        if info[cm][0] == prey:
            out.append(cm)
    return out


def place(
    b: Board,
    owner: list[int],
    crit: list[int],
    occ: list[int],
    empties: list[int],
    pos: list[int],
    eaten: list[int],
    i: int,
    p: int,
) -> tuple[int, list[int]]:
    """Player ``p``'s stone on legal cell number ``i`` (nothing checked): it evolves, then
    feeds; ``empties`` (the empty cells, any order) and ``pos`` (each one's place in it, -1
    when taken) follow, and ``eaten[p]`` grows.  Returns the new critter's mask and the masks
    of the critters it ate."""
    m = 0
    for j in b.nbrs[i]:
        if owner[j] == p:
            m |= crit[j]
    new = m | 1 << i
    sp, members, halo = b.info[new]
    for k in members:
        crit[k] = new
    owner[i] = p
    occ[p] |= 1 << i
    k = pos[i]
    last = empties.pop()
    if last != i:
        empties[k] = last
        pos[last] = k
    pos[i] = -1
    e = 1 - p
    if not halo & occ[e]:
        return new, []
    masks = prey_masks(b.info, crit, occ[e], sp, halo)
    for cm in masks:
        for k in b.info[cm][1]:
            owner[k] = -1
            crit[k] = 0
            pos[k] = len(empties)
            empties.append(k)
            eaten[p] += 1
        occ[e] &= ~cm
    return new, masks


def critter(b: Board, owner: list[int], mask: int) -> Critter:
    """The critter of the stones ``mask``."""
    sp, members, _ = b.info[mask]
    return Critter(owner[members[0]], frozenset(b.cells[i] for i in members), SPECIES[sp])


def reason(b: Board, owner: list[int], crit: list[int], player: int, i: int) -> str | None:
    """Why ``player`` may not place on cell number ``i`` (one sentence), or None."""
    who = owner[i]
    where = b.labels[i]
    if who >= 0:
        whose = "yours" if who == player else f"{PLAYER_NAMES[who]}'s"
        return f"{where} is already taken (the stone there is {whose})."
    size = union(b.nbrs, owner, crit, i, player).bit_count() + 1
    if size > 4:
        return f"A stone at {where} would make a critter of {size} stones; a critter has at most 4."
    return None


def preview(
    b: Board,
    owner: list[int],
    crit: list[int],
    occ: list[int],
    player: int,
    i: int,
    eaten: int,
    target: int,
) -> Preview:
    """What ``player`` placing on legal cell number ``i`` would do (having eaten ``eaten``
    stones of the ``target``)."""
    joined = union(b.nbrs, owner, crit, i, player)
    sp, members, halo = b.info[joined | 1 << i]
    eats = tuple(critter(b, owner, m) for m in prey_masks(b.info, crit, occ[1 - player], sp, halo))
    stones = sum(c.size for c in eats)
    return Preview(
        player,
        b.cells[i],
        None,
        SPECIES[sp],
        tuple(b.cells[k] for k in members),
        count_critters(crit, joined),
        eats,
        stones > 0 and eaten + stones >= target,
    )


def events(
    b: Board, radius: int, p: int, i: int, new: int, merged: int, eaten: list[int]
) -> list[Event]:
    """What ``p``'s stone on cell number ``i`` did: placed, evolved into the critter ``new``
    (from ``merged`` critters of hers), and ate the critters ``eaten`` (masks), if any."""
    cells = b.cells
    sp, members, _ = b.info[new]
    where = cells[i]
    out: list[Event] = [
        Placed(p, where, radius),
        Evolved(p, where, SPECIES[sp], tuple(cells[k] for k in members), merged, radius),
    ]
    if eaten:
        eaten_cells = sorted(k for m in eaten for k in b.info[m][1])
        out.append(
            Ate(
                p,
                where,
                SPECIES[sp],
                SPECIES[(sp + 1) % 12],
                len(eaten),
                len(eaten_cells),
                tuple(cells[k] for k in eaten_cells),
                radius,
            )
        )
    return out
