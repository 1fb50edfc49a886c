"""One Ecosystem: Savanna draft as a Param model: options, seats, the game, its history.

The model holds an engine :class:`~engines.ecosystem.State` (replaced, never mutated, on every
pick so watchers fire), the picks played (each with the state after it), the picks undone, the
last pick's events and the last message. Views read it and call its methods.

A person's picks wait on the table until she passes the hands
----------------------------------------------------------------
In the published game everyone picks at once and the hands pass when all have picked. Here
the engine takes the picks one player at a time, and the last pick of a turn passes the hands
at once, so an undo would come too late to matter (the next hand would already be in view).
So, with :attr:`EcosystemModel.confirm_turn` on (the default), a person's pick is *pending*:
it is shown in her park but not yet given to the engine; :meth:`EcosystemModel.undo` takes it
back, and :meth:`EcosystemModel.confirm` ("Pass hands") plays it, after which the bots that
pick after her in the turn take their turns. With ``confirm_turn`` off picks are played at
once, and undo works only until the hands pass.

>>> game = EcosystemModel(seat1="Human", seed=3)
>>> card = game.state.hand(0)[0]
>>> game.pick(card, (1, 2)), game.pending
(True, [Pick(card=CardType.WATERING_HOLE, cell=(1, 2), park=None)])
>>> game.confirm(), game.state.current_player, game.message
(True, 1, 'Player 1 placed a watering hole at B3.')
>>> game.pick(game.state.hand(1)[0], (3, 3)), game.pick(game.state.hand(1)[1], (3, 4))
(True, False)
>>> game.message
'You already placed a card in your park this turn: undo it to change it, or pass the hands.'
"""

from __future__ import annotations

from typing import Any

import param

from engines import IllegalAction, ScoreSheet
from engines.ecosystem import (
    CardType,
    Park,
    Pick,
    Placed,
    State,
    card_from_code,
    new_game,
    place,
    placement_cells,
    player_name,
)
from engines.ecosystem.rules import MAX_PLAYERS
from engines.text import and_list, article, won

from ...core import (
    SAVE_VERSION,
    SEAT_KINDS,
    GameModel,
    iterations_for,
    last_undoable_turn,
    read_flag,
    read_seats,
    seats,
)
from ..options import DraftOptions
from .game_file import picks, read_game
from .turns import Turn, park_phrase, where

__all__ = [
    "MAX_PLAYERS",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "SEAT_KINDS",
    "EcosystemModel",
    "Turn",
    "mcts_iterations",
]

SAVE_FORMAT = "cole-panel/ecosystem-game"
"""The ``format`` field of a saved draft."""


mcts_iterations = iterations_for("ecosystem")


@seats(*(player_name(p) for p in range(MAX_PLAYERS)), defaults=("Human",) + ("Greedy",) * 5)
class EcosystemModel(GameModel, DraftOptions):
    """An Ecosystem: Savanna draft with its options, seats, history and messages."""

    game = "ecosystem"
    save_format = SAVE_FORMAT
    title = "Ecosystem"

    confirm_turn = param.Boolean(
        default=True,
        doc=("Keep a person's picks pending until she passes the hands, so she can undo them."),
    )
    reveal_together = param.Boolean(
        default=False,
        doc=(
            "In a room (the host's option): each seat sees the others' picks of a turn only "
            "once every seat has picked, all at once, as at a table."
        ),
    )
    state = param.ClassSelector(
        class_=State, doc=("The live game; replaced by a new object on every pick.")
    )
    start = param.ClassSelector(class_=State, doc="The game as dealt, before any pick.")
    pending = param.List(
        default=[],
        item_type=Pick,
        doc=("The person's picks of this turn, shown but not played until she passes the hands."),
    )
    undone = param.List(default=[], item_type=Pick, doc="Pending picks undone (for redo).")

    _sheet_cache: tuple[State | None, ScoreSheet | None] = (None, None)
    """The last state whose score sheet was asked for, and that sheet."""

    def _set_up(self, state: State) -> None:
        self._adopt(state.clone(), [], "Game set up.")

    # ------------------------------------------------------------------ options
    def seat_name(self, player: int) -> str:
        """E.g. 'Player 1 (you)', 'Player 2 (Greedy bot)', 'Player 3 (MCTS bot, strength 2)'."""
        kind = self.seat(player)
        name = player_name(player)
        if kind == "Human":
            return f"{name} (you)" if len(self.humans) == 1 else f"{name} (human)"
        if kind == "MCTS":
            return f"{name} (MCTS bot, strength {self.strength(player)})"
        return f"{name} ({kind} bot)"

    # ------------------------------------------------------------------ reading
    @property
    def park_names(self) -> tuple[str | None, ...]:
        return self.state.rules.park_names

    @property
    def to_move(self) -> int | None:
        """The player who must pick now (None when the game is over)."""
        return self.state.current_player

    @property
    def human_to_move(self) -> bool:
        p = self.state.current_player
        return p is not None and self.seat(p) == "Human"

    @property
    def viewer(self) -> int:
        """Whose hand and parks are shown large: the person to move, else the first person
        (the last one who moved in a hot-seat game), else Player 1."""
        p = self.state.current_player
        if p is not None and self.seat(p) == "Human":
            return p
        for turn in reversed(self.history):
            if self.seat(turn.player) == "Human":
                return turn.player
        humans = self.humans
        return humans[0] if humans else 0

    @property
    def hand_owner(self) -> int | None:
        """Whose hand the page shows: the :attr:`viewer`'s (None: no hand, as for a room's
        spectator)."""
        return self.viewer

    def pending_for(self, park: str | None) -> Pick | None:
        """The pending pick for one park, if any."""
        return next((p for p in self.pending if p.park == park), None)

    def parks_of(self, player: int) -> tuple[Park, ...]:
        """A player's parks as shown: with her pending picks placed."""
        parks = [self.state.park(player, name) for name in self.park_names]
        if player == self.state.current_player:
            for pick in self.pending:
                slot = self.park_names.index(pick.park)
                parks[slot] = place(parks[slot], pick.cell, pick.card, self.state.rules.frame)[0]
        return tuple(parks)

    def pending_cells(self) -> list[tuple]:
        """Where the pending picks lie in :meth:`parks_of` (score-line cell form)."""
        out = []
        p = self.state.current_player
        if p is None:
            return out
        for pick in self.pending:
            park = self.state.park(p, pick.park)
            _, cell, _ = place(park, pick.cell, pick.card, self.state.rules.frame)
            out.append(cell if pick.park is None else (pick.park, *cell))
        return out

    def last_cells(self, player: int) -> list[tuple]:
        """Where a player's picks of her latest turn lie (score-line cell form)."""
        out: list[tuple] = []
        when = None
        for turn in reversed(self.history):
            if turn.player != player:
                continue
            if when is None:
                when = (turn.round, turn.turn)
            elif (turn.round, turn.turn) != when:
                break
            placed = next(e for e in turn.events if isinstance(e, Placed))
            out.append(placed.cell if placed.park is None else (placed.park, *placed.cell))
        return out

    def hand_of(self, player: int, park: str | None = None) -> tuple[CardType, ...]:
        """A player's hand for one park as shown: without the card of a pending pick."""
        hand = list(self.state.hand(player, park))
        pick = self.pending_for(park) if player == self.state.current_player else None
        if pick is not None:
            hand.remove(pick.card)
        return tuple(hand)

    def may_pick(self, park: str | None) -> bool:
        """Whether the person to move may still pick for this park this turn."""
        p = self.state.current_player
        return (
            self.human_to_move
            and not self.state.has_picked(p, park)
            and self.pending_for(park) is None
        )

    def legal_cells(self, park: str | None) -> list[tuple[int, int]]:
        """Where the person to move may put her next card of that park ([] if she may not)."""
        if not self.may_pick(park):
            return []
        p = self.state.current_player
        return placement_cells(self.state.park(p, park), self.state.rules.frame)

    @property
    def ready_to_pass(self) -> bool:
        """Whether the person to move has pending picks for every park still open to her."""
        p = self.state.current_player
        if not self.human_to_move or not self.pending:
            return False
        return all(
            self.state.has_picked(p, name) or self.pending_for(name) is not None
            for name in self.park_names
        )

    def running_sheet(self) -> ScoreSheet:
        """The score sheet of the parks as they stand (final once the game is over)."""
        state, sheet = self._sheet_cache
        if state is not self.state or sheet is None:
            sheet = self.state.score_sheet()
            self._sheet_cache = (self.state, sheet)
        return sheet

    def totals(self) -> list[int]:
        """Each player's running total."""
        sheet = self.running_sheet()
        return [sheet.total(p) for p in range(self.state.players)]

    @property
    def outcome_text(self) -> str:
        """Who won, or '' while the game runs."""
        if not self.state.is_over:
            return ""
        winners = self.state.winners
        totals = self.totals()
        who = and_list([self.seat_name(p) for p in winners])
        return won(who, len(winners) > 1, totals[winners[0]])

    def received(self, player: int, park: str | None = None) -> str:
        """Where the hand a player holds now came from, as a sentence."""
        state = self.state
        if state.is_over:
            return ""
        hand = "hand" if park is None else f"{park.capitalize()} hand"
        if state.turn == 0:
            return f"Round {state.round + 1}: you were dealt a new {hand} of 11 cards."
        d = state.direction(park)
        giver = (player - d) % state.players
        taken = next(
            (
                t.pick.card
                for t in reversed(self.history)
                if t.player == giver
                and t.pick.park == park
                and (t.round, t.turn) == (state.round, state.turn - 1)
            ),
            None,
        )
        way = "" if park is None else (" (clockwise)" if d == 1 else " (anticlockwise)")
        took = f" after taking {article(taken.label)} from it" if taken is not None else ""
        return f"{self.seat_name(giver)} passed you this {hand}{way}{took}."

    def turn_text(self) -> str:
        """Round, turn and who picks, as a sentence."""
        state = self.state
        if state.is_over:
            return "The draft is over."
        p = state.current_player
        where = state.round_text()
        if self.seat(p) != "Human":
            return f"{where}: {self.seat_name(p)} is picking."
        if self.ready_to_pass:
            return f"{where}: press “Pass hands” (or Undo)."
        return f"{where}: {self.seat_name(p)} to pick — choose a card, then a green cell."

    # ------------------------------------------------------------------ playing
    def new_game(self) -> None:
        """Deal a new game with the current options (seats are kept)."""
        rules = self.rules
        state = new_game(rules, seed=self.seed)
        kind = "classic game" if rules.variant == "classic" else "game with two parks"
        message = (
            f"New {kind} for {rules.players} players: pick a card from your hand, then "
            "choose a green cell of the matching park."
        )
        self.show_new_game(state, message, pending=[], undone=[])

    def _adopt(self, state: State, history: list[Turn], message: str) -> None:
        self.param.update(
            state=state,
            start=state.clone(),
            history=history,
            future=[],
            pending=[],
            undone=[],
            events=[],
            message=message,
            message_is_error=False,
        )

    def play(self, action: Pick | tuple) -> bool:
        """The player to move picks ``action`` (a Pick, or (card, cell[, park])) at once.

        Returns whether it was played; an illegal pick changes nothing but :attr:`message`,
        which then holds the rules' reason.
        """
        player = self.state.current_player
        if player is None:
            return self.refuse("The draft is over.")
        new = self.state.clone()
        try:
            pick = action if isinstance(action, Pick) else Pick(*action)
            events = new.apply(pick)
        except (IllegalAction, ValueError, TypeError) as err:
            return self.refuse(str(err))
        self.show_played([Turn.record(self.state, pick, events, new)], pending=[], undone=[])
        return True

    def pick(self, card: CardType | str, cell: tuple[int, int], park: str | None = None) -> bool:
        """What a person's click does: pick ``card`` from her hand for ``park`` and put it at
        ``cell``; pending until she passes the hands when :attr:`confirm_turn` is on."""
        state = self.state
        p = state.current_player
        if p is None:
            return self.refuse("The draft is over.")
        if self.seat(p) != "Human":
            return self.refuse(f"It is {self.seat_name(p)}'s turn to pick; wait for it.")
        try:
            pick = Pick(card_from_code(card), tuple(cell), park)
        except ValueError as err:
            return self.refuse(str(err))
        if pick.park in self.park_names and self.pending_for(pick.park) is not None:
            return self.refuse(
                f"You already placed a card in {park_phrase(pick.park)} this "
                "turn: undo it to change it, or pass the hands."
            )
        reason = state.why_illegal(pick)
        if reason is not None:
            return self.refuse(reason)
        if not self.confirm_turn:
            return self.play(pick)
        pending = [*self.pending, pick]
        self.param.update(
            pending=pending,
            future=[],  # a new pick starts a new line of play: nothing left to redo
            undone=[],
            message_is_error=False,
            message=self._pending_text(pick, pending),
        )
        return True

    def _pending_text(self, pick: Pick, pending: list[Pick]) -> str:
        text = f"You put {article(pick.card.label)} at {where(pick.park, pick.cell)}."
        p = self.state.current_player
        missing = [
            n
            for n in self.park_names
            if not self.state.has_picked(p, n) and not any(x.park == n for x in pending)
        ]
        if missing:
            return text + f" Now pick a card for {park_phrase(missing[0])}."
        return text + " Press “Pass hands” to play it (or Undo)."

    def confirm(self) -> bool:
        """ "Pass hands": play the person's pending picks, in the order she made them."""
        if not self.pending:
            return self.refuse("Pick a card and a cell first.")
        if not self.ready_to_pass:
            missing = next(n for n in self.park_names if self.pending_for(n) is None)
            return self.refuse(f"Pick a card for {park_phrase(missing)} too.")
        state = self.state
        turns = []
        for pick in self.pending:
            new = state.clone()
            try:
                events = new.apply(pick)
            except IllegalAction as err:  # cannot happen: each was checked when made
                return self.refuse(str(err))
            turns.append(Turn.record(state, pick, events, new))
            state = new
        self.show_played(turns, pending=[], undone=[])
        return True

    def _undo_index(self) -> int | None:
        """Index in history of the person's last played pick, if it may still be undone."""
        people = self.humans or list(range(self.state.players))
        # fair undo: never past the hands passing (the next hand has been seen)
        return last_undoable_turn(self.history, people, reveals=lambda t: t.closed_turn)

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` would take something back."""
        return bool(self.pending) or self._undo_index() is not None

    def undo(self) -> bool:
        """Take back the person's last pick while the turn is open.

        A pending pick always comes back. A pick already played (``confirm_turn`` off) comes
        back with the picks made after it, as long as the hands have not passed since.
        """
        if self.pending:
            pick = self.pending[-1]
            self.param.update(
                pending=self.pending[:-1],
                undone=[*self.undone, pick],
                message=f"Took back your {pick.card.label} at {where(pick.park, pick.cell)}.",
                message_is_error=False,
            )
            return True
        index = self._undo_index()
        if index is None:
            if not self.history:
                return self.refuse("There is no pick of yours to undo.")
            return self.refuse("Your last pick stands: the hands have passed since.")
        history = self.history[:index]
        taken = self.history[index:]
        state = history[-1].state if history else self.start
        pick = taken[0].pick
        self.param.update(
            state=state.clone(),
            history=history,
            future=taken + self.future,
            events=[],
            message_is_error=False,
            message=f"Took back {player_name(taken[0].player)}'s "
            f"{pick.card.label} at {where(pick.park, pick.cell)}.",
        )
        return True

    def redo(self) -> bool:
        """Put back the pick last undone."""
        if self.undone:
            pick = self.undone[-1]
            undone = self.undone[:-1]
            if not self.pick(pick.card, pick.cell, pick.park):
                return False
            self.undone = undone
            return True
        if not self.future:
            return self.refuse("There is no pick to redo.")
        future = list(self.future)
        turns = []
        while future:
            turns.append(future.pop(0))
            if not future or self.seat(future[0].player) == "Human":
                break
        last = turns[-1]
        self.param.update(
            state=last.state.clone(),
            history=[*self.history, *turns],
            future=future,
            events=list(last.events),
            message_is_error=False,
            message=" ".join(t.describe() for t in turns),
        )
        return True

    # ------------------------------------------------------------------ bots
    def bot_request(self, state: State | None = None, kind: str | None = None) -> Any:
        """The pick of the mover's bot as plain data, to compute anywhere.

        For a person with pending picks the choice is for the parks still open to her.
        """
        base = self.state if state is None else state
        if base.is_over:
            raise IllegalAction("The draft is over; there is no pick to choose.")
        work = base
        if state is None and self.human_to_move and self.pending:
            work = base.clone()
            for pick in self.pending:
                work.apply(pick)
        return self.request_for(work, base.current_player, kind)

    def bot_move(self) -> bool:
        """Let the mover's bot (the greedy bot for a person) make one pick."""
        if self.state.is_over:
            return self.refuse("The draft is over.")
        if self.pending:
            return self.refuse("Pass the hands or undo your pending pick first.")
        return self.play(self.bot_choice())

    # ------------------------------------------------------------------ saving
    def _save_fields(self) -> dict[str, Any]:
        return {
            "rules": self.state.rules.to_dict(),
            "confirm_turn": self.confirm_turn,
            "start": self.start.to_dict(),
            "picks": picks([t.pick for t in self.history]),
            "redo": picks([t.pick for t in self.future]),
            "pending": picks(self.pending),
            "state": self.state.to_dict(),
        }

    def _save_checks(self) -> dict[str, Any]:
        return {
            "required": ("start", "picks", "state"),
            "other_formats": {
                "cole-panel/ecosystem-park": (
                    "it is a saved park, not a game: open it in the Scoring explorer tab."
                )
            },
        }

    def _read_fields(self, data: dict[str, Any]) -> tuple[int, Any]:
        start, history, future, pending = read_game(data)
        confirm = read_flag(data, "confirm_turn", True)
        if pending:
            live = history[-1].state if history else start
            kind, _ = read_seats(data, start.players)[live.current_player]
            if not confirm or kind != "Human":
                raise ValueError(
                    "its 'pending' picks wait for a person to pass the hands, but "
                    + ("'confirm_turn' is off." if not confirm else "a bot is to pick.")
                )

        def adopt() -> str:
            state = history[-1].state if history else start
            rules = state.rules
            self.param.update(
                **self.options_from(rules),
                confirm_turn=confirm,
                state=state.clone(),
                start=start,
                history=history,
                future=future,
                pending=[],
                undone=[],
                events=list(history[-1].events) if history else [],
            )
            for pick in pending:
                if not self.pick(pick.card, pick.cell, pick.park):
                    break
            return f"Loaded a game after {len(history)} picks. {self.turn_text_for(state)}"

        return start.players, adopt

    def turn_text_for(self, state: State) -> str:
        if state.is_over:
            return "The draft is over."
        return f"{player_name(state.current_player)} to pick."
