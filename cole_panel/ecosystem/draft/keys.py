"""Ecosystem's draft without a pointer: the cursor walks the park (one line per row, both
parks side by side) and the hand (the lines below); Enter on a card chooses it, Enter on a
cell puts the chosen card there.  Picks and score changes are said in the engine's sentences
(see :mod:`cole_panel.ui.keyboard`); T shows each park and the hand as text.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from engines.ecosystem import ROWS

from ...ui.keyboard import BoardKeys, Shortcut, Spot, typed_move
from ..park_text import line_cell, where_label
from .model import EcosystemModel

__all__ = ["EcosystemKeys", "position_text"]

PARK_GAP = 6
"""Columns from the West park's first column to the East park's (the cursor's x)."""


def position_text(model: EcosystemModel) -> str:
    """Every player's parks, row by row as card codes (``..`` empty), the totals, and the
    hand on show: what the page shows, as text."""
    state = model.state
    totals = model.totals()
    lines = [model.turn_text()]
    for p in range(state.players):
        lines.append(f"{model.seat_name(p)}: {totals[p]} points.")
        for name, park in zip(model.park_names, model.parks_of(p), strict=True):
            if name is not None:
                lines.append(f"Park {name.capitalize()}:")
            for r, row in enumerate(str(park).splitlines()):
                lines.append(f"  {'ABCD'[r]}: {row}")
    owner = model.hand_owner
    if owner is not None and not state.is_over:
        for name in model.park_names:
            which = "Hand" if name is None else f"{name.capitalize()} hand"
            cards = ", ".join(f"{c.label} ({c.code})" for c in model.hand_of(owner, name))
            lines.append(f"{which}: {cards or 'empty'}.")
    return "\n".join(lines)


class EcosystemKeys:
    """The :class:`~cole_panel.ui.keyboard.KeyGame` of a draft table's board and hands.

    ``choose(slot, index)`` and ``place(park, cell)`` are what a tap on a hand card and on a
    cell do; ``chosen(park)`` is the card chosen for a park (an index, or None).
    """

    def __init__(
        self,
        model: EcosystemModel,
        board: Any,
        hands: Sequence[Any],
        choose: Callable[[int, int], Any],
        place: Callable[[str | None, tuple[int, int]], Any],
        chosen: Callable[[str | None], int | None],
        shortcuts: Sequence[Shortcut],
    ):
        self.model, self.board, self.hands = model, board, hands
        self._choose, self._place, self._chosen = choose, place, chosen
        self.keys = BoardKeys(
            self,
            extra=shortcuts,
            label="Ecosystem park and hand",
            margin=(4, 5),
            max_width=420,
            sizing_mode="stretch_width",  # narrower on a phone
        )
        model.param.watch(self._on_position, ["state", "pending"])
        model.param.watch(lambda e: self.keys.say(e.new), ["message"], onlychanged=False)
        self._on_position()

    # ------------------------------------------------------------------ the KeyGame
    def spots(self) -> list[Spot]:
        m = self.model
        owner = m.hand_owner
        if owner is None or m.state.is_over:
            return []
        out = []
        for slot, name in enumerate(m.park_names):
            cards = m.hand_of(owner, name)
            out += [Spot(("card", slot, i), ROWS + slot, float(i)) for i in range(len(cards))]
        for slot, name in enumerate(m.park_names):
            out += [
                Spot(("cell", name, (r, c)), r, float(c + slot * PARK_GAP))
                for r in range(ROWS)
                for c in range(5)
            ]
        return out  # the hand first: where the cursor starts

    def describe(self, key: Hashable) -> str:
        m = self.model
        if key[0] == "card":
            _, slot, i = key
            name = m.park_names[slot]
            card = m.hand_of(m.hand_owner, name)[i]
            hand = "Hand" if name is None else f"{name.capitalize()} hand"
            chosen = " (chosen)" if self._chosen(name) == i else ""
            return f"{hand}, card {i + 1}: {card.label} ({card.code}){chosen}."
        _, name, cell = key
        where = where_label(line_cell(name, cell))
        park = m.parks_of(m.hand_owner)[m.park_names.index(name)]
        card = park[cell]
        if card is not None:
            return f"{where}: {card.label} ({card.code})."
        if cell not in m.legal_cells(name):
            return f"{where}, empty: no card can go here now."
        i = self._chosen(name)
        if i is None:
            return f"{where}, empty: a card can go here; choose one in your hand first."
        card = m.hand_of(m.hand_owner, name)[i]
        return f"{where}, empty: Enter puts your {card.label} here."

    def activate(self, key: Hashable) -> None:
        if key[0] == "card":
            self._choose(key[1], key[2])
        else:
            self._place(key[1], key[2])

    def show_cursor(self, key: Hashable | None) -> None:
        self.board.show_cursor(line_cell(key[1], key[2]) if key and key[0] == "cell" else None)
        for slot, hand in enumerate(self.hands):
            on = key is not None and key[0] == "card" and key[1] == slot
            hand.show_cursor(key[2] if on else None)

    def play_text(self, text: str) -> str | None:
        return typed_move(self.model, text, lambda p: self.model.pick(p.card, p.cell, p.park))

    def position_text(self) -> str:
        return position_text(self.model)

    # ------------------------------------------------------------------ announcing
    def _score_text(self) -> str:
        m = self.model
        totals = m.totals()
        return "Scores: " + ", ".join(f"{m.seat_name(p)} {t}" for p, t in enumerate(totals)) + "."

    def _on_position(self, *_: Any) -> None:
        self.keys.moved(self._score_text())
