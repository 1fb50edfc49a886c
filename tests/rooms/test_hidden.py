"""Hidden cards stay hidden: what each page's Bokeh document holds, read in full.

Three people and a spectator open the same On the Savannah room; each page is the real
Savannah dashboard framed as served (the shared shell: the room bar, the play area AND the
settings sidebar with its seats, link and save box) rendered into its own Bokeh document.  After every move, each document is
serialized whole (every model, every property, every ColumnDataSource column — what the
websocket would carry) and searched for the cards in the other seats' hands.  The page's own
hand must be there (so the search can fail), the others' never.
"""

from __future__ import annotations

import json
import random

from bokeh.document import Document

from cole_panel.rooms import RoomRegistry, new_token
from cole_panel.rooms.serving import FramedPage, RoomPage
from cole_panel.savannah import SavannahDashboard
from cole_panel.ui.shell import app_shell

MOVES = 8


def rendered(room, token):
    page = RoomPage(room, token, SavannahDashboard)
    doc = Document()
    framed = FramedPage(page.dashboard, top=[page.bar], side=[])
    app_shell(framed, title="On the Savannah", page="savannah").server_doc(doc)
    return page, doc


def holds(doc: Document, card: str) -> bool:
    return json.dumps(card) in json.dumps(doc.to_json(deferred=False), default=str)


def test_no_page_of_a_savannah_room_holds_another_seats_hand():
    registry = RoomRegistry()
    people = [new_token() for _ in range(3)]
    room = registry.create("savannah", people[0], {"players": 3})
    for seat in (1, 2):
        room.claim(people[seat], seat)
    pages = [rendered(room, token) for token in [*people, new_token()]]  # + a spectator
    rng = random.Random(4)
    try:
        for move in range(MOVES + 1):
            state = room.model.state
            for seat, (_page, doc) in enumerate(pages):
                text = json.dumps(doc.to_json(deferred=False), default=str)
                assert "cole-settings" in text  # the sidebar is part of what is searched
                for q in range(state.players):
                    for card in state.hand(q):
                        shown = json.dumps(card) in text
                        assert shown == (q == seat), (
                            f"after {move} moves, page {seat} "
                            f"{'holds' if shown else 'lacks'} {card} of seat {q}"
                        )
            if move < MOVES:
                p = state.current_player
                assert pages[p][0].mirror.play(rng.choice(state.legal_actions()))
    finally:
        registry.close_all()
