"""Circle of Life is readable without good colour vision: contrast and words, not hue alone."""

from __future__ import annotations

import pytest

from cole_panel.circle import CircleDashboard
from cole_panel.circle.palette import HOT, STONE_FILL, TEXT_ON
from cole_panel.circle.ring import HIGHLIGHT_JS, ROLE_WORDS
from cole_panel.ui.contrast import READABLE, contrast


def test_contrast_of_known_pairs() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast("#123456", "#123456") == pytest.approx(1.0)


@pytest.mark.parametrize(("what", "text", "fill"), TEXT_ON, ids=[t[0] for t in TEXT_ON])
def test_every_text_on_the_board_reaches_4_5_to_1(what: str, text: str, fill: str) -> None:
    assert contrast(text, fill) >= READABLE, f"{what}: {text} on {fill}"


def test_cell_labels_use_the_checked_colours() -> None:
    dash = CircleDashboard()
    labels = dash.board.sources["labels"].data
    used = {(c, "label") for c, t in zip(labels["color"], labels["text"], strict=True) if t}
    checked = {text for _, text, _ in TEXT_ON}
    assert used and {c for c, _ in used} <= checked


def test_ring_highlight_says_its_role_in_words() -> None:
    # Every highlighted role (gold, green, red) gets its own word on the ring label.
    assert set(ROLE_WORDS) == set(HOT)
    assert len({w.strip() for w in ROLE_WORDS.values()}) == 3
    assert all(w.strip() for w in ROLE_WORDS.values())
    assert "words[r] + ld.species[i]" in HIGHLIGHT_JS


def test_each_players_bar_is_in_her_stone_colour() -> None:
    dash = CircleDashboard()
    for bar, color in zip(dash._bars, STONE_FILL, strict=True):
        css = " ".join(str(s) for s in bar.stylesheets)
        assert f"background-color: {color}" in css
