"""Puzzles: positions from bot games where one move (or a few) is clearly best, checked by the engine.

Three themes:

``feast``
    Eat the most stones in one move.  The answers are every cell that eats the most.
``block``
    Leave the opponent without a legal cell.  Played with ``no_placement_wins=False`` (the
    player who cannot place *loses*): with the rulebook's rule being stuck wins, so this theme
    needs the other reading, and each of its puzzles carries those rules.
``rescue``
    Save a threatened critter: the opponent, were it her turn, could eat at least 2 of your
    stones; find the move after which she has nothing to eat.

Every puzzle lists *all* its accepted answers; :func:`verify` solves the position again and
checks the answers, the theme's conditions and the difficulty.  Difficulty counts the traps:
``easy``, ``medium`` or ``hard`` (see :func:`grade`).

>>> from engines.circle import State
>>> game = State.from_position({0: "E5", 1: "E7 A1"}, to_move=1)
>>> solve(game, "feast").answers
((1, 0),)
>>> [game.label(c) for c in solve(game, "feast").answers]
['E6']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from ..puzzle_files import (
    DIFFICULTIES,
    Verdict,
    bot_pair,
    collect_from_games,
    read_puzzle_list,
    write_puzzle_list,
)
from . import bots
from .events import NO_LEGAL_PLACEMENT
from .hints import best_meal, count_stones, explain
from .race import legal_cells
from .rules import PLAYER_NAMES, Rules
from .state import State, new_game

__all__ = [
    "DIFFICULTIES",
    "PUZZLE_FILE",
    "THEMES",
    "Puzzle",
    "Solution",
    "Verdict",
    "generate",
    "generate_all",
    "grade",
    "judge",
    "load_puzzles",
    "save_puzzles",
    "solve",
    "verify",
]

Cell = tuple[int, int]

THEMES: dict[str, str] = {
    "feast": "Eat the most stones in one move.",
    "block": "Leave your opponent without a legal cell (in these puzzles, being stuck loses).",
    "rescue": "Your opponent threatens to eat your critter: move so that she has nothing to eat.",
}
"""Theme name → the goal as shown to the player."""
PUZZLE_FILE = Path(__file__).with_name("puzzles.json")
"""The shipped puzzles (written by ``notebooks/circle_puzzles.ipynb``)."""
BLOCK_RULES = Rules(no_placement_wins=False)
"""The rules of the ``block`` theme: the player who cannot place loses."""


@dataclass(frozen=True)
class Solution:
    """What the engine finds in a puzzle position."""

    answers: tuple[Cell, ...]
    """Every best cell, in reading order (empty: the theme's goal cannot be reached)."""
    values: dict[Cell, int] = field(default_factory=dict)
    """Each legal cell's value for the theme (higher is better)."""

    @property
    def best(self) -> int | None:
        """The best value (``None`` without a legal cell)."""
        return max(self.values.values()) if self.values else None


@dataclass(frozen=True)
class Puzzle:
    """One puzzle position with its accepted answers."""

    id: str
    """A short name, e.g. ``"feast-07"``."""
    theme: str
    """One of :data:`THEMES`."""
    difficulty: str
    """One of :data:`DIFFICULTIES`."""
    stones: tuple[str, str]
    """Orange's and Black's stones as labels separated by spaces."""
    to_move: int
    """Who solves the puzzle (0 Orange, 1 Black)."""
    answers: tuple[str, ...]
    """Every accepted cell, as labels in reading order."""
    eaten: tuple[int, int] = (0, 0)
    """Stones each player had eaten when the position arose."""
    rules: Rules = field(default_factory=Rules)
    """The rules of the position."""
    source: str = ""
    """Where the position came from (the bot game and move)."""

    @property
    def goal(self) -> str:
        """The task as a sentence, naming who moves."""
        return f"{PLAYER_NAMES[self.to_move]} to move. {THEMES[self.theme]}"

    def state(self) -> State:
        """A fresh game at the puzzle position."""
        return State.from_position(
            {0: self.stones[0], 1: self.stones[1]},
            to_move=self.to_move,
            eaten=self.eaten,
            rules=self.rules,
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe form (read back by :meth:`from_dict`)."""
        return {
            "id": self.id,
            "theme": self.theme,
            "difficulty": self.difficulty,
            "stones": list(self.stones),
            "to_move": self.to_move,
            "answers": list(self.answers),
            "eaten": list(self.eaten),
            "rules": self.rules.to_dict(),
            "source": self.source,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Puzzle:
        """A puzzle from :meth:`to_dict` output; ``ValueError`` names a bad field."""
        if not isinstance(data, dict):
            raise ValueError("a puzzle is a JSON object.")
        try:
            puzzle = cls(
                id=str(data["id"]),
                theme=data["theme"],
                difficulty=data["difficulty"],
                stones=(str(data["stones"][0]), str(data["stones"][1])),
                to_move=data["to_move"],
                answers=tuple(str(a) for a in data["answers"]),
                eaten=(int(data["eaten"][0]), int(data["eaten"][1])),
                rules=Rules.from_dict(data["rules"]),
                source=str(data.get("source", "")),
            )
        except (KeyError, IndexError, TypeError) as err:
            raise ValueError(f"puzzle {data.get('id')!r} lacks a field ({err}).") from None
        if puzzle.theme not in THEMES:
            raise ValueError(f"puzzle {puzzle.id}: unknown theme {puzzle.theme!r}.")
        if puzzle.difficulty not in DIFFICULTIES:
            raise ValueError(f"puzzle {puzzle.id}: unknown difficulty {puzzle.difficulty!r}.")
        puzzle.state()  # raises ValueError naming a bad stone or count
        return puzzle


# ---------------------------------------------------------------------- solving
def _opponent_stuck(state: State, cell: Cell) -> bool:
    out = _after(state, cell).outcome
    return (
        out is not None and out.reason == NO_LEGAL_PLACEMENT and out.stuck != state.current_player
    )


def _threat_after(state: State, cell: Cell) -> int:
    after = _after(state, cell)
    return 0 if after.is_over else best_meal(after).stones


def solve(state: State, theme: str) -> Solution:
    """Every legal cell's value for ``theme`` and the best cells.

    ``feast``: stones eaten (answers only when some move eats).  ``block``: 1 when the
    opponent is left without a legal cell.  ``rescue``: minus the most stones the opponent can
    then eat (answers only when that can be made 0).
    """
    if theme not in THEMES:
        raise ValueError(f"A theme is one of {', '.join(THEMES)}; not {theme!r}.")
    values: dict[Cell, int] = {}
    for cell in state.legal_actions():
        if theme == "feast":
            values[cell] = state.preview(cell).stones
        elif theme == "block":
            values[cell] = int(_opponent_stuck(state, cell))
        else:
            values[cell] = -_threat_after(state, cell)
    goal = {"feast": 1, "block": 1, "rescue": 0}[theme]
    best = max(values.values(), default=None)
    answers = () if best is None or best < goal else tuple(c for c in values if values[c] == best)
    return Solution(answers, values)


def grade(state: State, theme: str, solution: Solution | None = None) -> str | None:
    """The difficulty of ``state`` as a ``theme`` puzzle, or ``None`` if it is not one.

    ``feast`` (best meal of at least 2 stones, at most 2 answers): easy when no other move
    eats, medium with 1–2 other eating moves, hard with more.  ``block`` (not every move
    works): easy with at most 12 legal moves, medium up to 18, hard above.  ``rescue`` (a threat
    of at least 2 stones, no winning move, at most 3 answers among at least 6 legal moves):
    easy with 3 answers, medium with 2, hard with 1.
    """
    solution = solve(state, theme) if solution is None else solution
    answers, values = solution.answers, solution.values
    if not answers:
        return None
    if theme == "feast":
        if (solution.best or 0) < 2 or len(answers) > 2:
            return None
        others = sum(1 for c, v in values.items() if v > 0 and c not in answers)
        return "easy" if others == 0 else "medium" if others <= 2 else "hard"
    if theme == "block":
        if len(answers) == len(values):
            return None
        n = len(values)
        return "easy" if n <= 12 else "medium" if n <= 18 else "hard"
    if len(values) < 6 or len(answers) > 3:
        return None
    if best_meal(state, 1 - state.current_player).stones < 2:
        return None
    if any(state.preview(c).wins for c in values):
        return None
    return DIFFICULTIES[3 - len(answers)]


def verify(puzzle: Puzzle) -> None:
    """Check a puzzle with the engine: ``ValueError`` says what does not hold."""
    state = puzzle.state()
    if state.is_over:
        raise ValueError(f"{puzzle.id}: the game is already over in this position.")
    if puzzle.theme == "block" and puzzle.rules.no_placement_wins:
        raise ValueError(f"{puzzle.id}: block puzzles are played with no_placement_wins=False.")
    solution = solve(state, puzzle.theme)
    found = tuple(state.label(c) for c in solution.answers)
    if found != puzzle.answers:
        raise ValueError(
            f"{puzzle.id}: the engine finds {found}, the puzzle says {puzzle.answers}."
        )
    level = grade(state, puzzle.theme, solution)
    if level != puzzle.difficulty:
        raise ValueError(f"{puzzle.id}: the engine grades it {level}, not {puzzle.difficulty}.")


def judge(puzzle: Puzzle, cell: Any) -> Verdict:
    """Whether ``cell`` (a (q, r) pair or label) solves the puzzle, with an explanation."""
    state = puzzle.state()
    preview = state.preview(cell)
    if not preview.legal:
        return Verdict(False, f"{preview.reason} Try another cell.")
    label = state.label(preview.cell)
    correct = label in puzzle.answers
    you = PLAYER_NAMES[1 - puzzle.to_move]
    if puzzle.theme == "feast":
        best = state.preview(puzzle.answers[0]).stones
        got = preview.stones
        lead = (
            f"{label} eats {count_stones(got)}, the most any move eats."
            if got == best
            else f"{label} eats {count_stones(got)}; the best move eats {count_stones(best)}."
        )
    elif puzzle.theme == "block":
        left = legal_cells(_after(state, preview.cell), 1 - puzzle.to_move)
        lead = (
            f"After {label}, {you} has no legal cell and loses."
            if not left
            else f"After {label}, {you} can still place on {_list(state, left)}."
        )
    else:
        threat = _threat_after(state, preview.cell)
        lead = (
            f"After {label}, {you} has nothing to eat."
            if threat == 0
            else f"After {label}, {you} can still eat {count_stones(threat)}."
        )
    why = explain(state, preview.cell).describe()
    if correct:
        others = [a for a in puzzle.answers if a != label]
        verb = "solves" if len(others) == 1 else "solve"
        also = f" ({' and '.join(others)} also {verb} it.)" if others else ""
        return Verdict(True, f"Right! {lead}{also} {why}")
    answer = puzzle.answers[0]
    more = "" if len(puzzle.answers) == 1 else f" (or {', '.join(puzzle.answers[1:])})"
    return Verdict(
        False,
        f"Not this one. {lead} {why} The answer is {answer}{more}: "
        f"{explain(state, answer).describe()}",
    )


def _after(state: State, cell: Cell) -> State:
    after = state.clone()
    after.apply(cell)
    return after


def _list(state: State, cells: list[Cell]) -> str:
    names = [state.label(c) for c in cells]
    if len(names) > 4:
        return f"{len(names)} cells ({', '.join(names[:4])}, …)"
    return ("1 cell, " if len(names) == 1 else f"{len(names)} cells, ") + ", ".join(names)


# ---------------------------------------------------------------------- generating
def _position_key(state: State) -> tuple:
    return (
        tuple(sorted(c for cr in state.critters(0) for c in cr.cells)),
        tuple(sorted(c for cr in state.critters(1) for c in cr.cells)),
        state.current_player,
    )


def _candidate(state: State, theme: str) -> bool:
    """A cheap test that rules out most positions before solving them."""
    if theme == "block":
        return len(legal_cells(state, 1 - state.current_player)) == 1
    if theme == "rescue":
        return best_meal(state, 1 - state.current_player).stones >= 2
    return True


def _reading(cell: Cell) -> tuple[int, int]:
    return (cell[1], cell[0])


def _as_puzzle(state: State, theme: str, level: str, solution: Solution, source: str) -> Puzzle:
    stones = tuple(
        " ".join(
            state.label(c)
            for c in sorted((x for cr in state.critters(p) for x in cr.cells), key=_reading)
        )
        for p in (0, 1)
    )
    return Puzzle(
        id="",
        theme=theme,
        difficulty=level,
        stones=stones,  # type: ignore[arg-type]
        to_move=state.current_player,  # type: ignore[arg-type]
        answers=tuple(state.label(c) for c in solution.answers),
        eaten=state.eaten,
        rules=state.rules,
        source=source,
    )


def generate(theme: str, per_level: int = 8, seed: int = 0, max_games: int = 400) -> list[Puzzle]:
    """Up to ``per_level`` puzzles of each difficulty, found in seeded bot games.

    Games pit the greedy bot against the random bot (seats alternating), with the theme's
    rules; every position before a move is tried, each position at most once, and each game
    gives at most one puzzle (for variety).  The result is the same for the same arguments.
    """
    rules = BLOCK_RULES if theme == "block" else Rules()
    seen: set[tuple] = set()
    find = partial(_from_game, theme, rules, per_level, seen)
    return collect_from_games(theme, THEMES, per_level, seed, max_games, find, _renamed)


def _from_game(
    theme: str,
    rules: Rules,
    per_level: int,
    seen: set[tuple],
    game_seed: int,
    swap: bool,
    found: dict[str, list[Puzzle]],
) -> list[Puzzle]:
    """The first puzzle of a level not yet full in one bot game, trying each position not
    ``seen`` in an earlier game (none: an empty list)."""
    players = bot_pair(bots.GreedyBot, bots.RandomBot, game_seed, swap)
    state = new_game(rules, seed=game_seed)
    move = 0
    while not state.is_over:
        key = _position_key(state)
        if key not in seen and _candidate(state, theme):
            seen.add(key)
            solution = solve(state, theme)
            level = grade(state, theme, solution)
            if level is not None and len(found[level]) < per_level:
                source = f"game seed {game_seed}, before move {move + 1}"
                return [_as_puzzle(state, theme, level, solution, source)]
        state.apply(players[state.current_player].choose(state))
        move += 1
    return []


def generate_all(per_level: int = 8, seed: int = 0) -> list[Puzzle]:
    """The shipped puzzle set: :func:`generate` for every theme, in :data:`THEMES` order."""
    return [p for theme in THEMES for p in generate(theme, per_level=per_level, seed=seed)]


def _renamed(puzzle: Puzzle, new_id: str) -> Puzzle:
    data = puzzle.to_dict()
    data["id"] = new_id
    return Puzzle.from_dict(data)


# ---------------------------------------------------------------------- storing
def save_puzzles(puzzles: Iterable[Puzzle], path: Path | str = PUZZLE_FILE) -> None:
    """Write puzzles as JSON (one object per line inside a list, for readable diffs)."""
    write_puzzle_list((p.to_dict() for p in puzzles), path)


def load_puzzles(path: Path | str = PUZZLE_FILE) -> list[Puzzle]:
    """Read a puzzle file; ``ValueError`` names the first bad puzzle.

    >>> len(load_puzzles()) >= 60
    True
    """
    return [Puzzle.from_dict(item) for item in read_puzzle_list(path)]
