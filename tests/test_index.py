"""The landing page links every game app that `make serve` serves."""

from __future__ import annotations

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
