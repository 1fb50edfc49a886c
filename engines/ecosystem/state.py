"""The draft: deal, pick and place, pass, two rounds, then score.

Picks that the published game makes simultaneously are taken one player at a time
here: in each turn player 0 picks first, then player 1, and so on; a pick is placed
face up at once. When everyone has picked, the hands pass (or, after the 10th pick of
a round, the last card of each hand is discarded). With two parks a player makes two
picks per turn, one for each park, in either order; she stays the current player
until both are made.

>>> game = new_game(Rules(players=3), seed=7)
>>> game.current_player, game.round, game.turn, len(game.hand(0))
(0, 0, 0, 11)
>>> pick = game.legal_actions()[0]
>>> pick
Pick(card=CardType.WATERING_HOLE, cell=(0, 0), park=None)
>>> [e.describe() for e in game.apply(pick)]
['Player 1 placed a watering hole at A1.']
>>> game.current_player
1
>>> game.apply(Pick(game.hand(1)[0], (4, 0)))
Traceback (most recent call last):
...
engines.IllegalAction: There is no cell at row 5, column 1: a park has 4 rows and 5 columns.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engines import Event, Events, IllegalAction, ScoreSheet
from engines.protocol import BaseState, Outcome, play_all
from engines.text import unknown

from ..saves import header
from . import saves
from .cards import CODES, CardType, card_from_code, sort_cards
from .drawing import DraftPicture
from .events import Dealt, Discarded, Flipped, GameOver, Passed, Placed, RoundEnded, Scored
from .park import (
    COLS,
    ROWS,
    Park,
    cell_label,
    parse_cell_label,
    place,
    placement_cells,
    placement_error,
)
from .rules import HAND_SIZE, PICKS_PER_ROUND, ROUNDS, Rules, full_deck
from .saves import GAME, VERSION
from .scoring import score, score_steps

__all__ = ["GAME", "VERSION", "Observation", "Pick", "State", "determinize", "new_game", "replay"]


Cell = tuple[int, int]


@dataclass(frozen=True)
class Pick:
    """One action: take a card from the hand of a park and place it in that park.

    ``Pick("GZ", (1, 2))`` is accepted too (a code becomes its :class:`CardType`).
    """

    card: CardType
    """The card type taken from the hand."""
    cell: Cell
    """``(row, column)`` where it goes. With the floating frame a cell one step outside
    the park (row -1 or 4, column -1 or 5) slides the park to make room."""
    park: str | None = None
    """``None`` in the classic game; ``"west"`` or ``"east"`` with two parks."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "card", card_from_code(self.card))
        if isinstance(self.cell, list):
            object.__setattr__(self, "cell", tuple(self.cell))

    def __str__(self) -> str:
        """``"GZ B4"`` (card code, cell), ``"GZ B4 west"`` with two parks; a floating-frame
        cell outside the park as ``row,column`` from 0 (``"GZ -1,2"``)."""
        r, c = self.cell
        cell = cell_label(self.cell) if 0 <= r < ROWS and 0 <= c < COLS else f"{r},{c}"
        text = f"{self.card.code} {cell}"
        return text if self.park is None else f"{text} {self.park}"


@dataclass(frozen=True)
class Observation:
    """Everything one player may know: her hands, every park, and the hands she has held.

    Hands pass around the table and every pick is placed face up, so a hand a player has
    held is known exactly from then on; the others are only known by size.
    """

    player: int
    """Whose view this is."""
    rules: Rules
    """The game's options."""
    round: int
    """0 or 1 (2 once the game is over)."""
    turn: int
    """Picks made from each hand so far this round (0–9)."""
    current_player: int | None
    """Who must pick now."""
    parks: tuple[tuple[Park, ...], ...]
    """Per player, her parks (one, or West and East)."""
    hands: tuple[tuple[tuple[CardType, ...] | None, ...], ...]
    """``hands[park][holder]``: the cards in that hand if this player has held it, else None."""
    hand_sizes: tuple[tuple[int, ...], ...]
    """``hand_sizes[park][holder]``: cards in every hand."""
    picked: tuple[frozenset[int], ...]
    """Per player, the parks (0 = classic / West, 1 = East) she has picked for this turn."""
    discards: tuple[CardType, ...]
    """Every discarded card (all hands are known by the end of a round)."""
    unseen: tuple[CardType, ...]
    """Cards this player cannot see: in hands she has not held, or not dealt yet (sorted)."""
    stock_size: int
    """Cards not dealt yet."""


def new_game(rules: Rules | None = None, seed: int | None = None) -> State:
    """A new draft: the decks shuffled with ``random.Random(seed)`` and round 1 dealt."""
    return State(rules, seed)


class State(BaseState, DraftPicture):
    """A game in progress (see the module docstring for the turn order)."""

    def __init__(self, rules: Rules | None = None, seed: int | None = None):
        rules = rules if rules is not None else Rules()
        if not isinstance(rules, Rules):
            raise ValueError(f"rules must be a Rules, not {type(rules).__name__}")
        self.rules = rules
        self.seed = seed
        self._rng = random.Random(seed)
        n, slots = rules.players, len(rules.park_names)
        self._round = 0
        self._turn = 0
        self._parks: list[list[Park]] = [[Park() for _ in range(slots)] for _ in range(n)]
        self._hands: list[list[list[CardType]]] = [[[] for _ in range(n)] for _ in range(slots)]
        self._picked = [0] * n
        self._current: int | None = 0
        self._discards: list[CardType] = []
        self._stock = full_deck(rules)
        self._rng.shuffle(self._stock)
        self._sheet: ScoreSheet | None = None
        self.quiet = False
        """Whether the last pick scores without making the step-by-step scoring events (search
        bots set it on their own copies)."""
        self._deal()

    # ---- reading -------------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of players."""
        return self.rules.players

    @property
    def current_player(self) -> int | None:
        """Who must pick now (None when the game is over)."""
        return self._current

    @property
    def is_over(self) -> bool:
        """True once both rounds are played and the parks scored."""
        return self._round >= ROUNDS

    @property
    def round(self) -> int:
        """Round being played: 0 or 1 (2 once over)."""
        return self._round

    @property
    def turn(self) -> int:
        """Picks made from each hand so far this round, 0–9."""
        return self._turn

    @property
    def parks(self) -> list[Any]:
        """Per player, her park (classic) or ``(west, east)`` pair: what :func:`score` takes."""
        if len(self.rules.park_names) == 1:
            return [parks[0] for parks in self._parks]
        return [tuple(parks) for parks in self._parks]

    def park(self, player: int, park: str | None = None) -> Park:
        """One park of a player (``park``: None classic, ``"west"`` or ``"east"``)."""
        return self._parks[player][self._slot(park)]

    def hand(self, player: int, park: str | None = None) -> tuple[CardType, ...]:
        """The hand a player holds now for one park, sorted in scoring order."""
        return tuple(self._hands[self._slot(park)][player])

    def has_picked(self, player: int, park: str | None = None) -> bool:
        """Whether a player has already picked for that park this turn."""
        return bool(self._picked[player] >> self._slot(park) & 1)

    def direction(self, park: str | None = None) -> int:
        """Where hands of that park pass this round: +1 left (clockwise), -1 right."""
        return self._direction(self._slot(park))

    @property
    def discards(self) -> tuple[CardType, ...]:
        """Every discarded card, in order."""
        return tuple(self._discards)

    @property
    def stock_size(self) -> int:
        """Cards not dealt yet."""
        return len(self._stock)

    @property
    def outcome(self) -> Outcome | None:
        """None while running; then the players with the highest total, and every total."""
        if not self.is_over:
            return None
        sheet = self.score_sheet()
        scores = tuple(sheet.total(p) for p in range(self.players))
        return Outcome(tuple(self._winners()), "game_end", scores)

    def score_sheet(self) -> ScoreSheet:
        """The final score sheet, or while running the score the parks would get now."""
        if self._sheet is not None:
            return self._sheet
        return score(self.parks, self.rules)

    def _winners(self) -> list[int]:
        sheet = self.score_sheet()
        totals = [sheet.total(p) for p in range(self.players)]
        best = max(totals)
        return [p for p, t in enumerate(totals) if t == best]

    def _slot(self, park: str | None) -> int:
        names = self.rules.park_names
        if park not in names:
            choices = " or ".join(repr(n) for n in names)
            raise ValueError(
                f"park must be {choices} in the {self.rules.variant} game, not {park!r}"
            )
        return names.index(park)

    def _direction(self, slot: int) -> int:
        if self.rules.variant == "two_parks":
            return 1 if slot == 0 else -1
        return 1 if self._round == 0 else -1

    # ---- actions -------------------------------------------------------------------

    def legal_actions(self) -> list[Pick]:
        """Every pick the current player may make: one per card type in hand and free cell."""
        if self._current is None:
            return []
        p = self._current
        frame = self.rules.frame
        out = []
        for slot, name in enumerate(self.rules.park_names):
            if self._picked[p] >> slot & 1:
                continue
            cells = placement_cells(self._parks[p][slot], frame)
            for card in dict.fromkeys(self._hands[slot][p]):
                out.extend(Pick(card, cell, name) for cell in cells)
        return out

    def why_illegal(self, action: Any) -> str | None:
        """The sentence :meth:`apply` would raise for this action, or None if it is legal."""
        if self._current is None:
            return "The game is over."
        try:
            pick = _coerce(action)
        except (TypeError, ValueError) as exc:
            return str(exc)
        names = self.rules.park_names
        if pick.park not in names:
            if names == (None,):
                return "The classic game has one park; leave park out."
            return "Say which park the card is for: 'west' or 'east'."
        slot = names.index(pick.park)
        p = self._current
        where = "your park" if pick.park is None else f"your {pick.park.capitalize()} park"
        if self._picked[p] >> slot & 1:
            return f"You already picked for {where} this turn."
        hand = self._hands[slot][p]
        if pick.card not in hand:
            which = "your hand" if pick.park is None else f"your {pick.park.capitalize()} hand"
            return f"There is no {pick.card.label} in {which}."
        return placement_error(self._parks[p][slot], pick.cell, self.rules.frame)

    def apply(self, action: Pick | Sequence[Any]) -> list[Event]:
        """Make the current player's pick; the events of the turn, in order.

        Raises :class:`engines.IllegalAction` (state unchanged) if the pick is not legal.
        """
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        pick = _coerce(action)
        p = self._current
        assert p is not None
        slot = self.rules.park_names.index(pick.park)
        park, cell, shift = place(self._parks[p][slot], pick.cell, pick.card, self.rules.frame)
        self._hands[slot][p].remove(pick.card)
        self._parks[p][slot] = park
        self._picked[p] |= 1 << slot
        events: list[Event] = [Placed(p, pick.card.code, cell, pick.park, shift)]
        if self._picked[p] == (1 << len(self.rules.park_names)) - 1:
            if p + 1 < self.players:
                self._current = p + 1
            else:
                events.extend(self._end_turn())
        return Events(events)

    def _end_turn(self) -> list[Event]:
        events: list[Event] = []
        self._picked = [0] * self.players
        names = self.rules.park_names
        if self._turn < PICKS_PER_ROUND - 1:
            for slot, name in enumerate(names):
                d = self._direction(slot)
                old = self._hands[slot]
                n = self.players
                self._hands[slot] = [old[(j - d) % n] for j in range(n)]
                events.append(Passed(name, d))
            self._turn += 1
            self._current = 0
            return events
        for slot, name in enumerate(names):
            for holder, hand in enumerate(self._hands[slot]):
                for card in hand:
                    self._discards.append(card)
                    events.append(Discarded(holder, card.code, name))
                hand.clear()
        events.append(RoundEnded(self._round))
        self._round += 1
        self._turn = 0
        if self._round < ROUNDS:
            self._deal()
            self._current = 0
            events.append(Dealt(self._round, HAND_SIZE, len(names)))
        else:
            self._current = None
            if self.quiet:
                self._sheet = score(self.parks, self.rules)
            else:
                events.extend(self._final_scoring())
        return events

    def _deal(self) -> None:
        for slot in range(len(self.rules.park_names)):
            for holder in range(self.players):
                hand, self._stock = self._stock[:HAND_SIZE], self._stock[HAND_SIZE:]
                self._hands[slot][holder] = sort_cards(hand)

    def _final_scoring(self) -> list[Event]:
        """Scored per category (lion steps merged), each followed by the flips it caused."""
        events: list[Event] = []
        names = self.rules.park_names
        before = [0] * self.players
        flipped_before: list[frozenset] = [frozenset()] * self.players
        category: str | None = None
        points: list[int] = []
        flips: list[Event] = []
        last = None
        for step in score_steps(self.parks, self.rules):
            last = step
            if step.category != category:
                if category is not None:
                    events.append(Scored(category, tuple(points)))
                    events.extend(flips)
                category, points, flips = step.category, [0] * self.players, []
            for p in range(self.players):
                points[p] += step.totals[p] - before[p]
                new = step.flipped[p] - flipped_before[p]
                for cell in sorted(
                    new, key=lambda c: (names.index(c[0]), c[1:]) if len(c) == 3 else c
                ):
                    park, rc = (None, cell) if len(cell) == 2 else (cell[0], cell[1:])
                    card = self._parks[p][names.index(park)][rc]
                    flips.append(Flipped(p, card.code, rc, step.category, park))
            before = list(step.totals)
            flipped_before = list(step.flipped)
        assert last is not None and category is not None
        events.append(Scored(category, tuple(points)))
        events.extend(flips)
        self._sheet = last.sheet
        totals = tuple(self._sheet.total(p) for p in range(self.players))
        events.append(GameOver(tuple(self._winners()), totals))
        return events

    # ---- what a player sees --------------------------------------------------------

    def observation(self, player: int) -> Observation:
        """What ``player`` may know (her hands, all parks, hands she has held, discards)."""
        if not (isinstance(player, int) and 0 <= player < self.players):
            raise ValueError(f"player must be 0 to {self.players - 1}, not {player!r}")
        n = self.players
        known_hands = []
        unseen = full_deck(self.rules)
        counts = Counter(unseen)
        for parks in self._parks:
            for park in parks:
                counts.subtract(card for card in park if card is not None)
        counts.subtract(self._discards)
        for slot in range(len(self.rules.park_names)):
            row: list[tuple[CardType, ...] | None] = [None] * n
            if not self.is_over:
                d = self._direction(slot)
                for s in range(min(self._turn, n - 1) + 1):
                    holder = (player + d * s) % n
                    row[holder] = tuple(self._hands[slot][holder])
                    counts.subtract(self._hands[slot][holder])
            known_hands.append(tuple(row))
        unseen_cards = tuple(card for card in CardType for _ in range(counts[card]))
        return Observation(
            player=player,
            rules=self.rules,
            round=self._round,
            turn=self._turn,
            current_player=self._current,
            parks=tuple(tuple(parks) for parks in self._parks),
            hands=tuple(known_hands),
            hand_sizes=tuple(tuple(len(h) for h in hands) for hands in self._hands),
            picked=tuple(
                frozenset(s for s in range(len(self.rules.park_names)) if bits >> s & 1)
                for bits in self._picked
            ),
            discards=tuple(self._discards),
            unseen=unseen_cards,
            stock_size=len(self._stock),
        )

    def determinize(self, player: int, rng: random.Random) -> State:
        """A full state consistent with ``player``'s :meth:`observation`, hidden cards from ``rng``."""
        return determinize(self.observation(player), rng)

    # ---- actions as text -----------------------------------------------------------

    def action_to_str(self, action: Pick) -> str:
        """``"GZ B4"`` (card code, cell), and ``"GZ B4 west"`` with two parks.

        A floating-frame cell outside the park is written ``row,column`` from 0 (``"-1,2"``).
        """
        return str(_coerce(action))

    def parse_action(self, text: str) -> Pick:
        """The pick :meth:`action_to_str` wrote; ``ValueError`` with a sentence otherwise."""
        words = text.split() if isinstance(text, str) else []
        if len(words) not in (2, 3):
            raise ValueError(f"A pick reads like 'GZ B4' or 'GZ B4 west', not {text!r}.")
        if words[0].upper() not in CODES:
            raise ValueError(unknown("card code", words[0], CODES))
        card = card_from_code(words[0].upper())
        if "," in words[1]:
            try:
                r, c = (int(v) for v in words[1].split(","))
            except ValueError:
                raise ValueError(f"{words[1]!r} is not a cell like B4 or -1,2.") from None
            cell = (r, c)
        else:
            cell = parse_cell_label(words[1])
        park = words[2].lower() if len(words) == 3 else None
        return Pick(card, cell, park)

    # ---- copies and saves ----------------------------------------------------------

    def clone(self) -> State:
        """An independent copy (random generator included)."""
        new = State.__new__(State)
        new.rules = self.rules
        new.seed = self.seed
        new._rng = random.Random()
        new._rng.setstate(self._rng.getstate())
        new._round = self._round
        new._turn = self._turn
        new._parks = [list(parks) for parks in self._parks]
        new._hands = [[list(h) for h in hands] for hands in self._hands]
        new._picked = list(self._picked)
        new._current = self._current
        new._discards = list(self._discards)
        new._stock = list(self._stock)
        new._sheet = self._sheet
        new.quiet = self.quiet
        return new

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe snapshot that :meth:`from_dict` restores exactly."""
        return {
            **header(GAME),
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "round": self._round,
            "turn": self._turn,
            "parks": [[str(park) for park in parks] for parks in self._parks],
            "hands": [[[c.code for c in hand] for hand in hands] for hands in self._hands],
            "picked": [
                [s for s in range(len(self.rules.park_names)) if bits >> s & 1]
                for bits in self._picked
            ],
            "discards": [c.code for c in self._discards],
            "stock": [c.code for c in self._stock],
        }

    @classmethod
    def from_dict(cls, data: Any) -> State:
        """Restore :meth:`to_dict` output; ``ValueError`` names the first bad field."""
        parts = saves.read(data)
        state = cls.__new__(cls)
        state.rules, state.seed = parts.pop("rules"), parts.pop("seed")
        state._rng = random.Random(state.seed)
        for name, value in parts.items():
            setattr(state, "_" + name, value)
        state._sheet = score(state.parks, state.rules) if state.is_over else None
        state.quiet = False
        return state

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"round {self._round + 1}, turn {self._turn + 1}"
        return f"<ecosystem State: {self.players} players, {self.rules.variant}, {state}>"


def _coerce(action: Any) -> Pick:
    if isinstance(action, Pick):
        return action
    if isinstance(action, (tuple, list)) and len(action) in (2, 3):
        try:
            return Pick(*action)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"Not a pick: {exc}.") from None
    raise ValueError(f"A pick is Pick(card, cell, park), not {action!r}.")


def determinize(observation: Observation, rng: random.Random) -> State:
    """A full state consistent with an observation: hidden hands and the stock are drawn
    at random from the cards the player has not seen. Used by the search bot."""
    obs = observation
    pool = list(obs.unseen)
    rng.shuffle(pool)
    state = State.__new__(State)
    state.rules = obs.rules
    state.seed = None
    state._rng = random.Random(rng.random())
    state._round = obs.round
    state._turn = obs.turn
    state._parks = [list(parks) for parks in obs.parks]
    state._hands = []
    for slot, hands in enumerate(obs.hands):
        row = []
        for holder, hand in enumerate(hands):
            if hand is None:
                size = obs.hand_sizes[slot][holder]
                hand_cards, pool = pool[:size], pool[size:]
                row.append(sort_cards(hand_cards))
            else:
                row.append(list(hand))
        state._hands.append(row)
    state._picked = [sum(1 << s for s in slots) for slots in obs.picked]
    state._current = obs.current_player
    state._discards = list(obs.discards)
    state._stock = pool
    state._sheet = None
    state.quiet = False
    if state.is_over:
        state._sheet = score(state.parks, state.rules)
    return state


def replay(actions: Iterable[Any], rules: Rules | None = None, seed: int | None = None) -> State:
    """The draft after ``actions`` (picks or their text) from ``new_game(rules, seed)``.

    Raises :class:`engines.IllegalAction` naming the first illegal pick.

    >>> game = new_game(seed=3)
    >>> text = [game.action_to_str(game.legal_actions()[0])]
    >>> replay(text, seed=3).park(0)[0, 0] is not None
    True
    """
    return play_all(new_game(rules, seed), actions, "Pick")
