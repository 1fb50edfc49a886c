"""Puzzles: positions from bot games where one card is proven best by exhaustive look-ahead.

Three themes (the readings are in ``docs/rules/savannah.md``, "Puzzles"):

``gain``
    Play the card that gains the most this turn: every card and every steal is played out
    (:mod:`.lookahead`); the answer's gain beats every other card's by :data:`MARGIN` points.
``save``
    One of your Big Five is alive on the row and the next player could take it: play the card
    after which no reply of hers removes it, and your score after her reply that costs you most
    is highest,
    by :data:`MARGIN` points over every other card.
``human``
    The next player holds a human: play the only card after which her human is the only card
    she may play (the human then ends her turn as the rightmost card: −10 to her while it stays).

A puzzle is full information: every hand and the draw pile are part of it.  Difficulty counts
the traps as Circle of Life's does: a trap is another card that gains at least as much this
turn as the answer, less :data:`TRAP_WINDOW` points (none: easy, one: medium, more: hard).

>>> from engines.savannah import make_state
>>> start = make_state(["impala", "zebra@1"], [["lion", "termite", "ostrich"], ["jackal"]])
>>> solve(start, "gain").answers
('lion',)
"""

from __future__ import annotations

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
from .cards import name_of
from .lookahead import (
    big_five_alive,
    card_choices,
    forced_to_human,
    gain,
    gains,
    reply_ends,
    turn_ends,
)
from .reasons import player_names
from .rules import Rules
from .setup import new_game
from .state import State

__all__ = [
    "DIFFICULTIES",
    "MARGIN",
    "PUZZLE_FILE",
    "THEMES",
    "TRAP_WINDOW",
    "Puzzle",
    "Solution",
    "generate",
    "grade",
    "judge",
    "load_puzzles",
    "save_puzzles",
    "solve",
    "verify",
]

THEMES: dict[str, str] = {
    "gain": "Play the card that gains you the most points this turn.",
    "save": "Save your Big Five: play the card after which her reply costs you least.",
    "human": "Force the human onto her: leave her nothing to play but her human.",
}
"""Theme name → the goal as shown to the player."""
PUZZLE_FILE = Path(__file__).with_name("puzzles.json")
"""The stored puzzles (written by ``cole puzzles make savannah``)."""
MARGIN = 2
"""Points by which a ``gain`` or ``save`` answer must beat every other card."""
TRAP_WINDOW = 5
"""A card gaining within this many points of the answer (or more) this turn is a trap."""
RULES = Rules(players=2)
"""The rules of the bot games puzzles come from."""


@dataclass(frozen=True)
class Solution:
    """What the look-ahead finds in a puzzle position."""

    answers: tuple[str, ...]
    """The best card's name (empty: no card is best by the margin)."""
    values: dict[str, int] = field(default_factory=dict)
    """Each playable card's value for the theme (higher is better)."""
    gains: dict[str, int] = field(default_factory=dict)
    """Each playable card's gain this turn (the ``gain`` theme's value)."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle position with its accepted answer."""

    id: str
    """A short name, e.g. ``"gain-easy-01"``."""
    theme: str
    """One of :data:`THEMES`."""
    difficulty: str
    """One of :data:`DIFFICULTIES`."""
    position: dict[str, Any]
    """The whole game as ``State.to_dict()`` writes it (hands and pile included)."""
    answers: tuple[str, ...]
    """The accepted card names."""
    source: str = ""
    """Where the position came from (the bot game and turn)."""

    @property
    def to_move(self) -> int:
        """Who solves the puzzle (seat index)."""
        return int(self.position["current"])

    @property
    def goal(self) -> str:
        """The task as a sentence, naming who plays."""
        return f"{player_names(RULES.players)[self.to_move]} to play. {THEMES[self.theme]}"

    def state(self) -> State:
        """A fresh game at the puzzle position."""
        return State.from_dict(self.position)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe form (read back by :meth:`from_dict`)."""
        return {
            "id": self.id,
            "theme": self.theme,
            "difficulty": self.difficulty,
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
            raise ValueError(f"puzzle {data.get('id')!r}: field 'answers' lists card names.")
        puzzle = cls(
            id=read_field(data, "id", str)[:60],
            theme=read_field(data, "theme", str),
            difficulty=read_field(data, "difficulty", str),
            position=read_field(data, "position", dict),
            answers=tuple(answers),
            source=str(data.get("source", ""))[:200],
        )
        check_labels(puzzle.id, puzzle.theme, puzzle.difficulty, THEMES)
        try:
            state = puzzle.state()
        except (ValueError, KeyError, TypeError) as err:
            raise ValueError(f"puzzle {puzzle.id}: field 'position': {err}") from None
        if state.is_over or state.pending_steal:
            raise ValueError(f"puzzle {puzzle.id}: field 'position': no card is to be played.")
        return puzzle


# ---------------------------------------------------------------------- proving
def _save_values(state: State) -> tuple[dict[str, int], dict[str, bool]]:
    """Per card: the mover's gain after the next player's reply that hurts her most (her best
    steal taken), and whether that line keeps every Big Five card of hers alive."""
    p = state.current_player
    mine = big_five_alive(state, p)
    values, saved = {}, {}
    for name, move in card_choices(state).items():
        best: tuple[int, bool] | None = None
        for end in turn_ends(state, move):
            replies = [r for _, r in reply_ends(end)] or [end]
            worst = min(gain(state, r, p) for r in replies)
            keeps = all(set(mine) <= set(r.alive(p)) for r in replies)
            if best is None or (worst, keeps) > best:
                best = (worst, keeps)
        values[name], saved[name] = best  # type: ignore[misc]
    return values, saved


def _human_values(state: State) -> dict[str, int]:
    return {
        name: int(any(forced_to_human(end) for end in turn_ends(state, move)))
        for name, move in card_choices(state).items()
    }


def solve(state: State, theme: str) -> Solution:
    """Every playable card's value for ``theme`` and the card best by the theme's margin."""
    if theme not in THEMES:
        raise ValueError(f"A theme is one of {', '.join(THEMES)}; not {theme!r}.")
    now = gains(state)
    if theme == "gain":
        return Solution(unique_best(now, MARGIN), now, now)
    if theme == "human":
        values = _human_values(state)
        return Solution(unique_best(values, 1), values, now)
    values, saved = _save_values(state)
    answers = unique_best(values, MARGIN)
    if answers and not saved[answers[0]]:
        answers = ()
    return Solution(answers, values, now)


def _theme_holds(state: State, theme: str, solution: Solution) -> bool:
    """``save``: another card keeps the Big Five through its own turn but lets her take one."""
    if theme != "save":
        return True
    p = state.current_player
    mine = set(big_five_alive(state, p))
    if not mine:
        return False
    for name, move in card_choices(state).items():
        if name in solution.answers:
            continue
        for end in turn_ends(state, move):
            if mine <= set(end.alive(p)) and any(
                not mine <= set(r.alive(p)) for _, r in reply_ends(end)
            ):
                return True
    return False


def grade(state: State, theme: str, solution: Solution | None = None) -> str | None:
    """The difficulty of ``state`` as a ``theme`` puzzle, or ``None`` if it is not one."""
    solution = solve(state, theme) if solution is None else solution
    if not solution.answers or not _theme_holds(state, theme, solution):
        return None
    answer = solution.answers[0]
    floor = solution.gains[answer] - TRAP_WINDOW
    traps = sum(1 for n, g in solution.gains.items() if n != answer and g >= floor)
    return level_for_traps(traps)


def verify(puzzle: Puzzle) -> None:
    """Prove the puzzle again with the look-ahead: ``ValueError`` says what does not hold."""
    state = puzzle.state()
    solution = solve(state, puzzle.theme)
    level = grade(state, puzzle.theme, solution)
    check_proof(
        puzzle.id, "the look-ahead", solution.answers, puzzle.answers, level, puzzle.difficulty
    )


# ---------------------------------------------------------------------- judging
def _points(n: int) -> str:
    return f"{n} point{'' if abs(n) == 1 else 's'}"


def _explain(state: State, theme: str, name: str) -> str:
    """What playing ``name`` does for ``theme``, in one or two sentences."""
    p = state.current_player
    move = card_choices(state)[name]
    if theme == "gain":
        end = max(turn_ends(state, move), key=lambda e: gain(state, e, p))
        won = gain(state, end, p)
        verb = f"gains you {_points(won)}" if won >= 0 else f"loses you {_points(-won)}"
        return f"The {name} {verb} this turn ({_items(state, end, p)})."
    her = player_names(state.players)[(p + 1) % state.players]
    if theme == "human":
        end = turn_ends(state, move)[0]
        if forced_to_human(end):
            humans = sorted({name_of(m.card) for m in end.legal_actions()})
            return (
                f"After the {name}, {her} may only play her {' or '.join(humans)}: it ends her "
                "turn as the rightmost card (−10 to her while it stays there)."
            )
        playable = sorted({name_of(m.card) for m in end.legal_actions()})
        return f"After the {name}, {her} may still play {', '.join(playable)}."
    return _explain_save(state, name, move, her)


def _explain_save(state: State, name: str, move: Any, her: str) -> str:
    p = state.current_player
    mine = set(big_five_alive(state, p))
    best: tuple[tuple[int, bool], State, list[tuple[str, State]]] | None = None
    for end in turn_ends(state, move):
        replies = reply_ends(end) or [("nothing", end)]
        worst = min(gain(state, r, p) for _, r in replies)
        keeps = all(mine <= set(r.alive(p)) for _, r in replies)
        if best is None or (worst, keeps) > best[0]:
            best = ((worst, keeps), end, replies)
    (value, _), end, replies = best  # type: ignore[misc]
    gone = sorted(name_of(c) for c in mine - set(end.alive(p)))
    if gone:
        fate = f"The {name} itself removes your {' and '.join(gone)}."
    else:
        taker = next(((n, r) for n, r in replies if not mine <= set(r.alive(p))), None)
        fate = (
            f"After the {name}, {her}'s {taker[0]} takes your "
            f"{' and '.join(sorted(name_of(c) for c in mine - set(taker[1].alive(p))))}."
            if taker
            else f"After the {name}, no reply of {her}'s can take your Big Five."
        )
    reply = min(replies, key=lambda t: gain(state, t[1], p))[0]
    return (
        f"{fate} Her reply that costs you most is the {reply}: over the two turns your score "
        f"changes by {value:+d}."
    )


def _items(before: State, after: State, p: int) -> str:
    """The score items that change, e.g. 'alive +5, hand +4, kills +3'."""
    old = before.score_sheet().by_category(p)
    new = after.score_sheet().by_category(p)
    drawn = [c for c in after.hand(p) if c not in before.hand(p)]
    new["hand"] = new.get("hand", 0) - sum(after.card(c).points.in_hand for c in drawn)
    parts = [
        f"{cat.replace('_', ' ')} {new.get(cat, 0) - old.get(cat, 0):+d}"
        for cat in ("alive", "hand", "kills", "rightmost", "big_five")
        if new.get(cat, 0) != old.get(cat, 0)
    ]
    return ", ".join(parts) or "no change"


def judge(puzzle: Puzzle, card: str) -> Verdict:
    """Whether playing ``card`` (a name or an id) solves the puzzle, with the engine's reasons."""
    state = puzzle.state()
    name = name_of(str(card))
    choices = card_choices(state)
    if name not in choices:
        ids = [c for c in state.hand(puzzle.to_move) if name_of(c) == name]
        why = (state.why_unplayable(ids[0]) if ids else None) or f"There is no {name} to play."
        return Verdict(False, f"{why} Try another card.")
    said = _explain(state, puzzle.theme, name)
    if name in puzzle.answers:
        return Verdict(True, f"Right! {said}")
    answer = puzzle.answers[0]
    return Verdict(
        False,
        f"Not this one. {said} The answer is the {answer}. {_explain(state, puzzle.theme, answer)}",
    )


# ---------------------------------------------------------------------- generating
def generate(theme: str, per_level: int = 5, seed: int = 0, max_games: int = 300) -> list[Puzzle]:
    """Up to ``per_level`` puzzles of each difficulty, found in seeded two-player bot games.

    The greedy bot plays the random bot (seats alternating); every position before a card is
    played is tried, each game gives at most one puzzle.  The same arguments give the same list.
    """

    find = partial(_from_game, theme, per_level)
    return collect_from_games(theme, THEMES, per_level, seed, max_games, find, _renamed)


def _from_game(
    theme: str, per_level: int, game_seed: int, swap: bool, found: dict[str, list[Puzzle]]
) -> list[Puzzle]:
    """The first puzzle of a level not yet full in one bot game (none: an empty list)."""
    players = bot_pair(GreedyBot, RandomBot, game_seed, swap)
    state = new_game(RULES, seed=game_seed)
    while not state.is_over:
        if not state.pending_steal and len(card_choices(state)) >= 2:
            solution = solve(state, theme)
            level = grade(state, theme, solution) if solution.answers else None
            if level is not None and len(found[level]) < per_level:
                source = f"game seed {game_seed}, turn {state.turn + 1}"
                return [Puzzle("", theme, level, state.to_dict(), solution.answers, source)]
        state.apply(players[state.current_player].choose(state))
    return []


def _renamed(puzzle: Puzzle, new_id: str) -> Puzzle:
    return Puzzle.from_dict({**puzzle.to_dict(), "id": new_id})


# ---------------------------------------------------------------------- storing
def save_puzzles(puzzles: list[Puzzle], path: Path | str = PUZZLE_FILE) -> None:
    """Write puzzles as JSON, one per line."""
    write_puzzle_list((p.to_dict() for p in puzzles), path)


def load_puzzles(path: Path | str = PUZZLE_FILE) -> list[Puzzle]:
    """Read a puzzle file; ``ValueError`` names the first bad puzzle and its field."""
    return [Puzzle.from_dict(item) for item in read_puzzle_list(path)]
