"""What a played card does to the row: its effects, then its hunts.

:class:`RowZones` holds the game's zones that a played card changes (the tokens, the kill and
discard piles: the state's own lists and dict, changed in place) while the state resolves one
card on the row being rebuilt (``work``); it tells ``events`` what happened unless that is
None (a search plays without them).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping

from engines import Event

from . import events as ev
from .cards import Card
from .events import player_name
from .row import condition_holds
from .rules import Rules
from .vocabulary import Action, DiscardLeftOf, KillAll, Verb


@functools.cache
def _hunt_words(action: Action) -> tuple[str, str]:
    """A hunt action's ``cards.toml`` text and its phrase, written once per action (a search
    plays thousands of hunts a move)."""
    return str(action), action.describe()


class RowZones:
    """The zones one played card may change, for :meth:`effects` and :meth:`hunts`."""

    __slots__ = ("rules", "by_id", "player", "tokens", "tokens_left", "kills", "discard")

    def __init__(
        self,
        rules: Rules,
        by_id: Mapping[str, Card],
        player: int,
        tokens: dict[str, int],
        tokens_left: list[int],
        kills: list[list[str]],
        discard: list[str],
    ):
        self.rules = rules
        self.by_id = by_id
        self.player = player
        """Who played the card."""
        self.tokens = tokens
        self.tokens_left = tokens_left
        self.kills = kills
        self.discard = discard

    def remove(
        self,
        work: list[str | None],
        i: int,
        verb: Verb,
        player: int,
        by: str,
        events: list[Event] | None,
    ) -> None:
        cid = work[i]
        work[i] = None
        owner = self.tokens.pop(cid, None)
        if verb is Verb.KILL:
            self.kills[player].append(cid)
            if events is not None:
                events.append(ev.Killed(player, cid, by, owner))
        else:
            self.discard.append(cid)
            if events is not None:
                events.append(ev.Scared(player, cid, by, owner))
        if owner is not None:
            self.tokens_left[owner] += 1
            if events is not None:
                events.append(ev.TokenReturned(owner, cid))

    def effects(
        self, cid: str, work: list[str | None], n: int, m: int, events: list[Event] | None
    ) -> int:
        """Resolve the played card's effects on the row ``work`` (``n`` cards before it, a
        counting row of ``m``); returns the kills."""
        rules, by_id = self.rules, self.by_id
        p = self.player
        card = by_id[cid]
        if not card.effects:
            return 0
        me = f"{player_name(p)}'s {card.name}" if events is not None else ""
        savannah = tuple(work)  # for conditions: the row at the start of the turn plus the card
        start_tokens = dict(self.tokens)
        kills = 0
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
                if events is not None:
                    if not why:
                        note = f"{me} {effect.kill_phrase()}."
                    elif holds:
                        note = f"{me}: {why}, so it {effect.kill_phrase()}."
                    else:
                        note = f"{me} kills nothing: {why}."
                    events.append(ev.EffectResolved(p, cid, effect.name, holds, note))
                if holds:
                    for i in range(n):
                        c = work[i]
                        if c is not None and effect.matches(by_id[c]):
                            self.remove(work, i, Verb.KILL, p, cid, events)
                            kills += 1
            elif isinstance(effect, DiscardLeftOf):
                cut = m - effect.position
                if events is not None:
                    gone = tuple(work[i] for i in range(max(cut, 0)) if work[i] is not None)
                    more = f"{len(gone)} to discard" if gone else "no card is that far"
                    events.append(
                        ev.EffectResolved(
                            p, cid, effect.name, True, f"{me}: {effect.describe()} — {more}."
                        )
                    )
                    if gone:
                        events.append(ev.RowDiscarded(p, cid, gone, effect.position))
                if cut > 0:
                    for i in range(cut):
                        c = work[i]
                        if c is not None:
                            work[i] = None
                            self.discard.append(c)
                            owner = self.tokens.pop(c, None)
                            if owner is not None:
                                self.tokens_left[owner] += 1
                                if events is not None:
                                    events.append(ev.TokenReturned(owner, c))
        return kills

    def hunts(
        self, cid: str, work: list[str | None], n: int, m: int, events: list[Event] | None
    ) -> int:
        """Carry out the played card's hunting actions on the row ``work``; returns the kills."""
        by_id = self.by_id
        p = self.player
        kills = 0
        for index, action in enumerate(by_id[cid].hunt):
            reach = action.reach
            positions = reach.positions(m)
            target = action.target
            reached = [i for i in positions if i < n and work[i] is not None]
            hits = [i for i in reached if target.matches(by_id[work[i]])]
            if events is not None:
                events.append(
                    ev.Hunted(
                        p,
                        cid,
                        index,
                        *_hunt_words(action),
                        reach.side,
                        positions,
                        tuple(work[i] for i in reached),
                        tuple(work[i] for i in hits),
                    )
                )
            for i in hits:
                self.remove(work, i, action.verb, p, cid, events)
            if action.verb is Verb.KILL:
                kills += len(hits)
        return kills
