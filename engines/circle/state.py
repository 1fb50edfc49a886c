"""A game of Circle of Life in progress: the board, whose turn it is, and the full turn.

A turn is one cell.  *Evolve*: the stone goes on an empty cell and merges with every
friendly critter it touches; the result may not exceed 4 stones.  *Feed*: only that new
critter feeds, eating every adjacent enemy critter of its prey species at once.  A player
wins on having eaten at least ``Rules.capture_target`` stones, or when it is her turn and
she cannot place a stone (``Rules.no_placement_wins`` chooses win or loss).

>>> game = new_game()
>>> [e.describe() for e in game.apply("E5")]
['Orange placed a stone at E5.', 'Orange has a new singleton at E5.']
>>> game.apply("E7") and game.apply("A1") and None
>>> game.apply((1, 0))[-1].describe()
"Black's pair at E6 ate an Orange singleton (1 stone)."
>>> game.eaten, game.current_player, game.label(game.moves[-1])
((0, 1), 0, 'E6')
>>> game.stone_at((0, 0)) is None
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Self

from engines import Event, Events, IllegalAction, ScoreLine, ScoreSheet
from engines.protocol import BaseState, play_all

from . import saves
from .board import Board, board, on_board
from .board import label as _label
from .board import parse_label as _parse_label
from .critters import Critter, Preview
from .drawing import BoardPicture
from .events import CAPTURE_TARGET, NO_LEGAL_PLACEMENT, Ate, Evolved, Placed
from .outcome import Outcome
from .rules import PLAYER_NAMES, Rules
from .saves import cell_value, pair_of_counts
from .species import SPECIES

__all__ = ["State", "new_game", "replay"]

Cell = tuple[int, int]


class State(BaseState, BoardPicture):
    """A Circle of Life game: mutable, cheap to :meth:`clone`.

    Make one with :func:`new_game`, :meth:`from_position`, :func:`replay` or :meth:`from_dict`.

    The *fast path* for bots and search works on cell numbers (indexes into
    ``board.cells``) and checks nothing: :meth:`legal_indices`, :meth:`play_index`,
    :meth:`meal`, :meth:`fast_clone` and :meth:`rollout`.

    >>> game = replay(["E5"])
    >>> i = game.board.index[(1, 0)]
    >>> i in game.legal_indices(), game.meal(i, 1)
    (True, 0)
    """

    __slots__ = (
        "rules",
        "seed",
        "rng",
        "_b",
        "_owner",
        "_crit",
        "_occ",
        "_empties",
        "_pos",
        "_eaten",
        "_player",
        "_outcome",
        "_moves",
        "_start",
    )

    def __init__(self, rules: Rules | None = None, seed: int | None = None):
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise ValueError(f"rules must be a Rules object, not {type(rules).__name__}.")
        self.rules = rules
        """The game's options."""
        self.seed = seed
        """The seed given to :func:`new_game` (the rules themselves use no chance)."""
        self.rng = random.Random(seed)
        """The state's own random generator (unused by the rules; there for the contract)."""
        b = board(rules.radius)
        n = b.size
        self._b = b
        self._owner = [-1] * n  # -1 empty, else the player
        self._crit = [0] * n  # bitmask of the critter on each cell, 0 when empty
        self._occ = [0, 0]  # bitmask of each player's stones
        self._empties = list(range(n))  # empty cells, any order
        self._pos = list(range(n))  # index of each empty cell in _empties, -1 when taken
        self._eaten = [0, 0]
        self._player = rules.first_player
        self._outcome: Outcome | None = None
        self._moves: list[int] = []
        self._start: tuple[tuple[int, ...], tuple[int, ...], tuple[int, int], int] = (
            (),
            (),
            (0, 0),
            rules.first_player,
        )

    # ------------------------------------------------------------------ basics
    @property
    def board(self) -> Board:
        """The precomputed board tables (cells, labels, neighbours)."""
        return self._b

    @property
    def current_player(self) -> int | None:
        """Whose turn it is (0 or 1), or ``None`` when the game is over."""
        return None if self._outcome is not None else self._player

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._outcome is not None

    @property
    def players(self) -> int:
        """Two: Orange (0) and Black (1)."""
        return 2

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it runs."""
        return self._outcome

    @property
    def eaten(self) -> tuple[int, int]:
        """Stones eaten so far by player 0 and by player 1."""
        return (self._eaten[0], self._eaten[1])

    @property
    def moves(self) -> tuple[Cell, ...]:
        """The cells played so far (from the start position), in order."""
        cells = self._b.cells
        return tuple(cells[i] for i in self._moves)

    @property
    def cells(self) -> tuple[Cell, ...]:
        """Every cell of the board, in reading order."""
        return self._b.cells

    def label(self, cell: Cell) -> str:
        """The label of a cell on this board (``"E5"`` is the centre of the default board)."""
        return _label(cell, self.rules.radius)

    def parse_label(self, text: str) -> Cell:
        """The cell a label names on this board; ``ValueError`` with a sentence otherwise."""
        return _parse_label(text, self.rules.radius)

    def stone_at(self, cell: Cell) -> int | None:
        """The player whose stone is on ``cell``, or ``None`` if it is empty."""
        i = self._index(cell)
        p = self._owner[i]
        return None if p < 0 else p

    def stones(self, player: int) -> tuple[Cell, ...]:
        """The cells of ``player``'s stones, in reading order.

        >>> replay(["E5", "E6", "D5"]).stones(0)
        ((1, -1), (0, 0))
        """
        cells = self._b.cells
        return tuple(cells[i] for i, p in enumerate(self._owner) if p == player)

    @property
    def start(self) -> tuple[tuple[Cell, ...], tuple[Cell, ...], tuple[int, int], int]:
        """The start position: Orange's cells, Black's cells (reading order), the stones each
        had eaten and the player to move.  :meth:`start_position` makes a game of it."""
        s0, s1, eaten, to_move = self._start
        cells = self._b.cells
        return (tuple(cells[i] for i in s0), tuple(cells[i] for i in s1), eaten, to_move)

    def critter_at(self, cell: Cell) -> Critter | None:
        """The critter covering ``cell``, or ``None`` if it is empty."""
        i = self._index(cell)
        if self._owner[i] < 0:
            return None
        return self._critter(self._crit[i])

    def critters(self, player: int | None = None) -> list[Critter]:
        """Every critter on the board (or one player's), ordered by their first cell."""
        out = []
        seen = 0
        for i, p in enumerate(self._owner):
            if p < 0 or (player is not None and p != player) or seen >> i & 1:
                continue
            mask = self._crit[i]
            seen |= mask
            out.append(self._critter(mask))
        return out

    def _critter(self, mask: int) -> Critter:
        sp, members, _ = self._b.info[mask]
        cells = self._b.cells
        return Critter(self._owner[members[0]], frozenset(cells[i] for i in members), SPECIES[sp])

    def score_sheet(self) -> ScoreSheet:
        """One ``eaten`` line per player: the stones she has eaten (the only score)."""
        target = self.rules.capture_target
        return ScoreSheet(
            (
                ScoreLine(p, "eaten", self._eaten[p], f"{self._eaten[p]} of {target} stones eaten")
                for p in (0, 1)
            ),
            names=PLAYER_NAMES,
        )

    # ------------------------------------------------------------------ legality
    def _index(self, cell: Any) -> int:
        """Cell number of an on-board cell given as (q, r) or a label; ValueError otherwise."""
        if isinstance(cell, str):
            return self._b.index[_parse_label(cell, self.rules.radius)]
        if (
            not isinstance(cell, (tuple, list))
            or len(cell) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in cell)
        ):
            raise ValueError(
                f"A cell is a (q, r) pair of whole numbers or a label like 'E5', not {cell!r}."
            )
        i = self._b.index.get((cell[0], cell[1]))
        if i is None:
            raise ValueError(f"{tuple(cell)!r} is not on the board of radius {self.rules.radius}.")
        return i

    def _union(self, i: int, p: int) -> int:
        """Bitmask of player p's critters touching cell number i."""
        crit = self._crit
        owner = self._owner
        m = 0
        for j in self._b.nbrs[i]:
            if owner[j] == p:
                m |= crit[j]
        return m

    def _joined(self, cell: int, mine: int) -> int:
        """Bitmask of the critter a stone on cell number ``cell`` would form with the stones
        ``mine`` (the mover's bitmask): the stone and every critter of hers it touches."""
        crit = self._crit
        adj = self._b.nbmask[cell] & mine
        m = 0
        while adj:
            cm = crit[(adj & -adj).bit_length() - 1]
            m |= cm
            adj &= ~cm
        return m

    def legal_indices(self, p: int | None = None, ordered: bool = True) -> list[int]:
        """Cell numbers where player p (default: the mover) may place, ignoring game over
        (fast path; ``ordered=False`` skips sorting them)."""
        p = self._player if p is None else p
        mine = self._occ[p]
        cells = sorted(self._empties) if ordered else self._empties
        return [c for c in cells if self._joined(c, mine).bit_count() < 4]

    def has_legal(self, p: int, more_than: int = 0) -> bool:
        """Whether player p has more than ``more_than`` legal cells, ignoring game over (fast
        path: it stops counting once she has).

        >>> game = State.from_position({0: "A1 A2 B1", 1: ""}, to_move=1)
        >>> game.has_legal(0, more_than=1), game.has_legal(0, more_than=10**6)
        (True, False)
        """
        mine = self._occ[p]
        joined = self._joined
        left = more_than
        for c in self._empties:
            if joined(c, mine).bit_count() < 4:
                if not left:
                    return True
                left -= 1
        return False

    def _has_legal(self, p: int) -> bool:
        mine = self._occ[p]
        return any(self._joined(c, mine).bit_count() < 4 for c in self._empties)

    def legal_actions(self) -> list[Cell]:
        """Cells the player to move may place on, in reading order (empty when over)."""
        if self._outcome is not None:
            return []
        cells = self._b.cells
        return [cells[i] for i in self.legal_indices()]

    def why_illegal(self, cell: Any) -> str | None:
        """Why placing on ``cell`` is illegal now (one sentence), or ``None`` if it is legal."""
        if self._outcome is not None:
            return f"The game is over: {PLAYER_NAMES[self._outcome.winner]} has won."
        try:
            i = self._index(cell)
        except ValueError as err:
            return str(err)
        return self._reason(i)

    def _reason(self, i: int) -> str | None:
        owner = self._owner[i]
        where = self._b.labels[i]
        if owner >= 0:
            whose = "yours" if owner == self._player else f"{PLAYER_NAMES[owner]}'s"
            return f"{where} is already taken (the stone there is {whose})."
        size = self._union(i, self._player).bit_count() + 1
        if size > 4:
            return (
                f"A stone at {where} would make a critter of {size} stones; "
                "a critter has at most 4."
            )
        return None

    def preview(self, cell: Any) -> Preview:
        """What placing on ``cell`` would do for the player to move; the game is unchanged.

        >>> game = replay(["E5", "E6"])   # Black's singleton at E6 ate nothing yet
        >>> p = game.preview("E7")
        >>> p.species, p.legal, p.eats
        ('singleton', True, ())
        >>> game.preview("E6").reason
        "E6 is already taken (the stone there is Black's)."
        """
        player = self._player
        reason = self.why_illegal(cell)
        if reason is not None:
            try:
                where = self._b.cells[self._index(cell)]
            except ValueError:
                where = cell  # not a cell of this board: echo what was asked about
            return Preview(player, where, reason)
        i = self._index(cell)
        union = self._union(i, player)
        merged = self._count_critters(union)
        new = union | 1 << i
        sp, members, halo = self._b.info[new]
        eats = tuple(self._critter(m) for m in self._prey_masks(sp, halo, 1 - player))
        stones = sum(c.size for c in eats)
        cells = self._b.cells
        return Preview(
            player,
            cells[i],
            None,
            SPECIES[sp],
            tuple(cells[k] for k in members),
            merged,
            eats,
            stones > 0 and self._eaten[player] + stones >= self.rules.capture_target,
        )

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

    def _count_critters(self, union: int) -> int:
        count = 0
        crit = self._crit
        while union:
            low = union & -union
            union &= ~crit[low.bit_length() - 1]
            count += 1
        return count

    def _prey_masks(self, sp: int, halo: int, enemy: int) -> list[int]:
        """Masks of the enemy critters of species PREY[sp] touching ``halo``, in board order."""
        x = halo & self._occ[enemy]
        prey = (sp + 1) % 12
        crit = self._crit
        info = self._b.info
        out = []
        while x:
            low = x & -x
            cm = crit[low.bit_length() - 1]
            x &= ~cm
            if info[cm][0] == prey:
                out.append(cm)
        return out

    # ------------------------------------------------------------------ playing
    def apply(self, cell: Any) -> list[Event]:
        """Play the mover's stone on ``cell`` (a (q, r) pair or a label) and return the events.

        Raises :class:`engines.IllegalAction` with a sentence, changing nothing, when the move
        is not allowed.
        """
        if self._outcome is not None:
            raise IllegalAction(self.why_illegal(cell))
        try:
            i = self._index(cell)
        except ValueError as err:
            raise IllegalAction(str(err)) from None
        reason = self._reason(i)
        if reason is not None:
            raise IllegalAction(reason)
        p = self._player
        radius = self.rules.radius
        cells = self._b.cells
        union = self._union(i, p)
        merged = self._count_critters(union)
        new, eaten = self.play_index(i)
        sp, members, _ = self._b.info[new]
        where = cells[i]
        events: list[Event] = [
            Placed(p, where, radius),
            Evolved(p, where, SPECIES[sp], tuple(cells[k] for k in members), merged, radius),
        ]
        if eaten:
            eaten_cells = sorted(k for m in eaten for k in self._b.info[m][1])
            events.append(
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
        if self._outcome is not None:
            events.append(self._outcome.event())
        return Events(events)

    def play_index(self, i: int) -> tuple[int, list[int]]:
        """Place the mover's stone on legal cell number i; return (new critter, eaten masks).

        The fast path of :meth:`apply`: nothing is checked and no events are made.
        """
        b = self._b
        owner = self._owner
        crit = self._crit
        occ = self._occ
        p = self._player
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
        empties = self._empties
        pos = self._pos
        k = pos[i]
        last = empties.pop()
        if last != i:
            empties[k] = last
            pos[last] = k
        pos[i] = -1
        self._moves.append(i)
        e = 1 - p
        eaten: list[int] = []
        if halo & occ[e]:
            eaten = self._prey_masks(sp, halo, e)
            if eaten:
                got = 0
                info = b.info
                for cm in eaten:
                    for k in info[cm][1]:
                        owner[k] = -1
                        crit[k] = 0
                        pos[k] = len(empties)
                        empties.append(k)
                        got += 1
                    occ[e] &= ~cm
                self._eaten[p] += got
                if self._eaten[p] >= self.rules.capture_target:
                    self._outcome = Outcome.won(
                        p, CAPTURE_TARGET, tuple(self._eaten), self.rules.capture_target
                    )
                    return new, eaten
        self._player = e
        if not self._has_legal(e):
            self._outcome = self._stuck_outcome(e)
        return new, eaten

    def _stuck_outcome(self, stuck: int) -> Outcome:
        winner = stuck if self.rules.no_placement_wins else 1 - stuck
        return Outcome.won(
            winner, NO_LEGAL_PLACEMENT, tuple(self._eaten), self.rules.capture_target, stuck
        )

    def clone(self) -> State:
        """An independent copy (the rules, board tables and start position are shared)."""
        new = self.fast_clone()
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        return new

    def fast_clone(self) -> State:
        """Like :meth:`clone` but sharing the (unused) random generator (fast path, for search)."""
        new = State.__new__(State)
        new.rules = self.rules
        new.seed = self.seed
        new.rng = self.rng
        new._b = self._b
        new._owner = self._owner[:]
        new._crit = self._crit[:]
        new._occ = self._occ[:]
        new._empties = self._empties[:]
        new._pos = self._pos[:]
        new._eaten = self._eaten[:]
        new._player = self._player
        new._outcome = self._outcome
        new._moves = self._moves[:]
        new._start = self._start
        return new

    def position_key(self) -> tuple[int, int, int, int, int]:
        """The position as a hashable value (fast path, for tables of positions): each
        player's stones as a bitmask of cell numbers, the stones each has eaten, the mover.

        >>> replay(["E5"]).position_key() == replay(["E5"]).position_key() != new_game().position_key()
        True
        """
        return (self._occ[0], self._occ[1], self._eaten[0], self._eaten[1], self._player)

    # ------------------------------------------------------------------ positions
    @classmethod
    def from_position(
        cls,
        stones: Mapping[int, Any] | Sequence[Any],
        to_move: int | None = None,
        eaten: Sequence[int] = (0, 0),
        rules: Rules | None = None,
    ) -> Self:
        """A game starting from a hand-built position (for teaching, puzzles and tests).

        ``stones`` gives each player's cells, as ``{0: cells, 1: cells}`` or ``[cells, cells]``;
        cells are (q, r) pairs or labels, and a string of labels separated by spaces works too.
        ``to_move`` defaults to ``rules.first_player``.  Critters adjacent to their prey are
        fine (predation only happens when a stone is placed).  ``ValueError`` names the problem.

        >>> from engines.circle import State
        >>> game = State.from_position({0: "E5 E6", 1: "D5"}, to_move=1)
        >>> [c.species for c in game.critters()], game.current_player
        (['singleton', 'pair'], 1)
        """
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise ValueError(f"rules must be a Rules object, not {type(rules).__name__}.")
        state = cls(rules)
        if isinstance(stones, Mapping):
            unknown = [k for k in stones if type(k) is not int or k not in (0, 1)]
            if unknown:
                raise ValueError(f"stones: players are 0 and 1, not {unknown[0]!r}.")
            lists = [stones.get(0, ()), stones.get(1, ())]
        elif isinstance(stones, Sequence) and not isinstance(stones, str) and len(stones) == 2:
            lists = [stones[0], stones[1]]
        else:
            raise ValueError("stones must give each player's cells: {0: [...], 1: [...]}.")
        to_move = rules.first_player if to_move is None else to_move
        state._setup(lists, to_move, eaten, "", labels=True)
        return state

    @classmethod
    def from_cells(
        cls, stones: Any, to_move: Any, eaten: Any, rules: Rules, seed: int | None, field: str
    ) -> Self:
        """A game from a start position as a save gives it: two lists of [q, r] pairs (no
        labels), every value required; ``ValueError`` starts with ``field`` and the value."""
        state = cls(rules, seed)
        state._setup(stones, to_move, eaten, field)
        return state

    def _setup(
        self, lists: Sequence[Any], to_move: Any, eaten: Any, prefix: str, labels: bool = False
    ) -> None:
        """Put a start position on this fresh state, validating everything.

        ``labels``: whether cells may be given as labels (hand-built positions) or must be
        [q, r] pairs (saves).
        """
        b = self._b
        radius = self.rules.radius
        placed: list[list[int]] = [[], []]
        for p in (0, 1):
            field = f"{prefix}stones[{p}]"
            items = lists[p]
            if isinstance(items, str) and labels:
                items = items.split()
            if not isinstance(items, Iterable) or isinstance(items, (str, Mapping)):
                raise ValueError(f"{field} must be a list of cells, not {items!r}.")
            for n, cell in enumerate(items):
                where = f"{field}[{n}]"
                if isinstance(cell, str) and labels:
                    try:
                        cell = _parse_label(cell, radius)
                    except ValueError as err:
                        raise ValueError(f"{where}: {err}") from None
                cell = cell_value(cell, where)
                if not on_board(cell, radius):
                    raise ValueError(f"{where}: {cell!r} is not on the board of radius {radius}.")
                i = b.index[cell]
                if self._owner[i] >= 0:
                    raise ValueError(f"{where}: {b.labels[i]} has two stones on it.")
                self._owner[i] = p
                placed[p].append(i)
        # Group the stones into critters and check their sizes.
        for p in (0, 1):
            for i in placed[p]:
                if self._crit[i]:
                    continue
                group = 1 << i
                todo = [i]
                while todo:
                    c = todo.pop()
                    for j in b.nbrs[c]:
                        if self._owner[j] == p and not group >> j & 1:
                            group |= 1 << j
                            todo.append(j)
                if group.bit_count() > 4:
                    where = " ".join(b.labels[c] for c in sorted(_members(group)))
                    raise ValueError(
                        f"{prefix}stones[{p}]: {PLAYER_NAMES[p]}'s critter at {where} has "
                        f"{group.bit_count()} stones; a critter has at most 4."
                    )
                for c in _members(group):
                    self._crit[c] = group
                self._occ[p] |= group
        self._empties = [i for i in range(b.size) if self._owner[i] < 0]
        self._pos = [-1] * b.size
        for k, i in enumerate(self._empties):
            self._pos[i] = k
        self._eaten = pair_of_counts(eaten, f"{prefix}eaten")
        if type(to_move) is not int or to_move not in (0, 1):
            raise ValueError(f"{prefix}to_move must be 0 or 1, not {to_move!r}.")
        self._player = to_move
        self._start = (
            tuple(sorted(placed[0])),
            tuple(sorted(placed[1])),
            (self._eaten[0], self._eaten[1]),
            to_move,
        )
        self._outcome = None
        target = self.rules.capture_target
        reached = [p for p in (0, 1) if self._eaten[p] >= target]
        if len(reached) == 2:
            raise ValueError(f"{prefix}eaten: both players cannot have reached the target.")
        if reached:
            p = reached[0]
            self._outcome = Outcome.won(p, CAPTURE_TARGET, tuple(self._eaten), target)
        elif not self._has_legal(to_move):
            self._outcome = self._stuck_outcome(to_move)

    def start_position(self) -> Self:
        """A new state at this game's start position (empty board, or the hand-built one)."""
        state = type(self)(self.rules, self.seed)
        s0, s1, eaten, to_move = self._start
        if s0 or s1 or eaten != (0, 0) or to_move != self.rules.first_player:
            cells = self._b.cells
            state._setup([[cells[i] for i in s0], [cells[i] for i in s1]], to_move, eaten, "start.")
        return state

    # ------------------------------------------------------------------ playouts
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

    # ------------------------------------------------------------------ saving
    def to_dict(self) -> dict[str, Any]:
        """A versioned, JSON-safe description of the game; :meth:`from_dict` reads it back.

        The start position and the move list define the game; the current stones, eaten
        counts, player to move and outcome are written too, and checked when loading.
        See :mod:`engines.circle.saves` for the format.
        """
        return saves.save(self)

    @classmethod
    def from_dict(cls, data: Any) -> State:
        """Rebuild a game from :meth:`to_dict` output, checking every field.

        Raises ``ValueError`` whose message starts with the name of the bad field.
        """
        return saves.load(cls, data)

    # ------------------------------------------------------------------ protocol
    def action_to_str(self, cell: Cell) -> str:
        """The label of a cell (``"E5"``); :meth:`parse_action` reads it back."""
        return self.label(cell)

    def parse_action(self, text: str) -> Cell:
        """The cell a label names on this board; ``ValueError`` with a sentence otherwise."""
        if not isinstance(text, str):
            raise ValueError(f"A move is a cell label like 'E5', not {text!r}.")
        return self.parse_label(text)

    def observation(self, player: int) -> State:
        """What ``player`` sees: everything (Circle of Life has no hidden information)."""
        return self.clone()

    def determinize(self, player: int, rng: random.Random) -> State:
        """A copy: with nothing hidden, the only world consistent with what ``player`` sees."""
        return self.clone()

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        labels = [self._b.labels[i] for i in self._moves]
        s0, s1, eaten, to_move = self._start
        if s0 or s1 or eaten != (0, 0) or to_move != self.rules.first_player:
            return f"<State from a set-up position, moves {labels}, eaten {self.eaten}>"
        return f"replay({labels!r}, {self.rules!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]


def new_game(rules: Rules | None = None, seed: int | None = None) -> State:
    """A game on an empty board.

    >>> new_game().current_player, len(new_game(Rules(radius=2)).legal_actions())
    (0, 19)
    """
    return State(rules, seed)


def replay(
    actions: Iterable[Any],
    rules: Rules | None = None,
    seed: int | None = None,
    *,
    start: State | None = None,
) -> State:
    """The game reached by playing ``actions`` (cells or labels) from an empty board or ``start``.

    Raises :class:`engines.IllegalAction` naming the first illegal move.

    >>> replay(["E5", "E6", "D5"]).critters()[0].species
    'pair'
    """
    if start is not None:
        if rules is not None and rules != start.rules:
            raise ValueError("replay: the rules differ from the start position's rules.")
        state = start.clone()
    else:
        state = new_game(rules, seed)
    return play_all(state, actions)


def _members(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
