"""WCAG 2 contrast between two sRGB colours (text must reach 4.5:1 on its background)."""

from __future__ import annotations

READABLE = 4.5
"""The WCAG AA ratio for normal text."""


def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(color: str) -> float:
    """Relative luminance of ``#rrggbb`` (0 black … 1 white)."""
    h = color.lstrip("#")
    if len(h) != 6:
        raise ValueError(f"{color!r} is not a #rrggbb colour")
    r, g, b = (_channel(int(h[i : i + 2], 16)) for i in (0, 2, 4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(foreground: str, background: str) -> float:
    """The WCAG contrast ratio of two colours, from 1 (same) to 21 (black on white)."""
    high, low = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (high + 0.05) / (low + 0.05)
