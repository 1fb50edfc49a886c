"""What one seat of the Ecosystem draft may see: every park, the hands it has held, no other.

A seat's view is a full :class:`~.state.State` (what a game's page draws) rebuilt from the
seat's :meth:`~.state.State.observation`: the hands it has not held and the stock are refilled
with the cards it has not seen, in an order fixed by a constant seed, so they tell nothing of
the real ones.  A spectator holds no hand and so sees none.  Once the game is over every hand
has been played out; the stock left undealt is still refilled.

With picks revealed together (a room's option: every seat sees a turn's picks at once, as at a
table), the picks other seats made this turn are also kept back: :func:`turn_start` finds
where the turn began and ``player_view(state, seat, since=...)`` shows those seats' parks as
then, the cards back in their hands.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence

from engines.protocol import check_seat

from .state import Observation, State, determinize

__all__ = ["player_view", "turn_start"]

_UNSEEN_ORDER = 0
"""Seed of the order in which the cards a seat has not seen fill the hands and the stock."""


def player_view(state: State, seat: int | None, since: State | None = None) -> State:
    """``state`` as ``seat`` (a player, or None for a spectator) may see it; with ``since`` (a
    position of this same turn, normally where it began) without the picks other seats made
    after it.

    >>> import random
    >>> from engines.ecosystem import new_game
    >>> game = new_game(seed=5)
    >>> view = player_view(game, 0)
    >>> view.hand(0) == game.hand(0), view.hand(1) == game.hand(1), view.seed
    (True, False, None)
    >>> other = game.determinize(0, random.Random(9))  # other hands and stock shuffled
    >>> player_view(other, 0).to_dict() == view.to_dict()
    True
    >>> _ = game.apply(game.legal_actions()[0])  # Player 1 picks; Player 2 has not seen it
    >>> player_view(game, 1, since=new_game(seed=5)).park(0) == new_game(seed=5).park(0)
    True
    """
    check_seat(state, seat)
    seen = state.observation(0 if seat is None else seat)
    if since is not None:
        seen = _before_picks(seen, state, since, seat)
    if seat is None:  # a spectator: every hand is unseen
        held = [card for row in seen.hands for hand in row if hand for card in hand]
        seen = dataclasses.replace(
            seen,
            player=-1,
            hands=tuple((None,) * len(row) for row in seen.hands),
            unseen=tuple(sorted((*seen.unseen, *held), key=lambda card: card.order)),
        )
    return determinize(seen, random.Random(_UNSEEN_ORDER))


def turn_start(line: Sequence[State]) -> int:
    """Where the last position's turn began in ``line`` (the positions of one game, oldest
    first): the index of the first position of that turn.

    >>> from engines.ecosystem import new_game
    >>> game = new_game(seed=5)
    >>> line = [game.clone()]
    >>> for _ in range(3):  # two players: two picks end a turn
    ...     _ = game.apply(game.legal_actions()[0])
    ...     line.append(game.clone())
    >>> turn_start(line), turn_start(line[:2])
    (2, 0)
    """
    last = line[-1]
    i = len(line) - 1
    while i > 0 and (line[i - 1].round, line[i - 1].turn) == (last.round, last.turn):
        i -= 1
    return i


def _before_picks(seen: Observation, state: State, since: State, seat: int | None) -> Observation:
    """``seen`` with every other seat's parks as at ``since`` and its picks since then back in
    its hands (known exactly where the viewer has held that hand, else among the unseen)."""
    if (since.round, since.turn) != (state.round, state.turn):
        raise ValueError("since must be a position of the same turn as the state.")
    names = state.rules.park_names
    parks = list(seen.parks)
    hands = [list(row) for row in seen.hands]
    sizes = [list(row) for row in seen.hand_sizes]
    unseen = list(seen.unseen)
    for player in range(state.players):
        if player == seat:
            continue
        for slot, name in enumerate(names):
            picked = list(
                (Counter(since.hand(player, name)) - Counter(state.hand(player, name))).elements()
            )
            if not picked:
                continue
            parks[player] = tuple(since.park(player, n) for n in names)
            sizes[slot][player] += len(picked)
            if hands[slot][player] is None:
                unseen.extend(picked)
            else:
                hands[slot][player] = since.hand(player, name)
    return dataclasses.replace(
        seen,
        parks=tuple(parks),
        hands=tuple(tuple(row) for row in hands),
        hand_sizes=tuple(tuple(row) for row in sizes),
        unseen=tuple(sorted(unseen, key=lambda card: card.order)),
    )
