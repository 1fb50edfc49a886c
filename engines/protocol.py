"""The one shape every game's state has: how a game ended, and the :class:`GameState` protocol.

Bots, search, models and tests are written once against this module and work for every game.

>>> done = Outcome((1,), "game_end", scores=(40, 52), detail="Player 2 has the most points.")
>>> done.winner, done.is_tie, done.describe()
(1, False, 'Player 2 has the most points.')
>>> tie = Outcome((0, 2), "game_end", scores=(50, 31, 50))
>>> tie.winner, tie.is_tie, tie.returns(3)
(None, True, (0.5, 0.0, 0.5))
>>> tie.describe()
'Players 1 and 3 share the win with 50 points.'

Every game's ``State`` satisfies :class:`GameState`:

>>> from engines import circle, ecosystem, savannah
>>> all(isinstance(g.new_game(seed=1), GameState) for g in (circle, ecosystem, savannah))
True
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from engines import Event, IllegalAction, ScoreSheet
from engines.text import and_list, won

__all__ = ["MAX_JSON_CHARS", "BaseState", "GameState", "Outcome", "check_seat", "play_all"]

MAX_JSON_CHARS = 10_000_000
"""Longest saved game :meth:`BaseState.from_json` reads (text from a file is data: limit it)."""


def _names(players: tuple[int, ...]) -> str:
    numbers = [str(p + 1) for p in players]
    if len(numbers) == 1:
        return f"Player {numbers[0]}"
    return "Players " + and_list(numbers)


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: who won, why, and the final scores.

    >>> Outcome((0,), "capture_target").returns(2)
    (1.0, 0.0)
    """

    winners: tuple[int, ...]
    """The winning players, sorted: one for a sole winner, several for a shared win."""
    termination: str
    """Why the game ended, as a machine name: ``"capture_target"``, ``"game_end"``…"""
    scores: tuple[int, ...] = ()
    """Final totals per player, in games that have points (empty otherwise)."""
    detail: str = ""
    """One sentence for a player, e.g. ``"Black cannot place a stone."`` (may be empty)."""

    @property
    def winner(self) -> int | None:
        """The sole winner, or ``None`` when several players share the win."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def is_tie(self) -> bool:
        """Whether several players share the win."""
        return len(self.winners) > 1

    def describe(self) -> str:
        """One sentence: who won (and why, when :attr:`detail` says)."""
        if self.detail:
            return self.detail
        points = self.scores[self.winners[0]] if self.scores else None
        return won(_names(self.winners), self.is_tie, points)

    def returns(self, players: int) -> tuple[float, ...]:
        """Per player: 1 to a sole winner, ``1/k`` to each of ``k`` tied winners, 0 to the rest."""
        share = 1.0 / len(self.winners) if self.winners else 0.0
        return tuple(share if p in self.winners else 0.0 for p in range(players))


@runtime_checkable
class GameState(Protocol):
    """What every game's ``State`` offers, with one meaning in every game.

    Actions are game values (a cell, a ``Pick``, a ``Play``); :meth:`action_to_str` and
    :meth:`parse_action` turn them into text and back.  Illegal actions raise
    :class:`engines.IllegalAction` with one sentence and change nothing.
    """

    rules: Any
    """The game's options (a frozen ``Rules`` dataclass)."""

    @property
    def players(self) -> int:
        """How many players take part."""

    @property
    def current_player(self) -> int | None:
        """Whose turn it is, or ``None`` once the game is over."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it runs."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The winners, sorted (several on a shared win); ``()`` while the game runs."""

    @property
    def winner(self) -> int | None:
        """The sole winner; ``None`` while the game runs and when the win is shared."""

    def legal_actions(self) -> list[Any]:
        """Every action the player to move may take (empty once the game is over)."""

    def why_illegal(self, action: Any) -> str | None:
        """Why ``action`` is not allowed now (one sentence), or ``None``; never raises."""

    def check_action(self, action: Any) -> None:
        """Raise :class:`engines.IllegalAction` with :meth:`why_illegal`'s sentence if illegal."""

    def is_legal(self, action: Any) -> bool:
        """Whether :meth:`apply` would accept ``action``."""

    def apply(self, action: Any) -> list[Event]:
        """Play ``action`` for the player to move; all or nothing; the turn's events."""

    def clone(self) -> GameState:
        """An independent copy."""

    def score_sheet(self) -> ScoreSheet:
        """The score lines (final once the game is over)."""

    def returns(self) -> tuple[float, ...]:
        """Per player: :meth:`Outcome.returns` once over, zeros while running (for search)."""

    def to_dict(self) -> dict[str, Any]:
        """A versioned JSON-safe form; ``from_dict`` reads it back."""

    @classmethod
    def from_dict(cls, data: Any) -> GameState:
        """Rebuild a state from :meth:`to_dict`; ``ValueError`` names a bad field."""

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""

    @classmethod
    def from_json(cls, text: str) -> GameState:
        """Rebuild a state from :meth:`to_json`; ``ValueError`` for anything malformed."""

    def action_to_str(self, action: Any) -> str:
        """A short text for ``action`` that :meth:`parse_action` reads back."""

    def parse_action(self, text: str) -> Any:
        """The action a text names; ``ValueError`` with a sentence otherwise."""

    def observation(self, player: int) -> Any:
        """What ``player`` may see of the game."""

    def determinize(self, player: int, rng: random.Random) -> GameState:
        """A full state consistent with ``player``'s observation, hidden cards drawn from ``rng``."""


class BaseState:
    """The members of :class:`GameState` that every game computes the same way.

    A game's ``State`` subclasses this and provides ``outcome``, ``why_illegal``,
    ``to_dict``/``from_dict`` and ``players``; the rest follows here, written once.
    """

    __slots__ = ()

    @property
    def winners(self) -> tuple[int, ...]:
        """The winners, sorted (several on a shared win); ``()`` while the game runs."""
        outcome = self.outcome
        return () if outcome is None else outcome.winners

    @property
    def winner(self) -> int | None:
        """The sole winner; ``None`` while the game runs and when the win is shared."""
        outcome = self.outcome
        return None if outcome is None else outcome.winner

    def check_action(self, action: Any) -> None:
        """Raise :class:`engines.IllegalAction` with :meth:`why_illegal`'s sentence if illegal."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)

    def is_legal(self, action: Any) -> bool:
        """Whether :meth:`apply` would accept ``action``."""
        return self.why_illegal(action) is None

    def legal_moves(self) -> list[str]:
        """Every legal action in the game's own notation (:meth:`action_to_str`): ``"E5"``,
        ``"GZ B4"``, ``"play zebra#2"``.

        >>> from engines.circle import Rules, new_game
        >>> new_game(Rules(radius=2)).legal_moves()[:3]
        ['A1', 'A2', 'A3']
        """
        return [self.action_to_str(action) for action in self.legal_actions()]

    def play(self, move: Any) -> list[Event]:
        """:meth:`apply` a move given in the game's notation (or as an action value); a text
        that names no move raises :class:`engines.IllegalAction` with the parser's sentence.

        >>> from engines.circle import new_game
        >>> game = new_game()
        >>> print(game.play("E5"))
        Orange placed a stone at E5.
        Orange has a new singleton at E5.
        >>> game.play("Z9")
        Traceback (most recent call last):
        ...
        engines.IllegalAction: 'Z9' is not on this board: rows run from A to I.
        """
        if isinstance(move, str):
            try:
                move = self.parse_action(move)
            except ValueError as err:
                raise IllegalAction(str(err)) from None
        return self.apply(move)

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> Any:
        """Rebuild a state from :meth:`to_json`; ``ValueError`` for anything malformed."""
        if not isinstance(text, (str, bytes)):
            raise ValueError(f"A saved game is JSON text, not {type(text).__name__}.")
        if len(text) > MAX_JSON_CHARS:
            raise ValueError(f"The save is longer than {MAX_JSON_CHARS} characters.")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise ValueError(f"The save is not valid JSON: {err}.") from None
        except RecursionError:
            raise ValueError("The save nests lists or objects too deeply.") from None
        except ValueError:  # a number of more than 4,300 digits
            raise ValueError("The save holds a number too long to read.") from None
        try:
            return cls.from_dict(data)
        except RecursionError:
            raise ValueError("The save nests lists or objects too deeply.") from None

    def returns(self) -> tuple[float, ...]:
        """Per player: :meth:`Outcome.returns` once over, zeros while running (for search)."""
        outcome = self.outcome
        return (0.0,) * self.players if outcome is None else outcome.returns(self.players)


def check_seat(state: Any, seat: Any) -> None:
    """``ValueError`` unless ``seat`` is ``None`` (a spectator) or one of ``state``'s players:
    what every game's ``player_view(state, seat)`` accepts.

    >>> from engines import circle
    >>> check_seat(circle.new_game(), 2)
    Traceback (most recent call last):
    ...
    ValueError: A seat is None (a spectator) or 0 to 1, not 2.
    """
    if seat is None:
        return
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise ValueError(f"A seat is None (a spectator) or 0 to {state.players - 1}, not {seat!r}.")


def play_all(state: Any, actions: Any, noun: str = "Move") -> Any:
    """Apply ``actions`` (values, or text that ``state.parse_action`` reads) to ``state`` in order.

    The body of every game's ``replay``.  Raises :class:`engines.IllegalAction` naming the first
    action that fails by its number ("Move 3 ('E5'): E5 is already taken…"); returns ``state``.
    """
    for n, action in enumerate(actions):
        try:
            state.apply(state.parse_action(action) if isinstance(action, str) else action)
        except (IllegalAction, ValueError) as err:
            raise IllegalAction(f"{noun} {n + 1} ({action!r}): {err}") from None
    return state
