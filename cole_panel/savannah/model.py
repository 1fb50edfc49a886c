"""One game of On the Savannah as a Param model: options, seats, the position and its history.

The model holds an engine :class:`~engines.savannah.State` (replaced, never mutated, on every
move so watchers fire), the moves played (each with the position before and after it, for undo
and for animating the turn), the moves undone (for redo), the last move's events, the card
chosen in the hand and the last message.  Views read it and call its methods; it knows nothing
about Panel or Bokeh.

>>> from engines.savannah import make_state
>>> start = make_state(row=["zebra", "termite", "jackal"], hands=[["cheetah", "oxpecker"], ["lion"]])
>>> game = SavannahModel.from_state(start, seat1="Greedy")
>>> game.hand_cards()
('cheetah#1', 'oxpecker#1')
>>> game.select("cheetah"), game.message  # doctest: +NORMALIZE_WHITESPACE
(False, 'The cheetah cannot be played: The cheetah may not be placed next to a predator —
 the rightmost card is a jackal.')
>>> game.play(), game.message_is_error
(False, True)
>>> game.select("oxpecker"), game.message
(True, 'The oxpecker can be played. It would kill termite.')
>>> game.play(), game.state.kill_pile(0)
(True, ('termite#1',))
>>> game.undo(), game.state.kill_pile(0)
(True, ())
"""

from __future__ import annotations

from typing import Any

import param

from engines import Event, IllegalAction
from engines.savannah import (
    Discard,
    Drew,
    GameOver,
    Move,
    Play,
    State,
    Steal,
    name_of,
    new_game,
)
from engines.text import and_list, won

from ..core import (
    BOT_KINDS,
    SAVE_VERSION,
    GameModel,
    iterations_for,
    read_flag,
    seats,
)
from .game_file import read_game, replay_moves, shuffle_pile, turn_records
from .options import MAX_SEATS, SavannahOptions
from .turns import Turn, player_name, preview_text

SAVE_FORMAT = "cole-panel/on-the-savannah"

__all__ = [
    "MAX_SEATS",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "SavannahModel",
    "Turn",
    "mcts_iterations",
    "player_name",
]


mcts_iterations = iterations_for("savannah")


@seats(*(player_name(p) for p in range(MAX_SEATS)), defaults=("Human",) + ("Greedy",) * 4)
class SavannahModel(GameModel, SavannahOptions):
    """An On the Savannah game with its options, seats, history and messages."""

    game = "savannah"
    save_format = SAVE_FORMAT
    title = "On the Savannah"

    # ---------------------------------------------------------------- seats
    seed = param.Integer(
        default=None,
        allow_None=True,
        bounds=(0, 2**32 - 1),
        doc=("Shuffle seed of the next new game, also seeding the bots (None: a fresh one)."),
    )
    undo_limit = param.Integer(
        default=1,
        allow_None=True,
        bounds=(0, None),
        doc=(
            "How many of your turns Undo may take back in a row (with the bots' replies after "
            "them); the draw pile is shuffled again after each, so an undo never tells you "
            "your next card."
        ),
    )
    hide_hands = param.Boolean(
        default=True,
        doc=(
            "With several people at one device, cover the hands between their turns ('pass the "
            "device to Player N')."
        ),
    )

    # ---------------------------------------------------------------- the game
    state = param.ClassSelector(
        class_=State, doc=("The live position; replaced by a new object on every change.")
    )
    start = param.ClassSelector(class_=State, doc="The position the game started from.")
    history = param.List(default=[], item_type=Turn, doc="The moves played, oldest first.")
    future = param.List(
        default=[], item_type=Turn, doc=("Moves undone and not yet redone, next one first.")
    )
    events = param.List(default=[], doc="The events of the last move (or of the last redo).")
    selected = param.String(
        default=None, allow_None=True, doc=("The card id chosen in the hand shown, or None.")
    )
    shuffles = param.List(
        default=[],
        item_type=int,
        doc=(
            "The moves kept at each shuffle of the draw pile after an undo, in order: with the "
            "start's seed and the moves they rebuild the game (see cole_panel.savannah.link)."
        ),
    )
    revealed = param.Integer(
        default=None,
        allow_None=True,
        bounds=(0, MAX_SEATS - 1),
        doc=("With hidden hands: the seat that has uncovered its hand at the device, or None."),
    )

    def _set_up(self, state: State) -> None:
        self.adopt(state.clone(), [], [], "Position set up.")

    @classmethod
    def from_state(cls, state: State, **params: Any) -> SavannahModel:
        """A model whose game starts at ``state`` (a position built with ``make_state``).

        The options follow the state's rules; every seat defaults to a person.
        """
        seats = {f"seat{p}": "Human" for p in range(MAX_SEATS)}
        return cls(state=state, **{**seats, **params})

    # ---------------------------------------------------------------- reading
    @property
    def hot_seat(self) -> bool:
        """Whether hands are covered between turns (several people share the device)."""
        return self.hide_hands and len(self.humans) > 1

    @property
    def hand_owner(self) -> int | None:
        """Whose hand the page shows: the only person's; in hot-seat play the seat that has
        uncovered it; with bots only, the player to move (spectating); None: covered."""
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        if not humans:
            p = self.state.current_player
            return p if p is not None else None
        if self.hot_seat:
            return self.revealed
        p = self.state.current_player
        if p is not None and p in humans:
            return p
        return (
            self.history[-1].player
            if self.history and self.history[-1].player in humans
            else humans[0]
        )

    @property
    def known_hands(self) -> frozenset[int]:
        """The players whose hands this page may count in the score: every one once the game
        is over or with no person at the table (bots only, the page shows each mover's
        hand); in hot-seat play the hand uncovered; else the hands of the people here."""
        players = range(self.player_count)
        if self.state.is_over or not self.humans:
            return frozenset(players)
        if self.hot_seat:
            return frozenset() if self.revealed is None else frozenset({self.revealed})
        return frozenset(self.humans)

    @property
    def waiting_for(self) -> int | None:
        """In hot-seat play, the person who must take the device now, or None."""
        p = self.state.current_player
        if not self.hot_seat or p is None or self.seat(p) != "Human" or self.revealed == p:
            return None
        return p

    def hand_cards(self) -> tuple[str, ...]:
        """The cards of the hand shown (empty while covered)."""
        owner = self.hand_owner
        return () if owner is None else self.state.hand(owner)

    @property
    def must_discard(self) -> bool:
        """Whether the player to move can play none of her cards (so discards one)."""
        legal = self.state.legal_actions()
        return bool(legal) and all(isinstance(m, Discard) for m in legal)

    @property
    def must_steal(self) -> bool:
        """Whether the player to move must now take a card from another kill pile."""
        return self.state.pending_steal is not None and not self.state.is_over

    def why_unplayable(self, card: str) -> str | None:
        """The rule sentence that forbids playing ``card`` now (None: it can be played)."""
        return self.state.why_unplayable(card)

    def blocker(self, card: str) -> int | None:
        """The row index of the card that forbids playing ``card`` (by the first placement
        restriction it breaks), or None.  The engine names the rule in a sentence
        (:meth:`why_unplayable`); this points at the card, using the card's own restrictions."""
        row = self.state.row
        n = len(row)
        for rule in self.state.card(card).placement:
            k = rule.position
            if n >= k and rule.forbids(self.state.card(row[n - k])):
                return n - k
        return None

    def preview(self, card: str) -> list[Event]:
        """What playing ``card`` would do now (on a copy; [] if it cannot be played)."""
        if self.state.is_over or self.state.why_unplayable(card) is not None:
            return []
        return self.state.clone().apply(Play(card))

    @property
    def outcome_text(self) -> str:
        """Who won and with how many points, or '' while the game runs."""
        state = self.state
        if not state.is_over:
            return ""
        for turn in reversed(self.history):
            over = [e for e in turn.events if isinstance(e, GameOver)]
            if over:
                return over[-1].describe()
        winners = state.winners
        totals = state.totals()
        who = and_list([player_name(p) for p in winners])
        return "Game over: " + won(who, len(winners) > 1, totals[winners[0]])

    def turn_number(self, index: int) -> int:
        """The turn (from 1) that move ``index`` of :attr:`history` belongs to: a steal is
        part of the turn of the play before it."""
        history = self.history[: index + 1]
        return sum(1 for t in history if not isinstance(t.move, Steal))

    @property
    def move_labels(self) -> list[str]:
        """'Player 1 played a zebra', … one per move played."""
        return [t.label for t in self.history]

    def score_rows(self) -> list[dict[str, Any]]:
        """The score sheet as rows for a table: player, category, points, why, cards."""
        return [
            dict(
                player=player_name(line.player),
                seat=line.player,
                category=line.category,
                points=line.points,
                why=line.note,
                cards=list(line.cells),
            )
            for line in self.state.score_sheet()
        ]

    # ---------------------------------------------------------------- choosing a card
    def _card_in_hand(self, card: str, hand: tuple[str, ...]) -> str | None:
        if card in hand:
            return card
        if "#" not in card:
            return next((c for c in hand if name_of(c) == card), None)
        return None

    def select(self, card: str | None) -> bool:
        """Choose a card of the hand shown (an id or a name; None clears the choice).

        The message says whether it can be played and, if not, the rule that forbids it.
        Returns whether it can be played (or discarded, when nothing can be played).
        """
        if card is None:
            self.selected = None
            return False
        hand = self.hand_cards()
        cid = self._card_in_hand(card, hand)
        if cid is None:
            owner = self.hand_owner
            whose = "the hand shown" if owner is None else f"{player_name(owner)}'s hand"
            return self.refuse(f"There is no {name_of(card)} in {whose}.")
        state = self.state
        mover = state.current_player
        name = name_of(cid)
        if state.is_over:
            text, ok = "The game is over.", False
        elif self.hand_owner != mover:
            text, ok = f"It is {player_name(mover)}'s turn, not yours.", False
        elif self.must_steal:
            text, ok = (
                (
                    "First take a card from another player's kill pile for the "
                    f"{name_of(state.pending_steal)}'s kill."
                ),
                False,
            )
        elif self.must_discard:
            text, ok = (
                (
                    f"None of your cards can be played, so one must be discarded: "
                    f"discard the {name}?"
                ),
                True,
            )
        else:
            reason = state.why_unplayable(cid)
            ok = reason is None
            text = (
                f"The {name} can be played. " + preview_text(self.preview(cid))
                if ok
                else f"The {name} cannot be played: {reason}"
            )
        self.param.update(selected=cid, message=text.strip(), message_is_error=not ok)
        return ok

    # ---------------------------------------------------------------- playing
    def _to_move(self, action: Move | str | None) -> Move | str:
        """The move meant by ``action``, or a sentence saying why there is none."""
        if isinstance(action, (Play, Discard, Steal)):
            return action
        state = self.state
        if action is None:
            if self.selected is None:
                return "Choose a card from your hand first."
            action = self.selected
        if not isinstance(action, str):
            return f"{action!r} is not a move: give a card id such as 'zebra#2'."
        p = state.current_player
        if self.must_steal:
            if "#" in action:
                return Steal(action)
            pool = [m.card for m in state.legal_actions() if name_of(m.card) == action]
            return Steal(pool[0]) if pool else f"There is no {action} to take."
        cid = self._card_in_hand(action, state.hand(p)) or action
        if self.must_discard:
            return Discard(cid)
        return Play(cid)

    def play(self, action: Move | str | None = None) -> bool:
        """The player to move makes a move: a ``Play``/``Discard``/``Steal``, a card id or name
        (played if it can be, discarded when nothing can be, taken while a steal is due), or
        None for the card chosen with :meth:`select`.

        Returns whether the move was made; a refusal changes nothing but :attr:`message`,
        which then holds the rule's sentence.
        """
        state = self.state
        if state.is_over:
            return self.refuse(f"The game is over. {self.outcome_text}")
        move = self._to_move(action)
        if isinstance(move, str):
            return self.refuse(move)
        new = state.clone()
        try:
            events = new.apply(move)
        except IllegalAction as err:
            return self.refuse(str(err))
        turn = Turn.record(state, move, events, new)
        self._commit([*self.history, turn], [], turn)
        return True

    def human_play(self, action: Move | str | None = None) -> bool:
        """What the page's Play button does: play only if a person may move now."""
        p = self.state.current_player
        if p is not None and self.seat(p) != "Human":
            return self.refuse(
                f"It is {player_name(p)}'s turn, and the {self.seat(p)} bot "
                f"plays {player_name(p)}; wait for its move."
            )
        if self.waiting_for is not None:
            return self.refuse(f"Pass the device to {player_name(p)}: their hand is covered.")
        return self.play(action)

    def _commit(self, history: list[Turn], future: list[Turn], turn: Turn) -> None:
        revealed = self.revealed
        if (
            self.hot_seat
            and self.seat(turn.player) == "Human"
            and turn.state.current_player != turn.player
        ):
            revealed = None  # the next person must not see this hand
        self.param.update(
            state=turn.state,
            history=history,
            future=future,
            events=list(turn.events),
            selected=None,
            revealed=revealed,
            message=turn.describe(),
            message_is_error=False,
        )

    def reveal(self, player: int | None = None) -> bool:
        """Uncover the hand of the person to move (the "I am Player N" button)."""
        p = self.state.current_player if player is None else player
        if p is None or self.seat(p) != "Human":
            return self.refuse("Only a person to move can uncover their hand.")
        self.param.update(
            revealed=p,
            selected=None,
            message_is_error=False,
            message=f"{player_name(p)}'s hand is shown.",
        )
        return True

    def _continues_previous(self, turn: Turn) -> bool:
        return isinstance(turn.move, Steal)  # a steal belongs to the play before it

    def undo(self) -> bool:
        """Take back your last turn (see :meth:`GameModel.undo` and the fair-undo rule)."""
        shuffles = len(self.shuffles)
        if not super().undo():
            return False
        if len(self.shuffles) > shuffles:
            self.message += (
                " The draw pile was shuffled again: the card you saw drawn may not come next."
            )
        return True

    def _undo_refusal(self, history: list[Turn], taken: list[Turn]) -> str | None:
        landing = history[-1].state if history else self.start
        drew = any(isinstance(e, Drew) for t in taken for e in t.events)
        if drew and landing.pile_size == 1:
            return (
                "Your turn stands: you have seen the card drawn, and with one card left in "
                "the draw pile no shuffle could hide it again."
            )
        return None

    def _hide_unseen(self, history: list[Turn], future: list[Turn]) -> dict[str, Any]:
        """Shuffle the draw pile again when the undone turns drew from it, so the card seen
        is no longer the next one: the start's undrawn cards are shuffled and the kept turns
        replayed (a save still replays to the live position).  Redo replays the same moves,
        drawing from the shuffled pile."""
        drew = any(isinstance(e, Drew) for t in future for e in t.events)
        if not drew:
            return {}
        landing = history[-1].state if history else self.start
        unseen = list(landing.pile)
        if list(self.start.pile[: len(unseen)]) != unseen:
            return {}  # a position set up by hand: its pile is not the start's
        shuffles = [*self.shuffles, len(history)]
        start = shuffle_pile(self.start, len(unseen), len(shuffles))
        kept = replay_moves(start, [t.move for t in history])
        live = kept[-1].state if kept else start
        return {
            "start": start,
            "history": kept,
            "future": replay_moves(live, future),
            "shuffles": shuffles,
        }

    def _jump_updates(self, state: State) -> dict[str, Any]:
        p = state.current_player
        return {
            "selected": None,
            "revealed": p if p is not None and self.seat(p) == "Human" else None,
        }

    def new_game(self) -> bool:
        """Start a new game with the current options (seats are kept)."""
        try:
            rules = self.rules
        except ValueError as err:
            return self.refuse(f"Cannot start that game: {err}.")
        state = new_game(rules, seed=self.seed)
        message = (
            f"New game for {rules.players} players: {player_name(state.current_player)} "
            f"starts. {state.pile_size} cards in the draw pile; the game ends when the last "
            "one is drawn."
        )
        self.show_new_game(state, message, shuffles=[], selected=None, revealed=None)
        return True

    def adopt(
        self, start: State, history: list[Turn], future: list[Turn], message: str, **updates: Any
    ) -> None:
        """Show the game from ``start`` through ``history`` (``future`` to redo), saying
        ``message``; ``updates`` are set with it (e.g. ``shuffles``, ``hide_hands``)."""
        self.bot_shelf.clear()
        updates.setdefault("shuffles", [])
        self.show_history(
            start,
            history,
            future,
            **self.options_from(start.rules),
            selected=None,
            revealed=None,
            message=message,
            message_is_error=False,
            **updates,
        )

    # ---------------------------------------------------------------- bots
    def bot_move(self) -> bool:
        """Let the mover's bot (the Greedy bot when a person sits there) make one move."""
        if self.state.is_over:
            return self.refuse(f"The game is over. {self.outcome_text}")
        return self.play(self.bot_choice())

    def play_out(self, kind: str = "Greedy") -> int:
        """Let bots of ``kind`` finish the game for every seat; returns the moves made."""
        if kind not in BOT_KINDS:
            raise ValueError(f"{kind!r} is not a bot kind (Random, Greedy, MCTS)")
        history, state, turn = list(self.history), self.state, None
        while not state.is_over:
            move = self.bot_for(state.current_player, kind).choose(state.clone())
            new = state.clone()
            events = new.apply(move)
            turn = Turn.record(state, move, events, new)
            history.append(turn)
            state = new
        if turn is None:
            self.refuse("The game is already over.")
            return 0
        made = len(history) - len(self.history)
        self._commit(history, [], turn)
        self.message = f"The {kind} bot played the last {made} moves. {self.outcome_text}"
        return made

    # ---------------------------------------------------------------- saving
    def _save_fields(self) -> dict[str, Any]:
        return {
            "hide_hands": self.hide_hands,
            "start": self.start.to_dict(),
            "moves": turn_records(self.history),
            "redo": turn_records(self.future),
            "state": self.state.to_dict(),
        }

    def _save_checks(self) -> dict[str, Any]:
        return {"required": self.MOVES_SAVED}

    def _read_fields(self, data: dict[str, Any]) -> tuple[int, Any]:
        start, history, future = read_game(data)
        hide = read_flag(data, "hide_hands", True)

        def adopt() -> str:
            state = history[-1].state if history else start
            message = f"Loaded a game of {len(history)} moves; {self.to_move_text(state)}"
            self.adopt(start, history, future, message, hide_hands=hide)
            return message

        return start.players, adopt
