"""Nim: a fourth game that lives only under ``tests/``, the proof that a game joins by its records.

Two players take turns; a turn takes 1 to ``max_take`` stones from one pile; whoever takes the
last stone wins.  Nothing outside ``tests/nim`` knows this game: :mod:`tests.nim.game` adds its
engine record (:func:`engines.games.register_game`), :mod:`tests.nim.record` its page record
too, and a server loads both with ``COLE_GAMES=tests.nim.record``.

>>> state = new_game(Rules(piles=(1, 2, 1)))
>>> state.legal_actions()
[(0, 1), (1, 1), (1, 2), (2, 1)]
>>> [e.describe() for e in state.apply((1, 2))]
['Player 1 takes 2 from pile 2.']
>>> _ = state.apply(state.parse_action("1:1"))
>>> state.apply(state.parse_action("3:1"))[-1].describe()
'Player 1 takes the last stone and wins.'
>>> state.winner, state.outcome.scores
(0, (1, 0))
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from engines import Event, ScoreLine, ScoreSheet
from engines.options import option
from engines.protocol import BaseState, Outcome, check_seat, play_all

__all__ = ["PLAYER_NAMES", "Rules", "State", "Took", "new_game", "player_view", "replay"]

PLAYER_NAMES = ("Player 1", "Player 2")
VERSION = 1
MAX_PILE = 20


@dataclass(frozen=True)
class Rules:
    """The piles a game starts with and the most stones a turn may take."""

    piles: tuple[int, int, int] = option(
        (3, 4, 5), "Piles", "Stones in each of the three piles at the start.", bounds=(1, MAX_PILE)
    )
    max_take: int = option(
        3,
        "Most stones a turn",
        "The most stones one turn may take (from one pile).",
        bounds=(1, MAX_PILE),
    )

    def __post_init__(self) -> None:
        piles = self.piles
        ok = isinstance(piles, tuple) and len(piles) == 3
        if not ok or not all(type(n) is int and 1 <= n <= MAX_PILE for n in piles):
            raise ValueError(f"piles must be three piles of 1 to {MAX_PILE} stones.")
        if type(self.max_take) is not int or not 1 <= self.max_take <= MAX_PILE:
            raise ValueError(f"max_take must be a whole number from 1 to {MAX_PILE}.")


@dataclass(frozen=True)
class Took(Event):
    """A player took ``count`` stones from ``pile`` (``last``: the last stone of the game)."""

    kind: ClassVar[str] = "took"
    player: int
    pile: int
    count: int
    last: bool = False

    def describe(self) -> str:
        who = PLAYER_NAMES[self.player]
        if self.last:
            return f"{who} takes the last stone and wins."
        return f"{who} takes {self.count} from pile {self.pile + 1}."


class State(BaseState):
    """A Nim position: the piles and whose turn it is."""

    __slots__ = ("rules", "piles", "mover", "moves")

    def __init__(self, rules: Rules, piles: tuple[int, ...], mover: int, moves: int = 0):
        self.rules, self.piles, self.mover, self.moves = rules, tuple(piles), mover, moves

    players = 2

    @property
    def is_over(self) -> bool:
        return not any(self.piles)

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.mover

    @property
    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        winner = 1 - self.mover  # the player who took the last stone
        scores = tuple(int(p == winner) for p in range(2))
        return Outcome(
            (winner,), "last_stone", scores, f"{PLAYER_NAMES[winner]} took the last stone."
        )

    def legal_actions(self) -> list[tuple[int, int]]:
        if self.is_over:
            return []
        return [
            (pile, n)
            for pile, size in enumerate(self.piles)
            for n in range(1, min(size, self.rules.max_take) + 1)
        ]

    def why_illegal(self, action: Any) -> str | None:
        if self.is_over:
            return "The game is over."
        if not (isinstance(action, tuple) and len(action) == 2):
            return f"A move is (pile, stones), not {str(action)[:40]!r}."
        pile, n = action
        if type(pile) is not int or type(n) is not int:
            return "A move names a pile and a number of stones as whole numbers."
        if not 0 <= pile < len(self.piles):
            return f"There is no pile {pile + 1}; the piles are 1 to {len(self.piles)}."
        if not 1 <= n <= self.rules.max_take:
            return f"A turn takes 1 to {self.rules.max_take} stones, not {n}."
        if n > self.piles[pile]:
            return f"Pile {pile + 1} has only {self.piles[pile]} stones."
        return None

    def apply(self, action: Any) -> list[Event]:
        self.check_action(action)
        pile, n = action
        piles = list(self.piles)
        piles[pile] -= n
        self.piles, self.moves = tuple(piles), self.moves + 1
        player, self.mover = self.mover, 1 - self.mover
        return [Took(player, pile, n, last=self.is_over)]

    def clone(self) -> State:
        return State(self.rules, self.piles, self.mover, self.moves)

    def score_sheet(self) -> ScoreSheet:
        outcome = self.outcome
        if outcome is None:
            return ScoreSheet([])
        return ScoreSheet([ScoreLine(outcome.winners[0], "last_stone", 1, "took the last stone")])

    def to_dict(self) -> dict[str, Any]:
        rules = {"piles": list(self.rules.piles), "max_take": self.rules.max_take}
        return {
            "game": "nim",
            "version": VERSION,
            "rules": rules,
            "piles": list(self.piles),
            "mover": self.mover,
            "moves": self.moves,
        }

    @classmethod
    def from_dict(cls, data: Any) -> State:
        if not isinstance(data, dict) or data.get("game") != "nim":
            raise ValueError("game: this is not a saved Nim position.")
        if data.get("version") != VERSION:
            raise ValueError(f"version: this reads version {VERSION} only.")
        try:
            raw = data["rules"]
            rules = Rules(tuple(raw["piles"]), raw["max_take"])
            piles, mover, moves = tuple(data["piles"]), data["mover"], data["moves"]
        except (KeyError, TypeError) as err:
            raise ValueError(f"rules, piles, mover, moves: {err!s:.80}") from None
        if len(piles) != len(rules.piles) or not all(
            type(n) is int and 0 <= n <= s for n, s in zip(piles, rules.piles, strict=True)
        ):
            raise ValueError("piles: each pile holds 0 up to its starting stones.")
        if mover not in (0, 1) or type(moves) is not int or moves < 0:
            raise ValueError("mover, moves: the mover is 0 or 1, the moves a count.")
        return cls(rules, piles, mover, moves)

    def action_to_str(self, action: Any) -> str:
        pile, n = action
        return f"{pile + 1}:{n}"

    def parse_action(self, text: str) -> Any:
        pile, sep, n = str(text).strip().partition(":")
        if not sep or not pile.isdigit() or not n.isdigit():
            raise ValueError(f"{str(text)[:20]!r} is not a move; write pile:stones, like 2:3.")
        return (int(pile) - 1, int(n))

    def observation(self, player: int | None) -> dict[str, Any]:
        return {"piles": self.piles, "mover": self.current_player}

    def made_up_actions(self) -> list[tuple[int, int]]:
        """Moves of the right shape, legal or not (what the conformance suite tries)."""
        return [(p, n) for p in range(-1, len(self.piles) + 1) for n in (0, 1, 3, 4, 21)]

    def determinize(self, player: int, rng: random.Random) -> State:
        return self.clone()  # nothing is hidden


def new_game(rules: Rules | None = None, seed: int | None = None) -> State:
    """A new game (Nim deals nothing: the seed changes nothing)."""
    return State(rules or Rules(), (rules or Rules()).piles, 0)


def replay(actions: Any, rules: Rules | None = None, seed: int | None = None) -> State:
    """The game after ``actions`` (values or text); IllegalAction names the first bad one."""
    return play_all(new_game(rules, seed), actions)


def player_view(state: State, seat: int | None) -> State:
    """``state`` as ``seat`` (or a spectator, None) may see it: all of it, Nim hides nothing."""
    check_seat(state, seat)
    return state
