"""Reading an opponent's hand from what she played, for the search bot's dealt worlds.

A player who sees only her own hand still sees every card the others play or discard, and
the position each of them chose in.  An opponent who discarded could play none of her three
cards; one who played a weak card probably did not hold a card that would have scored much
more.  :class:`HandReading` keeps, per opponent, her last few moves with the public position
before each (rebuilt from the observations the bot was shown and its own moves, never from a
hidden hand), and gives each dealt world the chance that the opponent's dealt hand would have
led her to make those moves.  The model of her choice is soft: she picks among her distinct
legal moves with probability proportional to ``exp(lead / temperature)``, the lead as the
Greedy bot scores it, so a world is made less likely, not impossible, by a move that is not
the best one for it (except a discard while she held a playable card: the rules forbid it).

>>> from engines.savannah import Rules, new_game
>>> reading = HandReading()
>>> state = new_game(Rules(players=2), seed=1)
>>> reading.see(state.observation(0))
>>> reading.chance(state.clone())
1.0
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from .cards import name_of
from .moves import Discard, Move, Play
from .setup import determinize
from .state import Observation, State

__all__ = ["HandReading"]


def _public(obs: Observation | State) -> set[str]:
    """Every card id face up: the row, the kill piles and the discard pile."""
    if isinstance(obs, State):
        piles = [obs.kill_pile(q) for q in range(obs.players)]
        return {*obs.row, *obs.discard_pile, *(c for pile in piles for c in pile)}
    return {*obs.row, *obs.discard_pile, *(c for pile in obs.kill_piles for c in pile)}


def _lead(totals: list[int], player: int) -> int:
    return totals[player] - max(t for q, t in enumerate(totals) if q != player)


@dataclass
class _SeenMove:
    """One move of an opponent and the public position she made it in."""

    before: State
    """The position before her move (her hand in it is not hers: only the public part, and
    the reader's own hand, are read)."""
    card: str
    """The card she played or discarded."""
    discarded: bool
    """Whether she discarded it (she could play none of her cards)."""
    visible: set[str]
    """The card ids she cannot have held with it: face up, the reader's or the one played."""
    chances: dict[tuple[str, ...], float] = field(default_factory=dict)
    """The chance of her move given the names of the other cards she held (cached)."""


class HandReading:
    """What an opponent's moves say about her hand (see the module docstring).

    ``see`` is given each observation the bot decides from, ``chose`` the move it then made;
    ``chance`` weighs a dealt world.  Only unbroken runs of observations are read: a position
    that does not follow from the last one (a new game, a skipped turn, more than one other
    player moving in between) forgets what was read.
    """

    def __init__(self, temperature: float = 2.0, moves_read: int = 3):
        self.temperature = temperature
        """Points of lead that make a move e times likelier (small: the opponent plays greedily)."""
        self.moves_read = moves_read
        """How many of an opponent's last moves are read."""
        self.seen: dict[int, list[_SeenMove]] = {}
        """Per opponent, her moves read so far, oldest first."""
        self._last: Observation | None = None
        self._mine: Move | None = None
        self._chances: dict[tuple[int, tuple[str, ...]], float] = {}

    def see(self, obs: Observation) -> None:
        """Take in the observation the bot is about to decide from."""
        last, mine = self._last, self._mine
        self._last, self._mine = obs, None
        self._chances = {}
        if last is None or mine is None:
            self.seen = {}
            return
        # Any cards will do for the others' hands: the public part comes out the same.
        world = determinize(last, random.Random(0))
        world.apply_quiet(mine)
        if world.current_player == obs.player and world.turn == obs.turn:
            return  # the bot's own steal comes next: no one else moved
        if not self._read(world, obs):
            self.seen = {}

    def chose(self, move: Move) -> None:
        """Note the move the bot made from the last observation."""
        self._mine = move

    def _read(self, world: State, obs: Observation) -> bool:
        """Record the one opponent's move between ``world`` and ``obs``; False if it cannot be
        told (or the two do not follow)."""
        her = world.current_player
        new = _public(obs) - _public(world)
        if obs.turn != world.turn + 1 or her is None or len(new) != 1 or world.is_over:
            return False
        card = new.pop()
        before = world.with_hand(obs.player, list(obs.hand))
        hand = list(before.hand(her))
        if card not in hand:
            hand[-1] = card
        after = before.with_hand(her, hand)
        discarded = Play(card) not in after.legal_actions()
        after.apply_quiet(Discard(card) if discarded else Play(card))
        if set(after.row) != set(obs.row) or tuple(after.discard_pile) != obs.discard_pile:
            return False
        visible = _public(before) | set(obs.hand) | {card}
        moves = self.seen.setdefault(her, [])
        moves.append(_SeenMove(before, card, discarded, visible))
        del moves[: -self.moves_read]
        return True

    def chance(self, world: State) -> float:
        """How likely the opponents' moves read so far are if they hold ``world``'s hands."""
        out = 1.0
        for her, moves in self.seen.items():
            hand = tuple(sorted(name_of(c) for c in world.hand(her)))
            p = self._chances.get((her, hand))
            if p is None:
                p = self._chances[her, hand] = self._hand_chance(her, hand, moves)
            out *= p
        return out

    def _hand_chance(self, her: int, hand: tuple[str, ...], moves: list[_SeenMove]) -> float:
        """The chance of her last ``moves`` given her hand now: going back move by move, any
        card of the hand may be the one drawn after the move (equally likely), the others
        were held with the card she played."""
        layer = {hand: 1.0}
        for seen in reversed(moves):
            earlier: dict[tuple[str, ...], float] = {}
            for held, weight in layer.items():
                share = weight / len(held)
                for i in range(len(held)):
                    kept = held[:i] + held[i + 1 :]
                    p = self._move_chance(her, seen, kept)
                    if p:
                        key = tuple(sorted((*kept, name_of(seen.card))))
                        earlier[key] = earlier.get(key, 0.0) + share * p
            layer = earlier
        return sum(layer.values())

    def _move_chance(self, her: int, seen: _SeenMove, kept: tuple[str, ...]) -> float:
        """The chance she made ``seen``'s move holding its card and cards named ``kept``."""
        p = seen.chances.get(kept)
        if p is None:
            p = seen.chances[kept] = self._softmax_chance(her, seen, kept)
        return p

    def _softmax_chance(self, her: int, seen: _SeenMove, kept: tuple[str, ...]) -> float:
        ids = _free_ids(seen.before, kept, seen.visible)
        if ids is None:
            return 0.0
        before = seen.before.with_hand(her, [seen.card, *ids])
        legal = before.legal_actions()
        if isinstance(legal[0], Discard) != seen.discarded:
            return 0.0
        leads: dict[str, int] = {}
        for move in legal:
            name = name_of(move.card)
            if name not in leads:
                after = before.clone()
                after.apply_quiet(move)
                leads[name] = _lead(after.totals(), her)
        best = max(leads.values())
        weights = {n: math.exp((v - best) / self.temperature) for n, v in leads.items()}
        return weights[name_of(seen.card)] / sum(weights.values())


def _free_ids(state: State, names: tuple[str, ...], visible: set[str]) -> list[str] | None:
    """Card ids with ``names`` and none of the ``visible`` ids (None if the deck has too few)."""
    ids: list[str] = []
    for name in names:
        card = next(c for c in state.cards if c.name == name)
        free = next((c for c in card.ids() if c not in visible and c not in ids), None)
        if free is None:
            return None
        ids.append(free)
    return ids
