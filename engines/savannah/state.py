"""The full game: :class:`State`, the moves :class:`Play`, :class:`Discard`, :class:`Steal`.

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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engines import Event, IllegalAction, ScoreLine, ScoreSheet

from .cards import Card, card_ids, check_deck, load_deck, name_of
from .events import (
    Discarded,
    Drew,
    EffectResolved,
    GameOver,
    Hunted,
    Killed,
    NothingToSteal,
    Played,
    Regrouped,
    RowClosed,
    RowDiscarded,
    Scared,
    StealPending,
    Stole,
    TokenReturned,
    player_name,
)
from .row import condition_holds, placement_problem, regroup
from .rules import Rules
from .vocabulary import DiscardLeftOf, KillAll, StealOnKill, Verb

__all__ = [
    "Play",
    "Discard",
    "Steal",
    "Move",
    "Observation",
    "State",
    "new_game",
    "replay",
    "make_state",
    "determinize",
    "default_deck",
    "deck_index",
    "move_to_dict",
    "move_from_dict",
]

FORMAT_VERSION = 1


# ---------------------------------------------------------------------------- moves


@dataclass(frozen=True)
class Play:
    """Play a card from hand at the right end of the row."""

    card: str
    """The card id, e.g. ``'zebra#2'``."""


@dataclass(frozen=True)
class Discard:
    """Put a card from hand on the discard pile (only when no card in hand can be played)."""

    card: str
    """The card id."""


@dataclass(frozen=True)
class Steal:
    """After a scavenger's kill: take this card from another player's kill pile."""

    card: str
    """The card id, in another player's kill pile."""


Move = Play | Discard | Steal
"""Any move a player makes."""

_MOVES = {"play": Play, "discard": Discard, "steal": Steal}


def move_to_dict(move: Move) -> dict[str, str]:
    """``Play('zebra#2') -> {'type': 'play', 'card': 'zebra#2'}``."""
    return {"type": type(move).__name__.lower(), "card": move.card}


def move_from_dict(data: Any) -> Move:
    """Read :func:`move_to_dict`'s form; ValueError names a bad field."""
    if not isinstance(data, dict):
        raise ValueError("a move must be a table with 'type' and 'card'")
    kind = data.get("type")
    if kind not in _MOVES:
        raise ValueError(f"move field 'type': {kind!r} is not one of play, discard, steal")
    card = data.get("card")
    if not isinstance(card, str):
        raise ValueError(f"move field 'card': {card!r} is not a card id")
    return _MOVES[kind](card)


# ---------------------------------------------------------------------------- deck


class _Deck:
    """The cards of one game, indexed for speed (shared by clones)."""

    __slots__ = ("cards", "by_id", "ids", "big_five", "is_default")

    def __init__(self, cards: Sequence[Card], is_default: bool = False):
        self.cards = tuple(cards)
        self.ids = tuple(card_ids(list(self.cards)))
        self.by_id = {cid: card for card in self.cards for cid in card.ids()}
        self.big_five = tuple(c.name for c in self.cards if c.big_five)
        self.is_default = is_default


_DEFAULT: list[_Deck] = []  # filled once; holds only immutable data


def _default_deck() -> _Deck:
    if not _DEFAULT:
        _DEFAULT.append(_Deck(load_deck(), is_default=True))
    return _DEFAULT[0]


def default_deck() -> tuple[Card, ...]:
    """The packaged deck (loaded once)."""
    return _default_deck().cards


def deck_index(cards: Sequence[Card]) -> dict[str, Card]:
    """Map every card id of a deck to its card."""
    return {cid: card for card in cards for cid in card.ids()}


def _deck_for(cards: Sequence[Card] | None) -> _Deck:
    default = _default_deck()
    if cards is None or tuple(cards) == default.cards:
        return default
    check_deck(list(cards))
    return _Deck(cards)


# ---------------------------------------------------------------------------- observation


@dataclass(frozen=True)
class Observation:
    """What one player sees: her own hand and everything public (for bots)."""

    player: int
    """Whose view this is."""
    rules: Rules
    """The options."""
    cards: tuple[Card, ...]
    """The deck's distinct cards (public)."""
    hand: tuple[str, ...]
    """Her own hand."""
    hand_sizes: tuple[int, ...]
    """How many cards each player holds."""
    row: tuple[str, ...]
    """The savannah, left to right."""
    tokens: tuple[int | None, ...]
    """The token on each row card (a seat) or None, parallel to ``row``."""
    tokens_left: tuple[int, ...]
    """Tokens each player has in reserve."""
    kill_piles: tuple[tuple[str, ...], ...]
    """Every player's kill pile (face up)."""
    discard_pile: tuple[str, ...]
    """The discard pile (face up), oldest first."""
    pile_size: int
    """Cards left in the draw pile."""
    current_player: int | None
    """Whose turn it is (None when over)."""
    pending_steals: int
    """Steals the current player still has to choose."""
    pending_card: str | None
    """The scavenger whose kill the pending steal is for."""
    turn: int
    """Turns completed."""
    is_over: bool
    """Whether the game has ended."""


# ---------------------------------------------------------------------------- state


class State:
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

    def __init__(self, rules: Rules, deck: _Deck):
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
    def winner(self) -> int | list[int] | None:
        """The winner's seat, a list of seats for a shared win, None while running."""
        if not self._over:
            return None
        winners = self._winners()
        return winners[0] if len(winners) == 1 else winners

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
            return f"The {name_of(move.card)} ({move.card}) is not in {who}'s hand."
        if isinstance(move, Play):
            return self._play_problem(move.card)
        for other in hand:
            if self._play_problem(other) is None:
                return (
                    f"{who} may only discard when no card can be played, and the "
                    f"{name_of(other)} can be played."
                )
        return None

    def is_legal(self, move: Any) -> bool:
        """Whether ``move`` is allowed now."""
        return self.why_illegal(move) is None

    def check_action(self, move: Any) -> None:
        """Raise :class:`~engines.IllegalAction` with the reason if ``move`` is not allowed."""
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalAction(reason)

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
        plays = [Play(c) for c in hand if placement_problem(by_id[c], row, by_id) is None]
        return plays or [Discard(c) for c in hand]

    # ------------------------------------------------------------------ playing

    def apply(self, move: Move) -> list[Event]:
        """Make a move and return what happened, in order; IllegalAction changes nothing."""
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalAction(reason)
        events: list[Event] = []
        if isinstance(move, Steal):
            self._steal(move.card, events)
            self._resolve_steals(events)
        elif isinstance(move, Discard):
            p = self._current
            self._hands[p].remove(move.card)
            self._discard.append(move.card)
            events.append(Discarded(p, move.card, "no card in hand can be played"))
        else:
            self._play(move.card, events)
        if not self._pending:
            self._end_turn(events)
        return events

    def _remove(
        self, work: list[str | None], i: int, verb: Verb, player: int, by: str, events: list[Event]
    ) -> None:
        cid = work[i]
        work[i] = None
        owner = self._tokens.pop(cid, None)
        if verb is Verb.KILL:
            self._kills[player].append(cid)
            events.append(Killed(player, cid, by, owner))
        else:
            self._discard.append(cid)
            events.append(Scared(player, cid, by, owner))
        if owner is not None:
            self._tokens_left[owner] += 1
            events.append(TokenReturned(owner, cid))

    def _play(self, cid: str, events: list[Event]) -> None:
        rules, by_id = self.rules, self._deck.by_id
        p = self._current
        card = by_id[cid]
        self._hands[p].remove(cid)
        n = len(self._row)
        work: list[str | None] = [*self._row, cid]
        savannah = tuple(work)  # for conditions: the row at the start of the turn plus the card
        has_token = self._tokens_left[p] > 0
        if has_token:
            self._tokens_left[p] -= 1
            self._tokens[cid] = p
        events.append(Played(p, cid, n, has_token))
        m = n + 1 if rules.count_played_card else n  # length of the counting row
        kills = 0
        me = f"{player_name(p)}'s {card.name}"
        start_tokens = dict(self._tokens) if card.effects else self._tokens
        for effect in card.effects:
            if isinstance(effect, KillAll):
                holds, why = condition_holds(
                    effect.when,
                    savannah,
                    start_tokens,
                    p,
                    rules.players,
                    by_id,
                    rules.elephant_majority == "tied",
                )
                if not why:
                    note = f"{me} {effect.kill_phrase()}."
                elif holds:
                    note = f"{me}: {why}, so it {effect.kill_phrase()}."
                else:
                    note = f"{me} kills nothing: {why}."
                events.append(EffectResolved(p, cid, effect.name, holds, note))
                if holds:
                    for i in range(n):
                        c = work[i]
                        if c is not None and effect.matches(by_id[c]):
                            self._remove(work, i, Verb.KILL, p, cid, events)
                            kills += 1
            elif isinstance(effect, DiscardLeftOf):
                cut = m - effect.position
                gone = tuple(work[i] for i in range(max(cut, 0)) if work[i] is not None)
                more = f"{len(gone)} to discard" if gone else "no card is that far"
                events.append(
                    EffectResolved(
                        p, cid, effect.name, True, f"{me}: {effect.describe()} — {more}."
                    )
                )
                if gone:
                    events.append(RowDiscarded(p, cid, gone, effect.position))
                    for i in range(max(cut, 0)):
                        c = work[i]
                        if c is not None:
                            work[i] = None
                            self._discard.append(c)
                            owner = self._tokens.pop(c, None)
                            if owner is not None:
                                self._tokens_left[owner] += 1
                                events.append(TokenReturned(owner, c))
        for index, action in enumerate(card.hunt):
            reach = action.reach
            positions = reach.positions(m)
            target = action.target
            reached = [i for i in positions if i < n and work[i] is not None]
            hits = [i for i in reached if target.matches(by_id[work[i]])]
            events.append(
                Hunted(
                    p,
                    cid,
                    index,
                    str(action),
                    action.describe(),
                    reach.side,
                    positions,
                    tuple(work[i] for i in reached),
                    tuple(work[i] for i in hits),
                )
            )
            for i in hits:
                self._remove(work, i, action.verb, p, cid, events)
            if action.verb is Verb.KILL:
                kills += len(hits)
        self._row = [c for c in work if c is not None]
        if kills and any(isinstance(e, StealOnKill) for e in card.effects):
            self._pending = kills if rules.steal_per_kill else 1
            self._pending_card = cid
            if not self._steal_choices(p):
                events.append(NothingToSteal(p, cid))
                self._pending = 0
            self._resolve_steals(events)

    def _steal(self, cid: str, events: list[Event]) -> None:
        p = self._current
        victim = next(q for q in range(self.rules.players) if cid in self._kills[q])
        self._kills[victim].remove(cid)
        self._kills[p].append(cid)
        self._pending -= 1
        events.append(Stole(p, cid, victim, self._pending_card))

    def _resolve_steals(self, events: list[Event]) -> None:
        """Take automatic steals, or announce the choice; stops when none is due."""
        p = self._current
        while self._pending:
            choices = self._steal_choices(p)
            if not choices:
                self._pending = 0
            elif self.rules.steal == "richest":
                self._steal(self._richest_card(p), events)
            else:
                events.append(StealPending(p, self._pending_card, tuple(choices)))
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

    def _end_turn(self, events: list[Event]) -> None:
        p = self._current
        if self._pile:
            drawn = self._pile.pop()
            self._hands[p].append(drawn)
            events.append(Drew(p, drawn, len(self._pile)))
        new_row, moves = regroup(self._row, self._deck.by_id)
        for group, level, moved, anchor in moves:
            events.append(Regrouped(group, level, moved, anchor))
        self._row = new_row
        events.append(RowClosed(tuple(new_row)))
        self._turn += 1
        nxt = (p + 1) % self.rules.players
        if not self._pile and (
            not self.rules.equal_turns or nxt == self.rules.first_player or not self._hands[nxt]
        ):
            self._over = True
            totals = self._totals()
            events.append(GameOver(tuple(totals), tuple(self._winners(totals))))
        self._current = nxt

    # ------------------------------------------------------------------ scoring

    def _alive(self, player: int) -> list[str]:
        return [c for c in self._row if self._tokens.get(c) == player]

    def _totals(self) -> list[int]:
        by_id = self._deck.by_id
        totals = [0] * self.rules.players
        for c, q in self._tokens.items():
            totals[q] += by_id[c].points.alive
        for q in range(self.rules.players):
            totals[q] += sum(by_id[c].points.in_hand for c in self._hands[q])
            totals[q] += sum(by_id[c].points.killed for c in self._kills[q])
            if self._has_big_five(q):
                totals[q] += self.rules.big_five_bonus
        if self._row:
            last = self._row[-1]
            owner = self._tokens.get(last)
            if owner is not None:
                totals[owner] += by_id[last].points.rightmost
        return totals

    def totals(self) -> list[int]:
        """Each player's score if the game ended now (the final score once it is over)."""
        return self._totals()

    def _has_big_five(self, player: int) -> bool:
        big = self._deck.big_five
        if not big:
            return False
        names = {name_of(c) for c in self._kills[player]}
        return all(b in names for b in big)

    def _winners(self, totals: list[int] | None = None) -> list[int]:
        totals = totals if totals is not None else self._totals()
        best = max(totals)
        tied = [q for q, t in enumerate(totals) if t == best]
        if len(tied) > 1 and self.rules.tie_break == "most_alive":
            alive = {q: len(self._alive(q)) for q in tied}
            most = max(alive.values())
            tied = [q for q in tied if alive[q] == most]
        return tied

    def score_sheet(self) -> ScoreSheet:
        """The five end-scoring items per player, as if the game ended now.

        Categories: ``alive`` (cards bearing the player's token), ``hand`` (penalties for cards
        in hand), ``kills`` (levels of the kill pile), ``rightmost`` (a human as the rightmost
        card: its token holder's penalty) and ``big_five`` (the bonus).
        """
        by_id = self._deck.by_id
        sheet = ScoreSheet()

        def per_group(cards: Iterable[str]) -> dict[str, list[str]]:
            out: dict[str, list[str]] = {}
            for c in cards:
                out.setdefault(by_id[c].group, []).append(c)
            return out

        def plural(group: str, n: int) -> str:
            word = group.replace("_", " ")
            return word if n == 1 else word + "s"

        for q in range(self.rules.players):
            alive = per_group(self._alive(q))
            for group, ids in alive.items():
                each = by_id[ids[0]].points.alive
                sheet.append(
                    ScoreLine(
                        q,
                        "alive",
                        each * len(ids),
                        f"{len(ids)} {plural(group, len(ids))} alive × {each}",
                        tuple(ids),
                    )
                )
            if not alive:
                sheet.append(ScoreLine(q, "alive", 0, "no animals alive with this token"))
            for group, ids in per_group(self._hands[q]).items():
                each = by_id[ids[0]].points.in_hand
                sheet.append(
                    ScoreLine(
                        q,
                        "hand",
                        each * len(ids),
                        f"{len(ids)} {plural(group, len(ids))} in hand × {each}",
                        tuple(ids),
                    )
                )
            kills = per_group(self._kills[q])
            for group, ids in kills.items():
                levels = [by_id[c].points.killed for c in ids]
                sheet.append(
                    ScoreLine(
                        q,
                        "kills",
                        sum(levels),
                        f"killed {len(ids)} {plural(group, len(ids))} (level"
                        f"{'s' if len(ids) > 1 else ''} {' + '.join(map(str, levels))})",
                        tuple(ids),
                    )
                )
            if not kills:
                sheet.append(ScoreLine(q, "kills", 0, "no kills"))
        if self._row:
            last = self._row[-1]
            owner = self._tokens.get(last)
            pts = by_id[last].points.rightmost
            if owner is not None and pts:
                sheet.append(
                    ScoreLine(
                        owner,
                        "rightmost",
                        pts,
                        f"the {name_of(last)} is the rightmost card",
                        (last,),
                    )
                )
        for q in range(self.rules.players):
            if self._has_big_five(q):
                first = {}
                for c in self._kills[q]:
                    first.setdefault(name_of(c), c)
                ids = tuple(first[b] for b in self._deck.big_five)
                sheet.append(
                    ScoreLine(
                        q,
                        "big_five",
                        self.rules.big_five_bonus,
                        "killed all of the Big Five: " + ", ".join(self._deck.big_five),
                        ids,
                    )
                )
        order = {"alive": 0, "hand": 1, "kills": 2, "rightmost": 3, "big_five": 4}
        return ScoreSheet(sorted(sheet, key=lambda line: (line.player, order[line.category])))

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
            "game": "savannah",
            "version": FORMAT_VERSION,
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
        if not isinstance(data, dict):
            raise ValueError("a saved game must be a table")
        known = {
            "game",
            "version",
            "rules",
            "deck",
            "seed",
            "turn",
            "current",
            "over",
            "pending",
            "row",
            "tokens",
            "tokens_left",
            "hands",
            "pile",
            "kills",
            "discard",
        }
        for key in data:
            if key not in known:
                raise ValueError(f"field {key!r}: unknown field")
        for key in known:
            if key not in data:
                raise ValueError(f"field {key!r}: missing")
        if data["game"] != "savannah":
            raise ValueError(f"field 'game': {data['game']!r} is not 'savannah'")
        if data["version"] != FORMAT_VERSION:
            raise ValueError(f"field 'version': {data['version']!r} is not {FORMAT_VERSION}")
        try:
            rules = Rules.from_dict(data["rules"])
        except (TypeError, ValueError) as exc:
            raise ValueError(f"field 'rules': {exc}") from None
        deck_data = data["deck"]
        if deck_data is None:
            deck = _default_deck()
        else:
            if not isinstance(deck_data, list):
                raise ValueError("field 'deck': must be null or a list of cards")
            try:
                deck = _deck_for(
                    [Card.from_data(c, f"card #{i}") for i, c in enumerate(deck_data, start=1)]
                )
            except ValueError as exc:
                raise ValueError(f"field 'deck': {exc}") from None
        n = rules.players

        def int_field(key: str, lo: int, hi: int | None = None) -> int:
            value = data[key]
            if type(value) is not int or value < lo or (hi is not None and value > hi):
                raise ValueError(
                    f"field {key!r}: {value!r} is not a whole number from {lo}"
                    + (f" to {hi}" if hi is not None else " up")
                )
            return value

        def id_list(value: Any, key: str) -> list[str]:
            if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
                raise ValueError(f"field {key!r}: must be a list of card ids")
            for c in value:
                if c not in deck.by_id:
                    raise ValueError(f"field {key!r}: {c!r} is not a card of the deck")
            return list(value)

        def per_player(key: str) -> list[list[str]]:
            value = data[key]
            if not isinstance(value, list) or len(value) != n:
                raise ValueError(f"field {key!r}: must list one entry per player ({n})")
            return [id_list(v, f"{key}[{q}]") for q, v in enumerate(value)]

        state = cls(rules, deck)
        state._row = id_list(data["row"], "row")
        state._pile = id_list(data["pile"], "pile")
        state._discard = id_list(data["discard"], "discard")
        state._hands = per_player("hands")
        state._kills = per_player("kills")
        where: dict[str, str] = {}
        zones = [("row", state._row), ("pile", state._pile), ("discard", state._discard)]
        zones += [(f"hands[{q}]", h) for q, h in enumerate(state._hands)]
        zones += [(f"kills[{q}]", k) for q, k in enumerate(state._kills)]
        for zone, ids in zones:
            for c in ids:
                if c in where:
                    raise ValueError(f"field {zone!r}: card {c!r} is also in {where[c]!r}")
                where[c] = zone
        for c in deck.ids:
            if c not in where:
                raise ValueError(f"field 'pile': card {c!r} is missing from every zone")
        for q, hand in enumerate(state._hands):
            if len(hand) > rules.hand_size:
                raise ValueError(
                    f"field 'hands[{q}]': {len(hand)} cards is more than the hand "
                    f"size {rules.hand_size}"
                )
        tokens = data["tokens"]
        if not isinstance(tokens, dict):
            raise ValueError("field 'tokens': must be a table of card id to seat")
        for c, q in tokens.items():
            if c not in state._row:
                raise ValueError(f"field 'tokens': {c!r} is not on the row")
            if type(q) is not int or not 0 <= q < n:
                raise ValueError(f"field 'tokens': seat {q!r} on {c!r} is not a player")
        state._tokens = {c: tokens[c] for c in state._row if c in tokens}
        left = data["tokens_left"]
        if (
            not isinstance(left, list)
            or len(left) != n
            or not all(type(t) is int and t >= 0 for t in left)
        ):
            raise ValueError(f"field 'tokens_left': must list {n} whole numbers")
        for q in range(n):
            on_row = sum(1 for owner in state._tokens.values() if owner == q)
            if left[q] + on_row != rules.tokens:
                raise ValueError(
                    f"field 'tokens_left': {player_name(q)} has {left[q]} in reserve "
                    f"and {on_row} on the row, not {rules.tokens}"
                )
        state._tokens_left = list(left)
        state._current = int_field("current", 0, n - 1)
        state._turn = int_field("turn", 0)
        over = data["over"]
        if type(over) is not bool:
            raise ValueError(f"field 'over': {over!r} is not true or false")
        state._over = over
        seed = data["seed"]
        if seed is not None and type(seed) is not int:
            raise ValueError(f"field 'seed': {seed!r} is not a whole number or null")
        state.seed = seed
        pending = data["pending"]
        if pending is not None:
            if over:
                raise ValueError("field 'pending': a finished game has no pending steal")
            if not isinstance(pending, dict) or set(pending) != {"card", "count"}:
                raise ValueError("field 'pending': must be null or {card, count}")
            if pending["card"] not in state._row:
                raise ValueError(f"field 'pending': {pending['card']!r} is not on the row")
            count = pending["count"]
            if type(count) is not int or count < 1:
                raise ValueError(f"field 'pending': count {count!r} is not at least 1")
            if not state._steal_choices(state._current):
                raise ValueError("field 'pending': there is no card to steal")
            state._pending, state._pending_card = count, pending["card"]
        if not over:
            if not state._pile and not rules.equal_turns:
                raise ValueError("field 'pile': empty while the game is still running")
            if pending is None and not state._hands[state._current]:
                raise ValueError(
                    f"field 'hands[{state._current}]': the player to move has no cards"
                )
        return state

    def __repr__(self) -> str:
        status = "over" if self._over else f"{player_name(self._current)} to move"
        return (
            f"<savannah State: {self.rules.players} players, turn {self._turn}, {status}, "
            f"row {len(self._row)}, pile {len(self._pile)}>"
        )


# ---------------------------------------------------------------------------- building


def new_game(
    rules: Rules | None = None, seed: int | None = None, deck: Sequence[Card] | None = None
) -> State:
    """Shuffle, deal ``hand_size`` cards to each player and ``start_row`` cards face up.

    ``seed`` None picks a fresh one (kept in ``state.seed``); ``deck`` None is the packaged deck.
    """
    rules = rules if rules is not None else Rules()
    info = _deck_for(deck)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    ids = list(info.ids)
    rng.shuffle(ids)
    state = State(rules, info)
    state.seed = seed
    for q in range(rules.players):
        state._hands[q] = [ids.pop() for _ in range(rules.hand_size)]
    state._row = [ids.pop() for _ in range(rules.start_row)]
    state._pile = ids
    return state


def replay(
    moves: Iterable[Move],
    rules: Rules | None = None,
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
) -> State:
    """The state after playing ``moves`` from ``new_game(rules, seed, deck)``."""
    state = new_game(rules, seed, deck)
    for move in moves:
        state.apply(move)
    return state


def determinize(obs: Observation, rng: random.Random) -> State:
    """A full state consistent with ``obs``: the unseen cards shuffled into the other hands and
    the pile.  Reads nothing but the observation (for search bots)."""
    deck = _deck_for(obs.cards)
    known = set(obs.hand).union(obs.row, obs.discard_pile, *obs.kill_piles)
    unseen = [c for c in deck.ids if c not in known]
    rng.shuffle(unseen)
    state = State(obs.rules, deck)
    for q, size in enumerate(obs.hand_sizes):
        if q == obs.player:
            state._hands[q] = list(obs.hand)
        else:
            state._hands[q] = [unseen.pop() for _ in range(size)]
    state._pile = unseen
    state._row = list(obs.row)
    state._tokens = {c: q for c, q in zip(obs.row, obs.tokens, strict=True) if q is not None}
    state._tokens_left = list(obs.tokens_left)
    state._kills = [list(k) for k in obs.kill_piles]
    state._discard = list(obs.discard_pile)
    state._current = obs.player if obs.current_player is None else obs.current_player
    state._turn = obs.turn
    state._pending = obs.pending_steals
    state._pending_card = obs.pending_card
    state._over = obs.is_over
    return state


def make_state(
    row: Sequence[str] = (),
    hands: Sequence[Sequence[str]] | None = None,
    *,
    kills: Sequence[Sequence[str]] | None = None,
    discard: Sequence[str] = (),
    pile: Sequence[str] = (),
    leftover: str = "pile",
    current: int = 0,
    rules: Rules | None = None,
    over: bool = False,
    deck: Sequence[Card] | None = None,
) -> State:
    """Build a position from card names, for tests, lessons and puzzles.

    Each entry is a card name (``'zebra'``: the lowest-numbered unused copy), or an id
    (``'zebra#3'``), optionally followed by ``@seat`` on the row to put that seat's token on it
    (``'zebra@1'``: seat 1, "Player 2").  ``pile`` lists the next cards drawn, first drawn
    first; every card not placed goes under them (``leftover='pile'``, in deck order) or on the
    discard pile (``leftover='discard'``).  Players default to ``len(hands)`` (or 2).
    """
    hands = [list(h) for h in hands] if hands is not None else [[], []]
    if rules is None:
        rules = Rules(players=len(hands))
    if len(hands) != rules.players:
        raise ValueError(f"{len(hands)} hands given for {rules.players} players")
    info = _deck_for(deck)
    free = {card.name: card.ids() for card in info.cards}
    used: set[str] = set()

    def take(entry: str) -> str:
        name = entry.split("@")[0].strip()
        if "#" in name:
            if name not in info.by_id or name in used:
                raise ValueError(f"card {name!r} is unknown or already used")
            cid = name
        else:
            if name not in free:
                raise ValueError(f"no card called {name!r} in the deck")
            left = [c for c in free[name] if c not in used]
            if not left:
                raise ValueError(f"all {len(free[name])} copies of {name!r} are already used")
            cid = left[0]
        used.add(cid)
        return cid

    row_ids, tokens = [], {}
    for entry in row:
        cid = take(entry)
        row_ids.append(cid)
        if "@" in entry:
            seat = entry.split("@")[1].strip()
            if not seat.isdigit() or int(seat) >= rules.players:
                raise ValueError(
                    f"{entry!r}: {seat!r} after '@' is not a seat from 0 to {rules.players - 1}"
                )
            tokens[cid] = int(seat)
    hand_ids = [[take(e) for e in h] for h in hands]
    kill_ids = [[take(e) for e in k] for k in (kills or [[] for _ in hands])]
    discard_ids = [take(e) for e in discard]
    pile_ids = [take(e) for e in pile]
    rest = [c for c in info.ids if c not in used]
    if leftover == "pile":
        pile_ids += rest
    elif leftover == "discard":
        discard_ids += rest
    else:
        raise ValueError(f"leftover {leftover!r} is not 'pile' or 'discard'")
    on_row = [sum(1 for q in tokens.values() if q == p) for p in range(rules.players)]
    data = {
        "game": "savannah",
        "version": FORMAT_VERSION,
        "rules": rules.to_dict(),
        "deck": None if info.is_default else [c.to_data() for c in info.cards],
        "seed": None,
        "turn": 0,
        "current": current,
        "over": over,
        "pending": None,
        "row": row_ids,
        "tokens": tokens,
        "tokens_left": [rules.tokens - k for k in on_row],
        "hands": hand_ids,
        "pile": pile_ids[::-1],
        "kills": kill_ids,
        "discard": discard_ids,
    }
    return State.from_dict(data)
