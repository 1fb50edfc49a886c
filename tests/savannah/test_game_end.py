"""Drawing, the end of the game and the end scoring, on hand-built rows."""

from __future__ import annotations

import pytest

from engines import IllegalAction
from engines.savannah import (
    Play,
    Rules,
    make_state,
)
from tests.savannah.rows import names, play

# ---------------------------------------------------------------- drawing and the end


def test_drawing_back_to_three_and_the_game_ends_when_the_last_card_is_drawn():
    state = make_state(
        row=["zebra"],
        hands=[["termite", "lion", "impala"], ["ostrich"]],
        pile=["leopard", "hyena"],
        leftover="discard",
    )
    events = play(state, "lion")
    assert names(state.hand(0)) == ["termite", "impala", "leopard"]
    assert events[-1].kind == "row_closed" and not state.is_over
    events = play(state, "ostrich")
    assert [e.kind for e in events[-3:]] == ["drew", "row_closed", "game_over"]
    assert state.is_over and state.current_player is None and state.legal_actions() == []
    with pytest.raises(IllegalAction, match="The game is over."):
        state.apply(Play("termite#1"))


def test_equal_turns_finishes_the_round_without_drawing():
    rules = Rules(players=3, equal_turns=True)
    state = make_state(
        row=["zebra"],
        hands=[["termite", "impala"], ["jackal"], ["ostrich"]],
        pile=["hyena"],
        leftover="discard",
        current=1,
        rules=rules,
    )
    play(state, "jackal")  # draws the last card
    assert not state.is_over and state.current_player == 2
    events = play(state, "ostrich")
    assert not any(e.kind == "drew" for e in events)
    assert state.is_over and events[-1].kind == "game_over"


# ---------------------------------------------------------------- end scoring


def test_alive_cards_score_for_their_token_holder_only():
    state = make_state(row=["zebra@0", "termite@0", "lion@1", "impala"], hands=[[], []], over=True)
    sheet = state.score_sheet()
    assert sheet.by_category(0)["alive"] == 5 + 12
    assert sheet.by_category(1)["alive"] == 1
    lines = [line for line in sheet.for_player(0) if line.category == "alive"]
    assert {c for line in lines for c in line.cells} == {"zebra#1", "termite#1"}
    assert "1 insect alive × 12" in [line.note for line in lines]


def test_cards_in_hand_are_penalties():
    state = make_state(row=[], hands=[["lion", "ranger", "termite"], ["scrub hare"]], over=True)
    sheet = state.score_sheet()
    assert sheet.by_category(0)["hand"] == -10 - 15 - 1
    assert sheet.by_category(1)["hand"] == -2


def test_kill_piles_score_their_levels():
    state = make_state(row=[], hands=[[], []], kills=[["zebra", "impala", "lion"], []], over=True)
    sheet = state.score_sheet()
    assert sheet.by_category(0)["kills"] == 3 + 1 + 5
    assert sheet.by_category(1) == {"alive": 0, "kills": 0}


def test_a_human_as_the_rightmost_card_costs_its_token_holder_10():
    state = make_state(row=["zebra@0", "poacher@1"], hands=[[], []], over=True)
    line = next(li for li in state.score_sheet() if li.category == "rightmost")
    assert (line.player, line.points, line.cells) == (1, -10, ("poacher#1",))
    assert state.score_sheet().total(1) == 0 - 10
    state = make_state(row=["poacher@1", "zebra@0"], hands=[[], []], over=True)
    assert "rightmost" not in state.score_sheet().by_category(1)
    state = make_state(row=["zebra@0", "poacher"], hands=[[], []], over=True)
    assert all(li.category != "rightmost" for li in state.score_sheet())


def test_big_five_bonus_needs_all_five_in_one_kill_pile():
    five = ["lion", "leopard", "elephant", "rhino", "buffalo"]
    state = make_state(row=[], hands=[[], []], kills=[five, five[:4]], over=True)
    sheet = state.score_sheet()
    bonus = next(li for li in sheet if li.category == "big_five")
    assert (bonus.player, bonus.points) == (0, 25) and sorted(names(bonus.cells)) == sorted(five)
    assert sheet.total(0) == 25 + 5 + 4 + 4 + 3 + 2
    assert "big_five" not in sheet.by_category(1)
    assert state.totals() == [sheet.total(0), sheet.total(1)]
    state = make_state(
        row=[],
        hands=[[], []],
        kills=[five, []],
        over=True,
        rules=Rules(players=2, big_five_bonus=10),
    )
    assert state.score_sheet().by_category(0)["big_five"] == 10


def test_winner_most_points_and_tie_breaks():
    state = make_state(row=["zebra@1"], hands=[[], []], kills=[["zebra"], []], over=True)
    assert state.totals() == [3, 5] and state.winner == 1
    tied = dict(
        row=["zebra@0", "impala@1", "gazelle@1"],
        hands=[[], []],
        kills=[["zebra", "wildebeest", "meerkat", "oxpecker", "termite"], []],
        over=True,
    )
    state = make_state(**tied)
    assert state.totals() == [14, 10]
    state = make_state(**{**tied, "kills": [["zebra", "impala"], []]})
    assert state.totals() == [9, 10]
    state = make_state(**{**tied, "kills": [["zebra", "impala", "gazelle#2"], []]})
    assert state.totals() == [10, 10] and state.winners == (0, 1) and state.winner is None
    state = make_state(
        **{**tied, "kills": [["zebra", "impala", "gazelle#2"], []]},
        rules=Rules(players=2, tie_break="most_alive"),
    )
    assert state.winner == 1


def test_game_over_event_names_the_winner():
    state = make_state(
        row=["zebra"], hands=[["termite"], ["ostrich"]], pile=["lion"], leftover="discard"
    )
    events = play(state, "termite")
    over = events[-1]
    assert over.kind == "game_over" and over.totals == tuple(state.totals())
    assert over.describe().startswith("Game over: Player")
