"""Shareable positions: the game in the page address, ``?moves=E5,F2,…&radius=5``.

:func:`position_query` writes the moves (cell labels as on the board, in play order) and every
rule that differs from the rulebook's; :func:`read_query` reads such an address back, reporting
each bad parameter by name and keeping the rest.  :class:`ShareLink` keeps the browser's
address in step with the game (``pn.state.location``) and offers a "Copy link" button.

>>> from engines.circle import Rules, replay
>>> position_query(replay(["E5", "E7"], Rules(radius=5)))
'?moves=E5,E7&radius=5'
>>> shared = read_query("?moves=E5,E7,E7&radius=nine&colour=red")
>>> shared.moves, shared.rules.radius
(('E5', 'E7'), 4)
>>> for problem in shared.problems:
...     print(problem)
radius: 'nine' is not a whole number.
colour: there is no such parameter (use moves, radius, capture_target, first_player, no_placement_wins).
moves: move 3 (E7) cannot be played: E7 is already taken (the stone there is Black's). The 2 moves before it are shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import panel as pn
import param

from engines import IllegalAction
from engines.circle import MAX_RADIUS, Rules, State, board, new_game
from engines.options import changed_options

from ..core.query import MAX_QUERY_LENGTH, rules_parsers
from ..core.query import read_query as _read
from ..ui.address import address_is_elsewhere, page_location_ok
from ..ui.links import CopyLink
from .model import CircleModel

__all__ = ["MAX_QUERY_LENGTH", "RULE_PARAMETERS", "SharedPosition", "ShareLink", "position_query"]

RULE_PARAMETERS = CircleModel.OPTION_NAMES
"""The rules a link may carry (only when they differ from the rulebook's)."""
_MAX_MOVES = board(MAX_RADIUS).size * 4


@dataclass(frozen=True)
class SharedPosition:
    """What an address asks for, and what was wrong with it."""

    rules: Rules
    """The rules (defaults for every missing or bad parameter)."""
    moves: tuple[str, ...]
    """The moves that could be played, as labels."""
    problems: tuple[str, ...]
    """One sentence per bad parameter, starting with its name."""

    def state(self) -> State:
        """The game after the moves."""
        state = new_game(self.rules)
        for move in self.moves:
            state.apply(move)
        return state


def position_query(state: State) -> str:
    """The address query for a game: its moves and non-default rules ('' for a new default game)."""
    parts = []
    if state.moves:
        parts.append("moves=" + ",".join(state.label(c) for c in state.moves))
    parts += [f"{name}={text}" for name, text in changed_options(state.rules).items()]
    return "?" + "&".join(parts) if parts else ""


_PARSERS = {"moves": str, **rules_parsers(Rules, bounded=False)}  # the rules say the bounds
"""Each parameter's reader (:mod:`cole_panel.core.query`): a bad one is named, the rest kept."""


def read_query(search: str | Mapping[str, Any]) -> SharedPosition:
    """Read an address query (with or without its leading ``?``, or Panel's
    ``session_args``); never raises."""
    found = _read(search, _PARSERS)
    problems = found.problems
    options: dict[str, Any] = {}
    for name in RULE_PARAMETERS:
        if name in found.values:
            try:
                Rules(**{name: found.values[name]})
            except ValueError as err:
                message = str(err)
                problems.append(message if message.startswith(name) else f"{name}: {message}")
                continue
            options[name] = found.values[name]
    rules = Rules(**options)
    moves: list[str] = []
    moves_text = found.values.get("moves")
    if moves_text:
        labels = [m.strip() for m in moves_text.split(",") if m.strip()]
        if len(labels) > _MAX_MOVES:
            problems.append(f"moves: more than {_MAX_MOVES} moves; the rest are ignored.")
            labels = labels[:_MAX_MOVES]
        state = new_game(rules)
        for n, text in enumerate(labels, start=1):
            try:
                state.apply(text)
            except (IllegalAction, ValueError) as err:
                before = "1 move" if n == 2 else f"{n - 1} moves"
                problems.append(
                    f"moves: move {n} ({text[:12]}) cannot be played: {err} "
                    f"The {before} before it {'is' if n == 2 else 'are'} shown."
                )
                break
            moves.append(state.label(state.moves[-1]))
    return SharedPosition(rules, tuple(moves), tuple(problems))


def open_shared(model: CircleModel, search: str | Mapping[str, Any]) -> SharedPosition:
    """Put the position an address describes on ``model`` (two people at the seats).

    The message lists every problem found; with no ``moves`` and no rules nothing changes.
    """
    shared = read_query(search)
    if not shared.moves and shared.rules == Rules() and not shared.problems:
        return shared
    n = len(shared.moves)
    opened = f"Opened a shared position after {n} move{'s' * (n != 1)}; both seats are people."
    if shared.problems:
        opened += " Not used: " + " ".join(shared.problems)
    model.param.update(seat0="Human", seat1="Human")
    model.set_game(shared.state(), opened)
    if shared.problems:
        model.message_is_error = True
    return shared


class ShareLink(pn.viewable.Viewer):
    """The game's address: kept in the browser's address bar, shown, and copied on request.

    On a server page, the address the page was opened with is applied to the model first.
    """

    model = param.ClassSelector(class_=CircleModel, doc="The game whose position is shared.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        if not page_location_ok() and not address_is_elsewhere():
            # Panel's own reading of the address fails on a value such as '²': read the
            # arguments here and leave the address bar alone
            open_shared(self.model, pn.state.session_args)
        self._link = CopyLink(
            lambda: position_query(self.model.state),
            (self.model, ["state"]),
            on_open=lambda search: open_shared(self.model, search),
            label="Link to this position",
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return self._link
