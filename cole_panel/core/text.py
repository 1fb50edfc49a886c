"""Small sentence helpers shared by every game's messages."""

from __future__ import annotations

from engines.text import article as a  # the one a/an helper, under the short name views use

__all__ = ["a", "and_list"]


def and_list(words: list[str]) -> str:
    """``['a', 'b', 'c'] -> 'a, b and c'``.

    >>> and_list(["termite"]), and_list(["zebra", "jackal", "lion"])
    ('termite', 'zebra, jackal and lion')
    """
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
