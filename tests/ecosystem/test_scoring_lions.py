"""The lion search on hand-built parks: which prey a lion flips, and the owner's choices."""

from __future__ import annotations

import pytest

from engines.ecosystem import (
    Rules,
    score,
    score_steps,
)
from tests.ecosystem.parks import EMPTY_ROW, park, points

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
