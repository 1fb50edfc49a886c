"""engines.ecosystem.positions.make_state: hand-built draft positions, checked like a save."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engines.ecosystem import Rules, new_game
from engines.ecosystem.positions import make_state
from tests.strategies import examples

EMPTY = ".. .. .. .. ..\n" * 4
ONE = "GR .. .. .. ..\n" + ".. .. .. .. ..\n" * 3


def test_a_position_deals_the_rest_of_the_deck_in_order():
    game = make_state([ONE, ONE], [["ZB"] * 10])
    assert (game.round, game.turn, game.current_player) == (0, 1, 0)
    assert [c.code for c in game.hand(0)] == ["ZB"] * 10
    assert [c.code for c in game.hand(1)] == ["WH"] * 10
    assert game.stock_size == 132 - 2 * 11
    assert make_state([ONE, ONE], [["ZB"] * 10]).to_dict() == game.to_dict()


def test_a_second_round_position_has_the_first_rounds_discards():
    full = "GR GR GR GR GR\nTR TR TR TR TR\n.. .. .. .. ..\n.. .. .. .. ..\n"
    game = make_state([full, full])
    assert (game.round, game.turn, len(game.discards), len(game.hand(1))) == (1, 0, 2, 11)


def test_two_parks_take_a_pair_of_parks_and_of_hands():
    rules = Rules(variant="two_parks")
    game = make_state(
        [[ONE, EMPTY.replace("..", "TR", 1)]] * 2, [[["GZ"] * 10, ["ZB"] * 10]], rules=rules
    )
    assert [c.code for c in game.hand(0, "east")] == ["ZB"] * 10
    assert game.legal_actions()[0].park == "west"


@pytest.mark.parametrize(
    ("parks", "hands", "named"),
    [
        ([ONE], [], r"parks: 1 given for 2 players"),
        ([ONE, EMPTY], [], r"every park must hold as many cards, not \[0, 1\]"),
        ([ONE, ONE], [["ZB"] * 9], r"hands\[0\]: a hand holds 10 cards at this point, not 9"),
        ([ONE, ONE], [["ZB"] * 10, ["ZB"] * 10], r"the game has only 12 zebras"),
        (
            [ONE, ONE.replace("GR", "XX")],
            [],
            r"parks\[1\]: row 1, column 1: unknown card code 'XX'",
        ),
        ([ONE, ONE], [["QQ"] * 10], r"hands\[0\]: "),
    ],
)
def test_a_position_with_a_mistake_is_named(parks, hands, named):
    with pytest.raises(ValueError, match=named):
        make_state(parks, hands)


@examples(10)
@given(st.data())
def test_any_turn_start_of_a_draft_is_rebuilt_from_its_parks_and_hands(data):
    rules = data.draw(st.sampled_from([Rules(), Rules(players=3), Rules(variant="two_parks")]))
    game = new_game(rules, seed=data.draw(st.integers(0, 2**16), label="seed"))
    turns = data.draw(st.integers(0, 19), label="turns")
    while game.round * 10 + game.turn < turns:
        game.apply(data.draw(st.sampled_from(game.legal_actions()), label="pick"))
        while game.current_player not in (0, None) or any(
            game.has_picked(0, name) for name in rules.park_names
        ):
            game.apply(game.legal_actions()[0])
    names = rules.park_names
    parks = [[str(game.park(p, n)) for n in names] for p in range(rules.players)]
    hands = [[[c.code for c in game.hand(p, n)] for n in names] for p in range(rules.players)]
    flat = (lambda rows: [row[0] for row in rows]) if len(names) == 1 else (lambda rows: rows)
    again = make_state(flat(parks), flat(hands), rules=rules)
    assert (again.round, again.turn, again.current_player) == (game.round, game.turn, 0)
    assert again.parks == game.parks
    assert [[again.hand(p, n) for n in names] for p in range(rules.players)] == [
        [game.hand(p, n) for n in names] for p in range(rules.players)
    ]
