"""Card types, park text, and the placement rule (fixed and floating frames)."""

from __future__ import annotations

import random

import pytest

from engines.ecosystem import (
    CODES,
    DEFAULT_DECK,
    CardType,
    Park,
    Rules,
    card_from_code,
    cell_label,
    load_deck,
    parse_cell_label,
    place,
    placement_cells,
    placement_error,
)
from engines.ecosystem.park import COLS, ROWS


def test_the_eleven_card_types_in_scoring_order():
    assert CODES == ("WH", "GR", "TR", "GZ", "ZB", "GF", "CH", "LI", "EL", "HY", "VU")
    assert [c.category for c in CardType] == [
        "watering_hole",
        "grassland",
        "tree",
        "gazelle",
        "zebra",
        "giraffe",
        "cheetah",
        "lion",
        "elephant",
        "hyena",
        "vulture",
    ]
    assert [c.label for c in CardType if c.is_landform] == ["watering hole", "grassland", "tree"]
    assert CardType("GZ") == "GZ" and card_from_code("gz") is CardType.GAZELLE
    with pytest.raises(ValueError, match="unknown card code 'XX'"):
        card_from_code("XX")


def test_default_deck_has_132_cards_12_of_each(tmp_path):
    assert sum(DEFAULT_DECK.values()) == 132
    assert set(DEFAULT_DECK.values()) == {12}
    bad = tmp_path / "deck.toml"
    bad.write_text("[cards]\nWH = 12\nGR = -1\n")
    with pytest.raises(ValueError, match="cards.GR: count must be 0 to 99"):
        load_deck(bad)
    bad.write_text("[cards]\nWH = 12\n")
    with pytest.raises(ValueError, match="missing GR TR"):
        load_deck(bad)
    bad.write_text("[cards]\nZZ = 1\n")
    with pytest.raises(ValueError, match="cards.ZZ"):
        load_deck(bad)


TEXT = """\
EL GZ EL WH LI
GR ZB CH GZ GR
GR GR ZB TR GF
TR GF WH HY GZ"""


def test_park_text_round_trips_and_reads_cells_by_row_and_column():
    park = Park.parse(TEXT)
    assert str(park) == TEXT
    assert Park.parse(str(park)) == park
    assert park[0, 0] is CardType.ELEPHANT and park[3, 4] is CardType.GAZELLE
    assert park[1, 2] is CardType.CHEETAH
    assert eval(repr(park), {"Park": Park}) == park
    assert park.count("GR") == 4 and park.cells_of("EL") == [(0, 0), (0, 2)]
    assert park.is_full and len(park) == 20


def test_empty_cells_lowercase_blank_lines_and_flipped_marks():
    park = Park.parse("\n\ngz .. .. .. ..\n.. .. .. .. ..\n.. .. zb* .. ..\n.. .. .. .. ..\n\n")
    assert park[0, 0] is CardType.GAZELLE and park[0, 1] is None
    assert park.flipped == {(2, 2)} and park.is_flipped((2, 2))
    assert str(park).splitlines()[2] == ".. .. ZB* .. .."
    assert park.face_up().flipped == frozenset()
    assert repr(Park()) == "Park()"
    assert len(Park()) == 0 and Park().is_empty


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            ".. .. .. .. ..\n.. .. .. ZZ ..\n.. .. .. .. ..\n.. .. .. .. ..",
            "row 2, column 4: unknown card code 'ZZ'",
        ),
        (
            "GZ .. .. .. ..\n.. .. .. .. ..\n.. .. .. .. ..\n.. .. .. .. Gz2",
            "row 4, column 5: unknown card code 'Gz2'",
        ),
        (
            "GZ .. .. ..\n.. .. .. .. ..\n.. .. .. .. ..\n.. .. .. .. ..",
            "row 1, column 5: missing card",
        ),
        (
            "GZ .. .. .. .. ..\n.. .. .. .. ..\n.. .. .. .. ..\n.. .. .. .. ..",
            "row 1, column 6: extra token '..'",
        ),
        (".. .. .. .. ..\n.. .. .. .. ..\n.. .. .. .. ..", "row 4, column 1: missing row"),
        (".. .. .. .. ..\n" * 4 + "GZ .. .. .. ..", "row 5, column 1: extra row starting 'GZ'"),
        (
            ".. .. .. .. ..\nWH* .. .. .. ..\n.. .. .. .. ..\n.. .. .. .. ..",
            "row 2, column 1: only a gazelle or zebra can be face down, not 'WH\\*'",
        ),
        (
            ".. .. .. .. ..\n.. .. *. .. ..\n.. .. .. .. ..\n.. .. .. .. ..",
            "row 2, column 3: unknown card code",
        ),
    ],
)
def test_bad_park_text_names_row_column_and_token(text, message):
    with pytest.raises(ValueError, match=message):
        Park.parse(text)


def test_parks_are_immutable_values():
    park = Park({(0, 0): "GZ"})
    bigger = park.with_card((0, 1), "ZB")
    assert len(park) == 1 and len(bigger) == 2
    assert park == Park.parse("GZ .. .. .. ..\n" + ".. .. .. .. ..\n" * 3)
    assert hash(park) == hash(Park({(0, 0): CardType.GAZELLE}))
    with pytest.raises(ValueError, match="A1 is already taken"):
        park.with_card((0, 0), "ZB")
    with pytest.raises(ValueError, match="only a gazelle or zebra"):
        Park({(0, 0): "WH"}).flip((0, 0))
    with pytest.raises(ValueError, match="not a park cell"):
        Park({(4, 0): "GZ"})


def test_cell_labels():
    assert [cell_label(c) for c in ((0, 0), (1, 3), (3, 4))] == ["A1", "B4", "D5"]
    assert parse_cell_label("c2") == (2, 1)
    with pytest.raises(ValueError):
        parse_cell_label("E1")


# ---- placement -----------------------------------------------------------------------


def test_first_card_goes_anywhere_and_later_cards_next_to_a_placed_card():
    empty = Park()
    assert len(placement_cells(empty)) == 20
    park = Park({(1, 1): "GZ"})
    assert placement_cells(park) == [(0, 1), (1, 0), (1, 2), (2, 1)]
    assert placement_error(park, (2, 2)) == (
        "C3 must be next to (above, below, left or right of) a card already in the park."
    )
    assert placement_error(park, (1, 1)) == "B2 is already taken."
    assert placement_error(park, (4, 1)) == (
        "There is no cell at row 5, column 2: a park has 4 rows and 5 columns."
    )


def test_corner_and_edge_placements_in_the_fixed_frame():
    park = Park({(0, 0): "GZ"})
    assert placement_cells(park) == [(0, 1), (1, 0)]
    park = Park({(3, 4): "GZ"})
    assert placement_cells(park) == [(2, 4), (3, 3)]


def test_floating_frame_may_grow_past_an_edge_and_slides_the_park():
    park = Park({(0, 0): "GZ", (0, 1): "ZB"})
    cells = placement_cells(park, "floating")
    assert (-1, 0) in cells and (0, -1) in cells and (1, 0) in cells
    new, where, shift = place(park, (0, -1), "WH", "floating")
    assert shift == (0, 1) and where == (0, 0)
    assert str(new).splitlines()[0] == "WH GZ ZB .. .."
    new, where, shift = place(park, (-1, 1), "TR", "floating")
    assert shift == (1, 0) and where == (0, 1)
    assert str(new).splitlines()[:2] == [".. TR .. .. ..", "GZ ZB .. .. .."]
    # a fixed frame refuses the same cell
    assert placement_error(park, (0, -1), "fixed") is not None


def test_floating_frame_stops_at_five_columns_and_four_rows():
    row = Park({(0, c): "GR" for c in range(5)})
    assert placement_error(row, (0, -1), "floating") == (
        "A card at row 1, column 0 would stretch the park beyond 4 rows × 5 columns."
    )
    assert (0, -1) not in placement_cells(row, "floating")
    column = Park({(r, 0): "GR" for r in range(4)})
    assert (-1, 0) not in placement_cells(column, "floating")
    assert (4, 0) not in placement_cells(column, "floating")
    assert (0, -1) in placement_cells(column, "floating")


@pytest.mark.parametrize("frame", ["fixed", "floating"])
def test_placement_cells_agrees_with_placement_error_on_random_parks(frame):
    rng = random.Random(frame)
    for _ in range(200):
        park = Park()
        for _ in range(rng.randint(0, 19)):
            cells = placement_cells(park, frame)
            slow = [
                (r, c)
                for r in range(-2, ROWS + 2)
                for c in range(-2, COLS + 2)
                if placement_error(park, (r, c), frame) is None
            ]
            assert cells == slow
            park, _, _ = place(park, rng.choice(cells), rng.choice(CODES), frame)
        assert len(park) <= 20


@pytest.mark.parametrize("frame", ["fixed", "floating"])
def test_twenty_legal_placements_always_fill_the_park(frame):
    rng = random.Random(5)
    for _ in range(50):
        park = Park()
        for _ in range(20):
            park, _, _ = place(park, rng.choice(placement_cells(park, frame)), "GR", frame)
        assert park.is_full


def test_rules_validate_every_option():
    assert Rules(deck={"WH": 1, **{c: 0 for c in CODES[1:]}}).deck_size == 1
    for kwargs, message in [
        ({"variant": "three_parks"}, "variant"),
        ({"players": 1}, "players"),
        ({"players": True}, "players"),
        ({"frame": "round"}, "frame"),
        ({"elephant_floor": 7}, "elephant_floor"),
        ({"lion_scores_without_prey": "yes"}, "lion_scores_without_prey"),
        ({"lion_choice": "worst"}, "lion_choice"),
        ({"majority_needs_gazelles": 1}, "majority_needs_gazelles"),
        ({"majority_points": (5,)}, "majority_points"),
        ({"row_points": (0, 1)}, "row_points"),
        ({"deck": {"WH": 12}}, "deck is missing"),
        ({"deck": {c: 0 for c in CODES}}, "at least one card"),
        ({"deck": {**{c: 12 for c in CODES}, "ZZ": 1}}, "deck"),
    ]:
        with pytest.raises(ValueError, match=message):
            Rules(**kwargs)


def test_rules_round_trip_through_a_dict():
    rules = Rules(variant="two_parks", players=5, elephant_floor=0, row_points=tuple(range(11)))
    assert Rules.from_dict(rules.to_dict()) == rules
    assert rules.to_dict()["deck"]["GZ"] == 12
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        Rules.from_dict({"colour": "red"})


def test_decks_needed_for_each_player_count():
    assert [Rules(players=n).decks for n in range(2, 7)] == [1, 1, 1, 1, 1]
    assert [Rules(variant="two_parks", players=n).decks for n in range(2, 7)] == [1, 1, 2, 2, 2]
