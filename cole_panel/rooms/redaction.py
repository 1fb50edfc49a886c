"""What one seat of a room may see: the room's model read for a seat, hidden cards removed.

:func:`snapshot` gives the parameter values a session's own model (its mirror) takes from the
room's model.  In games with hidden cards every position sent to a seat — the live one, the
start, and the positions before and after each turn — is rebuilt from that seat's
``observation``: the seat's own hand as it is, the other hands and the draw pile refilled with
the cards the seat has not seen, in an order fixed by a constant seed (so they carry nothing
about the real ones); a ``Drew`` event of another seat loses its card.  A spectator (``seat``
None) sees no hand at all.  Once a game is over its hands are scored in the open, so the
final positions go out as they are.

An Ecosystem room with the host's option ``reveal_together`` also keeps this turn's picks of
the other seats from each page until every seat has picked (:func:`_hidden_picks`): their
parks as before those picks, the cards back in their hands, those turns left out of the
history; once the last seat picks, the hands pass and every pick appears at once.
This module imports no Panel or Bokeh.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from ..core import GameModel
from .params import ROOM_WATCHED, room_options

_HIDDEN_SEED = 0
"""Seed of the order in which unseen cards refill the hands a seat may not see."""

_CACHE_LIMIT = 20_000


class Redactor:
    """Rebuilds positions and turns as one seat sees them, remembering what it rebuilt (a
    game's history is sent again after every move)."""

    def __init__(self, game: str):
        self.game = game
        self._memo: dict[tuple[int, Any], tuple[Any, Any]] = {}

    @property
    def hides(self) -> bool:
        """Whether this game has hidden information at all."""
        return self.game in HIDDEN_GAMES

    def _remember(self, obj: Any, seat: int | None, make: Any) -> Any:
        key = (id(obj), seat)
        hit = self._memo.get(key)
        if hit is not None and hit[0] is obj:
            return hit[1]
        if len(self._memo) > _CACHE_LIMIT:
            self._memo.clear()
        out = make()
        self._memo[key] = (obj, out)
        return out

    def state(self, state: Any, seat: int | None) -> Any:
        """``state`` as ``seat`` may see it."""
        if not self.hides or state is None or state.is_over:
            return state
        return self._remember(state, seat, lambda: HIDDEN_GAMES[self.game](state, seat))

    def events(self, events: Any, seat: int | None) -> list[Any]:
        """Events with the cards that ``seat`` did not see drawn taken out."""
        if not self.hides:
            return list(events)
        return [
            dataclasses.replace(e, card="")
            if e.kind == "drew" and getattr(e, "player", None) != seat
            else e
            for e in events
        ]

    def turn(self, turn: Any, seat: int | None) -> Any:
        if not self.hides:
            return turn

        def make() -> Any:
            fields = {"events": tuple(self.events(turn.events, seat))}
            for name in ("before", "state"):
                if hasattr(turn, name):
                    fields[name] = self.state(getattr(turn, name), seat)
            return dataclasses.replace(turn, **fields)

        return self._remember(turn, seat, make)

    def clear(self) -> None:
        self._memo.clear()


def _savannah_view(state: Any, seat: int | None) -> Any:
    from engines.savannah import determinize

    seen = state.observation(0 if seat is None else seat)
    if seat is None:  # a spectator: every hand is unseen
        seen = dataclasses.replace(seen, player=-1, hand=())
    return determinize(seen, random.Random(_HIDDEN_SEED))


def _ecosystem_view(state: Any, seat: int | None, hidden: tuple = ()) -> Any:
    """``state`` as ``seat`` sees it; ``hidden``: ``(player, picks, before)`` of each other
    seat whose picks this turn are not shown yet (``before``: the state before them)."""
    from engines.ecosystem import determinize

    seen = state.observation(0 if seat is None else seat)
    if hidden:
        seen = _before_picks(seen, hidden)
    if seat is None:  # a spectator: every hand is unseen
        held = [card for row in seen.hands for hand in row if hand for card in hand]
        seen = dataclasses.replace(
            seen,
            player=-1,
            hands=tuple((None,) * len(row) for row in seen.hands),
            unseen=tuple(sorted((*seen.unseen, *held))),
        )
    return determinize(seen, random.Random(_HIDDEN_SEED))


def _before_picks(seen: Any, hidden: tuple) -> Any:
    """``seen`` with each hidden seat's parks as before its picks and the cards back in its
    hands (known exactly where the viewer has held that hand, else among the unseen)."""
    names = seen.rules.park_names
    parks = list(seen.parks)
    hands = [list(row) for row in seen.hands]
    sizes = [list(row) for row in seen.hand_sizes]
    unseen = list(seen.unseen)
    for player, picks, before in hidden:
        parks[player] = tuple(before.park(player, name) for name in names)
        for pick in picks:
            slot = names.index(pick.park)
            sizes[slot][player] += 1
            if hands[slot][player] is None:
                unseen.append(pick.card)
            else:
                hands[slot][player] = before.hand(player, pick.park)
    return dataclasses.replace(
        seen,
        parks=tuple(parks),
        hands=tuple(tuple(row) for row in hands),
        hand_sizes=tuple(tuple(row) for row in sizes),
        unseen=tuple(sorted(unseen, key=lambda card: card.order)),
    )


def _hidden_picks(model: Any, seat: int | None) -> list[tuple[int, int, Any, Any]]:
    """With ``reveal_together``: this turn's picks by seats other than ``seat`` as
    ``(index in the history, player, pick, state before that player's first pick)``."""
    state = model.state
    if not getattr(model, "reveal_together", False) or state.is_over:
        return []
    now = (state.round, state.turn)
    out, first, before = [], {}, model.start
    for i, turn in enumerate(model.history):
        if (turn.round, turn.turn) == now and turn.player != seat:
            out.append((i, turn.player, turn.pick, first.setdefault(turn.player, before)))
        before = turn.state
    return out


def _as_of(picks: list[tuple[int, int, Any, Any]], index: int) -> tuple:
    """The hidden picks made before history ``index``, per player ``(player, picks, before)``."""
    grouped: dict[int, tuple[list, Any]] = {}
    for i, player, pick, before in picks:
        if i < index:
            grouped.setdefault(player, ([], before))[0].append(pick)
    return tuple((p, tuple(made), before) for p, (made, before) in grouped.items())


HIDDEN_GAMES = {"savannah": _savannah_view, "ecosystem": _ecosystem_view}
"""Games with hidden cards, and how a seat's view of a position is rebuilt."""


def snapshot(model: GameModel, seat: int | None, redactor: Redactor | None = None) -> dict:
    """The values of ``model``'s parameters that the page of ``seat`` receives."""
    r = redactor or Redactor(model.game)
    values = {name: getattr(model, name) for name in ROOM_WATCHED & set(model.param)}
    values.update({name: getattr(model, name) for name in room_options(model)})
    values["state"] = r.state(model.state, seat)
    values["start"] = r.state(model.start, seat)
    values["history"] = [r.turn(t, seat) for t in model.history]
    # Moves undone hold cards still to be drawn: a game with hidden cards sends none.
    values["future"] = [] if r.hides else list(model.future)
    values["events"] = r.events(model.events, seat)
    values.pop("seed", None)  # a room's seed would tell the whole deck
    hidden = _hidden_picks(model, seat)
    if hidden:  # this turn's picks of the others: not yet (``reveal_together``)
        history, first = model.history, hidden[0][0]
        left_out = {i for i, *_ in hidden}
        values["state"] = _ecosystem_view(model.state, seat, _as_of(hidden, len(history)))
        values["history"] = [
            values["history"][i]
            if i < first
            else dataclasses.replace(
                turn, state=_ecosystem_view(turn.state, seat, _as_of(hidden, i))
            )
            for i, turn in enumerate(history)
            if i not in left_out
        ]
        if len(history) - 1 in left_out:  # the last turn was one of them: tell nothing of it
            values["events"] = []
    return values
