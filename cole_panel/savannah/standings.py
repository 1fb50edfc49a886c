"""The running score: every player's total and its parts at any moment of any turn.

The engine scores any position (``score_sheet()``, ``totals()``); a turn's playback shows
moments between two positions.  :func:`step_state` builds the position a step shows — the
table of the step (row, tokens, kill piles, discard pile) with the hands and the draw pile
before or after the draw — and the engine scores it, so the live score never holds a rule.
Panel-free.

>>> from engines.savannah import Play, make_state
>>> before = make_state(row=["zebra", "impala@1", "termite@1"], hands=[["lion"], ["hyena"]])
>>> after = before.clone()
>>> from .steps import Table, turn_steps
>>> steps = turn_steps(Table.of(before), after.apply(Play("lion#1")))
>>> [standing(step_state(before, after, s))[0]["kills"] for s in steps][:4]
[0, 0, 0, 4]
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from engines.savannah import State

from .steps import Step

CATEGORIES = ("alive", "hand", "kills", "rightmost", "big_five")
"""The score's parts, as the engine's score sheet names its categories."""
CATEGORY_NAMES = {
    "alive": "alive",
    "hand": "hand penalty",
    "kills": "kills",
    "rightmost": "rightmost human",
    "big_five": "Big Five bonus",
}
"""How the page names each part."""


def step_state(before: State, after: State, step: Step) -> State:
    """The position ``step`` (of the turn from ``before`` to ``after``) shows, for scoring."""
    table = step.table
    data = before.to_dict()
    drawn = table.hand_sizes == tuple(len(after.hand(q)) for q in range(after.players))
    source = after if drawn else before
    gone = {c for k in table.kills for c in k} | set(table.discard)  # leaving: still drawn
    row = [c for c in table.row if c not in gone]
    placed = gone | set(row)
    data["hands"] = [[c for c in source.hand(q) if c not in placed] for q in range(after.players)]
    data["pile"] = list(source.pile)
    data.update(
        row=row,
        tokens={c: q for c, q in table.tokens if c in row},
        tokens_left=list(table.tokens_left),
        kills=[list(k) for k in table.kills],
        discard=list(table.discard),
        over=False,
        pending=None,
    )
    with_cards = [q for q in range(after.players) if data["hands"][q]]
    if data["current"] not in with_cards:  # scoring needs no mover: any legal one will do
        data["current"] = with_cards[0] if with_cards else data["current"]
        data["over"] = not with_cards
    try:
        return State.from_dict(data)
    except ValueError:  # a moment the engine would not write (cards in flight): the nearer end
        return after if step.kind in ("closed", "over", "regroup", "steal") else before


HIDDEN_PARTS = ("hand",)
"""The parts of the score a player's hidden hand decides."""


def standing(state: State, known: Collection[int] | None = None) -> list[dict[str, Any]]:
    """Per player: ``total`` and each part of :data:`CATEGORIES` (points), and ``big_five``'s
    names killed so far (``big_five_names``), the kill pile's cards (``kill_pile``) and the
    number of cards in hand (``hand_cards``), from the engine's score sheet.

    ``known``: the players whose hands the viewer may see (None: all).  Another player's hand
    penalty and total are then None (the page shows "?"): they are not the viewer's to know,
    and the cards a page holds in their place are made up.  ``known_total`` is what the
    viewer may add up (the total without the hidden parts).
    """
    hidden = set() if known is None else set(range(state.players)) - set(known)
    rows = [
        {"total": 0, **dict.fromkeys(CATEGORIES, 0), "big_five_names": (), "known_total": 0}
        for _ in range(state.players)
    ]
    for line in state.score_sheet():
        rows[line.player][line.category] += line.points
        rows[line.player]["total"] += line.points
        if not (line.player in hidden and line.category in HIDDEN_PARTS):
            rows[line.player]["known_total"] += line.points
    for q in hidden:
        rows[q].update(dict.fromkeys((*HIDDEN_PARTS, "total")))
    big_five = state_big_five(state)
    for q, row in enumerate(rows):
        row["hand_cards"] = len(state.hand(q))
        row["kill_pile"] = state.kill_pile(q)
        names = {c.split("#")[0] for c in state.kill_pile(q)}
        row["big_five_names"] = tuple(b for b in big_five if b in names)
    return rows


def state_big_five(state: State) -> tuple[str, ...]:
    """The Big Five of the state's deck, by name (deck order)."""
    seen: dict[str, None] = {}
    for card in state.cards:
        if card.big_five:
            seen.setdefault(card.name, None)
    return tuple(seen)


def totals_over(
    start: State, states: list[State], known: Collection[int] | None = None
) -> list[list[int]]:
    """Every player's total at the start and after each move (rows: moments); with ``known``
    (see :func:`standing`) the others' totals leave out their hidden hands."""
    if known is None:
        return [list(s.totals()) for s in [start, *states]]
    return [[row["known_total"] for row in standing(s, known)] for s in [start, *states]]
