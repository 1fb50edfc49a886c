"""English for the sentences the games say: one rule for "a" or "an", one for counted nouns,
one for lists ("a, b and c"), one for a player's name, one for who won, one for a name that
is none of the choices."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

__all__ = ["and_list", "article", "counted", "player_name", "unknown", "won"]


def article(word: str) -> str:
    """The word (or phrase) with its indefinite article, chosen by its first letter.

    >>> article("zebra"), article("elephant"), article("Orange pair")
    ('a zebra', 'an elephant', 'an Orange pair')
    """
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def counted(n: int, word: str, words: str | None = None) -> str:
    """``n`` and the noun, in the plural (``words``, or the word and an s) unless ``n`` is 1.

    >>> counted(1, "stone"), counted(3, "gazelle"), counted(2, "arch", "arches")
    ('1 stone', '3 gazelles', '2 arches')
    """
    return f"{n} {word}" if n == 1 else f"{n} {words or word + 's'}"


def and_list(words: list[str]) -> str:
    """The words joined as in a sentence (``'nothing'`` when there are none).

    >>> and_list(["termite"]), and_list(["zebra", "jackal", "lion"]), and_list([])
    ('termite', 'zebra, jackal and lion', 'nothing')
    """
    if not words:
        return "nothing"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def player_name(player: int) -> str:
    """How the card games' sentences name a player: index 0 is "Player 1".

    >>> player_name(0), player_name(3)
    ('Player 1', 'Player 4')
    """
    return f"Player {player + 1}"


def won(who: str, shared: bool, points: int | None = None) -> str:
    """The sentence for the end of a game: ``who`` won (``shared``: they share the win), with
    ``points`` when the game counts them.

    >>> won("Player 2", False, 52), won("Orange", False)
    ('Player 2 wins with 52 points.', 'Orange wins.')
    >>> won(and_list(["Player 1", "Player 3"]), True, 50)
    'Player 1 and Player 3 share the win with 50 points.'
    """
    verb = "share the win" if shared else "wins"
    return f"{who} {verb}{'' if points is None else f' with {points} points'}."


def unknown(
    what: str,
    name: object,
    choices: Iterable[str],
    plural: str | None = None,
    listed: str | None = None,
) -> str:
    """The sentence for a ``name`` that is none of the ``choices`` of ``what``: the close
    matches first (a typing slip, found by :mod:`difflib`), then every choice (``listed``:
    the words that list them, when a plain list is not enough).

    >>> unknown("game", "savana", ["circle", "ecosystem", "savannah"])
    "Unknown game 'savana': did you mean 'savannah'? The games are circle, ecosystem and savannah."
    >>> unknown("option", "depth", ["radius", "capture_target"])
    "Unknown option 'depth': the options are radius and capture_target."
    """
    choices = list(choices)
    close = []
    if isinstance(name, str):
        lowered = {choice.lower(): choice for choice in choices}
        close = [lowered[c] for c in difflib.get_close_matches(name.lower(), lowered, n=2)]
    guess = " or ".join(repr(c) for c in close)
    every = f"the {plural or what + 's'} are {listed or and_list(choices)}."
    if guess:
        return f"Unknown {what} {name!r}: did you mean {guess}? {every[0].upper()}{every[1:]}"
    return f"Unknown {what} {name!r}: {every}"
