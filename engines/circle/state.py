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

from . import fast_path, moves, notation, saves
from .board import Board, board
from .board import label as _label
from .board import parse_label as _parse_label
from .critters import Critter, Preview
from .drawing import BoardPicture
from .events import CAPTURE_TARGET, NO_LEGAL_PLACEMENT
from .fast_path import joined
from .outcome import Outcome
from .rules import PLAYER_NAMES, Rules
from .saves import pair_of_counts
from .setup import read_position, stone_lists

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
        return moves.critter(self._b, self._owner, mask)

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
        return notation.cell_number(self._b, self.rules.radius, cell)

    def legal_indices(self, p: int | None = None, ordered: bool = True) -> list[int]:
        """Cell numbers where player p (default: the mover) may place, ignoring game over
        (fast path; ``ordered=False`` skips sorting them)."""
        p = self._player if p is None else p
        mine = self._occ[p]
        cells = sorted(self._empties) if ordered else self._empties
        nbmask, crit = self._b.nbmask, self._crit
        return [c for c in cells if joined(nbmask, crit, c, mine).bit_count() < 4]

    def has_legal(self, p: int, more_than: int = 0) -> bool:
        """Whether player p has more than ``more_than`` legal cells, ignoring game over (fast
        path: it stops counting once she has).

        >>> game = State.from_position({0: "A1 A2 B1", 1: ""}, to_move=1)
        >>> game.has_legal(0, more_than=1), game.has_legal(0, more_than=10**6)
        (True, False)
        """
        mine = self._occ[p]
        nbmask, crit = self._b.nbmask, self._crit
        left = more_than
        for c in self._empties:
            if joined(nbmask, crit, c, mine).bit_count() < 4:
                if not left:
                    return True
                left -= 1
        return False

    def _has_legal(self, p: int) -> bool:
        mine = self._occ[p]
        nbmask, crit = self._b.nbmask, self._crit
        return any(joined(nbmask, crit, c, mine).bit_count() < 4 for c in self._empties)

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
        return moves.reason(self._b, self._owner, self._crit, self._player, i)

    def preview(self, cell: Any) -> Preview:
        """What placing on ``cell`` would do for the player to move; the game is unchanged.

        >>> game = replay(["E5", "E6"])   # Black's singleton at E6 ate nothing yet
        >>> p = game.preview("E7")
        >>> p.species, p.legal, p.eats
        ('singleton', True, ())
        >>> game.preview("E6").reason
        "E6 is already taken (the stone there is Black's)."
        """
        reason = self.why_illegal(cell)
        if reason is not None:
            try:
                where = self._b.cells[self._index(cell)]
            except ValueError:
                where = cell  # not a cell of this board: echo what was asked about
            return Preview(self._player, where, reason)
        return moves.preview(
            self._b, self._owner, self._crit, self._occ, self._player, self._index(cell),
            self._eaten[self._player], self.rules.capture_target,
        )  # fmt: skip

    def meal(self, i: int, p: int) -> int:
        """Stones player p would eat by placing on empty cell number i (fast path: assumed
        legal, nothing checked, the game unchanged)."""
        b = self._b
        return fast_path.meal(b.info, b.nbrs, self._owner, self._crit, self._occ[1 - p], i, p)

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
        b = self._b
        merged = moves.count_critters(
            self._crit, moves.union(b.nbrs, self._owner, self._crit, i, p)
        )
        new, eaten = self.play_index(i)
        events = moves.events(b, self.rules.radius, p, i, new, merged, eaten)
        if self._outcome is not None:
            events.append(self._outcome.event())
        return Events(events)

    def play_index(self, i: int) -> tuple[int, list[int]]:
        """Place the mover's stone on legal cell number i; return (new critter, eaten masks).

        The fast path of :meth:`apply`: nothing is checked and no events are made.
        """
        p = self._player
        self._moves.append(i)
        new, eaten = moves.place(
            self._b, self._owner, self._crit, self._occ, self._empties, self._pos, self._eaten, i, p
        )
        target = self.rules.capture_target
        if eaten and self._eaten[p] >= target:
            self._outcome = Outcome.won(p, CAPTURE_TARGET, tuple(self._eaten), target)
            return new, eaten
        self._player = e = 1 - p
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
        lists = stone_lists(stones)
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
        owner, crit, occ, placed = read_position(b, self.rules.radius, lists, prefix, labels)
        self._owner, self._crit, self._occ = owner, crit, occ
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
        fast_path.mend(self._owner, self._pos, self._occ, self._empties)
        return winner

    def rollout(self, rng: random.Random, moves: list[int]) -> int:
        """Play uniformly random moves to the end, appending their cell numbers to ``moves``;
        return the winner (fast path: the hot loop of :meth:`random_playout`).

        Only the bitmasks, critters, empty cells, eaten counts and outcome stay true: the
        per-cell owners go stale, so only a throwaway copy (:meth:`fast_clone`) may do this.
        """
        b = self._b
        eaten, target = self._eaten, self.rules.capture_target
        p, captured = fast_path.rollout(
            b.info, b.nbmask, self._crit, self._occ, self._empties, eaten, moves.append,
            target, rng.random, self._player,
        )  # fmt: skip
        self._player = p
        if captured:
            self._outcome = Outcome.won(p, CAPTURE_TARGET, tuple(eaten), target)
        else:
            self._outcome = self._stuck_outcome(p)
        return self._outcome.winner

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
