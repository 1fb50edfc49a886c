"""English for the sentences the games say: one rule for "a" or "an", one for counted nouns."""

from __future__ import annotations

__all__ = ["article", "counted"]


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
