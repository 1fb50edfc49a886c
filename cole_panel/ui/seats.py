"""Who sits at each seat: a person or one of the bots, with a strength for the search bot."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import panel as pn
import param

SEAT_KINDS: tuple[str, ...] = ("Human", "Random", "Greedy", "MCTS")
"""What can sit at a seat, in the order a menu shows them."""

STRENGTH_BOUNDS: tuple[int, int] = (1, 5)
"""The search bot's strength setting, weakest to strongest."""


class SeatSelector(pn.viewable.Viewer):
    """A seat's menu (Human / Random / Greedy / MCTS) and the MCTS strength slider.

    Works with any model that has a ``Selector`` parameter for the seat kind and an ``Integer``
    parameter for the strength; the widgets are bound both ways to those parameters.
    """

    model = param.Parameter(doc="The Parameterized model holding the seat parameters.")
    seat = param.String(doc="Name of the model's seat-kind parameter, e.g. 'seat0'.")
    strength = param.String(doc="Name of the model's strength parameter, e.g. 'strength0'.")
    label = param.String(default="Player", doc="Shown above the menu, e.g. 'Orange'.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._kind = pn.widgets.Select.from_param(
            self.model.param[self.seat], label=self.label, width=120, margin=(2, 5)
        )
        self._strength = pn.widgets.IntSlider.from_param(
            self.model.param[self.strength], label="MCTS strength", width=150, margin=(2, 5)
        )
        self.model.param.watch(self._refresh, [self.seat])
        self._refresh()

    def _refresh(self, *_: Any) -> None:
        self._strength.disabled = getattr(self.model, self.seat) != "MCTS"

    def __panel__(self) -> pn.viewable.Viewable:
        return pn.Row(self._kind, self._strength, margin=0)


class BotShelf:
    """The bots of one game's seats: one object per (seat, kind, strength), built on demand.

    Keeping the objects lets a seeded bot go on with its own random stream from move to move,
    so a seeded game replays exactly.  ``bots`` is the game's bots module (``RandomBot``,
    ``GreedyBot``, ``MCTSBot``); ``iterations`` turns a strength into an MCTS budget.
    """

    def __init__(self, bots: ModuleType, iterations: Callable[[int], int]):
        self._module = bots
        self._iterations = iterations
        self._bots: dict[tuple[int, str, int], Any] = {}

    def get(self, player: int, kind: str, strength: int, seed: int | None) -> Any:
        """The bot of ``kind`` for ``player``'s seat (seeded from ``seed`` and the seat)."""
        key = (player, kind, strength if kind == "MCTS" else 0)
        bot = self._bots.get(key)
        if bot is None:
            seed = None if seed is None else seed * 10 + player
            if kind == "Random":
                bot = self._module.RandomBot(seed=seed)
            elif kind == "Greedy":
                bot = self._module.GreedyBot(seed=seed)
            else:
                bot = self._module.MCTSBot(iterations=self._iterations(strength), seed=seed)
            self._bots[key] = bot
        return bot

    def clear(self) -> None:
        """Forget every bot (a new game, or new seeds)."""
        self._bots.clear()
