"""Small sentence helpers shared by every game's messages."""

from __future__ import annotations

from engines.text import and_list, won
from engines.text import article as a  # the one a/an helper, under the short name views use

__all__ = ["a", "and_list", "won"]
