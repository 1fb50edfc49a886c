"""Whole parks: two parks' rows, the scoring steps and totals, and the rulebook's worked example."""

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
from tests.ecosystem.parks import EMPTY_ROW, lines, park, points

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
