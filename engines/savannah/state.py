"""The full game: :class:`State` (moves in :mod:`.moves`, new games in :mod:`.setup`).

>>> from engines.savannah import Rules, Play, new_game, make_state
>>> state = new_game(Rules(players=2), seed=7)
>>> len(state.row), len(state.hand(0)), state.pile_size, state.current_player
(6, 3, 52, 0)
>>> events = state.apply(state.legal_actions()[0])
>>> events[0].kind, events[-1].kind, state.current_player
('played', 'row_closed', 1)

A hand-built position (row names left to right; ``@seat`` puts that seat's token on a card):

>>> state = make_state(row=["zebra", "impala@1", "termite@1"], hands=[["lion"], ["hyena"]])
>>> [e.describe() for e in state.apply(Play("lion#1"))][:4]  # doctest: +NORMALIZE_WHITESPACE
['Player 1 played a lion with a token.',
 "Player 1's lion: discards every card left of the 8th card from the right — no card is that far.",
 "Player 1's lion: kill ungulates of level 3 or lower among the 3 rightmost cards — reaches termite, impala and zebra; hits impala and zebra.",
 "Player 1's lion killed Player 2's impala."]
>>> state.kill_pile(0)
('impala#1', 'zebra#1')
"""

from __future__ import annotations

import random
from typing import Any

from engines import Event, Events, IllegalAction
from engines.protocol import BaseState, Outcome

from ..saves import header
from . import events as ev
from . import saves
from .cards import Card, name_of
from .deck import PlayDeck, deck_index, default_deck, play_deck
from .drawing import TablePicture
from .events import player_name
from .moves import Discard, Move, Play, Steal, move_from_dict, move_to_dict, parse_move
from .observation import Observation
from .resolving import RowZones
from .row import placement_allowed, placement_problem, regroup
from .rules import Rules
from .scoring import Scoring
from .vocabulary import StealOnKill

__all__ = [
    "Play",
    "Discard",
    "Steal",
    "Move",
    "Observation",
    "State",
    "default_deck",
    "deck_index",
    "move_to_dict",
    "move_from_dict",
]


# ---------------------------------------------------------------------------- state


class State(BaseState, Scoring, TablePicture):
    """One game of On the Savannah in progress.

    Zones hold card ids (``'zebra#2'``): the draw pile, one hand per player, the row (the
    savannah, left to right), one kill pile per player and the discard pile; together they hold
    all 64 cards exactly once.  A row card may bear one player's token.
    """

    __slots__ = (
        "rules",
        "_deck",
        "_pile",
        "_hands",
        "_row",
        "_tokens",
        "_tokens_left",
        "_kills",
        "_discard",
        "_current",
        "_turn",
        "_pending",
        "_pending_card",
        "_over",
        "seed",
    )

    def __init__(self, rules: Rules, deck: PlayDeck):
        self.rules = rules
        """The options of this game."""
        self._deck = deck
        self._pile: list[str] = []
        self._hands: list[list[str]] = [[] for _ in range(rules.players)]
        self._row: list[str] = []
        self._tokens: dict[str, int] = {}
        self._tokens_left = [rules.tokens] * rules.players
        self._kills: list[list[str]] = [[] for _ in range(rules.players)]
        self._discard: list[str] = []
        self._current = rules.first_player
        self._turn = 0
        self._pending = 0
        self._pending_card: str | None = None
        self._over = False
        self.seed: int | None = None
        """The shuffle seed of :func:`new_game` (None for a hand-built state)."""

    # ------------------------------------------------------------------ reading

    @property
    def players(self) -> int:
        """Number of players."""
        return self.rules.players

    @property
    def cards(self) -> tuple[Card, ...]:
        """The deck's distinct cards."""
        return self._deck.cards

    def card(self, card_id: str) -> Card:
        """The card of an id (KeyError for an unknown id)."""
        return self._deck.by_id[card_id]

    def big_five(self) -> tuple[str, ...]:
        """The names of the deck's Big Five (empty for a deck without them)."""
        return self._deck.big_five

    @property
    def row(self) -> tuple[str, ...]:
        """The savannah, left to right."""
        return tuple(self._row)

    def token_on(self, card_id: str) -> int | None:
        """The seat whose token is on a row card, or None."""
        return self._tokens.get(card_id)

    def hand(self, player: int) -> tuple[str, ...]:
        """A player's hand (hidden information: bots use :meth:`observation`)."""
        return tuple(self._hands[player])

    def kill_pile(self, player: int) -> tuple[str, ...]:
        """A player's kill pile, in the order the cards arrived."""
        return tuple(self._kills[player])

    def tokens_left(self, player: int) -> int:
        """Tokens a player has in reserve."""
        return self._tokens_left[player]

    @property
    def discard_pile(self) -> tuple[str, ...]:
        """The discard pile, oldest first."""
        return tuple(self._discard)

    @property
    def pile_size(self) -> int:
        """Cards left in the draw pile."""
        return len(self._pile)

    @property
    def pile(self) -> tuple[str, ...]:
        """The draw pile, the next card to be drawn LAST (hidden information)."""
        return tuple(self._pile)

    @property
    def turn(self) -> int:
        """Turns completed so far."""
        return self._turn

    @property
    def current_player(self) -> int | None:
        """Whose turn it is; None when the game is over."""
        return None if self._over else self._current

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._over

    @property
    def pending_steal(self) -> str | None:
        """The scavenger whose kill the current player must now steal for, or None."""
        return self._pending_card if self._pending else None

    @property
    def outcome(self) -> Outcome | None:
        """None while running; then the seats with the highest total (after the tie-break)."""
        if not self._over:
            return None
        totals = self.totals()
        return Outcome(tuple(self.winners_for(totals)), "game_end", tuple(totals))

    def observation(self, player: int) -> Observation:
        """What ``player`` sees; bots decide from this only."""
        return Observation(
            player=player,
            rules=self.rules,
            cards=self._deck.cards,
            hand=tuple(self._hands[player]),
            hand_sizes=tuple(len(h) for h in self._hands),
            row=tuple(self._row),
            tokens=tuple(self._tokens.get(c) for c in self._row),
            tokens_left=tuple(self._tokens_left),
            kill_piles=tuple(map(tuple, self._kills)),
            discard_pile=tuple(self._discard),
            pile_size=len(self._pile),
            current_player=self.current_player,
            pending_steals=self._pending,
            pending_card=self._pending_card,
            turn=self._turn,
            is_over=self._over,
        )

    # ------------------------------------------------------------------ legality

    def _steal_choices(self, player: int) -> list[str]:
        return [c for q in range(self.rules.players) if q != player for c in self._kills[q]]

    def _play_problem(self, card_id: str) -> str | None:
        p = self._current
        if self.rules.no_token == "discard" and not self._tokens_left[p]:
            return f"{player_name(p)} has no tokens left, so can only discard."
        return placement_problem(self._deck.by_id[card_id], self._row, self._deck.by_id)

    def why_unplayable(self, card_id: str) -> str | None:
        """The rule sentence that forbids playing ``card_id`` now, or None if it can be played."""
        return self.why_illegal(Play(card_id))

    def why_illegal(self, move: Any) -> str | None:
        """Why ``move`` is not allowed now (one sentence), or None if it is legal."""
        if self._over:
            return "The game is over."
        if not isinstance(move, (Play, Discard, Steal)):
            return f"{move!r} is not a move in On the Savannah."
        p = self._current
        who = player_name(p)
        if self._pending:
            if not isinstance(move, Steal):
                return (
                    f"{who} must first take a card from another player's kill pile for "
                    f"the {name_of(self._pending_card)}'s kill."
                )
            if move.card not in self._steal_choices(p):
                return (
                    f"There is no {name_of(move.card)} ({move.card}) in another player's kill pile."
                )
            return None
        if isinstance(move, Steal):
            return "There is nothing to steal now: only a scavenger's kill lets you take a card."
        hand = self._hands[p]
        if move.card not in hand:
            number = f" ({move.card})" if "#" in move.card else ""
            return f"The {name_of(move.card)}{number} is not in {who}'s hand."
        if isinstance(move, Play):
            return self._play_problem(move.card)
        for other in hand:
            if self._play_problem(other) is None:
                return (
                    f"{who} may only discard when no card can be played, and the "
                    f"{name_of(other)} can be played."
                )
        return None

    def legal_actions(self) -> list[Move]:
        """Every legal move: plays of playable cards, else discards; steals while one is due."""
        if self._over:
            return []
        p = self._current
        if self._pending:
            return [Steal(c) for c in self._steal_choices(p)]
        hand = self._hands[p]
        if self.rules.no_token == "discard" and not self._tokens_left[p]:
            return [Discard(c) for c in hand]
        row, by_id = self._row, self._deck.by_id
        plays = [Play(c) for c in hand if placement_allowed(by_id[c], row, by_id)]
        return plays or [Discard(c) for c in hand]

    # ------------------------------------------------------------------ playing

    def apply(self, move: Move) -> list[Event]:
        """Make a move and return what happened, in order; IllegalAction changes nothing."""
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalAction(reason)
        events = Events()
        self._make(move, events)
        return events

    def apply_quiet(self, move: Move) -> None:
        """Make a move known to be legal, building no events (for search: the same position as
        :meth:`apply`, without the legality check or the sentences).  An illegal move here
        leaves the state undefined; use :meth:`apply` for moves from outside."""
        self._make(move, None)

    def _make(self, move: Move, events: list[Event] | None) -> None:
        """Make a legal move, telling ``events`` what happened unless it is None."""
        if isinstance(move, Steal):
            self._steal(move.card, events)
            self._resolve_steals(events)
        elif isinstance(move, Discard):
            p = self._current
            self._hands[p].remove(move.card)
            self._discard.append(move.card)
            if events is not None:
                events.append(ev.Discarded(p, move.card, "no card in hand can be played"))
        else:
            self._play(move.card, events)
        if not self._pending:
            self._end_turn(events)

    def _play(self, cid: str, events: list[Event] | None) -> None:
        rules, by_id = self.rules, self._deck.by_id
        p = self._current
        card = by_id[cid]
        self._hands[p].remove(cid)
        n = len(self._row)
        work: list[str | None] = [*self._row, cid]
        has_token = self._tokens_left[p] > 0
        if has_token:
            self._tokens_left[p] -= 1
            self._tokens[cid] = p
        if events is not None:
            events.append(ev.Played(p, cid, n, has_token))
        m = n + 1 if rules.count_played_card else n  # length of the counting row
        zones = RowZones(
            rules, by_id, p, self._tokens, self._tokens_left, self._kills, self._discard
        )
        kills = zones.effects(cid, work, n, m, events)
        kills += zones.hunts(cid, work, n, m, events)
        self._row = [c for c in work if c is not None]
        if kills and any(isinstance(e, StealOnKill) for e in card.effects):
            self._pending = kills if rules.steal_per_kill else 1
            self._pending_card = cid
            if not self._steal_choices(p):
                if events is not None:
                    events.append(ev.NothingToSteal(p, cid))
                self._pending = 0
            self._resolve_steals(events)

    def _steal(self, cid: str, events: list[Event] | None) -> None:
        p = self._current
        victim = next(q for q in range(self.rules.players) if cid in self._kills[q])
        self._kills[victim].remove(cid)
        self._kills[p].append(cid)
        self._pending -= 1
        if events is not None:
            events.append(ev.Stole(p, cid, victim, self._pending_card))

    def _resolve_steals(self, events: list[Event] | None) -> None:
        """Take automatic steals, or announce the choice; stops when none is due."""
        p = self._current
        while self._pending:
            choices = self._steal_choices(p)
            if not choices:
                self._pending = 0
            elif self.rules.steal == "richest":
                self._steal(self._richest_card(p), events)
            else:
                if events is not None:
                    events.append(ev.StealPending(p, self._pending_card, tuple(choices)))
                return
        self._pending_card = None

    def _richest_card(self, player: int) -> str:
        """The highest-level card (first in pile order) of the other player with the most
        kill-pile points (ties: the next seat after ``player`` first)."""
        by_id = self._deck.by_id
        best = None
        for step in range(1, self.rules.players):
            q = (player + step) % self.rules.players
            if not self._kills[q]:
                continue
            value = sum(by_id[c].points.killed for c in self._kills[q])
            if best is None or value > best[0]:
                best = (value, q)
        pile = self._kills[best[1]]
        return max(pile, key=lambda c: by_id[c].level)

    def _end_turn(self, events: list[Event] | None) -> None:
        p = self._current
        if self._pile:
            drawn = self._pile.pop()
            self._hands[p].append(drawn)
            if events is not None:
                events.append(ev.Drew(p, drawn, len(self._pile)))
        new_row, moves = regroup(self._row, self._deck.by_id)
        if events is not None:
            for group, level, moved, anchor in moves:
                events.append(ev.Regrouped(group, level, moved, anchor))
            events.append(ev.RowClosed(tuple(new_row)))
        self._row = new_row
        self._turn += 1
        nxt = (p + 1) % self.rules.players
        if not self._pile and (
            not self.rules.equal_turns or nxt == self.rules.first_player or not self._hands[nxt]
        ):
            self._over = True
            if events is not None:
                totals = self.totals()
                events.append(ev.GameOver(tuple(totals), tuple(self.winners_for(totals))))
        self._current = nxt

    # ------------------------------------------------------------------ copying, saving

    def clone(self) -> State:
        """An independent copy."""
        new = State.__new__(State)
        new.rules = self.rules
        new._deck = self._deck
        new._pile = self._pile[:]
        new._hands = [h[:] for h in self._hands]
        new._row = self._row[:]
        new._tokens = dict(self._tokens)
        new._tokens_left = self._tokens_left[:]
        new._kills = [k[:] for k in self._kills]
        new._discard = self._discard[:]
        new._current = self._current
        new._turn = self._turn
        new._pending = self._pending
        new._pending_card = self._pending_card
        new._over = self._over
        new.seed = self.seed
        return new

    def to_dict(self) -> dict[str, Any]:
        """Versioned JSON-safe form (the draw pile's next card is its LAST entry)."""
        return {
            **header(saves.GAME),
            "rules": self.rules.to_dict(),
            "deck": None if self._deck.is_default else [c.to_data() for c in self._deck.cards],
            "seed": self.seed,
            "turn": self._turn,
            "current": self._current,
            "over": self._over,
            "pending": (
                {"card": self._pending_card, "count": self._pending} if self._pending else None
            ),
            "row": list(self._row),
            "tokens": {c: self._tokens[c] for c in self._row if c in self._tokens},
            "tokens_left": list(self._tokens_left),
            "hands": [list(h) for h in self._hands],
            "pile": list(self._pile),
            "kills": [list(k) for k in self._kills],
            "discard": list(self._discard),
        }

    @classmethod
    def from_dict(cls, data: Any) -> State:
        """Rebuild from :meth:`to_dict`'s form, checking everything; ValueError names the field."""
        parts = saves.read(data)
        state = cls._with(**parts)
        if state._pending and not state._steal_choices(state._current):
            raise ValueError("field 'pending': there is no card to steal")
        return state

    @classmethod
    def dealt(cls, rules: Rules, deck: PlayDeck, order: list[str], seed: int | None) -> State:
        """A new game: ``hand_size`` cards to each player, then ``start_row`` face up, from the
        end of ``order`` (the shuffled card ids); the rest is the pile."""
        ids = list(order)
        hands = [[ids.pop() for _ in range(rules.hand_size)] for _ in range(rules.players)]
        row = [ids.pop() for _ in range(rules.start_row)]
        return cls._with(rules, deck, seed, hands=hands, row=row, pile=ids)

    @classmethod
    def from_observation(cls, obs: Observation, rng: random.Random) -> State:
        """A full state consistent with ``obs``: the unseen cards shuffled into the other hands
        and the pile.  Reads nothing but the observation (for search bots)."""
        deck = play_deck(obs.cards)
        known = set(obs.hand).union(obs.row, obs.discard_pile, *obs.kill_piles)
        unseen = [c for c in deck.ids if c not in known]
        rng.shuffle(unseen)
        hands = [
            list(obs.hand) if q == obs.player else [unseen.pop() for _ in range(size)]
            for q, size in enumerate(obs.hand_sizes)
        ]
        return cls._with(
            obs.rules,
            deck,
            hands=hands,
            pile=unseen,
            row=list(obs.row),
            tokens={c: q for c, q in zip(obs.row, obs.tokens, strict=True) if q is not None},
            tokens_left=list(obs.tokens_left),
            kills=[list(k) for k in obs.kill_piles],
            discard=list(obs.discard_pile),
            current=obs.player if obs.current_player is None else obs.current_player,
            turn=obs.turn,
            pending=obs.pending_steals,
            pending_card=obs.pending_card,
            over=obs.is_over,
        )

    @classmethod
    def _with(cls, rules: Rules, deck: PlayDeck, seed: int | None = None, **fields: Any) -> State:
        """A state of ``rules`` and ``deck`` whose named fields (``row``, ``hands``…, the slot
        names without their underscore) are given; the others as at the start."""
        state = cls(rules, deck)
        state.seed = seed
        for name, value in fields.items():
            setattr(state, "_" + name, value)
        return state

    # ------------------------------------------------------------------ protocol

    def action_to_str(self, move: Move) -> str:
        """``"play zebra#2"``, ``"discard zebra#2"`` or ``"steal zebra#2"``."""
        return str(move)

    def parse_action(self, text: str) -> Move:
        """The move :meth:`action_to_str` wrote, or one naming a card without its number
        (``"play zebra"``: the mover's zebra; ``"steal zebra"``: one she may steal);
        ``ValueError`` with a sentence otherwise.

        >>> from engines.savannah import make_state
        >>> make_state(row=["zebra"], hands=[["lion", "hyena"], []]).parse_action("Play lion")
        Play(card='lion#1')
        """
        return parse_move(text, None if self._over else self._held)

    def _held(self, kind: str) -> list[str]:
        """The card ids a bare card name in a ``kind`` move may stand for."""
        mover = self._current
        return self._steal_choices(mover) if kind == "steal" else self._hands[mover]

    def determinize(self, player: int, rng: random.Random) -> State:
        """A full state consistent with ``player``'s :meth:`observation`, hidden cards from ``rng``."""
        return self.from_observation(self.observation(player), rng)

    def __repr__(self) -> str:
        status = "over" if self._over else f"{player_name(self._current)} to move"
        return (
            f"<savannah State: {self.rules.players} players, turn {self._turn}, {status}, "
            f"row {len(self._row)}, pile {len(self._pile)}>"
        )
