"""Colours a browser reports, compared as a person would see them: within a few steps of 255.

Chromium computes a style's colour from the page's stylesheets, and the last step of its
arithmetic may round either way: Bootstrap's amber ``rgb(255, 193, 7)`` was once read as
``rgb(255, 193, 8)``.  Tests compare rendered colours with :func:`near`, never as exact text.

>>> near("rgb(255, 193, 8)", "rgb(255, 193, 7)")
True
>>> near("rgb(255, 193, 7)", "rgb(255, 255, 255)")
False
>>> rgba("rgba(0, 0, 0, 0.5)"), rgba("#ffc107")
((0, 0, 0, 0.5), (255, 193, 7, 1.0))
"""

from __future__ import annotations

import re

__all__ = ["TOLERANCE", "near", "rgba"]

TOLERANCE = 2
"""How far (in steps of 255, per channel) two colours may differ and still be the same colour:
more than a rounding step, far less than any two colours a page tells apart."""

_FUNCTION = re.compile(r"^\s*rgba?\(\s*([^)]*)\)\s*$")


def rgba(text: str) -> tuple[int, int, int, float]:
    """The red, green, blue (0–255) and alpha (0–1) of a CSS colour as ``rgb(…)``, ``rgba(…)``
    or ``#rrggbb``; ``ValueError`` for any other text."""
    if re.fullmatch(r"#[0-9a-fA-F]{6}", text.strip()):
        digits = text.strip()[1:]
        red, green, blue = (int(digits[i : i + 2], 16) for i in (0, 2, 4))
        return (red, green, blue, 1.0)
    match = _FUNCTION.match(text)
    parts = re.split(r"[\s,/]+", match.group(1).strip()) if match else []
    if len(parts) not in (3, 4):
        raise ValueError(f"{text!r} is not a colour written as rgb(), rgba() or #rrggbb.")
    red, green, blue = (round(float(p)) for p in parts[:3])
    return (red, green, blue, float(parts[3]) if len(parts) == 4 else 1.0)


def near(seen: str, expected: str, tolerance: int = TOLERANCE) -> bool:
    """Whether the colour ``seen`` is ``expected`` within ``tolerance`` steps per channel (and
    within one step of 255 in alpha)."""
    a, b = rgba(seen), rgba(expected)
    close = all(abs(x - y) <= tolerance for x, y in zip(a[:3], b[:3], strict=True))
    return close and abs(a[3] - b[3]) <= 1 / 255
