"""English for the sentences the games say: one rule for "a" or "an", one for counted nouns,
one for lists ("a, b and c")."""

from __future__ import annotations

__all__ = ["and_list", "article", "counted"]


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
