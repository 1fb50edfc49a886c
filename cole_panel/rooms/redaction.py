"""What one seat of a room may see: the room's model read for a seat through its game's engine.

What a seat may see is the engine's rule, not the room's: every position sent to a seat — the
live one, the start, and the positions before and after each turn — is the engine's
``player_view(position, seat)`` (``seat`` None: a spectator), and every event its
``seen_by(seat)``.  :func:`snapshot` gives the parameter values a session's own model (its
mirror) takes from the room's model; a :class:`Redactor` remembers the views it made, as a
game's history is sent again after every move.  Moves undone are sent only while the seat sees
the position as it is (they hold the cards still to be drawn), and the room's seed never is.

An engine may also offer ``turn_start(positions)`` (where the live position's turn began) for
games whose moves of a turn are made at once at a table: with the host's option
``reveal_together`` on, a seat then sees the other seats' moves of this turn only once the turn
is over — until then those turns are left out of its history and every position after the
turn's start is ``player_view(position, seat, since=<the turn's start>)``, and the room's
message (which page and screen reader say out loud) is :meth:`Redactor.message`: a sentence
about another seat's move of this turn reads only that the seat has chosen.
This module imports no Panel or Bokeh.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from engines.games import get_game

from ..core import GameModel
from .params import ROOM_WATCHED, room_options

_CACHE_LIMIT = 20_000


class Redactor:
    """Positions and turns as one seat sees them, remembering what it made."""

    def __init__(self, game: str):
        self.game = game
        self.record = get_game(game)
        """The game's engine record: its ``player_view`` (and its package's ``turn_start``)."""
        self._memo: dict[tuple[int, Any], tuple[Any, Any]] = {}
        self._said: dict[int | None, tuple[Any, Any, str]] = {}
        """Per seat: the position and message last told otherwise, and what was said."""

    def _remember(self, obj: Any, seat: int | None, make: Callable[[], Any]) -> Any:
        key = (id(obj), seat)
        hit = self._memo.get(key)
        if hit is not None and hit[0] is obj:
            return hit[1]
        if len(self._memo) > _CACHE_LIMIT:
            self._memo.clear()
        out = make()
        self._memo[key] = (obj, out)
        return out

    def state(self, state: Any, seat: int | None, since: Any = None) -> Any:
        """``state`` as ``seat`` may see it (with ``since``: this turn's other moves kept back)."""
        if state is None:
            return state
        if since is not None:
            return self.record.package.player_view(state, seat, since=since)
        return self._remember(state, seat, lambda: self.record.player_view(state, seat))

    def events(self, events: Any, seat: int | None) -> list[Any]:
        """``events`` as ``seat`` may see them."""
        return [e.seen_by(seat) for e in events]

    def turn(self, turn: Any, seat: int | None, since: Any = None) -> Any:
        """``turn`` with its positions and events as ``seat`` may see them (the turn itself
        when nothing in it is hidden)."""

        def make() -> Any:
            events = tuple(self.events(turn.events, seat))
            positions = {
                name: self.state(getattr(turn, name), seat, since)
                for name in ("before", "state")
                if hasattr(turn, name)
            }
            same = all(a is b for a, b in zip(events, turn.events, strict=True))
            if same and all(v is getattr(turn, name) for name, v in positions.items()):
                return turn
            return dataclasses.replace(turn, events=events, **positions)

        return make() if since is not None else self._remember(turn, seat, make)

    def kept_back(self, model: GameModel, seat: int | None) -> tuple[int, Any] | None:
        """With ``reveal_together`` in a game whose engine offers ``turn_start``: the history
        index where this turn's moves begin and the position the turn began in; else None."""
        turn_start = getattr(self.record.package, "turn_start", None)
        if turn_start is None or not getattr(model, "reveal_together", False):
            return None
        if model.state.is_over:
            return None
        line = [model.start, *(turn.state for turn in model.history)]
        first = turn_start(line)
        return first, line[first]

    def message(self, model: GameModel, seat: int | None, first: int) -> str:
        """The room's message as ``seat`` may read it while this turn's moves from history
        index ``first`` on are kept back.  The message narrates the last change (a move, an
        undo): when that may have been another seat's move of this turn, it says only who has
        chosen.  The same sentence object is given again for the same message, so a page does
        not announce it twice."""
        this_turn = model.history[first:]
        undone = [t for t in model.future if t.player != seat]
        if not undone and (not this_turn or this_turn[-1].player == seat):
            return model.message  # the seat's own move, or nothing of this turn yet
        to_move = model.to_move_text(model.state)
        if undone:
            made = f"A move of this turn was taken back; {to_move}"
        else:
            who = model.player_name(this_turn[-1].player)
            made = f"{who} has chosen; every choice shows once the turn is over. {to_move}"
        said = self._said.get(seat)
        if said is not None and said[0] is model.state and said[1] is model.message:
            return said[2]
        self._said[seat] = (model.state, model.message, made)
        return made

    def clear(self) -> None:
        self._memo.clear()
        self._said.clear()


def snapshot(model: GameModel, seat: int | None, redactor: Redactor | None = None) -> dict:
    """The values of ``model``'s parameters that the page of ``seat`` receives."""
    r = redactor or Redactor(model.game)
    values = {name: getattr(model, name) for name in ROOM_WATCHED & set(model.param)}
    values.update({name: getattr(model, name) for name in room_options(model)})
    values["start"] = r.state(model.start, seat)
    values["events"] = r.events(model.events, seat)
    values.pop("seed", None)  # a room's seed would tell the whole deck
    kept = r.kept_back(model, seat)
    if kept is None:
        values["state"] = r.state(model.state, seat)
        values["history"] = [r.turn(t, seat) for t in model.history]
    else:  # this turn's moves of the others: not yet (``reveal_together``)
        first, since = kept
        values["state"] = r.state(model.state, seat, since)
        values["history"] = [
            r.turn(t, seat) if i < first else r.turn(t, seat, since)
            for i, t in enumerate(model.history)
            if i < first or t.player == seat
        ]
        if model.history[first:] and model.history[-1].player != seat:
            values["events"] = []  # the last turn was one of them: tell nothing of it
        values["message"] = r.message(model, seat, first)
    # Moves undone hold the cards still to be drawn: sent only if the seat sees all there is.
    values["future"] = list(model.future) if values["state"] is model.state else []
    return values
