"""An Ecosystem draft drawn: every player's parks and points, and the hands a viewer may see.

:class:`DraftPicture` is a mixin of :class:`~engines.ecosystem.State` (it reads the state's
public members only): ``print(state)`` shows the position as text, a notebook draws it, and
``state.svg(viewer)`` / ``state.text(viewer)`` show it to one seat.  Shown without a viewer
(a spectator, as ``player_view(state, None)``), no hand is shown, only how many cards each
holds; a seat sees its own hands too.

>>> from engines.ecosystem import Rules, new_game
>>> game = new_game(Rules(players=2), seed=7)
>>> _ = game.play("WH A1")
>>> print(game)
Round 1 of 2, pick 1 of 10: Player 2 to pick.
Player 1: 0 points.
  A: WH .. .. .. ..
  B: .. .. .. .. ..
  C: .. .. .. .. ..
  D: .. .. .. .. ..
Player 2: 0 points.
  A: .. .. .. .. ..
  B: .. .. .. .. ..
  C: .. .. .. .. ..
  D: .. .. .. .. ..
Hands (hidden): Player 1 10 cards, Player 2 11 cards.
>>> print(game.text(viewer=1).splitlines()[-1])  # doctest: +ELLIPSIS
Player 2's hand: watering hole (WH), ...
>>> "watering hole (WH)" in game.svg(), "Player 2&#x27;s hand" in game.svg(viewer=1)
(False, True)

A review draws the position a pick was made in from the picker's seat (:func:`review_svg`):
her park(s) and hand, the pick played and a better one each ringed on the cell and on the card.

>>> from engines.ecosystem import Pick
>>> svg = review_svg(game, Pick("GZ", (0, 1)), Pick("WH", (1, 0)), "#c62828")
>>> svg.count('class="cole-mark cole-mark-played"'), svg.count("cole-mark-better")
(2, 2)
>>> "Better: the watering hole at B1" in svg, "WH#" in svg
(True, False)

A notebook shows a cell's last value through its rich repr: a state as the spectator's picture.

>>> game._repr_svg_() == game.svg(), game._repr_svg_().startswith("<svg")
(True, True)
"""

from __future__ import annotations

from engines.protocol import check_seat
from engines.svg import BETTER, INK, Drawn, Mark, Picture
from engines.text import counted, player_name

from .park import CARD_COLOURS, CARD_H, CARD_W, COLS, ROWS, cell_label, draw_park
from .rules import PICKS_PER_ROUND, ROUNDS

__all__ = ["DraftPicture", "review_svg"]

PARK_GAP = 34
"""Pixels between two parks side by side (and left of the first, for the row letters)."""
LINE_H = 20
"""Pixels of one line of words."""


class DraftPicture(Drawn):
    """The position of an Ecosystem draft as text and as SVG, as ``viewer`` may see it."""

    __slots__ = ()

    def status(self) -> str:
        """Round, pick and who picks, or who won, as a sentence."""
        if self.outcome is not None:
            return self.outcome.describe()
        return f"{self.round_text()}: {player_name(self.current_player)} to pick."

    def round_text(self) -> str:
        """Where the draft stands: "Round 1 of 2, pick 3 of 10"."""
        return f"Round {self.round + 1} of {ROUNDS}, pick {self.turn + 1} of {PICKS_PER_ROUND}"

    def hand_lines(self, viewer: int | None = None) -> list[str]:
        """The hands as ``viewer`` may see them: the seat's own hands card by card, every
        other hand by its size only (nothing once the game is over)."""
        return [line for line, _ in self._hands_seen(viewer)]

    def _hands_seen(self, viewer: int | None) -> list[tuple[str, tuple | None]]:
        """Each line of :meth:`hand_lines` with the cards it shows (None: a line of sizes)."""
        check_seat(self, viewer)
        if self.is_over:
            return []
        lines: list[tuple[str, tuple | None]] = []
        for name in self.rules.park_names:
            which = "Hands" if name is None else f"{name.capitalize()} hands"
            sizes = [
                f"{player_name(p)} {counted(len(self.hand(p, name)), 'card')}"
                for p in range(self.players)
                if p != viewer
            ]
            lines.append((f"{which} (hidden): {', '.join(sizes)}.", None))
            if viewer is not None:
                hand = "hand" if name is None else f"{name.capitalize()} hand"
                cards = self.hand(viewer, name)
                words = ", ".join(f"{c.label} ({c.code})" for c in cards)
                lines.append((f"{player_name(viewer)}'s {hand}: {words or 'empty'}.", cards))
        return lines

    def text(self, viewer: int | None = None) -> str:
        """Every player's points and parks row by row (card codes, ``..`` empty, ``*`` face
        down), then the hands ``viewer`` may see."""
        check_seat(self, viewer)
        sheet = self.score_sheet()
        lines = [self.status()]
        for p in range(self.players):
            lines.append(f"{player_name(p)}: {counted(sheet.total(p), 'point')}.")
            for name in self.rules.park_names:
                if name is not None:
                    lines.append(f"Park {name.capitalize()}:")
                rows = str(self.park(p, name)).splitlines()
                lines.extend(f"  {'ABCD'[r]}: {row}" for r, row in enumerate(rows))
        return "\n".join(lines + self.hand_lines(viewer))

    def svg(self, viewer: int | None = None) -> str:
        """Every player's parks with their points, then the hands ``viewer`` may see (the
        seat's own as cards)."""
        names = self.rules.park_names
        hands = self._hands_seen(viewer)
        status = self.status()
        park_w = COLS * CARD_W + PARK_GAP
        block = LINE_H + 14 + ROWS * CARD_H + 10
        longest = max(len(line) for line in [status, *(line for line, _ in hands)])
        width = max(PARK_GAP + len(names) * park_w, 7 * longest)
        rows_of_cards = sum(1 for _, cards in hands if cards)
        height = LINE_H * (1 + len(hands)) + self.players * block + rows_of_cards * (CARD_H + 8)
        picture = Picture(width, height + 8, status)
        picture.text(4, 16, status, size=13, anchor="start", bold=True)
        sheet = self.score_sheet()
        for p in range(self.players):
            top = LINE_H + p * block
            title = f"{player_name(p)}: {counted(sheet.total(p), 'point')}"
            picture.text(4, top + 15, title, size=12, anchor="start")
            for k, name in enumerate(names):
                left = PARK_GAP + k * park_w
                if name is not None:
                    right = left + COLS * CARD_W
                    picture.text(right, top + 15, f"{name.capitalize()} park", 11, anchor="end")
                draw_park(picture, self.park(p, name), left, top + LINE_H + 14)
        y = LINE_H + self.players * block
        for line, cards in hands:
            picture.text(4, y + 14, line, size=12, anchor="start")
            y += LINE_H
            if cards:
                _draw_cards(picture, cards, y)
                y += CARD_H + 8
        return picture.svg()


def _draw_cards(picture: Picture, cards: tuple, y: float) -> None:
    """A hand's cards in a line from the left, each its code on its colour."""
    for k, card in enumerate(cards):
        fill, words = CARD_COLOURS[card]
        x = 4 + k * (CARD_W + 4)
        picture.rect(x, y, CARD_W, CARD_H, fill, title=card.label)
        picture.text(x + CARD_W / 2, y + CARD_H / 2 + 4, card.code, 12, words, bold=True)


def _said(pick) -> str:
    """A pick as a player says it ("the gazelle at C3 of the west park")."""
    park = f" of the {pick.park} park" if pick.park else ""
    return f"the {pick.card.label} at {cell_label(pick.cell)}{park}"


def review_svg(before, played, better=None, colour: str = INK) -> str:
    """The position ``before`` from its picker's seat: her park(s) and hand(s), the pick
    ``played`` ringed in ``colour`` on its cell and card, and ``better`` (a pick, or None)
    ringed dashed green.  A cell outside the park (the floating frame) is ringed beside it."""
    me = before.current_player
    names = before.rules.park_names
    marks = [(played, Mark("played", f"Played: {_said(played)}", colour))]
    if better is not None and better != played:
        marks.append((better, Mark("better", f"Better: {_said(better)}", BETTER, dashed=True)))
    pad = 1 if before.rules.frame == "floating" else 0  # a cell's room around each park
    park_w = (COLS + 2 * pad) * CARD_W + PARK_GAP
    hands = [(name, before.hand(me, name)) for name in names]
    widest = max([len(cards) for _, cards in hands] + [1])
    width = max(PARK_GAP + len(names) * park_w, 8 + widest * (CARD_W + 4), 7 * 60)
    park_top = 3 * LINE_H + 8 + pad * CARD_H
    y = park_top + (ROWS + pad) * CARD_H + 8
    height = y + len(hands) * (LINE_H + CARD_H + 8) + 8
    title = f"{player_name(me)} picks: {before.round_text().lower()}"
    picture = Picture(width, height, f"{title}. " + ". ".join(m.label for _, m in marks) + ".")
    picture.text(4, 16, title[0].upper() + title[1:], size=13, anchor="start", bold=True)
    key = "Solid ring: the pick played" + (
        "; dashed green: a better one." if len(marks) > 1 else "."
    )
    picture.text(4, LINE_H + 14, key, size=11, anchor="start")
    for k, name in enumerate(names):
        left = PARK_GAP + pad * CARD_W + k * park_w
        if name is not None:
            where = park_top - pad * CARD_H - 20
            picture.text(left, where, f"{name.capitalize()} park", 11, anchor="start")
        draw_park(picture, before.park(me, name), left, park_top)
        for pick, mark in marks:
            if pick.park == name:
                r, c = pick.cell
                x, top = left + c * CARD_W, park_top + r * CARD_H
                picture.mark(x, top, CARD_W, CARD_H, mark, inset=0 if mark.dashed else 3)
    for name, cards in hands:
        which = "hand" if name is None else f"{name.capitalize()} hand"
        picture.text(4, y + 14, f"{player_name(me)}'s {which}:", size=12, anchor="start")
        y += LINE_H
        _draw_cards(picture, cards, y)
        for pick, mark in marks:
            if pick.park == name and pick.card in cards:
                x = 4 + cards.index(pick.card) * (CARD_W + 4)
                picture.mark(
                    x - 2, y - 2, CARD_W + 4, CARD_H + 4, mark, inset=0 if mark.dashed else 3
                )
        y += CARD_H + 8
    return picture.svg()
