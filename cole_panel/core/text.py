"""Small sentence helpers shared by every game's messages."""

from __future__ import annotations


def a(label: str) -> str:
    """The label with its indefinite article.

    >>> a("elephant"), a("zebra")
    ('an elephant', 'a zebra')
    """
    return ("an " if label[:1].lower() in ("a", "e", "i", "o", "u") else "a ") + label


def and_list(words: list[str]) -> str:
    """``['a', 'b', 'c'] -> 'a, b and c'``.

    >>> and_list(["termite"]), and_list(["zebra", "jackal", "lion"])
    ('termite', 'zebra, jackal and lion')
    """
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
