"""Hypothesis helpers shared by the property tests.

Example counts follow the loaded profile (see ``tests/conftest.py``), and games are played with
moves drawn by Hypothesis from the legal actions, so a failing game shrinks to a short one whose
moves come early in the legal order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st

BASE_EXAMPLES = 100
"""The profiles' ``max_examples`` that :func:`examples` counts as one times the number asked."""


def examples(n: int) -> settings:
    """Settings running ``n`` examples under the default profiles, ten times as many under
    ``thorough``: a test says how much it costs relative to the others, the profile how hard
    to look."""
    scale = settings.default.max_examples / BASE_EXAMPLES
    return settings(max_examples=max(1, round(n * scale)))


def draw_move(data: st.DataObject, state: Any) -> Any:
    """One of ``state.legal_actions()``, drawn by Hypothesis; fails if there is none (drawing
    from an empty list would quietly discard the example instead)."""
    legal = state.legal_actions()
    assert legal, "a game that is not over must have a legal action"
    return data.draw(st.sampled_from(legal), label="move")


def play(
    data: st.DataObject,
    state: Any,
    plies: int | None = None,
    before: Callable[[Any], None] | None = None,
) -> list[Any]:
    """Apply drawn legal moves to ``state`` until the game is over (or ``plies`` moves are
    played) and return them; ``before(state)`` runs before each move, e.g. to check invariants."""
    moves: list[Any] = []
    while not state.is_over and (plies is None or len(moves) < plies):
        if before is not None:
            before(state)
        move = draw_move(data, state)
        state.apply(move)
        moves.append(move)
    return moves
