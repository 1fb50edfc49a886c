"""A turn, step by step: what the table looks like after each part of it, read from its events.

The engine reports a turn as a list of events (:mod:`engines.savannah.events`).  This module
replays that list over a snapshot of the public table (:class:`Table`) and cuts it into the steps
a player watches: the card played, each placement effect, each hunt action (with the positions it
counted, the cards it reached and the ones it hits), the cards leaving, a steal, the regrouping
and the row closing up.  It applies no rule of the game: every change comes from an event, so a
view that draws these steps can never disagree with the engine.

>>> from engines.savannah import Play, make_state
>>> state = make_state(row=["zebra", "impala@1", "termite@1"], hands=[["lion"], ["hyena"]])
>>> before = Table.of(state)
>>> steps = turn_steps(before, state.apply(Play("lion#1")))
>>> [s.kind for s in steps]
['played', 'effect', 'hunt', 'removed', 'hunt', 'hunt', 'closed']
>>> hunt = steps[2]
>>> hunt.side, hunt.counted, hunt.reached, hunt.hits
('right', (2, 1, 0), ('termite#1', 'impala#1', 'zebra#1'), ('impala#1', 'zebra#1'))
>>> steps[3].leaving
(('impala#1', 'killed'), ('zebra#1', 'killed'))
>>> steps[3].table.kills[0], steps[3].table.tokens_left
(('impala#1', 'zebra#1'), (9, 9))
>>> steps[-1].table.row == state.row
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engines import Event
from engines.savannah import (
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
)

__all__ = ["Table", "Step", "turn_steps", "still_step"]

_CONSEQUENCES = (Killed, Scared, RowDiscarded, TokenReturned)


@dataclass(frozen=True)
class Table:
    """Everything public on the table at one moment (hands only as their sizes)."""

    slots: tuple[str | None, ...]
    """The row, left to right; ``None`` marks a gap left by a card that went this turn."""
    tokens: tuple[tuple[str, int], ...]
    """``(card id, seat)`` for each row card bearing a token."""
    kills: tuple[tuple[str, ...], ...]
    """Each player's kill pile, oldest first."""
    discard: tuple[str, ...]
    """The discard pile, oldest first."""
    pile: int
    """Cards left in the draw pile."""
    tokens_left: tuple[int, ...]
    """Tokens each player holds in reserve."""
    hand_sizes: tuple[int, ...]
    """Cards in each hand."""

    @classmethod
    def of(cls, state: Any) -> Table:
        """The public table of an engine state."""
        players = range(state.players)
        return cls(
            slots=tuple(state.row),
            tokens=tuple(
                (c, state.token_on(c)) for c in state.row if state.token_on(c) is not None
            ),
            kills=tuple(tuple(state.kill_pile(p)) for p in players),
            discard=tuple(state.discard_pile),
            pile=state.pile_size,
            tokens_left=tuple(state.tokens_left(p) for p in players),
            hand_sizes=tuple(len(state.hand(p)) for p in players),
        )

    @property
    def row(self) -> tuple[str, ...]:
        """The row without gaps."""
        return tuple(c for c in self.slots if c is not None)

    def token_on(self, card: str) -> int | None:
        """The seat whose token is on ``card``, or None."""
        return dict(self.tokens).get(card)


@dataclass(frozen=True)
class Step:
    """One moment of a turn: the table and what to point at."""

    kind: str
    """``played``, ``discarded``, ``effect``, ``hunt``, ``removed``, ``steal``, ``regroup``,
    ``closed``, ``over`` or ``position`` (a still position, no turn)."""
    title: str
    """A short heading, e.g. ``'Hunt 2 of 3'``."""
    text: str
    """The events of this step as sentences."""
    table: Table
    """The table as the step shows it (cards leaving still in their slots)."""
    player: int | None = None
    """Whose turn it is."""
    actor: str | None = None
    """The card acting in this step (played, hunting, resolving its effect)."""
    reached: tuple[str, ...] = ()
    """Cards a hunt action reached, in counting order."""
    hits: tuple[str, ...] = ()
    """Cards it hits (or an effect is about to remove)."""
    verb: str = ""
    """What happens to the hits: ``kill``, ``scare`` or ``discard``."""
    counted: tuple[int, ...] = ()
    """Slot indexes a hunt counted, in counting order (1st counted first)."""
    side: str | None = None
    """Counting direction of a hunt: ``left``, ``right`` or None (the whole row)."""
    leaving: tuple[tuple[str, str], ...] = ()
    """``(card, 'killed' | 'scared' | 'discarded')`` for cards leaving the row in this step."""
    cut: int | None = None
    """For a "discard every card left of …" effect: the slot index the cut falls before."""
    moved: tuple[str, ...] = ()
    """Cards that regrouped in this step."""
    fresh: tuple[str, ...] = ()
    """Cards that just reached a kill pile or the discard pile."""
    choices: tuple[str, ...] = ()
    """Cards a scavenger's player may now take from the other kill piles."""


@dataclass
class _Work:
    slots: list[str | None]
    tokens: dict[str, int]
    kills: list[list[str]]
    discard: list[str]
    pile: int
    tokens_left: list[int]
    hand_sizes: list[int]
    closed: bool = False
    extra: list[str] = field(default_factory=list)  # sentences waiting for the next step

    @classmethod
    def of(cls, t: Table) -> _Work:
        return cls(
            list(t.slots),
            dict(t.tokens),
            [list(k) for k in t.kills],
            list(t.discard),
            t.pile,
            list(t.tokens_left),
            list(t.hand_sizes),
        )

    def table(self) -> Table:
        return Table(
            tuple(self.slots),
            tuple((c, self.tokens[c]) for c in self.slots if c is not None and c in self.tokens),
            tuple(tuple(k) for k in self.kills),
            tuple(self.discard),
            self.pile,
            tuple(self.tokens_left),
            tuple(self.hand_sizes),
        )

    def text(self, *sentences: str) -> str:
        out = " ".join([*self.extra, *sentences])
        self.extra = []
        return out

    def compact(self) -> None:
        if not self.closed:
            self.slots = [c for c in self.slots if c is not None]
            self.closed = True


def _verb_of(action: str) -> str:
    return action.split()[0] if action else ""


def turn_steps(before: Table, events: Sequence[Event], group_of: Any = None) -> list[Step]:
    """The steps of one move, from the table before it and its events (in order).

    ``group_of(card_id) -> (group, level)`` lets a regrouping step show the row as it is after
    each kind regroups; without it the regrouping steps show the final row straight away.
    """
    w = _Work.of(before)
    steps: list[Step] = []
    events = list(events)
    player = next(
        (getattr(e, "player", None) for e in events if getattr(e, "player", None) is not None), None
    )
    hunts_of: dict[str, int] = {}
    for e in events:
        if isinstance(e, Hunted):
            hunts_of[e.card] = hunts_of.get(e.card, 0) + 1

    def add(kind: str, title: str, text: str, **extra: Any) -> None:
        steps.append(Step(kind, title, text, w.table(), player, **extra))

    i = 0
    while i < len(events):
        e = events[i]
        i += 1
        if isinstance(e, Played):
            w.slots.append(e.card)
            w.hand_sizes[e.player] -= 1
            if e.token:
                w.tokens[e.card] = e.player
                w.tokens_left[e.player] -= 1
            add("played", "Card played", w.text(e.describe()), actor=e.card)
        elif isinstance(e, Discarded):
            w.discard.append(e.card)
            w.hand_sizes[e.player] -= 1
            add("discarded", "No card could be played", w.text(e.describe()), fresh=(e.card,))
        elif isinstance(e, (EffectResolved, Hunted)):
            j = i
            while j < len(events) and isinstance(events[j], _CONSEQUENCES):
                j += 1
            after = events[i:j]
            _cause(w, e, after, add, hunts_of.get(e.card, 1))
            i = j
        elif isinstance(e, _CONSEQUENCES):  # consequences without a cause (not expected)
            j = i
            while j < len(events) and isinstance(events[j], _CONSEQUENCES):
                j += 1
            _remove(w, events[i - 1 : j], add, None)
            i = j
        elif isinstance(e, StealPending):
            add("steal", "Steal", w.text(e.describe()), actor=e.by, choices=tuple(e.choices))
        elif isinstance(e, Stole):
            w.kills[e.victim].remove(e.card)
            w.kills[e.player].append(e.card)
            add("steal", "Steal", w.text(e.describe()), actor=e.by, fresh=(e.card,))
        elif isinstance(e, NothingToSteal):
            add("steal", "Steal", w.text(e.describe()), actor=e.by)
        elif isinstance(e, Drew):
            w.pile = e.pile_left
            w.hand_sizes[e.player] += 1
            w.extra.append(e.describe())
        elif isinstance(e, Regrouped):
            w.compact()
            if group_of is not None:
                _regroup(w, e, group_of)
            else:
                final = next((x for x in events[i:] if isinstance(x, RowClosed)), None)
                if final is not None:
                    w.slots = list(final.row)
            add("regroup", "Regrouping", w.text(e.describe()), moved=tuple(e.cards), actor=e.anchor)
        elif isinstance(e, RowClosed):
            _closed(w, e, steps, add)
        elif isinstance(e, GameOver):
            add("over", "Game over", w.text(e.describe()))
        else:  # an event kind this view does not know: still narrate it
            add("event", e.kind.replace("_", " ").capitalize(), w.text(e.describe()))
    if w.extra:
        add("closed", "End of turn", w.text())
    return steps


def _cause(w: _Work, e: Event, after: Sequence[Event], add: Any, hunts: int) -> None:
    """The step of a placement effect or a hunt, then the steps of what it removed."""
    doomed = tuple(c for x in after if isinstance(x, (Killed, Scared)) for c in (x.card,)) + tuple(
        c for x in after if isinstance(x, RowDiscarded) for c in x.cards
    )
    if isinstance(e, EffectResolved):
        cut = None
        discards = [x for x in after if isinstance(x, RowDiscarded)]
        if discards:
            cut = w.slots.index(discards[0].cards[-1]) + 1
        verb = "discard" if discards else ("kill" if doomed else "")
        add(
            "effect",
            "Placement effect",
            w.text(e.describe()),
            actor=e.card,
            hits=doomed,
            verb=verb,
            cut=cut,
        )
    else:
        title = f"Hunt {e.index + 1} of {hunts}" if hunts > 1 else "Hunt"
        add(
            "hunt",
            title,
            w.text(e.describe()),
            actor=e.card,
            reached=e.reached,
            hits=e.hits,
            verb=_verb_of(e.action),
            counted=tuple(e.positions),
            side=e.side,
        )
    if after:
        _remove(w, after, add, e.card)


def _closed(w: _Work, e: RowClosed, steps: list[Step], add: Any) -> None:
    """The row closing up: its own step, or the words of the regrouping step just before."""
    w.compact()
    last = steps[-1] if steps else None
    same = list(e.row) == w.slots
    w.slots = list(e.row)
    if last is not None and last.kind == "regroup" and same and not w.extra:
        steps[-1] = replace(last, text=f"{last.text} {e.describe()}")
    else:
        add("closed", "The row closes up", w.text(e.describe()))


def _remove(w: _Work, after: Sequence[Event], add: Any, by: str | None) -> None:
    leaving: list[tuple[str, str]] = []
    fresh: list[str] = []
    for x in after:
        if isinstance(x, Killed):
            w.kills[x.player].append(x.card)
            leaving.append((x.card, "killed"))
            fresh.append(x.card)
        elif isinstance(x, Scared):
            w.discard.append(x.card)
            leaving.append((x.card, "scared"))
            fresh.append(x.card)
        elif isinstance(x, RowDiscarded):
            w.discard.extend(x.cards)
            leaving.extend((c, "discarded") for c in x.cards)
            fresh.extend(x.cards)
        elif isinstance(x, TokenReturned):
            w.tokens.pop(x.card, None)
            w.tokens_left[x.player] += 1
    kinds = {k for _, k in leaving}
    title = (
        "Killed"
        if kinds == {"killed"}
        else "Scared away"
        if kinds == {"scared"}
        else "Discarded"
        if kinds == {"discarded"}
        else "Leaving the row"
    )
    add(
        "removed",
        title,
        w.text(*(x.describe() for x in after)),
        actor=by,
        leaving=tuple(leaving),
        fresh=tuple(fresh),
    )
    gone = {c for c, _ in leaving}
    w.slots = [None if c in gone else c for c in w.slots]
    for c in gone:
        w.tokens.pop(c, None)


def _regroup(w: _Work, e: Regrouped, group_of: Any) -> None:
    """Move ``e.cards`` to just left of the run of their kind that ends at ``e.anchor``."""
    kind = (e.group, e.level)
    row = [c for c in w.slots if c not in e.cards]
    at = row.index(e.anchor)
    while at > 0 and group_of(row[at - 1]) == kind:
        at -= 1
    w.slots = row[:at] + list(e.cards) + row[at:]


def still_step(state: Any, text: str = "", title: str = "Position") -> Step:
    """A step showing a position as it is (after a new game, an undo or a load)."""
    return Step("position", title, text, Table.of(state), state.current_player)
