"""A park: 4 rows × 5 columns of cards, its text form, its picture, and the placement rule.

Cells are ``(row, column)`` pairs, row 0 at the top (north), column 0 at the left
(west). People name cells by label: rows A–D from the top, columns 1–5 from the left,
so ``(1, 3)`` is ``B4``. Park text is 4 lines of 5 codes separated by spaces, ``..``
for an empty cell and a trailing ``*`` for a face-down (flipped) gazelle or zebra;
parse errors number rows and columns from 1, like the labels.

>>> park = Park.parse('''
... EL WH .. .. ..
... .. GZ .. .. ..
... .. .. .. .. ..
... .. .. .. .. ..''')
>>> park[1, 1]
CardType.GAZELLE
>>> len(park), park.is_full
(3, False)
>>> print(park.flip((1, 1)))
EL WH .. .. ..
.. GZ* .. .. ..
.. .. .. .. ..
.. .. .. .. ..
>>> Park.parse("EL WH\\n.. ..")
Traceback (most recent call last):
...
ValueError: row 1, column 3: missing card (a row has 5 cells; use '..' for an empty one)
>>> Park.parse(".. .. .. .. ..\\n.. .. ZZ .. ..\\n" + ".. .. .. .. ..\\n" * 2)
Traceback (most recent call last):
...
ValueError: row 2, column 3: unknown card code 'ZZ'
>>> placement_error(park, (3, 4))
'D5 must be next to (above, below, left or right of) a card already in the park.'

In a notebook a park shows as its picture (:meth:`Park.svg`: each card in its colour with
its code, a face-down card as a card back):

>>> park.svg().count("<rect"), "elephant" in park.svg()
(21, True)
>>> park._repr_svg_() == park.svg()  # what the notebook calls
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from engines.svg import INK, Picture

from .cards import CardType, card_from_code

__all__ = [
    "CELLS",
    "COLS",
    "FRAMES",
    "ROWS",
    "Cell",
    "Park",
    "cell_label",
    "draw_park",
    "parse_cell_label",
    "place",
    "placement_cells",
    "placement_error",
]

ROWS = 4
"""Rows of a park (north to south)."""
COLS = 5
"""Columns of a park (west to east)."""
CELLS: tuple[tuple[int, int], ...] = tuple((r, c) for r in range(ROWS) for c in range(COLS))
"""All 20 cells in reading order (row by row, left to right)."""
FRAMES = ("fixed", "floating")
"""How the 4 × 5 frame works during the draft (see :func:`placement_error`)."""

Cell = tuple[int, int]

_FLIPPABLE = (CardType.GAZELLE, CardType.ZEBRA)


def cell_label(cell: Cell) -> str:
    """A cell's label: row letter A–D from the top, column 1–5 from the left.

    >>> cell_label((0, 0)), cell_label((3, 4))
    ('A1', 'D5')
    >>> cell_label((-1, 2))
    'row 0, column 3'
    """
    r, c = cell
    if 0 <= r < ROWS and 0 <= c < COLS:
        return f"{'ABCD'[r]}{c + 1}"
    return f"row {r + 1}, column {c + 1}"


def parse_cell_label(text: str) -> Cell:
    """The cell for a label such as ``"B4"`` (case-insensitive).

    >>> parse_cell_label("b4")
    (1, 3)
    """
    t = text.strip().upper()
    if len(t) == 2 and t[0] in "ABCD" and t[1] in "12345":
        return ("ABCD".index(t[0]), int(t[1]) - 1)
    raise ValueError(f"{text!r} is not a park cell (rows A-D, columns 1-5, e.g. B4).")


def _index(cell: object) -> int:
    if (
        isinstance(cell, tuple)
        and len(cell) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in cell)
        and 0 <= cell[0] < ROWS
        and 0 <= cell[1] < COLS
    ):
        return cell[0] * COLS + cell[1]
    raise ValueError(f"{cell!r} is not a park cell (row 0-3, column 0-4).")


class Park:
    """An immutable 4 × 5 park: a card type or nothing in each cell, some cards face down.

    Build one with ``Park()`` (empty), ``Park({(0, 0): "GZ"})``, :meth:`parse`, or from
    another park with :meth:`with_card` / :meth:`flip`. Parks compare and hash by
    content, and ``str(park)`` is the text :meth:`parse` reads.
    """

    __slots__ = ("_cards", "_flipped")

    def __init__(
        self,
        cards: Mapping[Cell, CardType | str] | None = None,
        flipped: Iterable[Cell] = (),
    ):
        grid: list[CardType | None] = [None] * (ROWS * COLS)
        for cell, card in (cards or {}).items():
            grid[_index(cell)] = card_from_code(card)
        mask = 0
        for cell in flipped:
            i = _index(cell)
            if grid[i] not in _FLIPPABLE:
                raise ValueError(f"{cell_label(cell)}: only a gazelle or zebra can be face down")
            mask |= 1 << i
        self._cards: tuple[CardType | None, ...] = tuple(grid)
        self._flipped = mask

    @classmethod
    def _make(cls, cards: tuple[CardType | None, ...], flipped: int = 0) -> Park:
        park = cls.__new__(cls)
        park._cards = cards
        park._flipped = flipped
        return park

    @classmethod
    def parse(cls, text: str) -> Park:
        """Read 4 lines of 5 tokens (codes, ``..`` empty, ``GZ*``/``ZB*`` face down).

        Blank lines before and after are ignored, and codes may be lower case.
        ``ValueError`` names the row, column and token of the first mistake.
        """
        if not isinstance(text, str):
            raise ValueError(f"park text must be a string, not {type(text).__name__}")
        lines = text.strip("\n").split("\n")
        while lines and not lines[0].strip():
            lines.pop(0)
        while lines and not lines[-1].strip():
            lines.pop()
        if len(lines) > ROWS:
            first = (lines[ROWS].split() or [""])[0]
            raise ValueError(
                f"row {ROWS + 1}, column 1: extra row starting {first!r} (a park has {ROWS} rows)"
            )
        grid: list[CardType | None] = []
        mask = 0
        for r in range(ROWS):
            if r >= len(lines):
                raise ValueError(
                    f"row {r + 1}, column 1: missing row (a park has {ROWS} rows of {COLS} "
                    "cards; use '..' for an empty cell)"
                )
            tokens = lines[r].split()
            if len(tokens) > COLS:
                raise ValueError(
                    f"row {r + 1}, column {COLS + 1}: extra token {tokens[COLS]!r} "
                    f"(a row has {COLS} cells)"
                )
            if len(tokens) < COLS:
                raise ValueError(
                    f"row {r + 1}, column {len(tokens) + 1}: missing card "
                    f"(a row has {COLS} cells; use '..' for an empty one)"
                )
            for c, token in enumerate(tokens):
                where = f"row {r + 1}, column {c + 1}"
                if token == "..":
                    grid.append(None)
                    continue
                code, face_down = (token[:-1], True) if token.endswith("*") else (token, False)
                try:
                    card = card_from_code(code)
                except ValueError:
                    raise ValueError(f"{where}: unknown card code {token!r}") from None
                if face_down:
                    if card not in _FLIPPABLE:
                        raise ValueError(
                            f"{where}: only a gazelle or zebra can be face down, not {token!r}"
                        )
                    mask |= 1 << (r * COLS + c)
                grid.append(card)
        return cls._make(tuple(grid), mask)

    # ---- reading -------------------------------------------------------------------

    def __getitem__(self, cell: Cell) -> CardType | None:
        return self._cards[_index(cell)]

    def get(self, cell: Cell) -> CardType | None:
        """The card at a cell, or None if it is empty or outside the park."""
        r, c = cell
        if 0 <= r < ROWS and 0 <= c < COLS:
            return self._cards[r * COLS + c]
        return None

    def cards(self) -> list[tuple[Cell, CardType]]:
        """Every placed card with its cell, in reading order."""
        return [(CELLS[i], card) for i, card in enumerate(self._cards) if card is not None]

    def cells_of(self, card: CardType | str) -> list[Cell]:
        """Cells holding a card type, in reading order."""
        card = card_from_code(card)
        return [CELLS[i] for i, k in enumerate(self._cards) if k is card]

    def count(self, card: CardType | str) -> int:
        """How many cards of a type the park holds (face up or down)."""
        card = card_from_code(card)
        return sum(1 for k in self._cards if k is card)

    def empty_cells(self) -> list[Cell]:
        """Empty cells in reading order."""
        return [CELLS[i] for i, card in enumerate(self._cards) if card is None]

    def __len__(self) -> int:
        return sum(1 for card in self._cards if card is not None)

    def __iter__(self) -> Iterator[CardType | None]:
        """The 20 cells' contents in reading order (None for empty)."""
        return iter(self._cards)

    @property
    def is_full(self) -> bool:
        """True when all 20 cells hold a card."""
        return None not in self._cards

    @property
    def is_empty(self) -> bool:
        """True when no card is placed."""
        return all(card is None for card in self._cards)

    @property
    def flipped(self) -> frozenset[Cell]:
        """Cells whose card is face down."""
        return frozenset(CELLS[i] for i in range(ROWS * COLS) if self._flipped >> i & 1)

    def is_flipped(self, cell: Cell) -> bool:
        """True if the card at the cell is face down."""
        return bool(self._flipped >> _index(cell) & 1)

    def rows(self) -> list[list[CardType | None]]:
        """The park as 4 lists of 5 cells, top row first."""
        return [list(self._cards[r * COLS : (r + 1) * COLS]) for r in range(ROWS)]

    # ---- new parks -----------------------------------------------------------------

    def with_card(self, cell: Cell, card: CardType | str) -> Park:
        """A copy with a card put in an empty cell (no placement rule checked).

        ``ValueError`` if the cell is taken.
        """
        i = _index(cell)
        if self._cards[i] is not None:
            raise ValueError(f"{cell_label(cell)} is already taken")
        grid = list(self._cards)
        grid[i] = card_from_code(card)
        return Park._make(tuple(grid), self._flipped)

    def flip(self, cell: Cell) -> Park:
        """A copy with the gazelle or zebra at a cell face down."""
        i = _index(cell)
        if self._cards[i] not in _FLIPPABLE:
            raise ValueError(f"{cell_label(cell)}: only a gazelle or zebra can be face down")
        return Park._make(self._cards, self._flipped | 1 << i)

    def with_flips(self, mask: int) -> Park:
        """The same cards, face down where ``mask`` has the cell's bit (reading order, A1 = 1)."""
        return Park._make(self._cards, mask)

    def face_up(self) -> Park:
        """A copy with every card face up."""
        return Park._make(self._cards) if self._flipped else self

    def shifted(self, dr: int, dc: int) -> Park:
        """A copy with every card moved ``dr`` rows down and ``dc`` columns right.

        ``ValueError`` if a card would leave the park.
        """
        grid: list[CardType | None] = [None] * (ROWS * COLS)
        mask = 0
        for i, card in enumerate(self._cards):
            if card is None:
                continue
            r, c = divmod(i, COLS)
            r, c = r + dr, c + dc
            if not (0 <= r < ROWS and 0 <= c < COLS):
                raise ValueError("shifting would move a card out of the park")
            grid[r * COLS + c] = card
            if self._flipped >> i & 1:
                mask |= 1 << (r * COLS + c)
        return Park._make(tuple(grid), mask)

    # ---- text, equality ------------------------------------------------------------

    def __str__(self) -> str:
        lines = []
        for r in range(ROWS):
            tokens = []
            for c in range(COLS):
                i = r * COLS + c
                card = self._cards[i]
                if card is None:
                    tokens.append("..")
                else:
                    tokens.append(card.value + ("*" if self._flipped >> i & 1 else ""))
            lines.append(" ".join(tokens))
        return "\n".join(lines)

    def svg(self) -> str:
        """The park as an SVG picture (:func:`draw_park`)."""
        picture = Picture(COLS * CARD_W + 30, ROWS * CARD_H + 26, f"A park of {len(self)} cards")
        draw_park(picture, self, 24, 20)
        return picture.svg()

    def _repr_svg_(self) -> str:
        return self.svg()

    def __repr__(self) -> str:
        if self.is_empty:
            return "Park()"
        return f"Park.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Park):
            return NotImplemented
        return self._cards == other._cards and self._flipped == other._flipped

    def __hash__(self) -> int:
        return hash((self._cards, self._flipped))


# ---- the picture -------------------------------------------------------------------

CARD_W, CARD_H = 46, 34
"""A card's size in a park's picture, in pixels."""
CARD_COLOURS: dict[CardType, tuple[str, str]] = {
    CardType.WATERING_HOLE: ("#2b6cb0", "#ffffff"),
    CardType.GRASSLAND: ("#a9d46f", "#233d0c"),
    CardType.TREE: ("#2e7d32", "#ffffff"),
    CardType.GAZELLE: ("#dca36a", "#3b2208"),
    CardType.ZEBRA: ("#f7f7f7", "#111111"),
    CardType.GIRAFFE: ("#f3c843", "#442c00"),
    CardType.CHEETAH: ("#f09a2a", "#2e1800"),
    CardType.LION: ("#a8621f", "#ffffff"),
    CardType.ELEPHANT: ("#8c95a3", "#111111"),
    CardType.HYENA: ("#7a6590", "#ffffff"),
    CardType.VULTURE: ("#34363b", "#ffffff"),
}
"""Each card type's (fill, words) in a picture: the pages' colours, words at 4.5:1 or more."""
FACE_DOWN = ("#6b4f3a", "#f3e7d6")
"""A card turned face down by a cheetah or a lion."""
EMPTY = "#efe5cf"
"""An empty cell."""


def draw_park(picture: Picture, park: Park, x: float, y: float) -> None:
    """Draw ``park`` on ``picture`` with its top-left card at (``x``, ``y``): each card its
    code on its colour (its name as the tooltip), empty cells pale, and the row letters and
    column numbers of the labels (``B4``) around it."""
    for c in range(COLS):
        picture.text(x + (c + 0.5) * CARD_W, y - 5, str(c + 1), size=10)
    for r, row in enumerate(park.rows()):
        top = y + r * CARD_H
        picture.text(x - 8, top + CARD_H / 2 + 4, "ABCD"[r], size=10)
        for c, card in enumerate(row):
            left = x + c * CARD_W
            where = cell_label((r, c))
            if card is None:
                picture.rect(left + 1, top + 1, CARD_W - 2, CARD_H - 2, EMPTY, title=where)
                continue
            down = park.is_flipped((r, c))
            fill, words = FACE_DOWN if down else CARD_COLOURS[card]
            tip = f"{where}: {card.label}" + (" (face down)" if down else "")
            picture.rect(left + 1, top + 1, CARD_W - 2, CARD_H - 2, fill, INK, title=tip)
            picture.text(left + CARD_W / 2, top + CARD_H / 2 + 4, card.code, 12, words, bold=True)


# ---- the placement rule ------------------------------------------------------------


def _bounds(park: Park) -> tuple[int, int, int, int] | None:
    rows = [i // COLS for i, card in enumerate(park._cards) if card is not None]
    if not rows:
        return None
    cols = [i % COLS for i, card in enumerate(park._cards) if card is not None]
    return min(rows), max(rows), min(cols), max(cols)


def placement_error(park: Park, cell: Cell, frame: str = "fixed") -> str | None:
    """Why a card may not go in a cell during the draft, or None if it may.

    The first card goes anywhere; every later card must be orthogonally next to a card
    already placed, and all cards must fit one 4-row × 5-column frame. With
    ``frame="fixed"`` (our default reading) that frame is the park's own 20 cells. With
    ``frame="floating"`` the frame may slide while the park is incomplete, so a cell one
    step outside the park (row -1 or 4, column -1 or 5) is allowed when the cards would
    still fit in 4 rows × 5 columns; :func:`place` then shifts the park to keep it inside.
    """
    if frame not in FRAMES:
        raise ValueError(f"frame must be one of {FRAMES}, not {frame!r}")
    if not (
        isinstance(cell, tuple)
        and len(cell) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in cell)
    ):
        return f"{cell!r} is not a cell; give (row, column)."
    r, c = cell
    inside = 0 <= r < ROWS and 0 <= c < COLS
    if frame == "fixed" or park.is_empty:
        if not inside:
            return f"There is no cell at {cell_label(cell)}: a park has {ROWS} rows and {COLS} columns."
    elif not (-1 <= r <= ROWS and -1 <= c <= COLS):
        return f"There is no cell at {cell_label(cell)}: it is too far from the park."
    if inside and park._cards[r * COLS + c] is not None:
        return f"{cell_label(cell)} is already taken."
    bounds = _bounds(park)
    if bounds is None:
        return None
    if not any(park.get(n) is not None for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))):
        return (
            f"{cell_label(cell)} must be next to (above, below, left or right of) "
            "a card already in the park."
        )
    top, bottom, left, right = bounds
    if max(bottom, r) - min(top, r) >= ROWS or max(right, c) - min(left, c) >= COLS:
        return f"A card at {cell_label(cell)} would stretch the park beyond {ROWS} rows × {COLS} columns."
    return None


def _orth_masks() -> tuple[int, ...]:
    out = []
    for r, c in CELLS:
        m = 0
        for rr, cc in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)):
            if 0 <= rr < ROWS and 0 <= cc < COLS:
                m |= 1 << (rr * COLS + cc)
        out.append(m)
    return tuple(out)


ORTH_M = _orth_masks()


def placement_cells(park: Park, frame: str = "fixed") -> list[Cell]:
    """Every cell where the next card may go, in reading order.

    >>> placement_cells(Park({(0, 0): "GZ"}))
    [(0, 1), (1, 0)]
    >>> placement_cells(Park({(0, 0): "GZ"}), frame="floating")
    [(-1, 0), (0, -1), (0, 1), (1, 0)]
    """
    if frame not in FRAMES:
        raise ValueError(f"frame must be one of {FRAMES}, not {frame!r}")
    occ = 0
    for i, card in enumerate(park._cards):
        if card is not None:
            occ |= 1 << i
    if not occ:
        return list(CELLS)
    near = 0
    i = 0
    m = occ
    while m:
        if m & 1:
            near |= ORTH_M[i]
        m >>= 1
        i += 1
    near &= ~occ
    inside = [CELLS[i] for i in range(ROWS * COLS) if near >> i & 1]
    if frame == "fixed":
        return inside
    # A floating frame may also grow one step past an edge while the cards still fit.
    top, bottom, left, right = _bounds(park)
    above = [(-1, c) for c in range(COLS) if occ >> c & 1] if bottom <= ROWS - 2 else []
    below = (
        [(ROWS, c) for c in range(COLS) if occ >> ((ROWS - 1) * COLS + c) & 1] if top >= 1 else []
    )
    west = [(r, -1) for r in range(ROWS) if occ >> (r * COLS) & 1] if right <= COLS - 2 else []
    east = [(r, COLS) for r in range(ROWS) if occ >> (r * COLS + COLS - 1) & 1] if left >= 1 else []
    return sorted(above + inside + below + west + east)


def place(
    park: Park, cell: Cell, card: CardType | str, frame: str = "fixed"
) -> tuple[Park, Cell, Cell]:
    """Put a card following the placement rule: ``(new_park, cell_in_new_park, shift)``.

    ``shift`` is the ``(rows, columns)`` every card moved (only a floating frame moves
    cards: placing at row -1 shifts the park one row down). ``ValueError`` with the
    reason if the placement breaks the rule.

    >>> new, where, shift = place(Park({(0, 0): "GZ"}), (0, -1), "ZB", frame="floating")
    >>> print(new.rows()[0][:2], where, shift)
    [CardType.ZEBRA, CardType.GAZELLE] (0, 0) (0, 1)
    """
    error = placement_error(park, cell, frame)
    if error is not None:
        raise ValueError(error)
    r, c = cell
    dr = 1 if r < 0 else -1 if r >= ROWS else 0
    dc = 1 if c < 0 else -1 if c >= COLS else 0
    if dr or dc:
        park = park.shifted(dr, dc)
    return park.with_card((r + dr, c + dc), card), (r + dr, c + dc), (dr, dc)
