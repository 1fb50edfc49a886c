"""The review's words for On the Savannah: the points on the table and the kills.

:func:`why` says what the move played killed and scared away and how the mover's points on the
table (alive, kills, the rightmost card, the Big Five; not her hand, whose next card she could
not see) changed, and what the search's better move would have done instead.

>>> from engines.savannah import Rules, new_game
>>> game = new_game(Rules(players=2), seed=1)
>>> print(why(game, game.parse_action("play cheetah#2"), None))
Player 1 played a cheetah: it killed a gazelle and a gazelle. Her points on the table: 0 → 3.
"""

from __future__ import annotations

from engines.text import and_list, player_name

from .cards import name_of
from .moves import Discard, Move, Play, Steal
from .state import State

__all__ = ["player_names", "say", "why"]

_VERBS = {Play: "played", Discard: "discarded"}


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
        f"(points on the table now {points} → {alt}; the search weighs the game to its end)."
    )
