"""On the Savannah drawn: the row with its tokens, and the table as a viewer may see it.

:class:`Row` is the savannah as a value that prints and draws (``state.row_cards()``);
:class:`TablePicture` is a mixin of :class:`~engines.savannah.State` (it reads the state's
public members only): ``print(state)`` shows the position as text, a notebook draws it, and
``state.svg(viewer)`` / ``state.text(viewer)`` show it to one seat.  Shown without a viewer (a
spectator, as ``player_view(state, None)``) no hand is shown, only how many cards each holds,
and no score (a score counts the cards in hand); a seat sees its own hand too.  Once the game
is over every hand is scored in the open, and shown.

>>> from engines.savannah import Rules, make_state
>>> state = make_state(row=["zebra", "impala@1", "termite"], hands=[["lion"], ["hyena"]])
>>> print(state.row_cards())
zebra, impala (Player 2's token), termite
>>> print(state)
Turn 1: Player 1 to play.
Row, left to right: zebra, impala (Player 2's token), termite.
Player 1: 1 card in hand, 10 tokens left, kill pile empty.
Player 2: 1 card in hand, 9 tokens left, kill pile empty.
Draw pile: 59 cards. Discard pile: 0 cards.
>>> print(state.text(viewer=0).splitlines()[-1])
Player 1's hand: lion.
>>> "lion" in state.svg(), "lion" in state.svg(viewer=0)
(False, True)

A review draws the position a move was made in from the mover's seat (:func:`review_svg`): the
row, her hand and every kill pile, the card played and a better one ringed where they lie.

>>> from engines.savannah import Play
>>> hunt = make_state(row=["zebra"], hands=[["lion", "warthog#2"], ["hyena"]])
>>> svg = review_svg(hunt, Play("warthog#2"), Play("lion#1"), "#ef6c00")
>>> svg.count("cole-mark-played"), svg.count("cole-mark-better"), "Played: the warthog" in svg
(1, 1, True)
>>> "warthog#" in svg
False

A notebook shows a cell's last value through its rich repr: a state as the spectator's picture,
the row as its cards.

>>> state._repr_svg_() == state.svg(), state.row_cards()._repr_svg_().startswith("<svg")
(True, True)
>>> "termite" in state.row_cards()._repr_svg_()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engines.protocol import check_seat
from engines.svg import BETTER, INK, Drawn, Mark, Picture
from engines.text import counted, player_name

from .cards import Card, name_of

__all__ = ["TOKEN_COLOURS", "Row", "TablePicture", "review_svg"]

TOKEN_COLOURS = ("#d81b60", "#00796b", "#3949ab", "#a85300", "#5d4037")
"""Each seat's token (the pages' colours)."""
CARD_W, CARD_H = 70, 92
"""A card's size in a picture, in pixels."""
LINE_H = 20
"""Pixels of one line of words."""


@dataclass(frozen=True)
class Row:
    """The savannah, left to right: each card, and the seat whose token is on it (or None)."""

    ids: tuple[str, ...]
    """The card ids, left to right (``'zebra#2'``)."""
    tokens: tuple[int | None, ...]
    """The seat whose token is on each card, or None."""
    cards: tuple[Card, ...] = field(repr=False)
    """Each id's :class:`~engines.savannah.cards.Card` (name, level, group colour)."""

    def __len__(self) -> int:
        return len(self.ids)

    def __str__(self) -> str:
        if not self.ids:
            return "empty"
        return ", ".join(
            name_of(cid) + ("" if p is None else f" ({player_name(p)}'s token)")
            for cid, p in zip(self.ids, self.tokens, strict=True)
        )

    def svg(self) -> str:
        """The row as an SVG picture: each card with its group's colour, level and token."""
        picture = Picture(max(1, len(self)) * (CARD_W + 6) + 8, CARD_H + 16, f"Row: {self}")
        draw_cards(picture, self.cards, 4, 8, self.tokens)
        return picture.svg()

    def _repr_svg_(self) -> str:
        return self.svg()


def draw_cards(
    picture: Picture,
    cards: Sequence[Card],
    x: float,
    y: float,
    tokens: Sequence[int | None] = (),
) -> None:
    """Cards in a line from (``x``, ``y``): each a white card under its group's colour band,
    its level in a circle, its name, "Big Five" on those cards, and the token on it."""
    for k, card in enumerate(cards):
        left = x + k * (CARD_W + 6)
        tip = f"{card.name}, level {card.level} {card.group.replace('_', ' ')}"
        picture.rect(left, y, CARD_W, CARD_H, "#ffffff", INK, rx=5, title=tip)
        picture.rect(left, y, CARD_W, 22, card.colour_hex or "#cccccc", INK, rx=5)
        picture.circle(left + 12, y + 11, 8, "#ffffff", INK)
        picture.text(left + 12, y + 15, str(card.level), size=11, bold=True)
        picture.text(left + CARD_W / 2, y + 44, card.name, size=12 if len(card.name) < 9 else 10)
        if card.big_five:
            picture.text(left + CARD_W / 2, y + 60, "Big Five", size=9)
        owner = tokens[k] if k < len(tokens) else None
        if owner is not None:
            colour = TOKEN_COLOURS[owner % len(TOKEN_COLOURS)]
            picture.circle(left + CARD_W / 2, y + CARD_H - 15, 10, colour, INK)
            picture.text(left + CARD_W / 2, y + CARD_H - 11, f"P{owner + 1}", 9, "#ffffff")


class TablePicture(Drawn):
    """The position of a game of On the Savannah as text and as SVG, as ``viewer`` may see it."""

    __slots__ = ()

    def row_cards(self) -> Row:
        """The row with its tokens, as a value that prints and draws."""
        ids = self.row
        return Row(ids, tuple(self.token_on(c) for c in ids), tuple(self.card(c) for c in ids))

    def status(self) -> str:
        """Whose turn it is (and a steal they owe), or who won, as a sentence."""
        if self.outcome is not None:
            return self.outcome.describe()
        who = player_name(self.current_player)
        steal = self.pending_steal
        if steal is not None:
            return f"Turn {self.turn + 1}: {who} steals a card for the {name_of(steal)}'s kill."
        return f"Turn {self.turn + 1}: {who} to play."

    def seat_lines(self) -> list[str]:
        """Each player's hand size, tokens and kill pile (all public)."""
        lines = []
        for p in range(self.players):
            kills = ", ".join(name_of(c) for c in self.kill_pile(p))
            lines.append(
                f"{player_name(p)}: {counted(len(self.hand(p)), 'card')} in hand, "
                f"{counted(self.tokens_left(p), 'token')} left, "
                + (f"kill pile: {kills}." if kills else "kill pile empty.")
            )
        return lines

    def seen_hands(self, viewer: int | None = None) -> list[int]:
        """The seats whose hands ``viewer`` may see: every seat once the game is over."""
        check_seat(self, viewer)
        if self.is_over:
            return list(range(self.players))
        return [] if viewer is None else [viewer]

    def text(self, viewer: int | None = None) -> str:
        """The turn, the row with its tokens, each seat, the piles, and the hands ``viewer``
        may see (every hand and the score sheet's totals once the game is over)."""
        lines = [self.status(), f"Row, left to right: {self.row_cards()}.", *self.seat_lines()]
        lines.append(
            f"Draw pile: {counted(self.pile_size, 'card')}. "
            f"Discard pile: {counted(len(self.discard_pile), 'card')}."
        )
        for p in self.seen_hands(viewer):
            hand = ", ".join(name_of(c) for c in self.hand(p)) or "empty"
            lines.append(f"{player_name(p)}'s hand: {hand}.")
        if self.is_over:
            lines.append(self.score_sheet().totals_line())
        return "\n".join(lines)

    def svg(self, viewer: int | None = None) -> str:
        """The row's cards, each seat's line, and the hands ``viewer`` may see as cards."""
        seen = self.seen_hands(viewer)
        row = self.row_cards()
        words = [self.status(), *self.seat_lines()]
        widest = max([len(row), *(len(self.hand(p)) for p in seen), 1])
        width = max(widest * (CARD_W + 6) + 8, 7 * max(map(len, words)))
        height = LINE_H * (2 + self.players + len(seen)) + (1 + len(seen)) * (CARD_H + 8)
        picture = Picture(width, height + 8, self.status())
        picture.text(4, 16, self.status(), size=13, anchor="start", bold=True)
        picture.text(4, LINE_H + 14, "Row, left to right:", size=12, anchor="start")
        y = 2 * LINE_H + 4
        draw_cards(picture, row.cards, 4, y, row.tokens)
        y += CARD_H + 8
        for line in self.seat_lines():
            picture.text(4, y + 14, line, size=12, anchor="start")
            y += LINE_H
        for p in seen:
            picture.text(4, y + 14, f"{player_name(p)}'s hand:", size=12, anchor="start")
            draw_cards(picture, [self.card(c) for c in self.hand(p)], 4, y + LINE_H)
            y += LINE_H + CARD_H + 8
        return picture.svg()


def _said(move) -> str:
    """A move as a player says it, the card by its name ("discard the zebra")."""
    verb = {"Discard": "discard ", "Steal": "steal "}.get(type(move).__name__, "")
    return f"{verb}the {name_of(move.card)}"


def review_svg(before, played, better=None, colour: str = INK) -> str:
    """The position ``before`` from its mover's seat: the row, her hand and each kill pile,
    the card of ``played`` ringed in ``colour`` and that of ``better`` (a move, or None)
    ringed dashed green, where each lies (in her hand, or a kill pile to steal from)."""
    me = before.current_player
    marks = [(played.card, Mark("played", f"Played: {_said(played)}", colour))]
    if better is not None and better != played:
        marks.append((better.card, Mark("better", f"Better: {_said(better)}", BETTER, True)))
    row = before.row_cards()
    shelves = [("Row, left to right:", row.cards, row.tokens, row.ids)]
    hand = before.hand(me)
    shelves.append((f"{player_name(me)}'s hand:", [before.card(c) for c in hand], (), hand))
    for p in range(before.players):
        pile = before.kill_pile(p)
        shelves.append((f"{player_name(p)}'s kill pile:", [before.card(c) for c in pile], (), pile))
    title = before.status()
    key = "Solid ring: the card played" + (
        "; dashed green: a better one." if len(marks) > 1 else "."
    )
    widest = max([len(ids) for *_, ids in shelves] + [1])
    width = max(widest * (CARD_W + 6) + 8, 7 * max(len(title), len(key)))
    heights = [LINE_H + (CARD_H + 8 if ids else 0) for *_, ids in shelves]
    picture = Picture(
        width,
        2 * LINE_H + 8 + sum(heights),
        f"{title} " + ". ".join(m.label for _, m in marks) + ".",
    )
    picture.text(4, 16, title, size=13, anchor="start", bold=True)
    picture.text(4, LINE_H + 14, key, size=11, anchor="start")
    y = 2 * LINE_H + 4
    for words, cards, tokens, ids in shelves:
        picture.text(4, y + 14, words + ("" if ids else " empty."), size=12, anchor="start")
        y += LINE_H
        if not ids:
            continue
        draw_cards(picture, cards, 4, y, tokens)
        if ids is not row.ids:
            for card_id, mark in marks:
                if card_id in ids:
                    x = 4 + ids.index(card_id) * (CARD_W + 6)
                    inset = 0 if mark.dashed else 3
                    picture.mark(x - 2, y - 2, CARD_W + 4, CARD_H + 4, mark, inset=inset)
        y += CARD_H + 8
    return picture.svg()
