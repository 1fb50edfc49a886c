"""A seat's view of the draft (``engines.ecosystem.player_view``): what the conformance suite
does not reach — the stock left at the end, and this turn's picks kept back until every seat
has picked (a room's ``reveal_together``)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from engines.ecosystem import Rules, new_game, player_view, turn_start

from ..strategies import examples


def test_a_finished_draft_is_scored_in_the_open_but_the_undealt_stock_stays_unknown():
    game = new_game(Rules(players=3), seed=4)
    rng = random.Random(4)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert game.stock_size > 0  # cards never dealt: nobody at the table has seen them
    for seat in (0, 2, None):
        view = player_view(game, seat)
        assert view.parks == game.parks and view.score_sheet() == game.score_sheet()
        assert view.outcome == game.outcome and view.discards == game.discards
        assert view.seed is None  # the seed would tell the stock
        other = game.determinize(0, random.Random(9))  # the stock in another order
        assert other.to_dict()["stock"] != game.to_dict()["stock"]
        assert player_view(other, seat).to_dict() == view.to_dict()


@examples(10)
@given(data=st.data(), players=st.integers(2, 4), two_parks=st.booleans())
def test_this_turns_picks_of_the_others_are_kept_back_until_the_turn_is_over(
    data, players, two_parks
):
    rules = Rules(players=players, variant="two_parks" if two_parks else "classic")
    game = new_game(rules, seed=data.draw(st.integers(0, 999), label="seed"))
    line = [game.clone()]
    for _ in range(data.draw(st.integers(0, 30), label="picks")):
        game.apply(data.draw(st.sampled_from(game.legal_actions()), label="pick"))
        line.append(game.clone())
    state, since = line[-1], line[turn_start(line)]
    assert (since.round, since.turn) == (state.round, state.turn)
    names = rules.park_names
    for seat in [*range(players), None]:
        view = player_view(state, seat, since=since)
        for p in range(players):
            seen = state if p == seat else since
            assert [view.park(p, n) for n in names] == [seen.park(p, n) for n in names]
            assert [len(view.hand(p, n)) for n in names] == [len(seen.hand(p, n)) for n in names]
        if seat is None:
            continue
        assert [view.hand(seat, n) for n in names] == [state.hand(seat, n) for n in names]
        held = state.observation(seat).hands  # hands this seat has held: known exactly
        for slot, name in enumerate(names):
            for p in range(players):
                if p != seat and held[slot][p] is not None:
                    assert view.hand(p, name) == since.hand(p, name)
    if state is since:
        assert player_view(state, 0, since=since).to_dict() == player_view(state, 0).to_dict()
