"""Positions drawn as SVG in pure Python: what a notebook shows for a game's ``State``.

A :class:`Picture` is built shape by shape and every word in it is escaped, so a name typed
by a person draws as text, never as markup.  :class:`Drawn` is the mixin that makes a
position show as its picture in Jupyter (``_repr_svg_``) and print as its text (``__str__``).

>>> picture = Picture(120, 40, "Two cards")
>>> picture.rect(4, 4, 30, 30, "#a9d46f")
>>> picture.text(60, 24, "<lion & zebra>")
>>> svg = picture.svg()
>>> svg.startswith("<svg") and "&lt;lion &amp; zebra&gt;" in svg, svg.count("<rect")
(True, 2)
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["BETTER", "INK", "LINE", "PAPER", "Drawn", "Mark", "Picture"]

PAPER = "#fbf8f1"
"""The background of every picture (the pages' warm paper)."""
INK = "#2b2418"
"""Words on paper or on a light card."""
LINE = "#7d6b4d"
"""Outlines of cells and cards."""
BETTER = "#2e7d32"
"""The ring of a better move in a review (dashed, so it does not read by colour alone)."""


def _n(value: float) -> str:
    """A coordinate with at most one decimal ("12", "12.5")."""
    return f"{value:.1f}".removesuffix(".0")


def _tip(title: str | None) -> str:
    return "" if title is None else f"<title>{html.escape(title)}</title>"


@dataclass(frozen=True)
class Mark:
    """A move marked on a picture: a ring around a card or cell, named for the screen reader
    and the tooltip (a review's move played and the better one).

    >>> Mark("played", "Played: the warthog", "#c62828").css_class
    'cole-mark cole-mark-played'
    """

    kind: str
    """What the mark is: ``"played"`` or ``"better"`` (its CSS class ``cole-mark-<kind>``)."""
    label: str
    """What it says (escaped when drawn)."""
    colour: str = BETTER
    """The ring's colour."""
    dashed: bool = False
    """Whether the ring is dashed (the better move)."""

    @property
    def css_class(self) -> str:
        """The ring's classes: every mark's and its kind's."""
        return f"cole-mark cole-mark-{self.kind}"


class Picture:
    """An SVG picture ``width`` × ``height`` pixels with an accessible ``label``, built shape
    by shape (:meth:`rect`, :meth:`circle`, :meth:`polygon`, :meth:`text`); :meth:`svg` is
    the document.  A ``title`` on a shape is its tooltip."""

    def __init__(self, width: float, height: float, label: str):
        self.width = width
        self.height = height
        self.label = label
        self._parts: list[str] = []

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        fill: str,
        stroke: str | None = LINE,
        rx: float = 3,
        title: str | None = None,
    ) -> None:
        """A rectangle with rounded corners (a card, a cell)."""
        line = f' stroke="{stroke}"' if stroke else ""
        self._parts.append(
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="{_n(rx)}" '
            f'fill="{fill}"{line}>{_tip(title)}</rect>'
        )

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        fill: str,
        stroke: str = LINE,
        title: str | None = None,
    ) -> None:
        """A disc (a stone, a token)."""
        self._parts.append(
            f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="{fill}" stroke="{stroke}">'
            f"{_tip(title)}</circle>"
        )

    def polygon(
        self,
        points: Iterable[tuple[float, float]],
        fill: str,
        stroke: str = LINE,
        title: str | None = None,
    ) -> None:
        """A closed shape through ``points`` (a hex cell)."""
        corners = " ".join(f"{_n(x)},{_n(y)}" for x, y in points)
        self._parts.append(
            f'<polygon points="{corners}" fill="{fill}" stroke="{stroke}">{_tip(title)}</polygon>'
        )

    def text(
        self,
        x: float,
        y: float,
        words: str,
        size: float = 12,
        fill: str = INK,
        anchor: str = "middle",
        bold: bool = False,
    ) -> None:
        """``words`` (escaped) with their baseline at ``y``; ``anchor`` is ``"start"``,
        ``"middle"`` or ``"end"``."""
        weight = ' font-weight="bold"' if bold else ""
        self._parts.append(
            f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" text-anchor="{anchor}" '
            f'fill="{fill}"{weight}>{html.escape(words)}</text>'
        )

    def mark(self, x: float, y: float, w: float, h: float, mark: Mark, inset: float = 0) -> None:
        """``mark``'s ring around the box at (``x``, ``y``) of ``w`` × ``h``, ``inset`` pixels
        inside it (two marks on one card do not hide each other), its label as the tooltip.

        >>> picture = Picture(40, 40, "A mark")
        >>> picture.mark(2, 2, 30, 30, Mark("better", "Better: <B4>", dashed=True))
        >>> 'class="cole-mark cole-mark-better"' in picture.svg(), "&lt;B4&gt;" in picture.svg()
        (True, True)
        """
        dash = ' stroke-dasharray="6 3"' if mark.dashed else ""
        self._parts.append(
            f'<rect class="{mark.css_class}" data-label="{html.escape(mark.label)}" '
            f'x="{_n(x + inset)}" y="{_n(y + inset)}" width="{_n(w - 2 * inset)}" '
            f'height="{_n(h - 2 * inset)}" rx="4" fill="none" stroke="{mark.colour}" '
            f'stroke-width="4"{dash}>{_tip(mark.label)}</rect>'
        )

    def svg(self) -> str:
        """The whole picture as one SVG document."""
        w, h = _n(self.width), _n(self.height)
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" '
            f'height="{h}" font-family="sans-serif" role="img" '
            f'aria-label="{html.escape(self.label)}">'
            f'<rect width="{w}" height="{h}" fill="{PAPER}"/>{"".join(self._parts)}</svg>'
        )


class Drawn:
    """A position that a notebook shows as its picture and ``print`` shows as its text.

    The host class provides ``svg(viewer=None)`` and ``text(viewer=None)``, each showing only
    what ``viewer`` (a seat, or None for a spectator) may see; shown without a viewer, a
    position hides every hand, as the game's ``player_view(state, None)`` does.
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return self.svg()  # type: ignore[attr-defined]

    def __str__(self) -> str:
        return self.text()  # type: ignore[attr-defined]
