"""What a study is: which games to play, with which rules and bots, and with which seeds.

A study is a list of *tables* (rules options plus the bot in every seat) and a number of games;
game ``k`` is played at table ``k % len(tables)`` with a seed that depends only on the study's seed
and ``k``.  So a game's result never depends on which worker played it, in which batch, or when.

>>> from cole_panel.lab.games import GAMES
>>> study = tournament(GAMES[0], ["random", "greedy"], games=4)
>>> [(g.key, g.table.seats) for g in study.plan()]
[(0, ('random', 'greedy')), (1, ('greedy', 'random')), (2, ('random', 'greedy')), (3, ('greedy', 'random'))]
>>> study.plan()[1].seed == tournament(GAMES[0], ["random", "greedy"], games=9).plan()[1].seed
True
"""

from __future__ import annotations

import hashlib
import itertools
import json
from dataclasses import dataclass
from typing import Any

from . import games as G

KINDS = ("tournament", "ladder", "stats")
"""The kinds of study, as the ``cole`` sub-commands name them."""

LADDER_BOTS = ("random", "greedy", "mcts:1", "mcts:2")
"""The bots a ladder ranks when none are named."""

MAX_GAMES = 10_000_000
"""More games than any study here would finish: a typo guard."""


@dataclass(frozen=True)
class Table:
    """One way of playing: rules options and the bot in each seat."""

    rules: tuple[tuple[str, Any], ...]
    """Rules options that differ from the defaults, as sorted ``(name, value)`` pairs."""
    seats: tuple[str, ...]
    """The bot in each seat, seat 0 first (names as :func:`games.parse_bot` reads them)."""

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.rules)

    def label(self) -> str:
        """Short text naming the table, e.g. ``'radius=3: greedy v random'``."""
        rules = ", ".join(f"{k}={v}" for k, v in self.rules)
        seats = " v ".join(self.seats)
        return f"{rules}: {seats}" if rules else seats


@dataclass(frozen=True)
class PlannedGame:
    """One game of a study, before it is played."""

    key: int
    """Its number in the study, from 0; the results file's key."""
    seed: int
    """Everything random in the game (deal, bots) follows from it."""
    table: Table
    """Rules and seats."""


@dataclass(frozen=True)
class Study:
    """A set of games to play (see the module docstring)."""

    kind: str
    """``tournament``, ``ladder`` or ``stats``."""
    game: str
    """The game's name (one of :data:`cole_panel.lab.games.GAMES`)."""
    tables: tuple[Table, ...]
    """The tables games rotate through."""
    games: int
    """Games in all."""
    seed: int = 0
    """The study's seed."""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown study kind {self.kind!r}.")
        G.check_game(self.game)
        if not self.tables:
            raise ValueError("a study needs at least one table.")
        if isinstance(self.games, bool) or not isinstance(self.games, int):
            raise ValueError(f"--games must be a whole number, not {self.games!r}.")
        if not 1 <= self.games <= MAX_GAMES:
            raise ValueError(f"--games must be from 1 to {MAX_GAMES:,}, not {self.games}.")

    @property
    def fingerprint(self) -> str:
        """Names the study's games (not how many): a results file belongs to one fingerprint."""
        text = json.dumps(
            [
                self.kind,
                self.game,
                self.seed,
                [[list(t.rules), list(t.seats)] for t in self.tables],
            ],
            default=str,
        )
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def plan(self, skip: set[int] | frozenset[int] = frozenset()) -> list[PlannedGame]:
        """Every game not in ``skip``, in key order."""
        n = len(self.tables)
        return [
            PlannedGame(k, game_seed(self.seed, k), self.tables[k % n])
            for k in range(self.games)
            if k not in skip
        ]

    @property
    def bots(self) -> tuple[str, ...]:
        """Every bot that plays, in first-seen order."""
        return tuple(dict.fromkeys(b for t in self.tables for b in t.seats))

    def describe(self) -> str:
        """One sentence for a summary's first line."""
        return (
            f"{self.kind} of {self.game}: {self.games} games over {len(self.tables)} "
            f"table{'s' if len(self.tables) != 1 else ''}, seed {self.seed}"
        )


def game_seed(study_seed: int, key: int) -> int:
    """The seed of game ``key`` (a hash: neighbouring keys give unrelated games)."""
    digest = hashlib.sha256(f"cole-lab:{study_seed}:{key}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


# ------------------------------------------------------------------------------- building


def _rules_key(
    game: str, rules: dict[str, Any], keep: str | None = None
) -> tuple[tuple[str, Any], ...]:
    """Check the options make valid rules; keep the ones that differ from the defaults (and
    the option ``keep`` a study varies)."""
    G.make_rules(game, rules)
    defaults = {o.name: o.default for o in G.options(game)}
    return tuple(
        sorted((k, v) for k, v in rules.items() if k == keep or defaults.get(k, object()) != v)
    )


def _bots(names: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    specs = [str(G.parse_bot(n)) for n in names]
    if not specs:
        raise ValueError("--bots needs at least one bot.")
    return tuple(specs)


def _seatings(game: str, rules: dict[str, Any], bots: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Seat-rotated line-ups: every group of ``players`` bots, each rotated through the seats.

    A single bot fills every seat (a self-play study).
    """
    players = G.players_of(game, rules)
    if len(set(bots)) == 1:
        return [tuple(bots[:1] * players)]
    if len(bots) < players:
        raise ValueError(
            f"{len(bots)} bots cannot fill the {players} seats of {game}; name {players} or "
            f"more bots, or one bot for self-play."
        )
    if len(set(bots)) != len(bots):
        raise ValueError(f"--bots names a bot twice: {','.join(bots)}.")
    lineups = []
    for group in itertools.combinations(bots, players):
        lineups.extend(group[i:] + group[:i] for i in range(players))
    return lineups


def _with_players(game: str, rules: dict[str, Any], bots: tuple[str, ...]) -> dict[str, Any]:
    """Seat as many players as bots when the options do not say how many (games of 2+)."""
    lo, hi = G.PLAYERS[game]
    if lo == hi or "players" in rules or len(set(bots)) == 1:
        return rules
    return {**rules, "players": max(lo, min(hi, len(bots)))}


def tournament(
    game: str, bots: list[str], games: int, rules: dict[str, Any] | None = None, seed: int = 0
) -> Study:
    """Seat-rotated matches between ``bots`` (round robin when there are more bots than seats).

    >>> tournament("savana", ["random", "greedy"], games=4)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: Unknown game 'savana': did you mean 'savannah'? The games are circle, ecosystem...
    """
    G.check_game(game)
    bots_ = _bots(bots)
    rules = _with_players(game, dict(rules or {}), bots_)
    key = _rules_key(game, rules)
    tables = tuple(Table(key, seats) for seats in _seatings(game, rules, bots_))
    return Study("tournament", game, tables, games, seed)


def ladder(
    game: str,
    bots: list[str] | None = None,
    games: int = 200,
    rules: dict[str, Any] | None = None,
    seed: int = 0,
    against: list[str] | None = None,
) -> Study:
    """Two-player games between every pair of ``bots`` (default :data:`LADDER_BOTS`).

    With ``against``, each of ``bots`` meets only each of the ``against`` bots (a gauntlet, e.g.
    every search strength against Greedy and Random, without the strengths meeting each other).
    """
    G.check_game(game)
    bots_ = _bots(bots or LADDER_BOTS)
    if against is None and len(set(bots_)) < 2:
        raise ValueError("a ladder needs at least two different bots.")
    rules = dict(rules or {})
    lo, hi = G.PLAYERS[game]
    if not lo <= 2 <= hi:
        raise ValueError(f"a ladder plays two-player games; {game} is for {lo} to {hi} players.")
    if lo < hi:
        if rules.get("players", 2) != 2:
            raise ValueError("a ladder plays two-player games; leave --players out.")
        rules["players"] = 2
    key = _rules_key(game, rules)
    lineups = _seatings(game, rules, bots_) if against is None else _gauntlet(bots_, against)
    return Study("ladder", game, tuple(Table(key, seats) for seats in lineups), games, seed)


def _gauntlet(bots: tuple[str, ...], against: list[str]) -> list[tuple[str, ...]]:
    """Each bot against each opponent, in both seat orders (a bot never meets itself)."""
    opponents = _bots(against)
    if len(set(bots)) != len(bots) or len(set(opponents)) != len(opponents):
        raise ValueError("--bots and --against must each name a bot once.")
    pairs = [(b, o) for b in bots for o in opponents if b != o]
    if not pairs:
        raise ValueError("--against names only the bots of --bots; a bot cannot meet itself.")
    return [seats for b, o in pairs for seats in ((b, o), (o, b))]


def stats(
    game: str,
    bots: list[str],
    games: int,
    rules: dict[str, Any] | None = None,
    vary: tuple[str, list[Any]] | None = None,
    seed: int = 0,
) -> Study:
    """Games for the game-specific statistics, once per value of the option ``vary``."""
    G.check_game(game)
    bots_ = _bots(bots)
    rules = dict(rules or {})
    name, values = vary if vary else (None, [None])
    tables = []
    for value in values:
        table_rules = _with_players(game, {**rules, name: value} if name else rules, bots_)
        key = _rules_key(game, table_rules, name)
        tables.extend(Table(key, s) for s in _seatings(game, table_rules, bots_))
    return Study("stats", game, tuple(tables), games, seed)
