"""One Circle of Life game as a Param model: options, seats, the position, its history.

The model holds an engine :class:`~engines.circle.State` (replaced, never mutated, on every
move so watchers fire), the turns played (each with the position after it, for undo and for
viewing a past position), the turns undone (for redo), the last turn's events and the last
message.  Views read it and call its methods; it knows nothing about Panel or Bokeh.

>>> game = CircleModel(seat1="Human")
>>> game.play("E5"), game.state.label(game.state.moves[-1]), game.message
(True, 'E5', 'Orange placed a stone at E5. Orange has a new singleton at E5.')
>>> game.play("E5"), game.message
(False, "E5 is already taken (the stone there is Orange's).")
>>> game.undo(), len(game.history)
(True, 0)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import param

from engines import Event, IllegalAction
from engines.circle import PLAYER_NAMES, Rules, State, new_game
from engines.circle import bots as circle_bots
from engines.circle.hints import count_stones, explain

from ..ui.seats import SEAT_KINDS, BotShelf

SAVE_FORMAT = "cole-panel/circle-of-life"
SAVE_VERSION = 1

Cell = tuple[int, int]


def mcts_iterations(strength: int) -> int:
    """Playouts per move of the search bot at a strength from 1 to 5 (×3 per step).

    >>> [mcts_iterations(s) for s in range(1, 6)]
    [250, 750, 2250, 6750, 20250]
    """
    return 250 * 3 ** (strength - 1)


@dataclass(frozen=True)
class Turn:
    """One move of the game as played, with the position it led to."""

    player: int
    """Who moved (0 Orange, 1 Black)."""
    cell: Cell
    """Where the stone went."""
    label: str
    """The cell's label, e.g. ``"E5"``."""
    events: tuple[Event, ...]
    """What the move did, in order (placed, evolved, ate, won)."""
    state: State
    """The position after the move (never mutated)."""

    def describe(self) -> str:
        """All the turn's events as sentences."""
        return " ".join(e.describe() for e in self.events)


class CircleModel(param.Parameterized):
    """A Circle of Life game with its options, seats, history and messages."""

    radius = param.Integer(
        default=4,
        bounds=(2, 8),
        doc=("Board radius for the next new game: 4 is the published board (61 cells)."),
    )
    capture_target = param.Integer(
        default=20,
        bounds=(1, 1000),
        softbounds=(1, 60),
        doc=("Stones a player must eat to win (rulebook: 20); used by the next new game."),
    )
    first_player = param.Integer(
        default=0,
        bounds=(0, 1),
        doc=("Who places the first stone in the next new game: 0 Orange, 1 Black."),
    )
    no_placement_wins = param.Boolean(
        default=True,
        doc=(
            "If it is your turn and you cannot place a stone: True you win (rulebook), False you lose."
        ),
    )

    seat0 = param.Selector(default="Human", objects=list(SEAT_KINDS), doc="Who plays Orange.")
    seat1 = param.Selector(default="MCTS", objects=list(SEAT_KINDS), doc="Who plays Black.")
    strength0 = param.Integer(
        default=2,
        bounds=(1, 5),
        doc=("Orange's search-bot strength (1 fast and weak … 5 slow and strong)."),
    )
    strength1 = param.Integer(
        default=2,
        bounds=(1, 5),
        doc=("Black's search-bot strength (1 fast and weak … 5 slow and strong)."),
    )
    hint_strength = param.Integer(
        default=3,
        bounds=(1, 5),
        doc=("Strength of the search bot that gives hints (and moves for a person on 'Bot move')."),
    )
    seed = param.Integer(
        default=None,
        allow_None=True,
        doc=("Seed for the bots' random choices (None: different every game)."),
    )

    state = param.ClassSelector(
        class_=State, doc=("The live position; replaced by a new object on every change.")
    )
    start = param.ClassSelector(class_=State, doc="The position the game started from.")
    history = param.List(default=[], item_type=Turn, doc="The turns played, oldest first.")
    future = param.List(
        default=[], item_type=Turn, doc=("Turns undone and not yet redone, next one first.")
    )
    events = param.List(default=[], doc="The events of the last move (or of the last redo).")
    message = param.String(default="", doc="The last error or narration, as sentences.")
    message_is_error = param.Boolean(default=False, doc="Whether the message reports a refusal.")
    view_index = param.Integer(
        default=None,
        allow_None=True,
        bounds=(0, None),
        doc=("Number of moves into the game being looked at; None while showing the live game."),
    )
    hint = param.Tuple(
        default=None,
        allow_None=True,
        length=2,
        doc=("A bot's suggested cell for the player to move, or None."),
    )

    def __init__(self, **params: Any):
        state = params.pop("state", None)
        super().__init__(**params)
        self._bots = BotShelf(circle_bots, mcts_iterations)
        if state is None:
            self.new_game()
        else:
            self._adopt(state, "Position set up.")

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_state(cls, state: State, **params: Any) -> CircleModel:
        """A model whose game starts at ``state`` (e.g. a position built for teaching).

        The options follow the state's rules; seats default to two people.
        """
        params = {"seat0": "Human", "seat1": "Human", **params}
        return cls(state=state, **params)

    def set_game(self, state: State, message: str = "Position set up.") -> None:
        """Replace the game by ``state``'s, with its moves as the history (to step through)."""
        self._bots.clear()
        self._adopt(state, message)

    def _adopt(self, state: State, message: str) -> None:
        start = state.start_position()
        history = _replay(start, [state.label(c) for c in state.moves], "moves")
        rules = state.rules
        self.param.update(
            radius=rules.radius,
            capture_target=rules.capture_target,
            first_player=rules.first_player,
            no_placement_wins=rules.no_placement_wins,
            state=state.clone(),
            start=start,
            history=history,
            future=[],
            events=list(history[-1].events) if history else [],
            view_index=None,
            hint=None,
            message=message,
            message_is_error=False,
        )

    @property
    def rules(self) -> Rules:
        """The rules the parameters describe (used by the next new game)."""
        return Rules(
            radius=self.radius,
            capture_target=self.capture_target,
            first_player=self.first_player,
            no_placement_wins=self.no_placement_wins,
        )

    # ------------------------------------------------------------------ reading
    @property
    def shown_state(self) -> State:
        """The position on display: the live one, or the past one picked with :meth:`view`."""
        if self.view_index is None:
            return self.state
        if self.view_index == 0:
            return self.start
        return self.history[min(self.view_index, len(self.history)) - 1].state

    @property
    def viewing_past(self) -> bool:
        """Whether a past position is on display (the board is then read-only)."""
        return self.view_index is not None

    def seat(self, player: int) -> str:
        """Who sits at a seat: 'Human', 'Random', 'Greedy' or 'MCTS'."""
        return self.seat0 if player == 0 else self.seat1

    def strength(self, player: int) -> int:
        return self.strength0 if player == 0 else self.strength1

    def seat_name(self, player: int) -> str:
        """E.g. 'Orange (you)' or 'Black (MCTS bot, strength 2)'."""
        kind = self.seat(player)
        if kind == "Human":
            return f"{PLAYER_NAMES[player]} (human)"
        if kind == "MCTS":
            return f"{PLAYER_NAMES[player]} (MCTS bot, strength {self.strength(player)})"
        return f"{PLAYER_NAMES[player]} ({kind} bot)"

    @property
    def bot_to_move(self) -> bool:
        """Whether the live game waits for a bot."""
        p = self.state.current_player
        return p is not None and self.seat(p) != "Human"

    @property
    def has_human(self) -> bool:
        return "Human" in (self.seat0, self.seat1)

    @property
    def outcome_text(self) -> str:
        """Who won and why, or '' while the game runs."""
        outcome = self.state.outcome
        return "" if outcome is None else outcome.describe()

    @property
    def move_labels(self) -> list[str]:
        """'Orange E5', 'Black E6 ✕ ate 2', … one per move played; captures are marked."""
        out = []
        for t in self.history:
            line = f"{PLAYER_NAMES[t.player]} {t.label}"
            ate = sum(e.stones for e in t.events if e.kind == "ate")
            out.append(f"{line} ✕ ate {ate}" if ate else line)
        return out

    # ------------------------------------------------------------------ playing
    def new_game(self) -> None:
        """Start a new game with the current options (seats are kept)."""
        rules = self.rules
        state = new_game(rules, seed=self.seed)
        self._bots.clear()
        self.param.update(
            state=state,
            start=state.clone(),
            history=[],
            future=[],
            events=[],
            view_index=None,
            hint=None,
            message_is_error=False,
            message=f"New game on a board of radius {rules.radius}: "
            f"{PLAYER_NAMES[rules.first_player]} starts; "
            f"eat {count_stones(rules.capture_target)} to win.",
        )

    def play(self, action: Cell | str) -> bool:
        """The player to move places a stone on ``action`` (a (q, r) cell or a label like 'E5').

        Returns whether the move was made.  An illegal move changes nothing except
        :attr:`message`, which then holds the rules' one-sentence reason.
        """
        if self.viewing_past:
            return self._refuse(
                "You are looking at a past position; go back to the live game to play."
            )
        new = self.state.clone()
        try:
            events = new.apply(action)
        except IllegalAction as err:
            return self._refuse(str(err))
        cell = new.moves[-1]
        turn = Turn(self.state.current_player, cell, new.label(cell), tuple(events), new)
        self.param.update(
            state=new,
            history=[*self.history, turn],
            future=[],
            events=list(events),
            hint=None,
            message=turn.describe(),
            message_is_error=False,
        )
        return True

    def human_play(self, action: Cell | str) -> bool:
        """What a click on the board does: play only if a person is to move at the live game."""
        p = self.state.current_player
        if not self.viewing_past and p is not None and self.seat(p) != "Human":
            return self._refuse(
                f"It is {PLAYER_NAMES[p]}'s turn, and the "
                f"{self.seat(p)} bot plays {PLAYER_NAMES[p]}; wait for its move."
            )
        return self.play(action)

    def _refuse(self, sentence: str) -> bool:
        self.param.update(message=sentence, message_is_error=True)
        return False

    def undo(self) -> bool:
        """Take back the last move — and, against a bot, the bot's reply too, so that a person
        is to move again.  Returns whether anything was undone."""
        if self.viewing_past:
            return self._refuse(
                "You are looking at a past position; go back to the live game to undo."
            )
        if not self.history:
            return self._refuse("There is no move to undo.")
        history, future = list(self.history), list(self.future)
        while history:
            future.insert(0, history.pop())
            mover = future[0].player
            if not self.has_human or self.seat(mover) == "Human":
                break
        state = history[-1].state if history else self.start
        self.param.update(
            state=state.clone(),
            history=history,
            future=future,
            events=[],
            view_index=None,
            hint=None,
            message_is_error=False,
            message=f"Took back {_moves(len(future) - len(self.future))}; "
            f"{self._to_move_text(state)}",
        )
        return True

    def redo(self) -> bool:
        """Replay the move(s) last undone (a person's move and the bot's reply together)."""
        if self.viewing_past:
            return self._refuse(
                "You are looking at a past position; go back to the live game to redo."
            )
        if not self.future:
            return self._refuse("There is no move to redo.")
        history, future = list(self.history), list(self.future)
        while future:
            history.append(future.pop(0))
            state = history[-1].state
            nxt = state.current_player
            if not future or nxt is None or not self.has_human or self.seat(nxt) == "Human":
                break
        turn = history[-1]
        self.param.update(
            state=turn.state.clone(),
            history=history,
            future=future,
            events=list(turn.events),
            view_index=None,
            hint=None,
            message=turn.describe(),
            message_is_error=False,
        )
        return True

    def _to_move_text(self, state: State) -> str:
        p = state.current_player
        if p is None:
            return state.outcome.describe() if state.outcome else "the game is over."
        return f"{PLAYER_NAMES[p]} to move."

    # ------------------------------------------------------------------ viewing the past
    def view(self, index: int | None) -> None:
        """Show the position after ``index`` moves (0: the start); None returns to live."""
        if index is not None and not 0 <= index <= len(self.history):
            raise ValueError(
                f"There is no position after {index} moves; the game has {len(self.history)}."
            )
        if index == len(self.history):
            index = None
        if index is None:
            self.param.update(
                view_index=None, message_is_error=False, message="Back to the live game."
            )
        else:
            self.param.update(
                view_index=index,
                message_is_error=False,
                message=f"Looking at the position after {index} of "
                f"{len(self.history)} moves (read-only).",
            )

    # ------------------------------------------------------------------ bots
    def bot_for(self, player: int, hint: bool = False) -> Any:
        """The bot that moves for ``player``'s seat; for a hint, or for a person's seat, the
        search bot at :attr:`hint_strength`.  One object per seat, kind and strength."""
        kind, strength = self.seat(player), self.strength(player)
        if hint or kind == "Human":
            kind, strength = "MCTS", self.hint_strength
        return self._bots.get(player, kind, strength, self.seed)

    def bot_choice(self, state: State | None = None, hint: bool = False) -> Cell:
        """The cell the mover's bot (or the hint bot) would pick, worked out on a copy of
        ``state`` (default: the live one), so it is safe to call from a worker thread."""
        state = (self.state if state is None else state).clone()
        if state.is_over:
            raise IllegalAction("The game is over; there is no move to choose.")
        return self.bot_for(state.current_player, hint).choose(state)

    def bot_move(self) -> bool:
        """Let the mover's bot (the hint bot when a person sits there) make one move."""
        if self.viewing_past:
            return self._refuse(
                "You are looking at a past position; go back to the live game first."
            )
        if self.state.is_over:
            return self._refuse(f"The game is over: {self.outcome_text}")
        return self.play(self.bot_choice())

    def suggest(self) -> Cell | None:
        """Mark the search bot's suggestion for the player to move as :attr:`hint`."""
        if self.state.is_over or self.viewing_past:
            self.hint = None
            return None
        self.show_hint(self.bot_choice(hint=True))
        return self.hint

    def show_hint(self, cell: Cell) -> None:
        """Mark ``cell`` (a suggestion worked out elsewhere) as the hint, with a sentence."""
        self.param.update(
            hint=tuple(cell),
            message_is_error=False,
            message=f"Hint (strength {self.hint_strength}): {explain(self.state, cell).describe()}",
        )

    # ------------------------------------------------------------------ saving
    def save(self) -> str:
        """The game as JSON text: rules, seats, the moves (and undone moves), the engine state."""
        data = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "rules": self.state.rules.to_dict(),
            "seats": [
                {"player": PLAYER_NAMES[p], "kind": self.seat(p), "strength": self.strength(p)}
                for p in (0, 1)
            ],
            "moves": [t.label for t in self.history],
            "redo": [t.label for t in self.future],
            "start": self.start.to_dict(),
            "state": self.state.to_dict(),
        }
        return json.dumps(data, indent=1)

    def load(self, text: str) -> bool:
        """Replace the game by a saved one.  A bad file changes nothing but :attr:`message`,
        which then says what is wrong.  Returns whether the game was loaded."""
        try:
            loaded = _parse_save(text)
        except ValueError as err:
            return self._refuse(f"Could not load the file: {err} The current game is unchanged.")
        start, history, future, seats = loaded
        state = history[-1].state if history else start
        updates: dict[str, Any] = {}
        for p, seat in enumerate(seats):
            updates[f"seat{p}"], updates[f"strength{p}"] = seat
        rules = state.rules
        self._bots.clear()
        self.param.update(
            radius=rules.radius,
            capture_target=rules.capture_target,
            first_player=rules.first_player,
            no_placement_wins=rules.no_placement_wins,
            state=state.clone(),
            start=start,
            history=history,
            future=future,
            events=list(history[-1].events) if history else [],
            view_index=None,
            hint=None,
            message=f"Loaded a game of {len(history)} moves; {self._to_move_text(state)}",
            message_is_error=False,
            **updates,
        )
        return True


def _moves(n: int) -> str:
    return "1 move" if n == 1 else f"{n} moves"


def _parse_save(text: str) -> tuple[State, list[Turn], list[Turn], list[tuple[str, int]]]:
    """Check a save completely; ValueError with a sentence naming the problem."""
    if not isinstance(text, str):
        raise ValueError("a saved game is text.")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ValueError(
            f"it is not valid JSON ({err.msg} at line {err.lineno}, column {err.colno})."
        ) from None
    if not isinstance(data, dict):
        raise ValueError("it is not a saved Circle of Life game (expected a JSON object).")
    if data.get("format") != SAVE_FORMAT:
        raise ValueError(
            f"it is not a saved Circle of Life game (the 'format' field is {data.get('format')!r})."
        )
    if data.get("version") != SAVE_VERSION:
        raise ValueError(
            f"it is a save of version {data.get('version')!r}; this app reads "
            f"version {SAVE_VERSION}."
        )
    for key in ("start", "moves", "redo", "state"):
        if key not in data:
            raise ValueError(f"the save has no '{key}' field.")
    try:
        start = State.from_dict(data["start"])
    except ValueError as err:
        raise ValueError(f"its start position is damaged ({err})") from None
    if start.moves:
        raise ValueError("its start position already has moves in it.")
    if "rules" in data and data["rules"] != start.rules.to_dict():
        raise ValueError("its 'rules' do not match the rules of its start position.")
    turns = _replay(start, data["moves"], "moves")
    future = _replay(turns[-1].state if turns else start, data["redo"], "redo")
    try:
        saved = State.from_dict(data["state"])
    except ValueError as err:
        raise ValueError(f"its position is damaged ({err})") from None
    live = turns[-1].state if turns else start
    if saved != live:
        raise ValueError("its move list does not lead to its saved position.")
    seats = []
    raw_seats = data.get("seats", [{}, {}])
    if not isinstance(raw_seats, list) or len(raw_seats) != 2:
        raise ValueError("its 'seats' must list the two players.")
    for p, seat in enumerate(raw_seats):
        if not isinstance(seat, dict):
            raise ValueError(f"seat {p + 1} is not an object.")
        kind = seat.get("kind", "Human")
        strength = seat.get("strength", 2)
        if kind not in SEAT_KINDS:
            raise ValueError(
                f"seat {p + 1} has an unknown kind {kind!r}; use one of {', '.join(SEAT_KINDS)}."
            )
        if not isinstance(strength, int) or isinstance(strength, bool) or not 1 <= strength <= 5:
            raise ValueError(f"seat {p + 1} has strength {strength!r}; use 1 to 5.")
        seats.append((kind, strength))
    return start, turns, future, seats


def _replay(state: State, labels: Any, field: str) -> list[Turn]:
    if not isinstance(labels, list) or not all(isinstance(x, str) for x in labels):
        raise ValueError(f"its '{field}' must be a list of cell labels such as \"E5\".")
    turns = []
    for n, text in enumerate(labels, start=1):
        new = state.clone()
        player = state.current_player
        try:
            events = new.apply(text)
        except (IllegalAction, ValueError) as err:
            raise ValueError(f"{field} number {n} ({text}) cannot be played: {err}") from None
        cell = new.moves[-1]
        turns.append(Turn(player, cell, new.label(cell), tuple(events), new))
        state = new
    return turns
