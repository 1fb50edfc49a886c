"""The one bot loop of a game model: when a bot is to move, ask its move, then play it.

Every game model has one :class:`BotLoop` (``model.bot_loop``); a page, a room and a notebook
all let their bots move through it.  What differs between them is given once, by whoever shows
the game, through :meth:`BotLoop.drive`:

- the *scheduler* that computes a move (:class:`~cole_panel.core.scheduler.BotScheduler`): a
  page's ``BotRunner`` thinks in the bounded worker pool or on a thread, never on the event
  loop; a room's ``PoolScheduler`` in the same pool; without one (a notebook cell, a test, a
  script) :class:`~cole_panel.core.scheduler.InlineScheduler` runs it at once;
- whether the loop *follows* the game (watches the position and the seats and asks the next
  move by itself, as pages do) or is asked (:meth:`BotLoop.schedule`, as rooms and
  :meth:`GameModel.run_bots` do);
- what else makes the bots wait (a page looking at a past position, a turn still being shown),
  the pause before a move, and how a result is applied (a page's document held, a room's
  change).

The loop keeps at most one job, for one position: a new position, undo, a new game, a seat
that changes kind, or :attr:`BotLoop.paused` drops it, and a result that arrives after that is
never played.  A bot that fails, or chooses a move the rules refuse, leaves the game as it was
and the reason in the model's message; it is not asked again about that position with that
seat.  This module imports ``param`` only.

>>> from cole_panel.game_pages import GAME_PAGES
>>> Model = next(iter(GAME_PAGES.values())).model_class   # the first game's model
>>> game = Model(seat0="Greedy", seat1="Random", seed=1)
>>> game.bot_loop.paused = True
>>> game.run_bots() is None, game.history == []
(True, True)
>>> game.bot_loop.paused = False   # resumed: no scheduler given, the bots play inline
>>> game.state.is_over
True
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

import param

from .scheduler import BotScheduler, InlineScheduler
from .untrusted import short

__all__ = ["BotLoop"]


def _call(fn: Callable[[], Any]) -> None:
    fn()


class BotLoop(param.Parameterized):
    """A game model's bots, moving when it is their turn (see the module docstring)."""

    paused = param.Boolean(
        default=False,
        doc=(
            "Whether bots playing each other wait instead of moving (set it back to resume); "
            "a bot still answers a person, who would otherwise wait for nothing."
        ),
    )

    def __init__(self, model: Any, **params: Any):
        super().__init__(**params)
        self.model = model
        self._inline = InlineScheduler()
        self._hold: Callable[[], bool] = lambda: False
        self._permit: Callable[[], bool] = lambda: True
        self._delay: Callable[[], float] = lambda: 0.0
        self._apply_with: Callable[[Callable[[], None]], Any] = _call
        self._on_move: Callable[[], Any] = lambda: None
        self._watchers: list[Any] = []
        self._ticket: object | None = None  # the job in flight (None: no job)
        self._handle: Any = None
        self._position: Any = None  # the position that job is for
        self._refused: tuple[Any, ...] | None = None  # the position and seat a bot failed at
        self._stopped = False  # the page or room showing the game has gone
        self.param.watch(lambda *_: self.schedule(), ["paused"])

    # ------------------------------------------------------------------ set up
    def drive(
        self,
        scheduler: BotScheduler | None = None,
        *,
        follow: tuple[str, ...] | None = None,
        hold: Callable[[], bool] | None = None,
        permit: Callable[[], bool] | None = None,
        delay: Callable[[], float] | None = None,
        apply_with: Callable[[Callable[[], None]], Any] | None = None,
        on_move: Callable[[], Any] | None = None,
    ) -> None:
        """Say how this game's bots run (once, by the page or room showing the game).

        ``scheduler`` computes the moves (kept as the model's ``scheduler``); with ``follow``
        the loop watches the position, the seats and the model parameters named there and
        asks the next move by itself.  ``hold()`` true makes the bots wait; ``permit()`` is
        asked just before a move is asked (false: not now, e.g. another process runs them);
        ``delay()`` is the pause in seconds before a move; ``apply_with(fn)`` runs ``fn``,
        which plays a result, where the model may change; ``on_move()`` follows each bot move.
        """
        self.stop()
        self._stopped = False
        if scheduler is not None:
            self.model.scheduler = scheduler
        self._hold = hold or (lambda: False)
        self._permit = permit or (lambda: True)
        self._delay = delay or (lambda: 0.0)
        self._apply_with = apply_with or _call
        self._on_move = on_move or (lambda: None)
        if follow is not None:
            players = range(len(self.model.seat_names))
            names = ["state", *(f"{kind}{p}" for kind in ("seat", "strength") for p in players)]
            # After the views' own watchers (precedence 0): they see the move before the bot
            # is asked the next one.
            self._watchers = [
                self.model.param.watch(lambda *_: self.schedule(), [*names, *follow], precedence=1)
            ]

    def stop(self) -> None:
        """Drop the job in flight and stop following the game (its page or room has gone):
        no bot moves until :meth:`drive` is called again."""
        self._stopped = True
        self.cancel()
        for watcher in self._watchers:
            with contextlib.suppress(Exception):
                self.model.param.unwatch(watcher)
        self._watchers = []

    @property
    def scheduler(self) -> BotScheduler:
        """Where moves are computed: the model's ``scheduler``, else inline."""
        return self.model.scheduler or self._inline

    # ------------------------------------------------------------------ the loop
    @property
    def thinking(self) -> bool:
        """Whether a bot's move has been asked for and not yet played or dropped."""
        return self._ticket is not None

    def may_move(self) -> bool:
        """Whether the mover's bot may move now (a bot's turn, nothing holding it)."""
        m = self.model
        if self._stopped or not m.bot_to_move or self._hold():
            return False
        if self.paused and not m.has_human:
            return False
        return not self._failed_here()

    def schedule(self) -> Any:
        """Ask the mover's bot for its move if it may move; drop a job that no longer fits.
        Returns the scheduler's handle of the job in flight, or None."""
        state = self.model.state
        if self._ticket is not None:
            if self._position is state and self.may_move():
                return self._handle  # already thinking about exactly this position
            self.cancel()
        if not self.may_move() or not self._permit():
            return None
        ticket = self._ticket = object()
        self._position = state
        job = replace(
            self.model.bot_job(),
            apply=partial(self._result, ticket),
            fail=partial(self._failure, ticket),
            delay=self._delay(),
        )
        handle = self.scheduler.submit(job)
        if self._ticket is ticket:  # an inline scheduler may have played it (and more) already
            self._handle = handle
        return self._handle if self._ticket is not None else None

    def cancel(self) -> None:
        """Drop the job in flight: its move is never played (undo, a new game, a closed page)."""
        handle, self._handle, self._ticket, self._position = self._handle, None, None, None
        if handle is not None:
            self.scheduler.cancel(handle)

    # ------------------------------------------------------------------ results
    def _result(self, ticket: object, move: Any) -> None:
        self._apply_with(partial(self._play, ticket, move))

    def _failure(self, ticket: object, error: BaseException) -> None:
        self._apply_with(partial(self._report, ticket, error))

    def _play(self, ticket: object, move: Any) -> None:
        if self._ticket is not ticket:  # dropped meanwhile (the game changed under it)
            self.schedule()
            return
        m, state = self.model, self._position
        self._ticket = self._handle = self._position = None
        if m.state is state and self.may_move():
            who, here = m.seat_name(state.current_player), self._here()
            if m.play(move):
                self._on_move()
            else:
                self._refused = here
                m.param.update(
                    message=f"{who} chose a move the rules refuse: {m.message} "
                    "The game is unchanged.",
                    message_is_error=True,
                )
        self.schedule()

    def _report(self, ticket: object, error: BaseException) -> None:
        if self._ticket is not ticket:
            return
        m, state = self.model, self._position
        self._ticket = self._handle = self._position = None
        if m.state is not state:
            return  # the game moved on: the failure is of a position no longer on show
        self._refused = self._here()
        reason = short(str(error) or type(error).__name__, 300).rstrip(".")
        m.param.update(
            message=f"{m.seat_name(m.state.current_player)} could not choose a move ({reason}). "
            "The game is unchanged; change the seat or undo to go on.",
            message_is_error=True,
        )

    def _here(self) -> tuple[Any, ...]:
        m = self.model
        p = m.state.current_player
        return (m.state, m.seat(p), m.strength(p))

    def _failed_here(self) -> bool:
        refused = self._refused
        if refused is None:
            return False
        here = self._here()
        return refused[0] is here[0] and refused[1:] == here[1:]
