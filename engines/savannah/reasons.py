"""The review's words for On the Savannah: the points on the table, the kills, and the points
at the end.

:func:`why` says what the move played killed and scared away and how the mover's points on the
table (alive, kills, the rightmost card, the Big Five; not her hand, whose next card she could
not see) changed, and what the search's better move would have done instead; then each move's
**expected points at the end**: the game played to its end by the Greedy bot from the same
:data:`DEALS` deals of the cards the mover could not see, her final score averaged.  Not the
search's playout totals: a playout stops two moves after its tree and scores the position as
if the game ended there, every card still in hand a penalty (at move 11 of the bench's game,
14 points on the table read 9 there, and 33 at the end).  When the better move ends with fewer
points, the sentence says why: a larger lead over the best other player, or else the search's
win chance, which weighs winning and not points alone.

>>> from engines.savannah import Rules, new_game
>>> game = new_game(Rules(players=2), seed=1)
>>> print(why(game, game.parse_action("play cheetah#2"), None))
Player 1 played a cheetah: it killed a gazelle and a gazelle. Her points on the table: 0 → 3.
"""

from __future__ import annotations

import random

from engines.text import and_list, player_name

from .bots import GreedyBot
from .cards import name_of
from .moves import Discard, Move, Play, Steal
from .setup import determinize
from .state import State

__all__ = ["DEALS", "at_the_end", "player_names", "say", "why"]

DEALS = 24
"""Deals of the unseen cards behind a move's expected points at the end (a playout to the end
costs about 3 ms; the same deals for both moves compared, so their difference is steadier)."""

_VERBS = {Play: "played", Discard: "discarded"}
_DOING = {Play: "playing", Discard: "discarding", Steal: "stealing"}


def player_names(players: int) -> tuple[str, ...]:
    """``("Player 1", "Player 2", …)``, as the engine's sentences name players."""
    return tuple(player_name(p) for p in range(players))


def say(before: State, move: Move) -> str:
    """The move as a player says it, the card by its name (never its copy's number).

    >>> from engines.savannah import Rules, new_game
    >>> game = new_game(Rules(players=2), seed=1)
    >>> say(game, game.parse_action("play cheetah#2")), say(game, Discard("cheetah#2"))
    ('the cheetah', 'discard the cheetah')
    """
    verb = {Discard: "discard ", Steal: "steal "}.get(type(move), "")
    return f"{verb}the {name_of(move.card)}"


def _a(name: str) -> str:
    return ("an " if name[:1] in "aeiou" else "a ") + name


def _table_points(state: State, player: int) -> int:
    return sum(
        line.points
        for line in state.score_sheet()
        if line.player == player and line.category != "hand"
    )


def _effect(before: State, move: Move) -> tuple[str, int]:
    """What ``move`` does in ``before``: its hits in a clause, and the mover's table points."""
    me = before.current_player
    after = before.clone()
    events = after.apply(move)
    hits = []
    for kind, verb in (("killed", "killed"), ("scared", "scared away")):
        cards = [_a(name_of(e.card)) for e in events if e.kind == kind]
        if cards:
            hits.append(f"{verb} {and_list(cards)}")
    clause = f"it {' and '.join(hits)}" if hits else "it hunted nothing"
    return clause, _table_points(after, me)


def at_the_end(before: State, move: Move, deals: int = DEALS) -> tuple[float, float]:
    """The mover's expected score at the end after ``move`` and her expected lead over the
    best other player: ``deals`` deals of what she could not see, each played to the end by
    the Greedy bot (seeded, so the same every time).

    >>> from engines.savannah import Rules, new_game
    >>> game = new_game(Rules(players=2), seed=1)
    >>> points, lead = at_the_end(game, game.parse_action("play cheetah#2"), deals=2)
    >>> at_the_end(game, game.parse_action("play cheetah#2"), deals=2) == (points, lead)
    True
    """
    me = before.current_player
    seen = before.observation(me)
    rng = random.Random(deals)
    points = lead = 0
    for k in range(deals):
        world = determinize(seen, rng)
        world.apply_quiet(move)
        bot = GreedyBot(seed=k)
        while not world.is_over:
            world.apply_quiet(bot.choose(world))
        totals = world.totals()
        points += totals[me]
        lead += totals[me] - max(t for q, t in enumerate(totals) if q != me)
    return points / deals, lead / deals


def _end_words(before: State, played: Move, better: Move) -> str:
    """The two moves' expected points at the end, and why the better one may have fewer."""
    best_points, best_lead = at_the_end(before, better)
    played_points, played_lead = at_the_end(before, played)
    text = (
        f" Played to the end by the Greedy bot over {DEALS} deals of the cards she could not "
        f"see, she ends with about {round(best_points)} points after {_doing(better)} and "
        f"{round(played_points)} after {_doing(played)}"
    )
    if round(best_points) >= round(played_points):
        return text + "."
    if round(best_lead) > round(played_lead):
        return (
            f"{text}: fewer points, but a lead over the best other player of "
            f"{round(best_lead):+d} against {round(played_lead):+d}."
        )
    return f"{text}: fewer points, but the search finds her a better chance to win."


def _doing(move: Move) -> str:
    return f"{_DOING[type(move)]} {_a(name_of(move.card))}"


def _verb(move: Move) -> str:
    return _VERBS.get(type(move), "took")


def why(before: State, played: Move, better: Move | None) -> str:
    """What ``played`` did in ``before`` and what ``better`` (if any) would have done."""
    me = before.current_player
    points = _table_points(before, me)
    clause, after = _effect(before, played)
    text = (
        f"Player {me + 1} {_verb(played)} {_a(name_of(played.card))}: {clause}. "
        f"Her points on the table: {points} → {after}."
    )
    if better is None:
        return text
    clause, alt = _effect(before, better)
    return (
        f"{text} Better: {_verb(better)} {_a(name_of(better.card))}; {clause} "
        f"(points on the table now {points} → {alt})." + _end_words(before, played, better)
    )
