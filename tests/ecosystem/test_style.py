"""Readable for everyone (issue 12.6, 13.7): every card's name at least 4.5:1 on its colour."""

from __future__ import annotations

import doctest

import cole_panel.ecosystem.style as style_module
from cole_panel.ecosystem.board import HARM_LINE
from cole_panel.ecosystem.style import FACE_DOWN, GOLD, STYLES, contrast
from engines.ecosystem import CardType


def test_doctests():
    assert doctest.testmod(style_module).failed == 0


def test_every_card_name_has_at_least_4_5_to_1_contrast():
    for card in CardType:
        style = STYLES[card]
        assert contrast(style.fill, style.text) >= 4.5, card
    assert contrast(FACE_DOWN.fill, FACE_DOWN.text) >= 4.5


def test_the_tags_on_highlights_are_readable_and_harm_is_not_gold():
    assert contrast(HARM_LINE, "#ffffff") >= 4.5  # white "costs 2" tag on the harm colour
    assert HARM_LINE != GOLD
