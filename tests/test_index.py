"""The landing page links every game app that `make serve` serves."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

from cole_panel.index import GAMES, index_page

APPS = Path(__file__).parent.parent / "apps"


def test_every_linked_game_has_an_app() -> None:
    for slug, _title, _text in GAMES:
        assert (APPS / f"{slug}.py").exists(), slug


def test_index_page_links_each_game() -> None:
    text = " ".join(str(getattr(p, "object", "")) for p in index_page().select())
    for slug, title, _ in GAMES:
        assert f"[{title}](./{slug})" in text


def test_the_page_headings_go_down_one_level_at_a_time() -> None:
    """A screen reader lists headings in order: the page's title (h1), then each game's (h2)."""
    text = "\n".join(str(getattr(p, "object", "")) for p in index_page().select())
    levels = [len(hashes) for hashes in re.findall(r"^(#+) ", text, re.M)]
    assert levels[0] == 1 and levels.count(2) == len(GAMES), levels
    assert all(b <= a + 1 for a, b in itertools.pairwise(levels)), levels
