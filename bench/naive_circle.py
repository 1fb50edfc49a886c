"""A deliberately naive Circle of Life, the reference the fast engine is measured against.

It keeps only a dict of stones.  Every question is answered from scratch: groups by flood
fill, species by trying all 12 orientations of the group, legal moves by placing a stone
on each empty cell and flood-filling its group.  It is short enough to check by eye, which
also makes it a second opinion in ``tests/circle/test_reference.py``.
"""

from __future__ import annotations

import random

from engines.circle import SHAPES, SPECIES

STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _shape_key(cells):
    """Smallest translated, sorted form of the cells over 6 rotations and a mirror."""
    best = None
    for mirror in (False, True):
        shape = [(q, -q - r) for q, r in cells] if mirror else list(cells)
        for _ in range(6):
            shape = [(-r, q + r) for q, r in shape]
            mq = min(q for q, _ in shape)
            mr = min(r for _, r in shape)
            key = tuple(sorted((q - mq, r - mr) for q, r in shape))
            if best is None or key < best:
                best = key
    return best


class NaiveGame:
    """Two players, a dict of stones, and nothing precomputed except the list of cells."""

    def __init__(self, radius=4, target=20, first_player=0, no_placement_wins=True):
        self.radius = radius
        self.target = target
        self.no_placement_wins = no_placement_wins
        self.cells = [
            (q, r)
            for r in range(-radius, radius + 1)
            for q in range(-radius, radius + 1)
            if max(abs(q), abs(r), abs(q + r)) <= radius
        ]
        self.stones = {}
        self.eaten = [0, 0]
        self.player = first_player
        self.winner = None
        self.reason = None
        self.names = {_shape_key(shape): name for name, shape in SHAPES.items()}

    def neighbours(self, cell):
        q, r = cell
        for dq, dr in STEPS:
            n = (q + dq, r + dr)
            if max(abs(n[0]), abs(n[1]), abs(n[0] + n[1])) <= self.radius:
                yield n

    def group(self, cell, stones):
        owner = stones[cell]
        seen = {cell}
        todo = [cell]
        while todo:
            for n in self.neighbours(todo.pop()):
                if n not in seen and stones.get(n) == owner:
                    seen.add(n)
                    todo.append(n)
        return seen

    def species(self, cells):
        return self.names[_shape_key(cells)]

    def legal_moves(self, player=None):
        player = self.player if player is None else player
        moves = []
        for cell in self.cells:
            if cell in self.stones:
                continue
            self.stones[cell] = player
            if len(self.group(cell, self.stones)) <= 4:
                moves.append(cell)
            del self.stones[cell]
        return moves

    def play(self, cell):
        p = self.player
        self.stones[cell] = p
        mine = self.group(cell, self.stones)
        prey = SPECIES[(SPECIES.index(self.species(mine)) + 1) % 12]
        meals = []
        for c in mine:
            for n in self.neighbours(c):
                if self.stones.get(n) == 1 - p:
                    g = self.group(n, self.stones)
                    if g not in meals and self.species(g) == prey:
                        meals.append(g)
        for g in meals:
            for c in g:
                del self.stones[c]
            self.eaten[p] += len(g)
        if self.eaten[p] >= self.target:
            self.winner, self.reason = p, "capture_target"
            return
        self.player = 1 - p
        if not self.legal_moves():
            stuck = self.player
            self.winner = stuck if self.no_placement_wins else 1 - stuck
            self.reason = "no_legal_placement"

    def random_game(self, rng):
        while self.winner is None:
            self.play(rng.choice(self.legal_moves()))
        return self.winner


def random_game(rng: random.Random, radius: int = 4) -> NaiveGame:
    """One uniformly random full game with the naive engine."""
    game = NaiveGame(radius)
    game.random_game(rng)
    return game
