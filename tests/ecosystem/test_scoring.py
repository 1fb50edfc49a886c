"""Every scoring rule of Ecosystem: Savanna on hand-built parks, then the worked example."""

from __future__ import annotations

import pytest

from engines import ScoreLine
from engines.ecosystem import (
    CATEGORIES,
    CardType,
    Park,
    Rules,
    score,
    score_steps,
    totals,
)

EMPTY_ROW = ".. .. .. .. .."


def park(*rows: str) -> Park:
    """A park from up to 4 rows of text; missing rows are empty."""
    rows = list(rows) + [EMPTY_ROW] * (4 - len(rows))
    return Park.parse("\n".join(rows))


def lines(sheet, category, player=0):
    return [line for line in sheet if line.category == category and line.player == player]


def points(sheet, category, player=0):
    return [line.points for line in lines(sheet, category, player)]


# ---- watering holes ------------------------------------------------------------------


def test_watering_hole_in_a_corner_counts_each_animal_type_next_to_it():
    sheet = score([park("WH GZ .. .. ..", "ZB .. .. .. ..")])
    (line,) = lines(sheet, "watering_hole")
    assert line.points == 4
    assert line.cells == ((0, 0), (0, 1), (1, 0))
    assert "2 kinds of animal" in line.note


def test_watering_hole_counts_a_type_once_and_ignores_landforms_and_diagonals():
    p = park(
        "GZ GZ EL .. ..",
        "GR WH GZ .. ..",
        "GF TR VU .. ..",
    )
    sheet = score([p])
    # next to it: GZ (above), GR (left, landform), GZ (right), TR (below, landform);
    # the elephant, giraffe and vulture are only diagonal
    assert points(sheet, "watering_hole") == [2]


def test_watering_hole_with_four_different_animals_scores_8():
    p = park(
        ".. .. .. .. ..",
        ".. .. CH .. ..",
        ".. LI WH HY ..",
        ".. .. VU .. ..",
    )
    sheet = score([p])
    assert points(sheet, "watering_hole") == [8]


def test_watering_hole_with_no_animal_scores_0_and_says_why():
    sheet = score([park("WH WH GR .. ..")])
    assert points(sheet, "watering_hole") == [0, 0]
    assert lines(sheet, "watering_hole")[0].note == "watering hole at A1: no animal next to it"


def test_watering_hole_on_the_bottom_edge():
    sheet = score([park(EMPTY_ROW, EMPTY_ROW, ".. .. .. .. EL", ".. .. .. HY WH")])
    assert points(sheet, "watering_hole") == [4]


# ---- grasslands ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        (("GR .. .. .. ..",), 1),
        (("GR GR .. .. ..",), 4),
        (("GR GR GR .. ..",), 9),
        (("GR GR GR GR ..",), 16),
        (("GR GR GR GR GR",), 16),
        (("GR GR GR GR GR", "GR .. .. .. .."), 16),
    ],
)
def test_grassland_group_of_1_to_6_scores_1_4_9_16_capped_at_16(rows, expected):
    assert points(score([park(*rows)]), "grassland") == [expected]


def test_grassland_groups_follow_orthogonal_links_only():
    p = park(
        "GR .. GR GR ..",
        ".. GR .. GR ..",
        ".. .. .. GR ..",
        "GR .. .. .. GR",
    )
    sheet = score([p])
    # A1 alone, B2 alone (diagonal does not join), A3-A4-B4-C4 (4), D1 alone, D5 alone
    assert sorted(points(sheet, "grassland")) == [1, 1, 1, 1, 16]
    group = next(line for line in lines(sheet, "grassland") if line.points == 16)
    assert group.cells == ((0, 2), (0, 3), (1, 3), (2, 3))
    assert sheet.total(0) == 20


def test_grassland_l_shape_across_rows_is_one_group():
    sheet = score([park("GR .. .. .. ..", "GR .. .. .. ..", "GR GR GR .. ..")])
    assert points(sheet, "grassland") == [16]
    assert "5 grasslands (a group scores at most 16)" in lines(sheet, "grassland")[0].note


# ---- trees ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        (("TR .. .. .. ..",), 4),  # 1 row + 1 column
        (("TR TR .. .. ..",), 6),  # 1 row + 2 columns
        (("TR .. .. .. ..", "TR .. .. .. .."), 6),  # 2 rows + 1 column
        (("TR .. .. .. ..", ".. TR .. .. .."), 8),  # 2 rows + 2 columns
        (("TR .. .. .. ..", ".. TR .. .. ..", ".. .. TR .. ..", ".. .. .. TR TR"), 18),
    ],
)
def test_trees_score_2_per_row_and_per_column_holding_one(rows, expected):
    assert points(score([park(*rows)]), "tree") == [expected]


def test_no_trees_no_tree_line():
    assert lines(score([park("GR .. .. .. ..")]), "tree") == []


# ---- gazelles ------------------------------------------------------------------------


def test_gazelles_score_2_each_and_the_most_takes_5_second_takes_2():
    a = park("GZ GZ GZ .. ..")
    b = park("GZ .. .. .. ..")
    sheet = score([a, b])
    assert points(sheet, "gazelle", 0) == [6, 5]
    assert points(sheet, "gazelle", 1) == [2, 2]
    assert lines(sheet, "gazelle", 0)[1].note == "most gazelles (3)"
    assert lines(sheet, "gazelle", 1)[1].note == "second-most gazelles (1)"


def test_gazelle_tie_for_first_among_three_players_gives_no_second():
    three = park("GZ GZ GZ .. ..")
    one = park("GZ .. .. .. ..")
    sheet = score([three, three, one])
    assert sheet.by_category(0)["gazelle"] == 6 + 5
    assert sheet.by_category(1)["gazelle"] == 6 + 5
    assert sheet.by_category(2)["gazelle"] == 2
    assert "tied with 1 other" in lines(sheet, "gazelle", 0)[1].note


def test_gazelle_tie_for_second_among_three_players_all_get_2():
    parks = [
        park("GZ GZ GZ GZ .."),
        park("GZ GZ .. .. .."),
        park("GZ GZ .. .. .."),
        park("GZ .. .. .. .."),
    ]
    sheet = score(parks)
    assert [sheet.by_category(p)["gazelle"] for p in range(4)] == [8 + 5, 4 + 2, 4 + 2, 2]


def test_three_way_tie_for_first_all_get_5():
    two = park("GZ GZ .. .. ..")
    sheet = score([two, two, two, park("GZ .. .. .. ..")])
    assert [sheet.by_category(p)["gazelle"] for p in range(4)] == [9, 9, 9, 2]


def test_a_player_without_gazelles_takes_no_part_in_the_majority_by_default():
    sheet = score([park("GZ .. .. .. .."), park("GR .. .. .. ..")])
    assert sheet.by_category(0)["gazelle"] == 2 + 5
    assert "gazelle" not in sheet.by_category(1)


def test_majority_without_the_gazelle_requirement_gives_zero_gazelles_second_place():
    rules = Rules(majority_needs_gazelles=False)
    sheet = score([park("GZ .. .. .. .."), park("GR .. .. .. ..")], rules)
    assert points(sheet, "gazelle", 1) == [2]
    nobody = score([park("GR .. .. .. .."), park("GR .. .. .. ..")], rules)
    assert points(nobody, "gazelle", 0) == [5] and points(nobody, "gazelle", 1) == [5]


def test_other_players_gazelle_counts_take_part_in_the_majority():
    mine = park("GZ GZ GZ .. ..")
    assert points(score([mine], other_gazelles=[4, 1]), "gazelle") == [6, 2]
    assert points(score([mine], other_gazelles=[3]), "gazelle") == [6, 5]
    assert points(score([mine], other_gazelles=[2, 2]), "gazelle") == [6, 5]
    assert points(score([mine], other_gazelles=[5, 4]), "gazelle") == [6]
    with pytest.raises(ValueError, match=r"other_gazelles\[0\]"):
        score([mine], other_gazelles=[-1])


def test_cheetah_flips_do_not_change_gazelle_scoring():
    sheet = score([park("CH .. .. .. ..", ".. GZ .. .. ..")], other_gazelles=[0])
    assert sheet.by_category(0)["gazelle"] == 2 + 5


# ---- zebras and giraffes -------------------------------------------------------------


def test_zebra_scores_3_per_orthogonal_grassland():
    p = park(
        "ZB GR .. .. ..",
        "GR GR .. .. ..",
        ".. .. GR .. ..",
        ".. GR ZB GR ..",
    )
    sheet = score([p])
    # A1: right and below (2 → 6); D3: left, right and above (3 → 9); B2 is diagonal to A1
    assert points(sheet, "zebra") == [6, 9]
    assert lines(sheet, "zebra")[0].cells == ((0, 0), (0, 1), (1, 0))


def test_zebras_share_a_grassland_and_diagonal_grass_does_not_count():
    sheet = score([park("ZB GR ZB .. ..", ".. .. .. GR ..")])
    assert points(sheet, "zebra") == [3, 3]


def test_zebra_with_four_grasslands_scores_12():
    sheet = score([park(".. GR .. .. ..", "GR ZB GR .. ..", ".. GR .. .. ..")])
    assert points(sheet, "zebra") == [12]


def test_giraffe_scores_5_next_to_at_least_one_tree_and_0_otherwise():
    p = park(
        "GF TR GF .. GF",
        "TR .. .. TR ..",
    )
    sheet = score([p])
    # A1: two trees → still 5; A3: tree at A2 → 5; A5: tree B4 is diagonal → 0
    assert points(sheet, "giraffe") == [5, 5, 0]
    assert lines(sheet, "giraffe")[2].note == "giraffe at A5: no tree next to it"


# ---- cheetahs ------------------------------------------------------------------------


def test_cheetah_counts_gazelles_on_both_diagonals_at_any_distance():
    p = park(
        "GZ .. .. .. GZ",
        ".. .. .. .. ..",
        ".. .. CH .. ..",
        ".. GZ GZ GZ ..",
    )
    sheet = score([p])
    # A1 (2 up-left), A5 (2 up-right), D2 and D4 (1 down-left/right); D3 is straight below
    (line,) = lines(sheet, "cheetah")
    assert line.points == 12
    assert line.cells == ((2, 2), (0, 0), (0, 4), (3, 1), (3, 3))


def test_cheetah_flips_every_gazelle_it_used_and_steps_show_them_face_down():
    p = park("GZ .. .. .. GZ", ".. .. .. .. ..", ".. .. CH .. ..", ".. GZ GZ GZ ..")
    final = list(score_steps([p]))[-1]
    assert final.flipped[0] == {(0, 0), (0, 4), (3, 1), (3, 3)}
    assert final.parks[0].flipped == final.flipped[0]
    assert str(final.parks[0]).splitlines()[3] == ".. GZ* GZ GZ* .."
    assert p.flipped == frozenset()  # the caller's park is untouched


def test_cheetah_diagonal_is_not_blocked_by_cards_in_between():
    sheet = score([park("CH .. .. .. ..", ".. WH .. .. ..", ".. .. EL .. ..", ".. .. .. GZ ..")])
    assert points(sheet, "cheetah") == [3]


def test_cheetah_with_no_gazelle_on_its_diagonals_scores_0():
    sheet = score([park("CH GZ .. .. ..", "GZ .. .. .. ..")])
    assert points(sheet, "cheetah") == [0]


def test_gazelle_on_two_cheetahs_diagonals_scores_for_both_and_is_flipped_once():
    p = park(
        "CH .. CH .. ..",
        ".. GZ .. .. ..",
        ".. .. .. .. ..",
        ".. .. .. .. ..",
    )
    steps = list(score_steps([p]))
    cheetah = next(s for s in steps if s.category == "cheetah")
    assert [line.points for line in cheetah.lines] == [3, 3]
    assert cheetah.flipped[0] == {(1, 1)}
    assert steps[-1].sheet.by_category(0)["cheetah"] == 6


def test_cheetah_flips_happen_after_all_cheetahs_scored():
    p = park("CH .. .. .. ..", ".. GZ .. .. ..", ".. .. CH .. ..")
    # the second cheetah (C3) still sees B2 although the first already used it
    assert points(score([p]), "cheetah") == [3, 3]


# ---- lions ---------------------------------------------------------------------------


def test_lion_next_to_grassland_flips_a_gazelle_or_zebra_and_scores_4():
    p = park("LI GR .. .. ..", ".. .. .. .. ..", ".. .. .. .. ZB")
    steps = list(score_steps([p]))
    lion = next(s for s in steps if s.category == "lion")
    assert [line.points for line in lion.lines] == [4]
    assert lion.lines[0].cells == ((0, 0), (2, 4))
    assert lion.flipped[0] == {(2, 4)}
    assert lion.lion.prey == (2, 4)


def test_lion_not_next_to_grassland_does_nothing():
    p = park("LI .. GR .. ..", ".. GR .. .. ..", ".. .. .. .. ZB")
    steps = list(score_steps([p]))
    lion = next(s for s in steps if s.category == "lion")
    assert [line.points for line in lion.lines] == [0]
    assert lion.lion.reason == "no_grassland"
    assert lion.flipped[0] == frozenset()


def test_lion_with_no_prey_scores_0_by_default_and_4_with_the_option():
    p = park("LI GR .. .. ..")
    assert points(score([p]), "lion") == [0]
    assert points(score([p], Rules(lion_scores_without_prey=True)), "lion") == [4]
    steps = list(score_steps([p]))
    assert next(s for s in steps if s.category == "lion").lion.reason == "no_prey"


def test_lion_cannot_flip_a_gazelle_the_cheetah_already_flipped():
    p = park("CH .. .. .. ..", ".. GZ .. .. ..", "LI GR .. .. ..")
    assert points(score([p]), "lion") == [0]


def test_two_lions_flip_two_different_prey_and_a_third_finds_none():
    p = park("LI GR LI .. ..", ".. LI .. .. ..", ".. .. .. GZ ZB")
    sheet = score([p])
    assert points(sheet, "lion") == [4, 4, 0]
    final = list(score_steps([p]))[-1]
    assert final.flipped[0] == {(2, 3), (2, 4)}
    assert len([s for s in score_steps([p]) if s.category == "lion"]) == 3


def test_lion_picks_the_prey_that_helps_its_owner_most():
    # Flipping the zebra at D4 gives the vulture above it 4; the gazelle at A5 helps nothing.
    p = park(
        "LI GR .. VU GZ",
        ".. .. .. .. ..",
        ".. .. .. .. ..",
        ".. .. .. ZB ..",
    )
    steps = list(score_steps([p]))
    lion = next(s for s in steps if s.category == "lion").lion
    assert lion.prey == (3, 3)
    assert lion.reason == "best"
    final_total = steps[-1].totals[0]
    assert dict(lion.options) == {(0, 4): final_total - 4, (3, 3): final_total}
    assert points(steps[-1].sheet, "vulture") == [4]


def test_lion_ties_are_broken_by_reading_order():
    p = park("LI GR .. .. ..", ".. .. .. .. ZB", "GZ .. .. .. ..")
    lion = next(s for s in score_steps([p]) if s.category == "lion").lion
    assert lion.options[0][1] == lion.options[1][1]
    assert lion.prey == (1, 4)


def test_lion_choice_reading_order_rule_ignores_the_owner_advantage():
    p = park("LI GR .. VU GZ", EMPTY_ROW, EMPTY_ROW, ".. .. .. ZB ..")
    lion = next(
        s for s in score_steps([p], Rules(lion_choice="reading_order")) if s.category == "lion"
    ).lion
    assert lion.prey == (0, 4) and lion.reason == "reading_order"


def test_lion_choice_given_by_the_player_is_followed():
    p = park("LI GR .. VU GZ", EMPTY_ROW, EMPTY_ROW, ".. .. .. ZB ..")
    choices = {0: {(0, 0): (0, 4)}}
    steps = list(score_steps([p], lion_choices=choices))
    lion = next(s for s in steps if s.category == "lion").lion
    assert lion.prey == (0, 4) and lion.reason == "chosen"
    assert score([p], lion_choices=choices) == steps[-1].sheet
    assert points(steps[-1].sheet, "vulture") == [0]


@pytest.mark.parametrize(
    ("choices", "message"),
    [
        ({0: {(0, 1): (0, 4)}}, "no lion at A2"),
        ({0: {(0, 0): (0, 3)}}, "holds none"),
        ({1: {(0, 0): (0, 4)}}, "not a player"),
        ({0: {(0, 0): (9, 9)}}, "not a cell"),
    ],
)
def test_bad_lion_choices_are_refused(choices, message):
    p = park("LI GR .. VU GZ", EMPTY_ROW, EMPTY_ROW, ".. .. .. ZB ..")
    with pytest.raises(ValueError, match=message):
        score([p], lion_choices=choices)


def test_lion_choice_of_a_card_already_face_down_is_refused():
    p = park("CH .. .. .. ..", ".. GZ .. .. ..", "LI GR ZB .. ..")
    with pytest.raises(ValueError, match="already face down"):
        score([p], lion_choices={0: {(2, 0): (1, 1)}})


def test_two_lions_share_out_the_prey_that_frees_an_elephant():
    # The elephant at B4 has the gazelle B5 and the zebra C4 next to it: flipping both
    # lifts it from 2 to 6. The lone gazelle at D1 helps nothing.
    p = park(
        "LI GR LI .. ..",
        ".. .. .. EL GZ",
        ".. .. .. ZB ..",
        "GZ .. .. .. ..",
    )
    steps = list(score_steps([p]))
    final = steps[-1]
    assert final.flipped[0] == {(1, 4), (2, 3)}
    assert points(final.sheet, "elephant") == [6]
    first, second = (s.lion for s in steps if s.category == "lion")
    total = final.totals[0]
    assert dict(first.options) == {(1, 4): total, (2, 3): total, (3, 0): total - 2}
    assert first.prey == (1, 4) and second.prey == (2, 3)


def test_best_lion_choice_looks_ahead_past_what_pays_at_once():
    # With elephants floored at 0, each elephant has four animals next to it (-2 → 0).
    # Flipping one zebra between them gains nothing, flipping both gains 2 + 2; flipping
    # the zebra by the hyena gains 3 at once. The first lion must pass up the 3.
    p = park(
        "GR LI .. .. ..",
        "LI EL ZB .. ..",
        ".. ZB EL GF ..",
        ".. .. GF HY ZB",
    )
    rules = Rules(elephant_floor=0)
    steps = list(score_steps([p], rules))
    final = steps[-1]
    assert final.flipped[0] == {(1, 2), (2, 1)}
    assert points(final.sheet, "elephant", 0) == [2, 2]
    assert points(final.sheet, "hyena", 0) == [0]
    first = next(s for s in steps if s.category == "lion").lion
    total = final.totals[0]
    assert dict(first.options) == {(1, 2): total, (2, 1): total, (3, 4): total - 1}


# ---- elephants -----------------------------------------------------------------------


def test_elephant_scores_6_minus_2_per_adjacent_face_up_animal():
    p = park(
        "EL GZ .. .. ..",
        "HY .. .. .. ..",
        ".. .. .. GF ..",
        ".. .. GF EL VU",
    )
    sheet = score([p])
    # A1: gazelle and hyena → 2; D4: giraffe left, vulture right, giraffe above → 0
    assert points(sheet, "elephant") == [2, 0]
    assert lines(sheet, "elephant")[0].cells == ((0, 0), (0, 1), (1, 0))


def test_elephant_ignores_other_elephants_landforms_and_diagonal_animals():
    sheet = score([park("EL EL GR .. ..", "WH LI .. .. ..")])
    # A1: elephant right, watering hole below, lion diagonal → 6
    # A2: elephant left, grassland right, lion below → 4
    assert points(sheet, "elephant") == [6, 4]


def test_elephant_ignores_flipped_cards():
    p = park("CH .. .. .. ..", ".. GZ EL .. ..")
    assert points(score([p]), "elephant") == [6]


def test_elephant_can_go_below_zero_unless_floored():
    p = park(".. GZ .. .. ..", "ZB EL LI .. ..", ".. HY .. .. ..")
    assert points(score([p]), "elephant") == [-2]
    assert points(score([p], Rules(elephant_floor=0)), "elephant") == [0]


# ---- hyenas and vultures -------------------------------------------------------------


def test_hyena_counts_flipped_cards_in_the_8_cells_around_it():
    p = park(
        "CH .. .. .. CH",
        ".. GZ HY GZ ..",
        "GR .. .. .. GZ",
        "LI .. .. .. ..",
    )
    # the cheetahs flip B2 and B4 (on their diagonals); the lion at D1 (next to the
    # grassland C1) flips the last face-up gazelle, C5
    final = list(score_steps([p]))[-1]
    assert final.flipped[0] == {(1, 1), (1, 3), (2, 4)}
    # the hyena at B3 reaches B2 and B4 but not C5 (two columns away)
    assert points(final.sheet, "hyena") == [6]


def test_hyena_counts_lion_flips_diagonally_and_ignores_cards_two_away():
    p = park(
        "LI GR .. .. ..",
        ".. .. .. .. ..",
        ".. HY .. .. ..",
        "ZB .. .. .. ..",
    )
    steps = list(score_steps([p]))
    assert steps[-1].flipped[0] == {(3, 0)}
    assert points(steps[-1].sheet, "hyena") == [3]
    far = park("LI GR .. .. ..", EMPTY_ROW, ".. .. .. HY ..", "ZB .. .. .. ..")
    assert points(score([far]), "hyena") == [0]


def test_hyena_in_a_corner_with_cheetah_flips():
    p = park("HY GZ .. .. ..", "GZ GZ .. .. ..", ".. .. CH .. ..", ".. .. .. CH ..")
    # both cheetahs see B2; A2 and B1 lie on neither cheetah's diagonals
    final = list(score_steps([p]))[-1]
    assert final.flipped[0] == {(1, 1)}
    assert points(final.sheet, "hyena") == [3]


def test_vulture_counts_flipped_cards_lower_in_its_column():
    p = park(
        "VU .. VU .. ..",
        "ZB .. .. .. ..",
        "GR LI .. .. CH",
        "GZ .. GZ GZ ..",
    )
    # the cheetah at C5 flips D4 (its down-left diagonal); the lion at C2 is next to the
    # grassland C1 and flips the prey that pays best
    steps = list(score_steps([p]))
    final = steps[-1]
    assert (3, 3) in final.flipped[0]
    lion = next(s for s in steps if s.category == "lion").lion
    # flipping B1 or D1 gives the A1 vulture 4; D3 gives the A3 vulture 4: tie → B1
    assert lion.prey == (1, 0)
    assert points(final.sheet, "vulture") == [4, 0]


def test_vulture_ignores_flipped_cards_above_it_or_in_other_columns():
    p = park("CH .. .. .. ..", ".. GZ VU .. ..", ".. VU .. .. ..")
    assert points(score([p]), "vulture") == [0, 0]


def test_vulture_counts_every_flipped_card_below_at_any_distance():
    p = park(
        ".. VU .. .. ..",
        "CH .. CH .. ..",
        "GR GZ .. .. ..",
        "LI ZB .. .. ..",
    )
    # the cheetahs flip C2; the lion at D1 (next to the grassland C1) flips D2
    final = list(score_steps([p]))[-1]
    assert final.flipped[0] == {(2, 1), (3, 1)}
    assert points(final.sheet, "vulture") == [8]


# ---- two parks -----------------------------------------------------------------------


def test_two_parks_row_points_count_distinct_face_up_types_across_both_parks():
    west = park("WH GR TR GZ ZB", "GR GR GR GR GR")
    east = park("GF CH LI EL HY", "GR GR GR GR GR")
    sheet = score([(west, east)])
    rows = lines(sheet, "rows")
    assert [line.points for line in rows] == [28, 0, 0, 0]  # 10 types, 1 type, empty, empty
    assert rows[0].note == "row A: 10 kinds of face-up card"
    assert len(rows[0].cells) == 10 and rows[0].cells[0] == ("west", 0, 0)


def test_two_parks_row_table_default_and_custom():
    west = park("WH GR TR GZ ..")
    east = park(".. .. .. .. ..")
    assert points(score([(west, east)]), "rows")[0] == 1  # 4 types
    rules = Rules(variant="two_parks", row_points=(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10))
    assert points(score([(west, east)], rules), "rows")[0] == 4


def test_two_parks_flipped_cards_do_not_count_in_rows():
    # cheetah flips the gazelle at B2 of the West park; row B then lacks gazelles
    west = park("CH WH .. .. ..", "TR GZ GR .. ..")
    east = park(EMPTY_ROW, "GF EL HY VU ..")
    sheet = score([(west, east)])
    assert points(sheet, "rows")[1] == 6  # TR GR GF EL HY VU: 6 types, the gazelle is face down


def test_a_gazelle_flipped_in_one_park_still_counts_if_face_up_in_the_other():
    west = park("CH .. .. .. ..", ".. GZ WH GR TR")
    east = park(EMPTY_ROW, "GZ .. .. .. ..")
    assert points(score([(west, east)]), "rows")[1] == 1  # GZ WH GR TR = 4 types


def test_two_parks_gazelle_majority_compares_west_with_west_and_east_with_east():
    a = (park("GZ GZ GZ .. .."), park("GZ .. .. .. .."))
    b = (park("GZ .. .. .. .."), park("GZ GZ .. .. .."))
    sheet = score([a, b])
    maj_a = [line for line in lines(sheet, "gazelle", 0) if "most" in line.note]
    maj_b = [line for line in lines(sheet, "gazelle", 1) if "most" in line.note]
    assert [(line.points, line.note) for line in maj_a] == [
        (5, "most gazelles among West parks (3)"),
        (2, "second-most gazelles among East parks (1)"),
    ]
    assert [line.points for line in maj_b] == [2, 5]
    assert maj_a[0].cells == (("west", 0, 0), ("west", 0, 1), ("west", 0, 2))
    other = score([a], other_gazelles=[(4, 0)])
    assert [line.points for line in lines(other, "gazelle") if "most" in line.note] == [2, 5]


def test_two_parks_lion_choice_weighs_the_row_bonus():
    # Row A holds 8 types (15 points): flipping its gazelle or zebra drops it to 7 (10).
    # The zebra alone in row D costs nothing to flip (1 type or none: 0 points).
    west = park("LI GR GZ ZB ..", EMPTY_ROW, EMPTY_ROW, ".. .. .. ZB ..")
    east = park("WH TR EL HY ..")
    steps = list(score_steps([(west, east)]))
    lion = next(s for s in steps if s.category == "lion").lion
    final = steps[-1].totals[0]
    assert max(v for _, v in lion.options) == final
    assert dict(lion.options)[lion.prey] == final
    assert lion.prey == ("west", 3, 3)
    assert dict(lion.options)[("west", 0, 2)] == final - 5


def test_two_parks_cells_name_the_park():
    west = park("LI GR .. .. ..")
    east = park("GZ .. .. .. ..")
    sheet = score([(west, east)])
    assert lines(sheet, "gazelle")[0].cells == (("east", 0, 0),)
    assert (
        lines(sheet, "lion")[0].note == "lion at West A1: no face-up gazelle or zebra left to flip"
    )


# ---- steps, totals, shapes -----------------------------------------------------------


def test_score_steps_follow_the_rulebook_order_and_end_with_the_score_sheet():
    p = park("LI GR LI .. ..", "GZ ZB .. .. ..")
    steps = list(score_steps([p, p]))
    # The rulebook's order (one step per category), but a step for each of the four lions.
    lions_at = CATEGORIES.index("lion")
    order = [*CATEGORIES[:lions_at], *["lion"] * 4, *CATEGORIES[lions_at + 1 : -1]]
    assert [s.category for s in steps] == order
    assert order[-3:] == ["elephant", "hyena", "vulture"] and CATEGORIES[-1] == "rows"
    assert steps[-1].sheet == score([p, p])
    running = [0, 0]
    for step in steps:
        for line in step.lines:
            running[line.player] += line.points
        assert list(step.totals) == running
    assert [s.lion.player for s in steps if s.category == "lion"] == [0, 0, 1, 1]


def test_two_parks_steps_end_with_rows():
    steps = list(score_steps([(park("GZ .. .. .. .."), park("ZB .. .. .. .."))]))
    assert [s.category for s in steps][-2:] == ["vulture", "rows"]
    assert (*(c.category for c in CardType), "rows") == CATEGORIES


def test_totals_shortcut_matches_the_sheet():
    a = park("LI GR GZ .. ..", "EL ZB .. .. ..")
    b = park("CH .. .. .. ..", ".. GZ HY .. ..")
    sheet = score([a, b])
    assert totals([a, b]) == [sheet.total(0), sheet.total(1)]


def test_scoring_input_shapes_are_checked():
    p = park("GZ .. .. .. ..")
    with pytest.raises(ValueError, match="list"):
        score(p)
    with pytest.raises(ValueError, match=r"parks\[0\] must be a \(west, east\) pair"):
        score([p], Rules(variant="two_parks"))
    with pytest.raises(ValueError, match=r"parks\[0\] must be a Park"):
        score([(p, p)], Rules())
    with pytest.raises(ValueError, match="face up"):
        score([p.flip((0, 0))])
    with pytest.raises(ValueError, match="at least one"):
        score([])


def test_lines_are_plain_score_lines():
    (line,) = lines(score([park("GZ .. .. .. ..")]), "gazelle")[:1]
    assert line == ScoreLine(0, "gazelle", 2, "1 gazelle at 2 each", ((0, 0),))
    assert hash(line) == hash(ScoreLine(0, "gazelle", 2, "1 gazelle at 2 each", ((0, 0),)))


def test_empty_park_scores_nothing():
    sheet = score([Park()])
    assert list(sheet) == []
    assert [s.category for s in score_steps([Park()])][-1] == "vulture"


# ---- the rulebook's worked example ---------------------------------------------------

ESTHER = Park.parse("""
EL GZ EL WH LI
GR ZB CH GZ GR
GR GR ZB TR GF
TR GF WH HY GZ
""")


def test_esther_park_matches_the_worked_example_sentence_by_sentence():
    assert ESTHER.is_full and len(ESTHER) == 20
    counts = {
        code: ESTHER.count(code)
        for code in ("WH", "GR", "TR", "GZ", "ZB", "GF", "CH", "LI", "EL", "HY", "VU")
    }
    assert counts == {
        "WH": 2,
        "GR": 4,
        "TR": 2,
        "GZ": 3,
        "ZB": 2,
        "GF": 2,
        "CH": 1,
        "LI": 1,
        "EL": 2,
        "HY": 1,
        "VU": 0,
    }
    # the other players (2 and 1 gazelles) have fewer gazelles than Esther
    steps = list(score_steps([ESTHER], other_gazelles=[2, 1]))
    sheet = steps[-1].sheet
    by = {s.category: s for s in steps}

    # "Esther's Watering Holes each score 6 points for having 3 unique adjacent Animals."
    assert points(sheet, "watering_hole") == [6, 6]
    # "She scores 9 and 1 for her Grassland groups."
    assert points(sheet, "grassland") == [9, 1]
    # "She has Trees in 2 different rows and 2 different columns, and scores 8."
    assert points(sheet, "tree") == [8]
    assert lines(sheet, "tree")[0].note == "trees in 2 rows and 2 columns"
    # "6 points for having 3 Gazelles, and an additional 5 points because ... the most"
    assert points(sheet, "gazelle") == [6, 5]
    # "She scores 9 total points for her 2 Zebras, which 'share' some of the Grasslands."
    zebras = lines(sheet, "zebra")
    assert sum(line.points for line in zebras) == 9 and len(zebras) == 2
    assert set(zebras[0].cells[1:]) & set(zebras[1].cells[1:]) == {(2, 1)}
    # "Her Giraffes are both next to a Tree, and score 5 points each."
    assert points(sheet, "giraffe") == [5, 5]
    # "During Cheetah scoring, Esther scores 6 points and Flips 2 of her Gazelles"
    assert points(sheet, "cheetah") == [6]
    assert by["cheetah"].flipped[0] == {(0, 1), (3, 4)}
    # "(this does not affect Gazelle scoring)" -- gazelle points were fixed before
    assert by["gazelle"].totals[0] == 12 + 10 + 8 + 11
    # "Her Lion is next to a Grassland, so she Flips a Zebra and scores 4 points."
    assert points(sheet, "lion") == [4]
    lion = by["lion"].lion
    assert ESTHER[lion.prey].code == "ZB"
    assert lion.reason == "best"
    # "6 points from the Elephant in the corner, and 4 points from her other Elephant:
    #  she lost 2 points for the adjacent Cheetah (the Flipped Gazelle does not count)"
    corner, other = lines(sheet, "elephant")
    assert corner.cells[0] == (0, 0) and corner.points == 6
    assert other.points == 4 and other.cells == ((0, 2), (1, 2))  # only the cheetah counts
    assert ESTHER[0, 1].code == "GZ" and (0, 1) in by["cheetah"].flipped[0]  # next to it
    # "Her Hyena scores 6 points for the 2 Flipped cards it can reach."
    assert points(sheet, "hyena") == [6]
    assert len(lines(sheet, "hyena")[0].cells) == 3
    # "Esther has no Vultures."
    assert points(sheet, "vulture") == []
    # "Adding up her points, Esther has 86 points"
    assert sheet.by_category(0) == {
        "watering_hole": 12,
        "grassland": 10,
        "tree": 8,
        "gazelle": 11,
        "zebra": 9,
        "giraffe": 10,
        "cheetah": 6,
        "lion": 4,
        "elephant": 10,
        "hyena": 6,
    }
    assert 6 + 6 + 9 + 1 + 8 + 11 + 9 + 10 + 6 + 4 + 10 + 6 == 86
    assert sheet.total(0) == 86
    assert score([ESTHER], other_gazelles=[2, 1]) == sheet


def test_esther_lion_options_show_why_the_zebra():
    steps = list(score_steps([ESTHER], other_gazelles=[2]))
    lion = next(s for s in steps if s.category == "lion").lion
    # the zebra at C3 is within the hyena's reach: 3 more points than the others
    assert dict(lion.options) == {(1, 1): 83, (1, 3): 83, (2, 2): 86}
    assert score([ESTHER], other_gazelles=[2], lion_choices={0: {(0, 4): (1, 1)}}).total(0) == 83


def test_two_parks_lion_choices_name_the_park():
    west = park("LI GR GZ ZB ..")
    east = park("LI GR ZB .. ..")
    choices = {0: {("west", 0, 0): ("west", 0, 3)}}
    steps = list(score_steps([(west, east)], lion_choices=choices))
    lions = [s.lion for s in steps if s.category == "lion"]
    assert [(x.lion, x.prey, x.reason) for x in lions] == [
        (("west", 0, 0), ("west", 0, 3), "chosen"),
        (("east", 0, 0), ("east", 0, 2), "best"),
    ]
    bad = {0: {("west", 0, 0): ("east", 0, 2)}}
    with pytest.raises(ValueError, match="only flip a card in its own park"):
        score([(west, east)], lion_choices=bad)


def test_many_lions_and_prey_still_score_quickly_with_a_simpler_lookahead():
    # 6 hunting lions and 10 prey in each park: an exhaustive search would compare
    # hundreds of thousands of outcomes, so later lions are assumed to take the first prey.
    crowded = park(
        "GZ ZB GZ ZB GZ",
        "LI GR LI GR LI",
        "LI GR LI GR LI",
        "ZB GZ ZB GZ ZB",
    )
    steps = list(score_steps([(crowded, crowded)]))
    final = steps[-1]
    lions = [s.lion for s in steps if s.category == "lion"]
    assert len(lions) == 12 and all(x.prey is not None for x in lions)
    assert len(final.flipped[0]) == 12
    assert all(dict(x.options)[x.prey] <= final.totals[0] for x in lions)
    assert score([(crowded, crowded)]) == final.sheet
