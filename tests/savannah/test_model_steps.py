"""A turn cut into steps from its events: each step's table, and what it points at, must agree
with the engine — so the animation can never show something that did not happen."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cole_panel.savannah.art import group_and_level
from cole_panel.savannah.steps import Table, still_step, turn_steps
from engines.savannah import Play, Rules, make_state, new_game
from tests.strategies import draw_move, examples


def steps_of(state, move):
    before = Table.of(state)
    return turn_steps(before, state.apply(move), group_and_level)


def test_a_lion_turn_unfolds_effect_hunts_kills_and_closing():
    state = make_state(row=["zebra", "impala@1", "termite@1"], hands=[["lion"], ["hyena"]])
    steps = steps_of(state, Play("lion#1"))
    assert [s.kind for s in steps] == [
        "played",
        "effect",
        "hunt",
        "removed",
        "hunt",
        "hunt",
        "closed",
    ]
    played = steps[0]
    assert played.table.slots == ("zebra#1", "impala#1", "termite#1", "lion#1")
    assert played.actor == "lion#1" and played.table.token_on("lion#1") == 0
    assert played.table.tokens_left == (9, 8)
    hunt = steps[2]
    assert hunt.title == "Hunt 1 of 3"
    assert hunt.side == "right" and hunt.counted == (2, 1, 0)
    assert hunt.reached == ("termite#1", "impala#1", "zebra#1")
    assert hunt.hits == ("impala#1", "zebra#1") and hunt.verb == "kill"
    removed = steps[3]
    assert removed.leaving == (("impala#1", "killed"), ("zebra#1", "killed"))
    assert removed.table.slots[:2] == ("zebra#1", "impala#1"), "still shown while leaving"
    assert removed.table.kills[0] == ("impala#1", "zebra#1")
    assert removed.table.tokens_left == (9, 9), "Player 2's token came back from the impala"
    assert "Player 1's lion killed Player 2's impala." in removed.text
    after = steps[4]
    assert after.table.slots == (None, None, "termite#1", "lion#1"), "gaps until the row closes"
    assert steps[-1].table.slots == state.row == ("termite#1", "lion#1")
    assert "drew a card" in steps[-1].text


def test_a_whole_row_hunt_has_no_direction_and_counts_every_card():
    state = make_state(row=["lion", "zebra", "cheetah", "impala"], hands=[["ranger"], ["hyena"]])
    hunt = next(s for s in steps_of(state, Play("ranger#1")) if s.kind == "hunt")
    assert hunt.side is None and hunt.counted == (0, 1, 2, 3)
    assert hunt.hits == ("lion#1", "cheetah#1") and hunt.verb == "scare"


def test_a_discard_effect_marks_the_cut_and_the_cards_going():
    row = ["zebra", "impala", "termite", "gazelle", "meerkat", "ostrich", "giraffe", "warthog"]
    state = make_state(row=row, hands=[["vulture"], ["hyena"]])
    steps = steps_of(state, Play("vulture#1"))
    effect = next(s for s in steps if s.kind == "effect" and s.hits)
    assert effect.verb == "discard" and effect.cut == 2
    assert effect.hits == ("zebra#1", "impala#1")
    gone = next(s for s in steps if s.kind == "removed")
    assert gone.leaving == (("zebra#1", "discarded"), ("impala#1", "discarded"))
    assert gone.table.discard[-2:] == ("zebra#1", "impala#1")


def test_regrouping_moves_cards_step_by_step_to_the_engines_row():
    state = make_state(row=["impala", "zebra", "gazelle", "lion"], hands=[["termite"], ["hyena"]])
    steps = steps_of(state, Play("termite#1"))
    regroup = [s for s in steps if s.kind == "regroup"]
    assert regroup and regroup[0].moved == ("impala#1",)
    assert regroup[-1].table.slots == state.row
    assert steps[-1].kind == "regroup", "the closing merges into the last regrouping"


def test_a_discard_turn_puts_the_card_on_the_discard_pile():
    state = make_state(row=["zebra", "impala"], hands=[["meerkat", "gazelle"], ["lion"]])
    from engines.savannah import Discard

    steps = steps_of(state, Discard("gazelle#1"))
    assert steps[0].kind == "discarded" and steps[0].fresh == ("gazelle#1",)
    assert steps[0].table.discard[-1] == "gazelle#1"
    assert steps[0].table.hand_sizes == (1, 1)
    assert steps[-1].table.hand_sizes == (2, 1)


def test_a_still_step_shows_the_position_as_it_is():
    state = new_game(Rules(players=2), seed=3)
    step = still_step(state, "hello")
    assert step.kind == "position" and step.text == "hello"
    assert step.table == Table.of(state) and step.table.row == state.row


@examples(25)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5), data=st.data())
def test_every_turn_of_a_random_game_ends_on_the_engines_table(seed, players, data):
    state = new_game(Rules(players=players, steal="richest"), seed=seed)
    while not state.is_over:
        before = Table.of(state)
        events = state.apply(draw_move(data, state))
        steps = turn_steps(before, events, group_and_level)
        assert steps
        last = steps[-1].table
        assert last == Table.of(state)
        for step in steps:
            shown = [c for c in step.table.slots if c is not None]
            assert len(shown) == len(set(shown)), "a card shown twice"
            assert set(step.hits) <= set(step.reached) or step.kind != "hunt"
            assert all(c in step.table.slots for c, _ in step.leaving)
            total = (
                len(shown)
                + len(step.table.discard)
                + sum(map(len, step.table.kills))
                + sum(step.table.hand_sizes)
                + step.table.pile
            )
            # cards leaving are drawn in their slot and already counted where they went
            assert total - len(step.leaving) == 64, "every card is somewhere exactly once"
        text = " ".join(s.text for s in steps)
        assert text == " ".join(e.describe() for e in events), "nothing narrated twice or lost"
