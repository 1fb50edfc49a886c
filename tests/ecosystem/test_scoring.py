"""The score line of every card type but the lion, on hand-built parks."""

from __future__ import annotations

import pytest

from engines.ecosystem import (
    Rules,
    score,
    score_steps,
)
from tests.ecosystem.parks import EMPTY_ROW, lines, park, points

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
