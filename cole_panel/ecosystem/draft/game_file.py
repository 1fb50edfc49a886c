"""A saved Ecosystem draft: picks as the file lists them, and reading a save back."""

from __future__ import annotations

from typing import Any

from engines.ecosystem import Pick, State, card_from_code

from ...core import read_start, replay_history, replay_turns
from ...core.untrusted import shown
from .turns import Turn, where


def picks(items: list[Pick]) -> list[list[Any]]:
    """Picks as the save lists them: ``[card code, [row, column], park]``."""
    return [[p.card.code, list(p.cell), p.park] for p in items]


def _parse_picks(raw: Any, field: str) -> list[Pick]:
    if not isinstance(raw, list):
        raise ValueError(f"its '{field}' must be a list of [card, [row, column], park].")
    out = []
    for n, entry in enumerate(raw, start=1):
        try:
            card, cell, park = entry
            if not (
                isinstance(cell, list)
                and len(cell) == 2
                and all(type(v) is int and -99 <= v <= 99 for v in cell)
                and (park is None or isinstance(park, str))
                and isinstance(card, str)
            ):
                raise ValueError
            out.append(Pick(card_from_code(card), tuple(cell), park))
        except (TypeError, ValueError):
            raise ValueError(
                f"{field} number {n} ({shown(entry)}) is not [card, [row, column], park]."
            ) from None
    return out


def _replay(state: State, raw: Any, field: str) -> list[Turn]:
    return replay_turns(
        state,
        _parse_picks(raw, field),
        "pick" if field == "picks" else f"{field} pick",
        Turn,
        lambda pick: f"{pick.card.label} at {where(pick.park, pick.cell)}",
    )


def read_game(data: dict[str, Any]) -> tuple[State, list[Turn], list[Turn], list[Pick]]:
    """Check a save's deal and picks; ValueError with a sentence naming the problem."""
    start = read_start(data, State)
    if (
        start.round != 0
        or start.turn != 0
        or any(len(start.park(p, n)) for p in range(start.players) for n in start.rules.park_names)
    ):
        raise ValueError("its start position already has picks in it.")
    history, future = replay_history(data, start, _replay, "picks")
    live = history[-1].state if history else start
    pending = _parse_picks(data.get("pending", []), "pending")
    _check_pending(live, pending)
    return start, history, future, pending


def _check_pending(live: State, pending: list[Pick]) -> None:
    """ValueError unless ``pending`` are picks the player to move could have placed (one per
    park, each legal now), so loading never stops half-way through them."""
    parks: set[str | None] = set()
    for n, pick in enumerate(pending, start=1):
        reason = live.why_illegal(pick)
        if reason is None and pick.park in parks:
            reason = "there is already a pending pick for that park."
        if reason is not None:
            raise ValueError(
                f"pending pick number {n} ({pick.card.label} at {where(pick.park, pick.cell)}) "
                f"cannot be played: {reason}"
            )
        parks.add(pick.park)
