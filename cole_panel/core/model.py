"""The base of every game's Param model: seats, the position and its history, messages, saves.

A game model holds an engine state (replaced, never mutated, so watchers fire), the turns
played (each with the position after it), the turns undone, the last turn's events and the
last message.  A refused request changes nothing but :attr:`GameModel.message`, which then
holds the rules' one-sentence reason.  Subclasses say how a move is made (``play``), how a game
starts (``new_game``) and what a save holds beyond the shared envelope; views read the model
and call its methods.  This module imports ``param`` only, never Panel or Bokeh.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import param

from engines import IllegalAction

from .bot_loop import BotLoop
from .botpool import BotRequest
from .envelope import read_save, read_seats, write_save
from .scheduler import BotJob, BotScheduler
from .seats import DEFAULT_STRENGTH, SEAT_KINDS, STRENGTH_BOUNDS, BotShelf
from .untrusted import short


class Turn:
    """What every game's turn record has: ``player``, ``events`` and ``state`` (after it).

    Each game's ``Turn`` is a frozen dataclass deriving from this one, naming in
    :attr:`ACTION_FIELD` the field that holds the action played.
    """

    player: int
    events: tuple
    state: Any
    ACTION_FIELD: ClassVar[str]
    """The name of the field that holds the action played (``"cell"``, ``"pick"``…)."""

    @property
    def action(self) -> Any:
        """The action played (what the engine's ``apply`` took)."""
        return getattr(self, self.ACTION_FIELD)

    def describe(self) -> str:
        """All the turn's events as sentences."""
        return " ".join(e.describe() for e in self.events)

    @classmethod
    def record(cls, before: Any, action: Any, events: Sequence[Any], after: Any) -> Turn:
        """The turn of ``action``, played in ``before`` and leading to ``after``."""
        raise NotImplementedError


def last_undoable_turn(
    history: Sequence[Turn], people: Sequence[int], reveals: Callable[[Turn], bool]
) -> int | None:
    """Index in ``history`` of the latest turn of one of ``people`` that the fair-undo rule
    lets them take back: None when they have no turn, or when that turn or one after it
    ``reveals`` hidden cards to them that cannot be hidden again (a hand passed to them)."""
    index = next((i for i in range(len(history) - 1, -1, -1) if history[i].player in people), None)
    if index is None or any(reveals(t) for t in history[index:]):
        return None
    return index


def seats(*names: str, defaults: Sequence[str]) -> Callable[[type], type]:
    """Class decorator: a ``seat<i>`` menu and a ``strength<i>`` slider per player name.

    ``names`` are the players as the page calls them ('Orange', 'Player 1'); ``defaults`` the
    kind at each seat of a new model.
    """

    def add(cls: type) -> type:
        for i, (name, kind) in enumerate(zip(names, defaults, strict=True)):
            cls.param.add_parameter(
                f"seat{i}",
                param.Selector(default=kind, objects=list(SEAT_KINDS), doc=f"Who plays {name}."),
            )
            cls.param.add_parameter(
                f"strength{i}",
                param.Integer(
                    default=DEFAULT_STRENGTH,
                    bounds=STRENGTH_BOUNDS,
                    doc=f"{name}'s search-bot strength (1 fast and weak … 5 slow and strong).",
                ),
            )
        cls.seat_names = tuple(names)
        return cls

    return add


class GameModel(param.Parameterized):
    """A game with its seats, history, messages and save file (subclass per game)."""

    game: str = ""
    """The engine package (``engines.<game>``) whose bots sit at the seats."""
    save_format: str = ""
    """The ``format`` field of this game's save files."""
    title: str = "board"
    """The game's name in sentences, e.g. 'Circle of Life'."""
    seat_names: tuple[str, ...] = ()
    """The players as the seat menus name them (set by :func:`seats`)."""
    runs_own_bots: bool = True
    """Whether this model runs its bots itself (a room's page does not: "Pause bots" is then
    not offered)."""

    seed = param.Integer(
        default=None,
        allow_None=True,
        bounds=(0, 2**32 - 1),
        doc="Seed of the next new game and of the bots (None: a different game every time).",
    )
    state = param.Parameter(doc="The live position; replaced by a new object on every change.")
    start = param.Parameter(doc="The position the game started from.")
    history = param.List(default=[], item_type=Turn, doc="The turns played, oldest first.")
    future = param.List(
        default=[], item_type=Turn, doc="Turns undone and not yet redone, next one first."
    )
    events = param.List(default=[], doc="The events of the last turn (or of the last redo).")
    message = param.String(default="", doc="The last error or narration, as sentences.")
    message_is_error = param.Boolean(default=False, doc="Whether the message reports a refusal.")
    undo_limit = param.Integer(
        default=None,
        allow_None=True,
        bounds=(0, None),
        doc=(
            "How many of the people's turns Undo may take back in a row (None: as many as "
            "were played).  A game with hidden cards limits it (see docs/rules)."
        ),
    )
    scheduler = param.Parameter(
        default=None,
        doc=(
            "Runs the bots' moves (a BotScheduler: a page's BotRunner, a room's PoolScheduler, "
            "given once through bot_loop.drive); None runs them inline, in the caller's thread."
        ),
    )

    def __init__(self, **params: Any):
        state = params.pop("state", None)
        super().__init__(**params)
        self.bot_shelf = BotShelf(self.game)
        """The bots made so far, one per seat and kind; a game's own :meth:`bot_for` takes its
        bots from here, and a new or loaded game clears it."""
        self.bot_loop = BotLoop(self)
        """The one loop that lets this game's bots move (page, room or notebook alike)."""
        if state is None:
            self.new_game()
        else:
            self._set_up(state)

    def _set_up(self, state: Any) -> None:  # pragma: no cover - every game defines it
        """Show ``state`` (given to the constructor) as the game, saying it was set up."""
        raise NotImplementedError

    # ------------------------------------------------------------------ seats
    def player_name(self, player: int) -> str:
        """How sentences name a player ('Orange', 'Player 2')."""
        return self.seat_names[player]

    def seat(self, player: int) -> str:
        """Who sits at a seat: 'Human', 'Random', 'Greedy' or 'MCTS'."""
        return getattr(self, f"seat{player}")

    def strength(self, player: int) -> int:
        """A seat's search-bot strength (1–5)."""
        return getattr(self, f"strength{player}")

    def seat_name(self, player: int) -> str:
        """E.g. 'Player 1 (human)' or 'Player 2 (MCTS bot, strength 2)'."""
        kind, name = self.seat(player), self.player_name(player)
        if kind == "Human":
            return f"{name} (human)"
        if kind == "MCTS":
            return f"{name} (MCTS bot, strength {self.strength(player)})"
        return f"{name} ({kind} bot)"

    def person_of(self, player: int) -> str | None:
        """The name the person at ``player``'s seat typed (a room's page), else None."""
        return None

    def log_title(self, title: str, player: int) -> str:
        """A narration line's ``title`` ('3.') for a turn of ``player``, with the name of
        the person who played it when a room's page knows it ('3. Ada:', '3. you:')."""
        person = self.person_of(player)
        return title if person is None else f"{title} {person}:"

    def turn_words(self, player: int) -> str:
        """Who makes ``player``'s move, as this page tells it: 'Your move' when a person plays
        it here, else 'The Greedy bot plays' and the like (a room's page names the person it
        waits for, see :class:`cole_panel.rooms.RoomMirror`)."""
        kind = self.seat(player)
        return "Your move" if kind == "Human" else f"The {kind} bot plays"

    @property
    def player_count(self) -> int:
        """How many players the current game has."""
        return self.state.players

    @property
    def humans(self) -> list[int]:
        """The seats of the current game played by people."""
        return [p for p in range(self.player_count) if self.seat(p) == "Human"]

    @property
    def has_human(self) -> bool:
        """Whether a person plays in the current game."""
        return bool(self.humans)

    @property
    def bot_to_move(self) -> bool:
        """Whether the live game waits for a bot."""
        p = self.state.current_player
        return p is not None and self.seat(p) != "Human"

    def _seat_updates(self, seats: Sequence[tuple[str, int]]) -> dict[str, Any]:
        updates: dict[str, Any] = {}
        for p, (kind, strength) in enumerate(seats):
            updates[f"seat{p}"], updates[f"strength{p}"] = kind, strength
        return updates

    # ------------------------------------------------------------------ messages
    def show_new_game(self, state: Any, message: str, **updates: Any) -> None:
        """Show a new game at ``state`` (no turns yet, the bots forgotten) saying ``message``;
        ``updates`` reset the game's own parameters (selections, pending picks...)."""
        self.bot_shelf.clear()
        self.param.update(
            state=state,
            start=state.clone(),
            history=[],
            future=[],
            events=[],
            message_is_error=False,
            message=message,
            **updates,
        )

    def show_history(
        self, start: Any, history: list[Turn], future: list[Turn], state: Any = None, **updates: Any
    ) -> Any:
        """Show the game from ``start`` through ``history`` (``future`` to redo) at ``state``, by
        default where the history ends, with its last turn's events; ``updates`` set the game's
        own parameters too.  Returns that state."""
        if state is None:
            state = history[-1].state if history else start
        self.param.update(
            state=state.clone(),
            start=start,
            history=history,
            future=future,
            events=list(history[-1].events) if history else [],
            **updates,
        )
        return state

    def show_played(self, turns: Sequence[Turn], **updates: Any) -> None:
        """Show ``turns``, just played at the live game, as the end of the history (nothing
        left to redo), their sentences as the message; ``updates`` as in :meth:`show_history`."""
        self.param.update(
            state=turns[-1].state,
            history=[*self.history, *turns],
            future=[],
            events=[e for t in turns for e in t.events],
            message=" ".join(t.describe() for t in turns),
            message_is_error=False,
            **updates,
        )

    def refuse(self, sentence: str) -> bool:
        """Say why a request is refused; nothing else changes.  Returns False."""
        self.param.update(message=sentence, message_is_error=True)
        return False

    def to_move_text(self, state: Any) -> str:
        """Whose turn it is at ``state``, as the end of a sentence ("Orange to move.")."""
        p = state.current_player
        return "the game is over." if p is None else f"{self.player_name(p)} to move."

    # ------------------------------------------------------------------ history
    def _continues_previous(self, turn: Turn) -> bool:
        """Whether ``turn`` is part of the turn before it (undone and redone with it)."""
        return False

    def _jump_updates(self, state: Any) -> dict[str, Any]:
        """Extra parameter values after undo or redo lands on ``state``."""
        return {}

    def undo(self) -> bool:
        """Take back the last person's turn (with the bots' turns after it); with bots only,
        the last turn.  Returns whether anything was undone.

        The fair-undo rule: at most :attr:`undo_limit` turns in a row; never turns that showed
        a person hidden cards that cannot be hidden again (:meth:`_undo_refusal`); and what the
        undone turns showed is hidden again (:meth:`_hide_unseen`), so an undo never tells a
        player what she would not otherwise know."""
        if not self.history:
            return self.refuse("There is no move to undo.")
        if self.undo_limit is not None and self.undos_in_a_row >= self.undo_limit:
            return self.refuse(self._undo_limit_text())
        history, future = list(self.history), list(self.future)
        humans = self.humans
        while history:
            turn = history.pop()
            future.insert(0, turn)
            if self._continues_previous(turn):
                continue
            if not humans or self.seat(turn.player) == "Human":
                break
        taken = len(future) - len(self.future)
        refusal = self._undo_refusal(history, future[:taken])
        if refusal:
            return self.refuse(refusal)
        hidden = self._hide_unseen(history, future)
        history, future = hidden.pop("history", history), hidden.pop("future", future)
        state = history[-1].state if history else hidden.get("start", self.start)
        self.param.update(
            **hidden,
            state=state.clone(),
            history=history,
            future=future,
            events=[],
            message_is_error=False,
            message=f"Took back {taken} move{'s' * (taken != 1)}; {self.to_move_text(state)}",
            **self._jump_updates(state),
        )
        return True

    @property
    def undos_in_a_row(self) -> int:
        """How many undos took back the turns now waiting to be redone (a new move clears
        them): the people's turns among them, or every turn when only bots play."""
        humans = self.humans
        return sum(
            1
            for t in self.future
            if not self._continues_previous(t) and (not humans or self.seat(t.player) == "Human")
        )

    def _undo_limit_text(self) -> str:
        if not self.undo_limit:
            return "Undo is switched off for this game."
        turns = "turn" if self.undo_limit == 1 else f"{self.undo_limit} turns"
        return f"You can take back only your last {turns}; play on, or redo."

    def _undo_refusal(self, history: list[Turn], taken: list[Turn]) -> str | None:
        """Why ``taken`` (the turns an undo would take back, oldest first) must stand, e.g.
        because they showed a person hidden cards that cannot be hidden again; None: undo."""
        return None

    def _hide_unseen(self, history: list[Turn], future: list[Turn]) -> dict[str, Any]:
        """After an undo lands at the end of ``history``: hide again what the undone turns
        showed (e.g. shuffle the unseen cards).  Returns the parameters that change (it may
        give new ``start``, ``history`` and ``future``); by default nothing changes."""
        return {}

    def redo(self) -> bool:
        """Replay what was last undone (a person's turn and the bots' turns after it)."""
        if not self.future:
            return self.refuse("There is no move to redo.")
        history, future = list(self.history), list(self.future)
        humans = self.humans
        while future:
            history.append(future.pop(0))
            if not future:
                break
            nxt = future[0]
            if not self._continues_previous(nxt) and (
                not humans or self.seat(nxt.player) == "Human"
            ):
                break
        turn = history[-1]
        self.param.update(
            state=turn.state.clone(),
            history=history,
            future=future,
            events=list(turn.events),
            message=turn.describe(),
            message_is_error=False,
            **self._jump_updates(turn.state),
        )
        return True

    # ------------------------------------------------------------------ bots
    def bot_for(self, player: int, kind: str | None = None) -> Any:
        """The bot playing (or advising) ``player``: one object per seat, kind and strength.
        A person's seat is advised by the Greedy bot."""
        kind = kind or self.seat(player)
        if kind == "Human":
            kind = "Greedy"
        return self.bot_shelf.get(player, kind, self.strength(player), self.seed)

    def bot_request(self, state: Any = None, kind: str | None = None) -> BotRequest:
        """The mover's bot move as plain data, to compute anywhere (a worker process, a thread
        or inline); ``kind`` overrides the seat's kind (a person's seat: the Greedy bot)."""
        state = self.state if state is None else state
        if state.is_over:
            raise IllegalAction("The game is over; there is no move to choose.")
        return self.request_for(state, state.current_player, kind)

    def request_for(
        self, position: Any, player: int, kind: str | None = None, strength: int | None = None
    ) -> BotRequest:
        """A :class:`BotRequest` for ``player``'s bot to choose in ``position``."""
        kind = kind or self.seat(player)
        if kind == "Human":
            kind = "Greedy"
        return BotRequest(
            game=self.game,
            kind=kind,
            strength=self.strength(player) if strength is None else strength,
            seed=self.seed,
            ply=len(self.history),
            state_json=position.to_json(),
            player=player,
        )

    def bot_choice(self, state: Any = None, kind: str | None = None) -> Any:
        """The move the mover's bot would make (safe to call off-thread).  A seeded bot's
        choice depends only on the game's seed, the seat and the ply, so it replays exactly."""
        return self.bot_request(state, kind).compute()

    def bot_job(self) -> BotJob:
        """The job that lets the mover's bot make one move on the live position."""
        state = self.state
        p = state.current_player
        name = "The game" if p is None else self.seat_name(p)
        request = None if state.is_over else self.bot_request(state)
        return BotJob(
            compute=lambda: self.bot_choice(state) if request is None else request.compute(),
            apply=lambda move: self.state is state and self.play(move),
            task=f"{name} is thinking",
            request=request,
        )

    def run_bots(self, scheduler: BotScheduler | None = None) -> Any:
        """Let the bots move through :attr:`bot_loop`, on ``scheduler`` (kept as
        :attr:`scheduler`; none: inline) until a person is to move or the game ends.  Returns
        the handle of the job in flight, or None (a person to move, or the bots paused)."""
        if scheduler is not None:
            self.scheduler = scheduler
        return self.bot_loop.schedule()

    # ------------------------------------------------------------------ review
    def review_line(self) -> tuple[Any, list[Any]]:
        """The game the Review tab reviews: its start and the moves played, in order.

        Here, the game on show.  A room's page asks its room instead (:mod:`cole_panel.rooms`):
        the room's own game, the same for every seat, and refused with a sentence (ValueError)
        while a game with hidden cards is running."""
        return self.start, [t.action for t in self.history]

    # ------------------------------------------------------------------ saving
    def new_game(self) -> Any:  # pragma: no cover - every game defines it
        """Start a new game with the current options (seats are kept)."""
        raise NotImplementedError

    def play(self, action: Any) -> bool:  # pragma: no cover - every game defines it
        raise NotImplementedError

    def _save_fields(self) -> dict[str, Any]:
        """What this game's save holds beyond the envelope."""
        raise NotImplementedError

    MOVES_SAVED = ("start", "moves", "redo", "state")
    """The fields :meth:`saved_moves` writes, which a save of a game kept as moves requires."""

    def saved_moves(self) -> dict[str, Any]:
        """The save fields of a game kept as moves: each turn's label played (``moves``) and to
        redo (``redo``), the ``start`` and the ``state`` they lead to (for the loader to check)."""
        return {
            "moves": [t.label for t in self.history],
            "redo": [t.label for t in self.future],
            "start": self.start.to_dict(),
            "state": self.state.to_dict(),
        }

    def _read_fields(self, data: dict[str, Any]) -> tuple[int, Callable[[], str]]:
        """Check a save's own fields (ValueError with a sentence) and return the number of
        players and a function that adopts the game (returning the message to show)."""
        raise NotImplementedError

    def save(self) -> str:
        """The game as JSON text: the envelope, the seats, then the game's own fields."""
        players = self.player_count
        return write_save(
            self.save_format,
            [(self.seat(p), self.strength(p)) for p in range(players)],
            [self.player_name(p) for p in range(players)],
            **self._save_fields(),
        )

    def load(self, text: str) -> bool:
        """Replace the game by a saved one.  A bad file changes nothing but :attr:`message`,
        which then says what is wrong.  Returns whether the game was loaded."""
        try:
            data = read_save(text, self.save_format, self.title, **self._save_checks())
            players, adopt = self._read_fields(data)
            seats = read_seats(data, players)
        except ValueError as err:
            return self.refuse(
                f"Could not load the file: {short(str(err), 400)} The current game is unchanged."
            )
        self.bot_shelf.clear()
        self.param.update(self._seat_updates(seats))
        message = adopt()
        self.param.update(message=message, message_is_error=False)
        return True

    def _save_checks(self) -> dict[str, Any]:
        """Keyword arguments for :func:`~cole_panel.core.envelope.read_save`."""
        return {"required": ("start", "state")}
