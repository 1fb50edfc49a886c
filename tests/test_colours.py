"""The rendered-colour comparison the browser tests use (issue 38: one read in 1,798 of
Bootstrap's amber came back a step off)."""

from __future__ import annotations

import pytest

from tests.colours import near, rgba


def test_a_rounding_step_either_way_is_the_same_colour():
    for seen in ("rgb(255, 193, 8)", "rgb(255, 193, 6)", "rgb(254, 192, 7)", "#ffc107"):
        assert near(seen, "rgb(255, 193, 7)"), seen


def test_colours_a_page_tells_apart_differ():
    for seen in ("rgb(255, 196, 7)", "rgb(253, 126, 20)", "rgba(255, 193, 7, 0.5)"):
        assert not near(seen, "rgb(255, 193, 7)"), seen


def test_modern_syntax_and_fractions_are_read():
    assert rgba("rgb(255 193 7 / 0.25)") == (255, 193, 7, 0.25)
    assert rgba("rgb(254.6, 0, 0)") == (255, 0, 0, 1.0)


@pytest.mark.parametrize("text", ["amber", "rgb(1, 2)", "#fff", "hsl(0, 0%, 0%)"])
def test_other_text_is_refused_with_a_sentence(text):
    with pytest.raises(ValueError, match="is not a colour"):
        rgba(text)
