"""The live score tells each page only what its viewer may know (issue 26, Deliver 5).

A seat may know what ``state.observation(seat)`` holds: its own hand, every other hand's size
and everything on the table.  So another player's hand penalty and total show as "?" (with the
card count) until the game ends, in a room (every seat and a spectator), in hot-seat play (only
the hand uncovered) and against bots; the chart leaves the hidden hands out.
"""

from __future__ import annotations

import random
import re

from cole_panel.rooms import RoomRegistry, new_token
from cole_panel.rooms.pages import RoomPage
from cole_panel.savannah import SavannahDashboard, SavannahModel
from cole_panel.savannah.standings import standing

ROW = re.compile(
    r"<tr data-player='(\d)'>.*?class='cole-total'[^>]*><b>([^<]*)</b></td>"
    r".*?class='cole-part-hand'[^>]*>(.*?)</td>",
    re.S,
)


def score_lines(dashboard) -> dict[int, tuple[str, str]]:
    """Per player, the total and the hand-penalty cell the page shows."""
    return {int(q): (total, hand) for q, total, hand in ROW.findall(dashboard.live.table_html)}


def check_page(dashboard, state, seat) -> None:
    """The page of ``seat`` (None: may see no hand) against what that seat may know."""
    lines = score_lines(dashboard)
    true = standing(state)
    assert sorted(lines) == list(range(state.players))
    sizes = state.observation(0).hand_sizes
    for q, (total, hand) in lines.items():
        if q == seat or state.is_over:
            assert total == str(true[q]["total"]), (seat, q, lines)
            assert "?" not in hand
        else:
            cards = sizes[q]
            assert total == "?", f"page of seat {seat} shows player {q}'s total {total}"
            assert hand.startswith("?") and f"{cards} card" in hand, hand
    chart = dashboard.live.chart_totals
    for q, line in enumerate(chart):
        if q != seat and not state.is_over:
            assert line[-1] == true[q]["total"] - true[q]["hand"], (q, line[-1])


def test_every_seat_of_a_savannah_room_sees_only_its_own_hand_counted():
    registry = RoomRegistry()
    people = [new_token() for _ in range(3)]
    room = registry.create("savannah", people[0], {"players": 3})
    for seat in (1, 2):
        room.claim(people[seat], seat)
    pages = [RoomPage(room, token, SavannahDashboard) for token in [*people, new_token()]]
    rng = random.Random(7)
    try:
        for _move in range(6):
            for seat, page in enumerate(pages):
                check_page(page.dashboard, room.model.state, seat if seat < 3 else None)
            p = room.model.state.current_player
            assert pages[p].mirror.play(rng.choice(room.model.state.legal_actions()))
        while not room.model.state.is_over:
            p = room.model.state.current_player
            assert pages[p].mirror.play(rng.choice(room.model.state.legal_actions()))
        for seat, page in enumerate(pages):
            check_page(page.dashboard, room.model.state, seat)
    finally:
        registry.close_all()


def test_against_bots_the_bots_hands_are_hidden_until_the_end():
    game = SavannahModel(players=3, seed=5, seat0="Human", seat1="Greedy", seat2="Greedy")
    dashboard = SavannahDashboard(model=game)
    check_page(dashboard, game.state, 0)
    game.play(game.state.legal_actions()[0])
    while game.bot_to_move:
        game.bot_move()
    check_page(dashboard, game.state, 0)


def test_in_hot_seat_play_only_the_uncovered_hand_counts():
    game = SavannahModel(players=2, seed=3, seat0="Human", seat1="Human", hide_hands=True)
    dashboard = SavannahDashboard(model=game)
    check_page(dashboard, game.state, None)  # both hands covered
    game.reveal()
    check_page(dashboard, game.state, game.revealed)
