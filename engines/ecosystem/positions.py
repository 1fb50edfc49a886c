"""Hand-built draft positions, for lessons, puzzles and tests: parks and hands as text.

:func:`make_state` puts every player's park(s) down as :class:`Park` text, gives the hands it is
told and deals the rest of the deck, in deck order, to the other hands, the discards of a first
round and the stock; the result is read back by :meth:`State.from_dict`, so it is a position the
draft could reach, checked like a save.

>>> game = make_state([".. .. .. .. ..\\n.. GR .. .. ..\\n.. .. .. .. ..\\n.. .. .. .. ..",
...                    ".. .. .. .. ..\\n.. .. .. .. ..\\n.. .. .. .. ..\\n.. .. .. .. TR"],
...                   [["ZB", "GZ", "GZ", "TR", "WH", "LI", "EL", "HY", "VU", "CH"]])
>>> game.round, game.turn, game.current_player, [c.code for c in game.hand(0)][:3]
(0, 1, 0, ['WH', 'TR', 'GZ'])
>>> game.apply(game.parse_action("ZB B3"))[0].describe()
'Player 1 placed a zebra at B3.'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..saves import header
from .cards import CardType, card_from_code
from .park import Park
from .rules import HAND_SIZE, PICKS_PER_ROUND, Rules, full_deck
from .saves import GAME
from .state import State

__all__ = ["make_state"]


def _parks(parks: Sequence[Any], rules: Rules) -> list[list[Park]]:
    slots = len(rules.park_names)
    if len(parks) != rules.players:
        raise ValueError(f"parks: {len(parks)} given for {rules.players} players.")
    out = []
    for p, entry in enumerate(parks):
        texts = [entry] if slots == 1 else list(entry)
        if len(texts) != slots or not all(isinstance(t, str) for t in texts):
            raise ValueError(f"parks[{p}]: give {slots} park text(s).")
        row = []
        for s, text in enumerate(texts):
            try:
                row.append(Park.parse(text))
            except ValueError as err:
                raise ValueError(
                    f"parks[{p}]" + (f"[{s}]" if slots > 1 else "") + f": {err}"
                ) from None
        out.append(row)
    return out


def _codes(cards: Any, field: str) -> list[CardType]:
    if not isinstance(cards, (list, tuple)):
        raise ValueError(f"{field}: must be a list of card codes, not {cards!r}.")
    try:
        return [card_from_code(code) for code in cards]
    except ValueError as err:
        raise ValueError(f"{field}: {err}") from None


def _hands(hands: Sequence[Any], rules: Rules, size: int) -> list[list[list[CardType] | None]]:
    """``hands[slot][holder]``: the hands given (``None`` for those to deal)."""
    slots = len(rules.park_names)
    if len(hands) > rules.players:
        raise ValueError(f"hands: {len(hands)} given for {rules.players} players.")
    out: list[list[list[CardType] | None]] = [[None] * rules.players for _ in range(slots)]
    for p, entry in enumerate(hands):
        if entry is None:
            continue
        lists = [entry] if slots == 1 else list(entry)
        if len(lists) != slots:
            raise ValueError(f"hands[{p}]: give {slots} hand(s).")
        for s, cards in enumerate(lists):
            field = f"hands[{p}]" + (f"[{s}]" if slots > 1 else "")
            got = _codes(cards, field)
            if len(got) != size:
                raise ValueError(
                    f"{field}: a hand holds {size} cards at this point, not {len(got)}."
                )
            out[s][p] = got
    return out


def make_state(
    parks: Sequence[Any],
    hands: Sequence[Any] = (),
    *,
    rules: Rules | None = None,
    seed: int | None = None,
) -> State:
    """A draft at the start of a turn, player 0 to pick first.

    ``parks``: per player, a park's text (classic) or a ``[west, east]`` pair; every park holds
    the same number of cards (0–19: round 1 below 10, round 2 from 10).  ``hands``: per player
    (the first ones; the rest are dealt), a list of card codes, or a ``[west, east]`` pair of
    them, each of 11 cards less the picks made this round.  ``ValueError`` names the problem.
    """
    rules = Rules() if rules is None else rules
    built = _parks(parks, rules)
    sizes = {len(park) for row in built for park in row}
    if len(sizes) != 1:
        raise ValueError(f"parks: every park must hold as many cards, not {sorted(sizes)}.")
    size = sizes.pop()
    if size >= 2 * PICKS_PER_ROUND:
        raise ValueError(f"parks: a park holds at most {2 * PICKS_PER_ROUND - 1} cards mid-draft.")
    rnd, turn = divmod(size, PICKS_PER_ROUND)
    given = _hands(hands, rules, HAND_SIZE - turn)
    rest = Counter(full_deck(rules))
    rest.subtract(card for row in built for park in row for card in park if card is not None)
    rest.subtract(card for row in given for hand in row if hand for card in hand)
    if any(n < 0 for n in rest.values()):
        short = next(card for card, n in rest.items() if n < 0)
        raise ValueError(
            f"hands: the game has only {rules.decks * rules.deck_counts[short]} {short.plural}."
        )
    pool = [card for card in CardType for _ in range(rest[card])]
    slots = len(rules.park_names)
    discards, pool = pool[: rules.players * slots * rnd], pool[rules.players * slots * rnd :]
    for row in given:
        for holder, hand in enumerate(row):
            if hand is None:
                row[holder], pool = pool[: HAND_SIZE - turn], pool[HAND_SIZE - turn :]
    data = {
        **header(GAME),
        "rules": rules.to_dict(),
        "seed": seed,
        "round": rnd,
        "turn": turn,
        "parks": [[str(park) for park in row] for row in built],
        "hands": [[[c.code for c in hand] for hand in row] for row in given],
        "picked": [[] for _ in range(rules.players)],
        "discards": [c.code for c in discards],
        "stock": [c.code for c in pool],
    }
    return State.from_dict(data)
