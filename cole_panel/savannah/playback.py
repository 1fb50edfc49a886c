"""Showing turns step by step: a queue of turns, the step on show, the speed, and a timer.

:class:`Playback` knows nothing about cards: it holds lists of
:class:`~cole_panel.savannah.steps.Step` and moves :attr:`Playback.step` along them, on its own
every :attr:`Playback.speed` seconds (``auto``) or when asked (:meth:`next`, :meth:`back`,
:meth:`finish`).  Views watch ``step``.  Turns that arrive while one is still unfolding wait in
the queue; :attr:`Playback.busy` is True until the last step of the last turn is on show.
The first step of a turn is shown at once, in the same callback that made the move.

>>> from cole_panel.savannah.steps import Step, Table
>>> t = Table((), (), (), (), 0, (), ())
>>> show = Playback(speed=0.5, auto=False)
>>> show.play([("Turn 1", [Step("played", "a", "", t), Step("closed", "b", "", t)])])
>>> show.step.title, show.busy
('a', True)
>>> show.next(); show.step.title, show.busy
('b', False)

Without an event loop to time the steps (a script), a turn's outcome shows at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import param

from ..runtime.hold import batched
from ..runtime.page import call_later
from .steps import Step

SPEEDS = {"Slow": 1.6, "Normal": 0.9, "Fast": 0.4, "Instant": 0.0}
"""Seconds per step of the speed menu."""


def speed_options(seconds: float) -> dict[str, float]:
    """The speed menu, with an entry for a speed set another way (e.g. from the address)."""
    options = dict(SPEEDS)
    if seconds not in options.values():
        options[f"{seconds:g} s per step"] = seconds
    return options


class Playback(param.Parameterized):
    """The turn being shown and the step of it on show."""

    step = param.ClassSelector(class_=Step, doc="The step on show.")
    steps = param.List(default=[], doc="The steps of the turn on show.")
    index = param.Integer(default=0, bounds=(0, None), doc="Which of ``steps`` is on show.")
    title = param.String(default="", doc="Whose turn is on show, e.g. 'Turn 4 · Player 2'.")
    speed = param.Number(
        default=0.9,
        bounds=(0.0, 5.0),
        step=0.1,
        doc=("Seconds per step; 0 shows each turn's outcome at once."),
    )
    auto = param.Boolean(
        default=True, doc=("Whether steps advance on their own (off: press 'Next step').")
    )
    busy = param.Boolean(default=False, doc="Whether steps remain to be shown.")
    waiting = param.Integer(default=0, bounds=(0, None), doc="Turns queued after this one.")

    def __init__(self, **params: Any):
        super().__init__(**params)
        self._queue: list[tuple[str, list[Step]]] = []
        self._cancel: Callable[[], None] | None = None
        self.param.watch(self._reschedule, ["speed", "auto"])

    # ------------------------------------------------------------------ feeding
    def still(self, step: Step, title: str = "") -> None:
        """Show one position, dropping whatever was queued."""
        self._stop()
        self._queue.clear()
        self.param.update(steps=[step], index=0, step=step, title=title, busy=False, waiting=0)

    def play(self, turns: list[tuple[str, list[Step]]]) -> None:
        """Queue turns (title, steps); the first step of the next one shows at once."""
        turns = [(title, steps) for title, steps in turns if steps]
        if not turns:
            return
        self._queue.extend(turns)
        if not self.busy:
            self._start_next()
        else:
            self.waiting = len(self._queue)

    def _start_next(self) -> None:
        if self.speed == 0 and self.auto:  # instant: only the outcome
            self.finish()
            return
        title, steps = self._queue.pop(0)
        last = not self._queue and len(steps) == 1
        self.param.update(
            steps=steps,
            index=0,
            step=steps[0],
            title=title,
            busy=not last,
            waiting=len(self._queue),
        )
        self._schedule()

    # ------------------------------------------------------------------ moving
    def next(self) -> None:
        """Show the next step (or the next queued turn)."""
        self._stop()
        if self.index + 1 < len(self.steps):
            i = self.index + 1
            done = i == len(self.steps) - 1 and not self._queue
            self.param.update(index=i, step=self.steps[i], busy=not done)
        elif self._queue:
            self._start_next()
            return
        else:
            self.busy = False
        self._schedule()

    def back(self) -> None:
        """Show the previous step of this turn (and stop advancing on its own)."""
        self._stop()
        if self.index > 0:
            i = self.index - 1
            self.param.update(index=i, step=self.steps[i], busy=True, auto=False)

    def finish(self) -> None:
        """Jump to the last step of the last queued turn."""
        self._stop()
        if self._queue:
            title, steps = self._queue[-1]
            self._queue.clear()
            self.param.update(steps=steps, title=title)
        i = len(self.steps) - 1
        self.param.update(
            index=max(i, 0), step=self.steps[i] if self.steps else self.step, busy=False, waiting=0
        )

    # ------------------------------------------------------------------ timing
    def _stop(self) -> None:
        if self._cancel is not None:
            self._cancel()
            self._cancel = None

    def _schedule(self) -> None:
        self._stop()
        if not self.busy or not self.auto:
            return
        if self.speed == 0:
            self.finish()
            return
        self._cancel = call_later(self.speed, self._tick)
        if self._cancel is None:  # no event loop to animate on: show the outcome
            self.finish()

    @batched
    def _tick(self) -> None:
        self._cancel = None
        if self.busy and self.auto:
            self.next()

    def _reschedule(self, *_: Any) -> None:
        if self.busy:
            self._schedule()
