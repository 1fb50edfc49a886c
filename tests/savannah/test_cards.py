"""The deck data (cards.toml), the vocabulary it is written in, and the loader's checks."""

from __future__ import annotations

import re
import tomllib
from importlib import resources
from pathlib import Path

import pytest

from engines.savannah import (
    GROUP_LEVELS,
    Action,
    Card,
    Condition,
    DiscardLeftOf,
    KillAll,
    NotAt,
    Reach,
    StealOnKill,
    Target,
    Verb,
    card_by_name,
    card_ids,
    deck_table,
    groups_table,
    load_deck,
)

DECK = load_deck()
TOML_TEXT = resources.files("engines.savannah").joinpath("cards.toml").read_text("utf-8")
DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "savannah.md"

# The rulebook's end points per group: (in hand, alive); killed is the level.
RULEBOOK_POINTS = {
    "insect": (-1, 12),
    "small_mammal": (-2, 10),
    "bird": (-3, 8),
    "ungulate": (-4, 5),
    "large_mammal": (-6, 2),
    "human": (-15, 0),
    "predator": (-10, 1),
    "scavenger": (-4, 5),
}


# ---------------------------------------------------------------- the packaged deck


def test_deck_has_64_cards_with_unique_stable_ids():
    ids = card_ids(DECK)
    assert len(ids) == 64 == len(set(ids))
    assert ids == card_ids(load_deck())  # stable order
    assert "zebra#1" in ids and "zebra#4" in ids and "zebra#5" not in ids


def test_every_group_and_level_of_the_rulebook_is_in_the_deck():
    present = {(c.group, c.level) for c in DECK}
    expected = {(g, lvl) for g, levels in GROUP_LEVELS.items() for lvl in levels}
    assert present == expected


def test_big_five_are_exactly_lion_leopard_elephant_rhino_buffalo():
    assert {c.name for c in DECK if c.big_five} == {
        "lion",
        "leopard",
        "elephant",
        "rhino",
        "buffalo",
    }
    assert card_by_name(DECK, "lion").group == "predator"
    assert card_by_name(DECK, "leopard").group == "predator"
    for name in ("elephant", "rhino", "buffalo", "hippo"):
        assert card_by_name(DECK, name).group == "large_mammal"
    assert card_by_name(DECK, "elephant").level == 4


@pytest.mark.parametrize("group", sorted(RULEBOOK_POINTS))
def test_end_points_are_the_rulebooks(group):
    in_hand, alive = RULEBOOK_POINTS[group]
    cards = [c for c in DECK if c.group == group]
    assert cards
    for c in cards:
        assert (c.points.in_hand, c.points.alive, c.points.killed) == (in_hand, alive, c.level)
        assert c.points.rightmost == (-10 if group == "human" else 0)


def test_colours_follow_the_rulebook_and_differ_per_group():
    colour = {c.group: c.colour for c in DECK}
    assert colour["large_mammal"] == "green"
    assert colour["predator"] == "red"
    assert colour["human"] == "blue"
    assert len(set(colour.values())) == 8
    assert len({c.colour_hex for c in DECK}) == 8
    for c in DECK:  # one colour per group
        assert c.colour == colour[c.group]


def _expected_placement(card: Card) -> tuple[NotAt, ...]:
    if card.group == "insect":
        return (NotAt(1, Target(level=1), unless=Target(group="insect")),)
    if card.group in ("predator", "scavenger"):
        return (NotAt(1, Target(group=card.group)),)
    if card.group == "human":
        return ()
    return (NotAt(card.level, Target(level=card.level)),)


@pytest.mark.parametrize("name", [c.name for c in DECK])
def test_each_card_has_the_rulebooks_placement_restriction(name):
    card = card_by_name(DECK, name)
    assert card.placement == _expected_placement(card)


def test_placement_effects_are_the_rulebooks():
    outnumber = KillAll(
        (Target(group="predator"),), Condition("outnumber", "large_mammal", "predator")
    )
    for name in ("rhino", "hippo", "buffalo"):
        assert card_by_name(DECK, name).effects == (outnumber,)
    assert card_by_name(DECK, "elephant").effects == (
        KillAll(
            (Target(group="human"), Target(group="scavenger"), Target(group="predator")),
            Condition("most_animals"),
        ),
    )
    for c in DECK:
        if c.group == "human":
            assert c.effects == (DiscardLeftOf(7),)
        if c.group == "scavenger":
            assert c.effects == (DiscardLeftOf(6), StealOnKill())
    assert card_by_name(DECK, "lion").effects == (DiscardLeftOf(8),)
    others = {c.name for c in DECK if c.effects} - {"rhino", "hippo", "buffalo", "elephant", "lion"}
    assert all(card_by_name(DECK, n).group in ("human", "scavenger") for n in others)


def test_predators_mostly_kill_and_humans_and_large_mammals_mostly_scare():
    def share(groups, verb):
        actions = [a for c in DECK if c.group in groups for a in c.hunt]
        return sum(a.verb is verb for a in actions) / len(actions)

    assert share(("predator",), Verb.KILL) > 0.7
    assert share(("human", "large_mammal"), Verb.SCARE) > 0.6


def test_predators_never_kill_above_their_own_level_nor_other_predators():
    for predator in (c for c in DECK if c.group == "predator"):
        for action in predator.hunt:
            if action.verb is Verb.KILL:
                prey = [c for c in DECK if action.target.matches(c)]
                assert prey, (predator.name, str(action))
                assert all(c.level <= predator.level and c.group != "predator" for c in prey)


def test_printing_the_tables(capsys):
    from engines.savannah.__main__ import main

    assert main([]) == 0
    out = capsys.readouterr().out
    assert groups_table(DECK) in out and deck_table(DECK) in out


def test_regrouping_kinds_are_level_1_small_mammals_and_level_1_and_3_ungulates():
    assert {(c.group, c.level) for c in DECK if c.regroups} == {
        ("small_mammal", 1),
        ("ungulate", 1),
        ("ungulate", 3),
    }


def test_card_data_round_trips():
    for card in DECK:
        assert Card.from_data(card.to_data()) == card


def test_rules_doc_tables_match_the_data():
    text = DOC.read_text("utf-8")
    assert deck_table(DECK) in text, "regenerate with: python -m engines.savannah"
    assert groups_table(DECK) in text, "regenerate with: python -m engines.savannah"


# ---------------------------------------------------------------- vocabulary


@pytest.mark.parametrize(
    "text", ["any", "bird", "bird 2", "bird 2-", "level 1", "level 3-", "large_mammal 4"]
)
def test_target_text_round_trips(text):
    assert str(Target.parse(text)) == text


def test_target_matching_follows_the_icon_key():
    zebra, impala, lion = (card_by_name(DECK, n) for n in ("zebra", "impala", "lion"))
    assert Target().matches(lion)  # blank icon: every colour and level
    assert Target.parse("ungulate").matches(zebra) and not Target.parse("ungulate").matches(lion)
    assert Target.parse("ungulate 3").matches(zebra)
    assert not Target.parse("ungulate 3").matches(impala)
    assert Target.parse("ungulate 3-").matches(impala)  # dash: and all lesser levels
    assert not Target.parse("ungulate 1-").matches(zebra)
    assert Target.parse("level 1").matches(impala) and not Target.parse("level 1").matches(zebra)


@pytest.mark.parametrize(
    "text, message",
    [
        ("ungulat 3", "unknown group 'ungulat'"),
        ("bird three", "not a level"),
        ("level", "needs a level"),
        ("bird 2 3", "not a target"),
        ("bird 9", "level 9"),
    ],
)
def test_bad_targets_say_why(text, message):
    with pytest.raises(ValueError, match=message):
        Target.parse(text)


def test_reach_counts_from_either_end_and_clips_to_short_rows():
    assert Reach.parse("right 3").positions(5) == (4, 3, 2)
    assert Reach.parse("right 3").positions(2) == (1, 0)
    assert Reach.parse("right 3").positions(0) == ()
    assert Reach.parse("left 3").positions(5) == (0, 1, 2)
    assert Reach.parse("left 3").positions(1) == (0,)
    assert Reach.parse("row").positions(4) == (0, 1, 2, 3)
    for bad in ("right", "up 2", "left 0", "right -1"):
        with pytest.raises(ValueError):
            Reach.parse(bad)


def test_actions_and_rules_read_as_sentences():
    assert Action.parse("kill", "small_mammal 2-", "right 3").describe() == (
        "kill small mammals of level 2 or lower among the 3 rightmost cards"
    )
    assert Action.parse("kill", "insect", "right 1").describe() == (
        "kill the rightmost card if it is an insect"
    )
    assert Action.parse("scare", "any", "left 1").describe() == "scare away the leftmost card"
    assert NotAt(3, Target(level=3)).describe() == (
        "may not be placed when the 3rd card from the right is a level-3 card"
    )
    assert DiscardLeftOf(8).describe() == "discards every card left of the 8th card from the right"
    with pytest.raises(ValueError, match="unknown verb 'eat'"):
        Action.parse("eat", "any", "row")


# ---------------------------------------------------------------- loader errors


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    return path


def _edit_card(name: str, old: str, new: str) -> str:
    """The packaged file with one line of one card's table replaced."""
    start = TOML_TEXT.index(f'name = "{name}"')
    end = TOML_TEXT.find("[[card]]", start)
    end = len(TOML_TEXT) if end < 0 else end
    block = TOML_TEXT[start:end]
    assert old in block, (name, old)
    return TOML_TEXT[:start] + block.replace(old, new, 1) + TOML_TEXT[end:]


def test_the_packaged_text_loads_from_a_path(tmp_path):
    assert load_deck(_write(tmp_path, TOML_TEXT)) == DECK


@pytest.mark.parametrize(
    "name, old, new, field, problem",
    [
        ("zebra", 'group = "ungulate"', 'group = "horse"', "group", "'horse' is not a group"),
        ("zebra", "level = 3", "level = 2", "level", "2 is not a level of ungulate (1, 3)"),
        ("zebra", "level = 3", 'level = "3"', "level", "'3' is not a whole"),
        ("lion", "copies = 2", "copies = 0", "copies", "0 must be at least 1"),
        ("lion", "big_five = true", 'big_five = "yes"', "big_five", "'yes' is not true or false"),
        ("lion", 'verb = "kill"', 'verb = "eat"', "hunt[1].verb", "unknown verb 'eat'"),
        (
            "lion",
            'target = "ungulate 3-"',
            'target = "antelope 3-"',
            "hunt[1].target",
            "unknown group 'antelope'",
        ),
        ("lion", 'reach = "right 3"', 'reach = "up 3"', "hunt[1].reach", "'up 3' is not a reach"),
        (
            "lion",
            '{ verb = "kill", target = "ungulate 3-", reach = "right 3" }',
            '{ verb = "kill", reach = "right 3" }',
            "hunt[1].target",
            "missing",
        ),
        (
            "lion",
            '{ verb = "kill", target = "ungulate 3-", reach = "right 3" }',
            '{ verb = "kill", target = "ungulate 3-", reach = "right 3", range = 2 }',
            "hunt[1].range",
            "unknown field",
        ),
        (
            "lion",
            'effect = "discard_left_of"',
            'effect = "roar"',
            "effects[1].effect",
            "unknown effect 'roar'",
        ),
        ("lion", "position = 8", "position = 0", "effects[1].position", "position 0"),
        (
            "rhino",
            'when = "large_mammal > predator"',
            'when = "green > red"',
            "effects[1].when",
            "unknown group 'green'",
        ),
        (
            "lion",
            'target = "predator" }',
            'target = "predators" }',
            "placement[1].target",
            "unknown group 'predators'",
        ),
        (
            "dung beetle",
            'unless = "insect"',
            'unless = "insects"',
            "placement[1].unless",
            "unknown group 'insects'",
        ),
        ("lion", "copies = 2", "copies = 2\ncolour = 'gold'", "colour", "unknown field"),
        ("lion", 'group = "predator"\n', "", "group", "missing"),
        ("lion", "level = 5\n", "", "level", "missing"),
    ],
)
def test_loader_names_the_card_and_field(tmp_path, name, old, new, field, problem):
    message = f"card '{name}': field '{field}': {problem}"
    with pytest.raises(ValueError, match=re.escape(message)):
        load_deck(_write(tmp_path, _edit_card(name, old, new)))


def test_a_name_listed_twice_is_refused(tmp_path):
    text = _edit_card("lion", 'name = "lion"', 'name = "zebra"')
    with pytest.raises(ValueError, match=re.escape("card 'zebra': field 'name': listed twice")):
        load_deck(_write(tmp_path, text))


def test_missing_name_is_reported_by_position(tmp_path):
    text = _edit_card("termite", 'name = "termite"\n', "")
    with pytest.raises(ValueError, match=r"card #2: field 'name': missing"):
        load_deck(_write(tmp_path, text))


def test_copy_total_must_be_64(tmp_path):
    text = _edit_card("zebra", "copies = 4", "copies = 5")
    with pytest.raises(
        ValueError,
        match="field .copies.: the copies add up to 65 cards; the deck must have exactly 64",
    ):
        load_deck(_write(tmp_path, text))


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("alive = 12\n", "", "group 'insect': field 'alive': missing"),
        (
            'colour_hex = "#e3b505"',
            'colour_hex = "yellow"',
            "group 'insect': field 'colour_hex': 'yellow' is not a colour",
        ),
        (
            "regroup_levels = [1, 3]",
            "regroup_levels = [2]",
            "group 'ungulate': field 'regroup_levels': 2 is not a level of ungulate",
        ),
        ("[groups.scavenger]", "[groups.reptile]", "group 'reptile': not one of the eight groups"),
    ],
)
def test_group_table_errors(tmp_path, old, new, message):
    assert old in TOML_TEXT
    with pytest.raises(ValueError, match=re.escape(message)):
        load_deck(_write(tmp_path, TOML_TEXT.replace(old, new, 1)))


def test_invalid_toml_and_empty_files_are_reported(tmp_path):
    with pytest.raises(ValueError, match="not valid TOML"):
        load_deck(_write(tmp_path, "[[card]\nname = "))
    with pytest.raises(ValueError, match="groups"):
        load_deck(_write(tmp_path, ""))


def test_packaged_file_is_the_toml_it_claims():
    data = tomllib.loads(TOML_TEXT)
    assert len(data["card"]) == len(DECK)
    assert set(data["groups"]) == set(GROUP_LEVELS)
