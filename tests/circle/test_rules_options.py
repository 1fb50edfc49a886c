"""The Rules options: defaults from the rulebook, validation, and saving."""

from __future__ import annotations

import dataclasses

import pytest

from engines.circle import Rules, new_game


def test_defaults_are_the_published_game():
    rules = Rules()
    assert (rules.radius, rules.capture_target, rules.first_player) == (4, 20, 0)
    assert rules.no_placement_wins is True
    assert new_game().rules == rules


def test_rules_are_frozen_and_repr_pastes_back():
    rules = Rules(radius=3, capture_target=9, first_player=1, no_placement_wins=False)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.radius = 5
    assert eval(repr(rules)) == rules
    assert Rules.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"radius": 1}, "radius must be a whole number from 2 to 8, not 1."),
        ({"radius": 9}, "radius must be a whole number from 2 to 8, not 9."),
        ({"radius": 4.0}, "radius"),
        ({"radius": True}, "radius"),
        ({"capture_target": 0}, "capture_target must be a whole number from 1 to 1000, not 0."),
        ({"capture_target": "20"}, "capture_target"),
        ({"first_player": 2}, "first_player must be 0 or 1, not 2."),
        ({"first_player": False}, "first_player"),
        ({"first_player": 1.0}, "first_player"),
        ({"no_placement_wins": 1}, "no_placement_wins must be True or False, not 1."),
    ],
)
def test_bad_options_are_refused_with_the_field_name(kwargs, words):
    with pytest.raises(ValueError) as err:
        Rules(**kwargs)
    assert str(err.value).startswith(words)


@pytest.mark.parametrize("radius", range(2, 9))
def test_every_radius_makes_a_playable_board(radius):
    game = new_game(Rules(radius=radius))
    assert len(game.legal_actions()) == 3 * radius * (radius + 1) + 1


def test_from_dict_refuses_unknown_options():
    with pytest.raises(ValueError, match="unknown option 'size'"):
        Rules.from_dict({"size": 4})
    with pytest.raises(ValueError, match="mapping"):
        Rules.from_dict("radius=4")
