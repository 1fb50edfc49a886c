"""Print the deck as the markdown tables of ``docs/rules/savannah.md``: ``python -m engines.savannah``.

An optional argument names another cards file to check and print.
"""

from __future__ import annotations

import sys

from .cards import deck_table, groups_table, load_deck


def main(argv: list[str]) -> int:
    deck = load_deck(argv[0] if argv else None)
    print(groups_table(deck))
    print()
    print(deck_table(deck))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
