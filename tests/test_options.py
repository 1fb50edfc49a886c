"""Rules options described once: every game's Param options, lab flags and address readers come
from its ``Rules`` fields' metadata, and agree with what the engine accepts."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from cole_panel.core.options import options_class
from cole_panel.core.query import read_query, rules_parsers
from engines.games import GAMES
from engines.options import OPTION_KEY, OptionSpec, option_specs, parse_rules, rules_values
from tests.strategies import examples

RULES = {name: game.rules_type for name, game in GAMES.items()}
"""Each built-in game's ``Rules`` dataclass, by its record."""


def value_of(spec: OptionSpec) -> st.SearchStrategy[Any]:
    """Values an option's own declaration allows (the ``Rules`` may still refuse a mix)."""
    lo, hi = spec.bounds or (-5, 5)
    if spec.kind == "flag":
        return st.booleans()
    if spec.kind == "choice":
        return st.sampled_from(spec.choices)
    if spec.kind == "wholes":
        return st.tuples(*[st.integers(lo, hi)] * spec.length)
    if spec.kind == "pairs":
        counts = [st.integers(lo, hi) for _ in spec.default]
        return st.tuples(*counts).map(
            lambda c: tuple(zip([k for k, _ in spec.default], c, strict=True))
        )
    number = st.integers(lo, hi)
    return st.one_of(st.none(), number) if spec.allow_none else number


@st.composite
def some_rules(draw: st.DrawFn) -> Any:
    """A valid ``Rules`` of one of the games, every field drawn."""
    rules_type = draw(st.sampled_from(sorted(RULES.values(), key=lambda r: r.__module__)))
    values = {spec.name: draw(value_of(spec), label=spec.name) for spec in option_specs(rules_type)}
    try:
        return rules_type(**values)
    except ValueError:
        assume(False)


@examples(60)
@given(some_rules())
def test_every_field_round_trips_rules_to_params_and_back(rules):
    options = options_class(type(rules))
    assert set(options.OPTION_NAMES) == {s.name for s in option_specs(type(rules))}
    assert options(**options.options_from(rules)).make_rules() == rules


@examples(60)
@given(some_rules())
def test_rules_written_as_text_read_back_the_same(rules):
    rules_type = type(rules)
    text = " ".join(f"{s.name}={s.write(getattr(rules, s.name))}" for s in option_specs(rules_type))
    assert parse_rules(rules_type, text) == rules
    found = read_query("?" + text.replace(" ", "&"), rules_parsers(rules_type))
    assert found.problems == [] and rules_type(**found.values) == rules


@examples(100)
@given(st.sampled_from(sorted(RULES)), st.text(max_size=60))
def test_any_text_gives_rules_or_one_sentence(game, text):
    rules_type = RULES[game]
    try:
        rules = parse_rules(rules_type, text)
    except ValueError as error:
        message = str(error)
        assert message.endswith(".") and "\n" not in message and len(message) < 400
    else:
        assert isinstance(rules, rules_type)


@pytest.mark.parametrize("game", sorted(RULES))
def test_every_option_is_labelled_documented_and_bounded(game):
    options = options_class(RULES[game])
    assert all(OPTION_KEY in f.metadata for f in dataclasses.fields(RULES[game]))
    for spec in option_specs(RULES[game]):
        p = options.param[spec.name]
        assert spec.label and p.label == spec.label, spec.name
        assert spec.doc.endswith((".", ")")) and p.doc == spec.doc, spec.name
        if type(p).__name__ == "Integer":
            assert p.bounds == spec.bounds is not None, spec.name


@pytest.mark.parametrize("game", sorted(RULES))
def test_the_params_refuse_what_the_rules_refuse_and_keep_their_value(game):
    rules_type = RULES[game]
    options = options_class(rules_type)()
    for spec in option_specs(rules_type):
        before = getattr(options, spec.name)
        bad: Any = "not an option"
        if spec.kind == "whole" and spec.bounds:
            bad = spec.bounds[1] + 1
        elif spec.kind == "wholes":
            bad = (1,) * (spec.length + 1)
        with pytest.raises(ValueError):
            setattr(options, spec.name, bad)
        with pytest.raises(ValueError):
            rules_type(**{spec.name: bad})
        assert getattr(options, spec.name) == before


def test_the_pages_keep_their_parameter_names_defaults_and_bounds():
    from cole_panel.circle.model import CircleModel
    from cole_panel.ecosystem.draft.model import EcosystemModel
    from cole_panel.ecosystem.options import ScoringOptions
    from cole_panel.savannah.model import SavannahModel

    target = CircleModel.param.capture_target
    assert (target.default, target.bounds, target.softbounds) == (20, (1, 1000), (1, 60))
    assert CircleModel.param.radius.bounds == (2, 8) and CircleModel().rules == RULES["circle"]()
    assert (SavannahModel.param.players.default, SavannahModel.param.players.bounds) == (3, (2, 5))
    assert SavannahModel.param.first_player.bounds == (0, 4)
    assert SavannahModel.param.tie_break.objects == ["shared", "most_alive"]
    assert EcosystemModel.param.players.bounds == (2, 6)
    assert EcosystemModel.param.frame.objects == ["fixed", "floating"]
    assert ScoringOptions.param.elephant_floor.allow_None
    assert "players" not in ScoringOptions.OPTION_NAMES
    assert options_class(RULES["circle"]) is options_class(RULES["circle"])


def test_a_bad_option_in_text_is_named_in_a_sentence():
    circle = RULES["circle"]
    with pytest.raises(ValueError, match=r"^radius must be a whole number from 2 to 8, not '9'\.$"):
        rules_values(circle, "radius=9")
    assert parse_rules(circle, "first-player=Black, radius=3") == circle(radius=3, first_player=1)
    with pytest.raises(ValueError, match="'first_player': 3 is not a seat of 2 players"):
        parse_rules(RULES["savannah"], "players=2 first_player=3")
    with pytest.raises(ValueError, match="^Unknown option 'size': the options are radius, "):
        rules_values(circle, "size=3")
    with pytest.raises(ValueError, match="^Unknown option 'raduis': did you mean 'radius'\\?"):
        rules_values(circle, "raduis=3")
    with pytest.raises(ValueError, match="is not OPTION=VALUE with one of the options radius"):
        rules_values(circle, "radius")


def test_a_rules_field_declared_without_metadata_still_has_a_plain_option():
    @dataclasses.dataclass(frozen=True)
    class Rules:
        piles: tuple[int, ...] = (3, 4, 5)
        max_take: int = 3

    assert [(s.kind, s.label) for s in option_specs(Rules)] == [
        ("wholes", "Piles"),
        ("whole", "Max take"),
    ]
    assert parse_rules(Rules, "max_take=2") == Rules(max_take=2)
    assert options_class(Rules)(max_take=9).make_rules() == Rules(max_take=9)
