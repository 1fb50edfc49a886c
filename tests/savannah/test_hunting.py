"""Hunting on hand-built rows: how actions count positions, what they hit, and regrouping."""

from __future__ import annotations

from engines.savannah import (
    Hunted,
    Killed,
    Regrouped,
    Rules,
    Scared,
    TokenReturned,
    make_state,
)
from tests.savannah.rows import cards, names, of, play, played

# ---------------------------------------------------------------- hunting and counting


def test_counting_from_the_right_near_the_right_end_of_a_short_row():
    state, events = played(["termite", "dung beetle", "zebra"], "oxpecker", "lion")
    hunt = of(events, Hunted)[0]
    assert (hunt.side, hunt.positions) == ("right", (2, 1))
    assert names(hunt.reached) == ["zebra", "dung beetle"] and names(hunt.hits) == ["dung beetle"]
    assert names(state.kill_pile(0)) == ["dung beetle"]
    assert "termite#1" in state.row  # position 0 was out of reach


def test_counting_further_than_the_row_reaches_every_card():
    state, events = played(["meerkat", "scrub hare"], "jackal", "lion")
    assert of(events, Hunted)[0].positions == (1, 0)
    assert names(state.kill_pile(0)) == ["scrub hare", "meerkat"]


def test_counting_from_the_left_near_both_ends():
    state = make_state(
        row=["zebra", "termite", "impala", "dung beetle", "scrub hare"],
        hands=[["guineafowl"], ["lion"]],
    )
    events = play(state, "guineafowl")
    hunt = of(events, Hunted)[0]
    assert (hunt.side, hunt.positions) == ("left", (0, 1, 2))
    assert names(state.kill_pile(0)) == ["termite"]  # the dung beetle at position 3 is safe
    state = make_state(row=["termite", "dung beetle"], hands=[["guineafowl"], ["lion"]])
    play(state, "guineafowl")
    assert names(state.kill_pile(0)) == ["termite", "dung beetle"]


def test_actions_count_on_the_row_as_it_was_at_the_start_of_the_turn():
    # The lion's first action kills the zebra; its second ("2 from the right") still counts the
    # zebra's empty place, so it reaches the rhino but not the buffalo behind it.
    state, events = played(["buffalo@1", "rhino@1", "zebra@1"], "lion", "jackal")
    hunts = of(events, Hunted)
    assert names(hunts[0].hits) == ["zebra"]
    assert hunts[1].positions == (2, 1) and names(hunts[1].reached) == ["rhino"]
    assert names(state.kill_pile(0)) == ["zebra", "rhino"]
    assert state.row == ("buffalo#1", "lion#1")


def test_an_effect_removing_cards_leaves_their_places_counted():
    # The ranger discards the two leftmost cards, then scares predators in the whole row: the
    # jackal it discarded is not scared again; the cheetah in the kept part is.
    row = cards("jackal, impala, zebra, termite, cheetah@1, oxpecker, wildebeest, gazelle, zebra")
    state, events = played(row, "ranger", "lion")
    hunt = of(events, Hunted)[0]
    assert hunt.positions == tuple(range(9))
    assert "jackal#1" not in hunt.reached and names(hunt.hits) == ["cheetah"]
    assert [e.card for e in of(events, Scared)] == ["cheetah#1"]
    assert state.discard_pile == ("jackal#1", "impala#1", "cheetah#1")


def test_the_played_card_never_hits_itself():
    state = make_state(
        row=["zebra", "termite"],
        hands=[["hippo"], ["lion"]],
        rules=Rules(players=2, count_played_card=True),
    )
    events = play(state, "hippo")  # "scare away the rightmost card": that is the hippo itself
    hunt = of(events, Hunted)[0]
    assert hunt.positions == (2,) and hunt.reached == ()
    assert "hippo#1" in state.row and "termite#1" in state.row
    state = make_state(row=["zebra", "termite"], hands=[["hippo"], ["lion"]])
    play(state, "hippo")  # default: the rightmost card of the row before the hippo
    assert state.discard_pile == ("termite#1",)


def test_kills_go_to_the_hunters_kill_pile_and_tokens_go_home():
    state = make_state(
        row=["impala@1", "gazelle@2", "zebra@0"],
        hands=[["jackal"], ["cheetah"], ["lion"]],
        current=1,
    )
    events = play(state, "cheetah")
    assert names(state.kill_pile(1)) == ["gazelle", "impala"]
    returned = [(e.player, e.card) for e in of(events, TokenReturned)]
    assert returned == [(2, "gazelle#1"), (1, "impala#1")]
    assert [state.tokens_left(q) for q in range(3)] == [9, 9, 10]  # seat 1 put one on cheetah
    assert of(events, Killed)[0].describe() == "Player 2's cheetah killed Player 3's gazelle."


# ---------------------------------------------------------------- regrouping


def test_regrouping_joins_the_rightmost_card_of_the_kind():
    state, events = played(["impala", "zebra", "ostrich"], "gazelle", "lion")
    regroup = of(events, Regrouped)[0]
    assert (regroup.group, regroup.level, regroup.cards, regroup.anchor) == (
        "ungulate",
        1,
        ("impala#1",),
        "gazelle#1",
    )
    assert names(state.row) == ["zebra", "ostrich", "impala", "gazelle"]
    assert events[-1].row == state.row


def test_regrouping_every_kind_and_only_those_kinds():
    row = cards(
        "meerkat, termite, zebra, oxpecker, impala, meerkat, oxpecker, wildebeest, dung beetle, "
        "impala, hyena"
    )
    state, events = played(row, "scrub hare", "lion")
    assert [(e.group, e.level) for e in of(events, Regrouped)] == [
        ("small_mammal", 1),
        ("ungulate", 1),
        ("ungulate", 3),
    ]
    assert names(state.row) == cards(
        "termite, oxpecker, meerkat, meerkat, oxpecker, zebra, wildebeest, dung beetle, impala, "
        "impala, hyena, scrub hare"
    )


def test_a_grouped_row_does_not_regroup():
    state = make_state(
        row=["termite", "impala", "gazelle", "zebra", "wildebeest"], hands=[["ostrich"], ["lion"]]
    )
    events = play(state, "ostrich")
    assert not of(events, Regrouped)
