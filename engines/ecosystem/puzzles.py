"""Puzzles: draft positions from bot games where one pick is proven best by the scorer.

Two themes (the readings are in ``docs/rules/ecosystem.md``, "Puzzles"):

``place``
    Where does this card score most?  The named card is tried in every free cell; each park is
    scored whole (every rule in its order, the flips and the lions' hunts included), the other
    players' gazelles counting for the majority.  The best cell beats every other by
    :data:`MARGIN` points.
``keep``
    Which card do you keep?  Every card of the hand in every free cell: the card whose best cell
    scores most, by :data:`MARGIN` points over every other card's best.

A park is scored as if the game ended now (``totals`` of the scorer).  Difficulty counts the
traps as Circle of Life's does: a trap is another cell (``place``) or card (``keep``) scoring
within :data:`TRAP_WINDOW` points of the answer (none: easy, one: medium, more: hard).

>>> from engines.ecosystem.park import Park
>>> park = Park.parse('''
... GR GR .. .. ..
... .. .. .. .. ..
... .. .. .. .. ..
... .. .. .. .. ..''')
>>> cell_values(park, "GR")  # every cell the placement rule allows, each scored whole
{'A3': 9, 'B1': 9, 'B2': 9}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from ..puzzle_files import (
    DIFFICULTIES,
    Verdict,
    bot_pair,
    check_labels,
    check_proof,
    collect_from_games,
    level_for_traps,
    read_field,
    read_puzzle_list,
    unique_best,
    write_puzzle_list,
)
from .bots import GreedyBot, RandomBot
from .cards import CardType, card_from_code
from .park import Park, cell_label, parse_cell_label, place, placement_cells
from .rules import Rules, player_name
from .scoring import score
from .state import State, new_game

__all__ = [
    "DIFFICULTIES",
    "MARGIN",
    "PUZZLE_FILE",
    "THEMES",
    "TRAP_WINDOW",
    "Puzzle",
    "Solution",
    "cell_values",
    "generate",
    "grade",
    "judge",
    "load_puzzles",
    "save_puzzles",
    "solve",
    "verify",
]

THEMES: dict[str, str] = {
    "place": "Where does this card score most? Place the {card} in the best cell.",
    "keep": "Which card do you keep? Pick the card that can raise your park's score most.",
}
"""Theme name → the goal as shown to the player (``{card}``: the place theme's card)."""
PUZZLE_FILE = Path(__file__).with_name("puzzles.json")
"""The stored puzzles (written by ``cole puzzles make ecosystem``)."""
MARGIN = 2
"""Points by which the answer must beat every other cell or card."""
TRAP_WINDOW = 3
"""Another cell or card scoring within this many points of the answer is a trap."""
RULES = Rules(players=2)
"""The rules of the bot games puzzles come from (the classic game, one park each)."""
MIN_CARDS = 4
"""A puzzle's park holds at least this many cards (earlier, most cells score alike)."""


@dataclass(frozen=True)
class Solution:
    """What the scorer finds in a puzzle position."""

    answers: tuple[str, ...]
    """The best cell label (``place``) or card code (``keep``); empty: none by the margin."""
    values: dict[str, int] = field(default_factory=dict)
    """Each cell's (or card's best) park total."""
    cells: dict[str, str] = field(default_factory=dict)
    """``keep``: each card code's best cell label."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle position with its accepted answer."""

    id: str
    """A short name, e.g. ``"place-easy-01"``."""
    theme: str
    """One of :data:`THEMES`."""
    difficulty: str
    """One of :data:`DIFFICULTIES`."""
    position: dict[str, Any]
    """The whole draft as ``State.to_dict()`` writes it."""
    answers: tuple[str, ...]
    """Accepted cell labels (``place``) or card codes (``keep``)."""
    card: str = ""
    """The card code to place (``place`` only)."""
    source: str = ""
    """Where the position came from (the bot game and pick)."""

    @property
    def to_move(self) -> int:
        """Who solves the puzzle (seat index)."""
        return self.state().current_player  # type: ignore[return-value]

    @property
    def goal(self) -> str:
        """The task as a sentence, naming who picks."""
        label = card_from_code(self.card).label if self.card else ""
        return f"{player_name(self.to_move)} to pick. {THEMES[self.theme].format(card=label)}"

    def state(self) -> State:
        """A fresh draft at the puzzle position."""
        return State.from_dict(self.position)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe form (read back by :meth:`from_dict`)."""
        return {
            "id": self.id,
            "theme": self.theme,
            "difficulty": self.difficulty,
            "card": self.card,
            "answers": list(self.answers),
            "source": self.source,
            "position": self.position,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Puzzle:
        """A puzzle from :meth:`to_dict` output; ``ValueError`` names the bad field."""
        if not isinstance(data, dict):
            raise ValueError("a puzzle is a JSON object.")
        answers = read_field(data, "answers", list)
        if not answers or not all(isinstance(a, str) for a in answers):
            raise ValueError(f"puzzle {data.get('id')!r}: field 'answers' lists cells or cards.")
        puzzle = cls(
            id=read_field(data, "id", str)[:60],
            theme=read_field(data, "theme", str),
            difficulty=read_field(data, "difficulty", str),
            position=read_field(data, "position", dict),
            answers=tuple(answers),
            card=read_field(data, "card", str),
            source=str(data.get("source", ""))[:200],
        )
        puzzle._check()
        return puzzle

    def _check(self) -> None:
        check_labels(self.id, self.theme, self.difficulty, THEMES)
        try:
            state = self.state()
        except (ValueError, KeyError, TypeError) as err:
            raise ValueError(f"puzzle {self.id}: field 'position': {err}") from None
        if state.is_over or state.rules.park_names != (None,):
            raise ValueError(f"puzzle {self.id}: field 'position': not a classic draft to pick in.")
        hand = state.hand(state.current_player)
        if self.theme == "place":
            try:
                card = card_from_code(self.card)
            except ValueError as err:
                raise ValueError(f"puzzle {self.id}: field 'card': {err}") from None
            if card not in hand:
                raise ValueError(f"puzzle {self.id}: field 'card': {card.label} is not in hand.")


# ---------------------------------------------------------------------- proving
def _others(state: State, player: int) -> list[int]:
    return [state.park(q).count("GZ") for q in range(state.players) if q != player]


def _total(park: Park, rules: Rules, others: Sequence[int]) -> int:
    return score([park], rules, other_gazelles=list(others)).total(0)


def cell_values(
    park: Park, card: CardType | str, rules: Rules = RULES, others: Sequence[int] = ()
) -> dict[str, int]:
    """The park's total with ``card`` in each free cell, by cell label (reading order)."""
    card = card_from_code(card)
    return {
        cell_label(cell): _total(place(park, cell, card, rules.frame)[0], rules, others)
        for cell in placement_cells(park, rules.frame)
    }


def solve(state: State, theme: str, card: str = "") -> Solution:
    """Every cell's (``place``) or card's (``keep``) value and the answer best by the margin."""
    if theme not in THEMES:
        raise ValueError(f"A theme is one of {', '.join(THEMES)}; not {theme!r}.")
    p = state.current_player
    park, others = state.park(p), _others(state, p)
    if theme == "place":
        values = cell_values(park, card, state.rules, others)
        return Solution(unique_best(values, MARGIN), values)
    values, cells = {}, {}
    for kind in dict.fromkeys(state.hand(p)):
        per_cell = cell_values(park, kind, state.rules, others)
        best = max(per_cell, key=per_cell.get)  # type: ignore[arg-type]
        values[kind.code], cells[kind.code] = per_cell[best], best
    return Solution(unique_best(values, MARGIN), values, cells)


def grade(state: State, theme: str, solution: Solution) -> str | None:
    """The difficulty of a solved position, or ``None`` if it is not a puzzle."""
    if not solution.answers or len(state.park(state.current_player)) < MIN_CARDS:
        return None
    best = solution.values[solution.answers[0]]
    traps = sum(
        1
        for k, v in solution.values.items()
        if k not in solution.answers and v >= best - TRAP_WINDOW
    )
    return level_for_traps(traps)


def verify(puzzle: Puzzle) -> None:
    """Prove the puzzle again with the scorer: ``ValueError`` says what does not hold."""
    state = puzzle.state()
    solution = solve(state, puzzle.theme, puzzle.card)
    level = grade(state, puzzle.theme, solution)
    check_proof(puzzle.id, "the scorer", solution.answers, puzzle.answers, level, puzzle.difficulty)


# ---------------------------------------------------------------------- judging
def _changes(state: State, card: CardType, label: str) -> tuple[int, str]:
    """The park's total with ``card`` at ``label`` and the categories that change."""
    p = state.current_player
    park, others, rules = state.park(p), _others(state, p), state.rules
    before = score([park], rules, other_gazelles=others).by_category(0)
    trial = place(park, parse_cell_label(label), card, rules.frame)[0]
    sheet = score([trial], rules, other_gazelles=others)
    after = sheet.by_category(0)
    parts = [
        f"{cat.replace('_', ' ')} {after.get(cat, 0) - before.get(cat, 0):+d}"
        for cat in dict.fromkeys([*before, *after])
        if after.get(cat, 0) != before.get(cat, 0)
    ]
    return sheet.total(0), ", ".join(parts) or "nothing changes"


def _say(state: State, card: CardType, label: str) -> str:
    total, parts = _changes(state, card, label)
    return f"The {card.label} at {label} makes your park worth {total} ({parts})."


def judge(puzzle: Puzzle, card: Any, cell: Any) -> Verdict:
    """Whether picking ``card`` (a code) into ``cell`` (a label or (row, column)) solves it."""
    state = puzzle.state()
    try:
        kind = card_from_code(str(getattr(card, "code", card)))
        label = cell if isinstance(cell, str) else cell_label(tuple(cell))
        reason = state.why_illegal((kind, parse_cell_label(label)))
    except (ValueError, TypeError) as err:
        reason = str(err)
    if reason is not None:
        return Verdict(False, f"{reason} Try another pick.")
    if puzzle.theme == "place":
        wanted = card_from_code(puzzle.card)
        if kind != wanted:
            return Verdict(False, f"This puzzle asks where the {wanted.label} goes: pick it.")
        said, answer = _say(state, kind, label), puzzle.answers[0]
        if label in puzzle.answers:
            return Verdict(True, f"Right! {said} No other cell comes close.")
        return Verdict(
            False, f"Not this one. {said} The answer is {answer}: {_say(state, kind, answer)}"
        )
    solution = solve(state, "keep")
    best_cell = solution.cells[kind.code]
    said = _say(state, kind, label)
    if best_cell != label:
        said += f" Its best cell is {best_cell}: {solution.values[kind.code]}."
    answer = card_from_code(puzzle.answers[0])
    if kind.code in puzzle.answers:
        return Verdict(True, f"Right! {said}")
    return Verdict(
        False,
        f"Not this one. {said} The answer is the {answer.label}: "
        f"{_say(state, answer, solution.cells[answer.code])}",
    )


# ---------------------------------------------------------------------- generating
def _candidates(state: State, theme: str) -> list[tuple[str, Solution]]:
    if theme == "keep":
        return [("", solve(state, "keep"))]
    hand = dict.fromkeys(state.hand(state.current_player))
    return [(kind.code, solve(state, "place", kind.code)) for kind in hand]


def generate(theme: str, per_level: int = 7, seed: int = 0, max_games: int = 200) -> list[Puzzle]:
    """Up to ``per_level`` puzzles of each difficulty, found in seeded two-player bot drafts.

    The greedy bot plays the random bot (seats alternating); positions are tried from the
    second round on, each game gives at most one puzzle per difficulty.  Deterministic.
    """
    find = partial(_from_game, theme, per_level)
    return collect_from_games(theme, THEMES, per_level, seed, max_games, find, _renamed)


def _renamed(puzzle: Puzzle, new_id: str) -> Puzzle:
    return Puzzle.from_dict({**puzzle.to_dict(), "id": new_id})


def _from_game(
    theme: str, per_level: int, game_seed: int, swap: bool, found: dict[str, list[Puzzle]]
) -> list[Puzzle]:
    """At most one puzzle of each level not yet full, from one bot draft."""
    players = bot_pair(GreedyBot, RandomBot, game_seed, swap)
    state, out, taken = new_game(RULES, seed=game_seed), [], set()
    while not state.is_over:
        if len(state.park(state.current_player)) >= MIN_CARDS and state.turn % 3 == 1:
            for card, solution in _candidates(state, theme):
                level = grade(state, theme, solution)
                if level and level not in taken and len(found[level]) < per_level:
                    taken.add(level)
                    source = (
                        f"game seed {game_seed}, round {state.round + 1}, pick {state.turn + 1}"
                    )
                    out.append(
                        Puzzle("", theme, level, state.to_dict(), solution.answers, card, source)
                    )
                    break
        state.apply(players[state.current_player].choose(state))
    return out


# ---------------------------------------------------------------------- storing
def save_puzzles(puzzles: list[Puzzle], path: Path | str = PUZZLE_FILE) -> None:
    """Write puzzles as JSON, one per line."""
    write_puzzle_list((p.to_dict() for p in puzzles), path)


def load_puzzles(path: Path | str = PUZZLE_FILE) -> list[Puzzle]:
    """Read a puzzle file; ``ValueError`` names the first bad puzzle and its field."""
    return [Puzzle.from_dict(item) for item in read_puzzle_list(path)]
