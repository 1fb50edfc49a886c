"""The index card's picture of Nim: three piles of stones."""

from __future__ import annotations

from cole_panel.pictures import svg_frame


def picture() -> str:
    stones = [
        f'<circle cx="{50 + 70 * p}" cy="{140 - 18 * k}" r="8" fill="#8a6d3b"/>'
        for p, n in enumerate((3, 4, 5))
        for k in range(n)
    ]
    return svg_frame("".join(stones), "Three piles of stones")
