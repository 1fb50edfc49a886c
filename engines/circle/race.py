"""The race for legal cells: who may still place where, and why not.

Most games end with a player who cannot place a stone (with the rulebook's rule she wins),
so the real score is how many empty cells each player may still use.  A cell is usable by a
player when it is empty and a stone there would join her neighbouring critters into at most 4
stones.  Every empty cell is of one of four kinds: only Orange can use it, only Black, both,
or neither.

>>> from engines.circle import State
>>> game = State.from_position({0: "E5 E6 E7 E8", 1: "A1"}, to_move=1)
>>> r = race(game)
>>> r.counts
(44, 56)
>>> r.use("E4").kind, r.use("A2").kind
('only Black', 'both')
>>> r.use("E4").reasons[0]
"E4 touches Orange's 4-line at E5 E6 E7 E8, which already has 4 stones."
>>> r.describe()
'Orange may place on 44 cells, Black on 56 cells: 12 only Black, 44 both.'
"""

from __future__ import annotations

from dataclasses import dataclass

from .rules import PLAYER_NAMES
from .state import State

__all__ = ["BOTH", "KINDS", "NEITHER", "ONLY", "CellUse", "Race", "legal_cells", "race"]

Cell = tuple[int, int]

BOTH = "both"
"""Kind of a cell both players may use."""
NEITHER = "neither"
"""Kind of a cell no player may use."""
ONLY = ("only Orange", "only Black")
"""Kind of a cell only player 0 (Orange) or only player 1 (Black) may use."""
KINDS = (ONLY[0], ONLY[1], BOTH, NEITHER)
"""The four kinds of empty cell, in the order a legend lists them."""


@dataclass(frozen=True)
class CellUse:
    """Who may place on one empty cell, and why the others may not."""

    cell: Cell
    """The empty cell."""
    label: str
    """Its label, e.g. ``"E5"``."""
    reasons: tuple[str | None, str | None]
    """For Orange and for Black: why she may not place here (a sentence), or ``None``."""

    @property
    def usable(self) -> tuple[bool, bool]:
        """Whether Orange and whether Black may place here."""
        return (self.reasons[0] is None, self.reasons[1] is None)

    @property
    def kind(self) -> str:
        """``"only Orange"``, ``"only Black"``, ``"both"`` or ``"neither"``."""
        orange, black = self.usable
        if orange and black:
            return BOTH
        if orange or black:
            return ONLY[0 if orange else 1]
        return NEITHER


@dataclass(frozen=True)
class Race:
    """Every empty cell of a position with who may use it; the counts are the race's score."""

    cells: tuple[CellUse, ...]
    """Every empty cell, in reading order."""

    @property
    def counts(self) -> tuple[int, int]:
        """How many cells Orange and Black may place on (whoever is to move)."""
        return (
            sum(1 for c in self.cells if c.reasons[0] is None),
            sum(1 for c in self.cells if c.reasons[1] is None),
        )

    def of_kind(self, kind: str) -> list[Cell]:
        """The empty cells of one kind (see :data:`KINDS`), in reading order."""
        if kind not in KINDS:
            raise ValueError(f"A kind of cell is one of {', '.join(KINDS)}; not {kind!r}.")
        return [c.cell for c in self.cells if c.kind == kind]

    def use(self, where: Cell | str) -> CellUse:
        """The entry of one empty cell, given as (q, r) or by its label."""
        for c in self.cells:
            if where in (c.cell, c.label):
                return c
        raise ValueError(f"{where!r} is not an empty cell of this position.")

    def describe(self) -> str:
        """The counts and the kinds in one sentence."""
        orange, black = self.counts
        kinds = [(kind, len(self.of_kind(kind))) for kind in KINDS]
        parts = ", ".join(f"{n} {kind}" for kind, n in kinds if n)
        tail = f": {parts}" if parts else ""
        return (
            f"{PLAYER_NAMES[0]} may place on {_cells(orange)}, "
            f"{PLAYER_NAMES[1]} on {_cells(black)}{tail}."
        )


def _cells(n: int) -> str:
    return "1 cell" if n == 1 else f"{n} cells"


def race(state: State) -> Race:
    """Who may place on each empty cell of ``state`` (counted even when the game is over)."""
    b = state.board
    owner: dict[int, int] = {}
    critter_of: dict[int, int] = {}
    critters = state.critters()
    for k, critter in enumerate(critters):
        for cell in critter.cells:
            i = b.index[cell]
            owner[i] = critter.player
            critter_of[i] = k
    uses = []
    for i, cell in enumerate(b.cells):
        if i in owner:
            continue
        touching: list[list[int]] = [[], []]
        for j in b.nbrs[i]:
            if j in owner and critter_of[j] not in touching[owner[j]]:
                touching[owner[j]].append(critter_of[j])
        reasons = tuple(
            _why_not(state, b.labels[i], p, [critters[k] for k in sorted(touching[p])])
            for p in (0, 1)
        )
        uses.append(CellUse(cell, b.labels[i], reasons))  # type: ignore[arg-type]
    return Race(tuple(uses))


def _why_not(state: State, where: str, player: int, touching: list) -> str | None:
    size = 1 + sum(c.size for c in touching)
    if size <= 4:
        return None
    who = PLAYER_NAMES[player]
    full = [c for c in touching if c.size == 4]
    if full:
        c = full[0]
        return f"{where} touches {who}'s {c.species} at {_where(state, c)}, which already has 4 stones."
    joined = " and her ".join(f"{c.species} at {_where(state, c)}" for c in touching)
    article = "An" if who[0] in "AEIOU" else "A"
    return (
        f"{article} {who} stone at {where} would join her {joined} into {size} stones; "
        "a critter has at most 4."
    )


def _where(state: State, critter) -> str:
    b = state.board
    return " ".join(b.labels[i] for i in sorted(b.index[c] for c in critter.cells))


def legal_cells(state: State, player: int) -> list[Cell]:
    """The empty cells where ``player`` may place, in reading order (whoever is to move).

    >>> from engines.circle import replay
    >>> game = replay(["E5"])
    >>> legal_cells(game, 1) == game.legal_actions()
    True
    """
    if player not in (0, 1):
        raise ValueError(f"player must be 0 or 1, not {player!r}.")
    return [c.cell for c in race(state).cells if c.reasons[player] is None]
