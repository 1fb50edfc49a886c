"""Everything the lab knows about the engines, in one place.

The rest of the lab sees a game only through this module: which games exist, which rules options
they take, how a bot is made from a name like ``"mcts:2"``, and what one finished game reports
(winners, final scores, length, and a small game-specific ``detail`` dict the studies read).

>>> parse_bot("MCTS:2")
BotSpec(kind='mcts', strength=2)
>>> str(parse_bot("greedy"))
'greedy'
>>> result = play_game(GAMES[0], {}, ("random", "greedy"), seed=7)
>>> len(result.winners) >= 1, len(result.scores)
(True, 2)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engines.bots import BOT_KINDS, STRENGTHS
from engines.games import GAMES as RECORDS
from engines.games import get_game
from engines.options import OptionSpec, option_specs, parse_option, rules_values
from engines.text import unknown

from ..game_pages import GAME_PAGES

GAMES: tuple[str, ...] = tuple(RECORDS)
"""The games the lab can study, by the name the command line uses (the engine records')."""

PLAYERS: dict[str, tuple[int, int]] = {name: game.players for name, game in RECORDS.items()}
"""Fewest and most players of each game."""


def check_game(game: str) -> None:
    """``ValueError`` naming the games (a close one first) if the lab has no game ``game``.

    >>> check_game("savana")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: Unknown game 'savana': did you mean 'savannah'? The games are circle, ecosystem...
    """
    if game not in RECORDS:
        raise ValueError(unknown("game", game, RECORDS))


def engine(game: str) -> Any:
    """The engine package of a game (its record's ``package``)."""
    check_game(game)
    return RECORDS[game].package


@dataclass(frozen=True)
class BotSpec:
    """A bot named on the command line: ``kind`` or ``kind:strength``."""

    kind: str
    """One of :data:`BOT_KINDS`."""
    strength: int | None = None
    """1..5 for a searching bot; None for the bots that do not search."""

    def __str__(self) -> str:
        return self.kind if self.strength is None else f"{self.kind}:{self.strength}"


def parse_bot(text: str) -> BotSpec:
    """A :class:`BotSpec` from ``"random"``, ``"greedy"``, ``"mcts"`` or ``"mcts:1"``…``"mcts:5"``.

    ``ValueError`` names what is wrong. ``mcts`` alone means strength 3.
    """
    kind, _, strength = str(text).strip().lower().partition(":")
    if kind not in BOT_KINDS:
        raise ValueError(unknown("bot", text, BOT_KINDS))
    if kind != "mcts":
        if strength:
            raise ValueError(f"bot {text!r}: only mcts takes a strength.")
        return BotSpec(kind)
    if not strength:
        return BotSpec(kind, 3)
    if not strength.isdigit() or int(strength) not in STRENGTHS:
        raise ValueError(f"bot {text!r}: the strength must be 1 to 5.")
    return BotSpec(kind, int(strength))


def make_bot(game: str, spec: BotSpec | str, seed: int) -> Any:
    """A seeded bot for ``game`` with ``choose(state) -> action``: the engines' own bot, so a
    strength is the same search budget here as at a seat (``engines.<game>.bots.ITERATIONS``).
    """
    spec = parse_bot(spec) if isinstance(spec, str) else spec
    return get_game(game).bots.make_bot(spec.kind, spec.strength or 3, seed=seed)


# ---------------------------------------------------------------------------------- rules


TEXT_KINDS = ("whole", "flag", "choice")
"""The kinds of ``Rules`` option a flag sets (not the structured ones: tuples, decks)."""


@dataclass(frozen=True, repr=False)
class Option(OptionSpec):
    """One rules option a study may set: a field of the game's ``Rules`` with what it declares
    about itself (:class:`~engines.options.OptionSpec`: name, default, help, choices)."""

    def parse(self, text: str) -> Any:
        """The value a flag's text stands for; ``ValueError`` names the option and value."""
        return parse_option(self, text, f"--{self.flag}")

    @property
    def flag(self) -> str:
        return self.name.replace("_", "-")


def options(game: str) -> tuple[Option, ...]:
    """The rules options of a game that a flag can set, in the ``Rules`` field order."""
    specs = option_specs(engine(game).Rules)
    return tuple(Option(**vars(spec)) for spec in specs if spec.kind in TEXT_KINDS)


def parse_rules(game: str, text: str) -> dict[str, Any]:
    """Options from text like ``"radius=3, capture_target=12"``; ``ValueError`` names a bad one.

    >>> parse_rules(GAMES[0], "radius=3 no-placement-wins=false")
    {'radius': 3, 'no_placement_wins': False}
    """
    values = rules_values(engine(game).Rules, text, (o.name for o in options(game)))
    make_rules(game, values)
    return values


def make_rules(game: str, values: dict[str, Any]) -> Any:
    """The game's ``Rules`` with these options; ``ValueError`` names a bad one."""
    return engine(game).Rules(**values)


def players_of(game: str, rules: dict[str, Any]) -> int:
    """How many seats a game with these options has."""
    check_game(game)
    return RECORDS[game].player_count(rules)


# ---------------------------------------------------------------------------------- playing


@dataclass(frozen=True)
class GameResult:
    """What one finished game reports to a study."""

    winners: tuple[int, ...]
    """Seats that won (several on a shared win)."""
    scores: tuple[int, ...]
    """Each seat's final total (Circle: stones eaten)."""
    turns: int
    """Actions played."""
    detail: dict[str, Any] = field(default_factory=dict)
    """Game-specific facts the studies read (JSON-safe)."""


def play_game(game: str, rules: dict[str, Any], bots: tuple[str, ...], seed: int) -> GameResult:
    """Play one game to the end: seat ``i`` is ``bots[i]``; everything follows from ``seed``."""
    mod = engine(game)
    rng = random.Random(seed)
    state = mod.new_game(make_rules(game, rules), seed=rng.randrange(2**32))
    players = [make_bot(game, name, rng.randrange(2**32)) for name in bots]
    watch = watcher(game)
    facts = watch.start()
    turns = 0
    while not state.is_over:
        events = state.apply(players[state.current_player].choose(state))
        turns += 1
        watch.see(facts, events)
    sheet = state.score_sheet()
    scores = tuple(sheet.total(p) for p in range(len(bots)))
    detail = watch.finish(facts, state, sheet)
    return GameResult(winners_of(state), scores, turns, detail)


def winners_of(state: Any) -> tuple[int, ...]:
    """The winning seats of a finished game (several on a shared win)."""
    return tuple(sorted(state.winners))


class Watcher:
    """Collects a game's facts: ``start()`` -> facts, ``see(facts, events)`` each turn,
    ``finish(facts, state, sheet)`` -> the ``detail`` dict. This one collects nothing."""

    @staticmethod
    def start() -> dict:
        return {}

    @staticmethod
    def see(facts: dict, events: list) -> None:
        pass

    @staticmethod
    def finish(facts: dict, state: Any, sheet: Any) -> dict:
        return {}


def watcher(game: str) -> type[Watcher]:
    """The game's :class:`Watcher` (its page record's lab facts), or this one collecting nothing."""
    page = GAME_PAGES.get(game)
    facts = page.lab_facts if page is not None else None
    return getattr(facts, "Watcher", Watcher)
