"""The review's words for Ecosystem: the park's points, line by line of the score sheet.

:func:`why` says where the pick went, how the picker's score changed and in which lines of her
score sheet (the park scored as it stands, other players' gazelles counting for the majority),
and what the search's better pick would have scored instead.

>>> from engines.ecosystem import Pick, Rules, new_game
>>> game = new_game(Rules(players=2), seed=1)
>>> _ = game.apply(Pick("WH", (3, 2))), game.apply(Pick("GR", (2, 4)))
>>> print(why(game, Pick("WH", (3, 1)), Pick("GZ", (2, 2))))
Player 1 placed a watering hole at D2: her score 0 → 0. Better: a gazelle at C3, 0 → 9 (watering hole +2, gazelle +7).
"""

from __future__ import annotations

from ..text import player_name
from .park import cell_label
from .state import Pick, State

__all__ = ["player_names", "say", "why"]


def player_names(players: int) -> tuple[str, ...]:
    """``("Player 1", "Player 2", …)``, as the engine's sentences name players."""
    return tuple(player_name(p) for p in range(players))


def say(before: State, pick: Pick) -> str:
    """The pick as a player says it: ``"the gazelle at C3"`` (``"… of the west park"``).

    >>> say(None, Pick("GZ", (2, 2)))
    'the gazelle at C3'
    """
    return "the " + _place(pick).split(" ", 1)[1]


def _lines(state: State, player: int) -> dict[str, int]:
    return state.score_sheet().by_category(player)


def _place(pick: Pick) -> str:
    card = pick.card.label
    art = "an" if card[:1] in "aeiou" else "a"
    where = cell_label(pick.cell)
    park = f" of the {pick.park} park" if pick.park else ""
    return f"{art} {card} at {where}{park}"


def _change(before: State, pick: Pick) -> tuple[int, int, str]:
    """The picker's total before and after ``pick``, and the lines that changed."""
    me = before.current_player
    old = _lines(before, me)
    after = before.clone()
    after.apply(pick)
    new = _lines(after, me)
    moved = [
        (name, new.get(name, 0) - old.get(name, 0))
        for name in dict.fromkeys([*old, *new])
        if new.get(name, 0) != old.get(name, 0)
    ]
    text = ", ".join(f"{name.replace('_', ' ')} {d:+d}" for name, d in moved)
    return sum(old.values()), sum(new.values()), text


def why(before: State, played: Pick, better: Pick | None) -> str:
    """Where ``played`` went and what it scored; ``better``'s score (if any) beside it."""
    me = before.current_player
    old, new, lines = _change(before, played)
    text = f"Player {me + 1} placed {_place(played)}: her score {old} → {new}"
    text += f" ({lines})." if lines else "."
    if better is None:
        return text
    _, alt, lines = _change(before, better)
    text += f" Better: {_place(better)}, {old} → {alt}"
    return text + (f" ({lines})." if lines else ".")
