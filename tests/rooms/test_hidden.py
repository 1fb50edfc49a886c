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

import panel as pn
from bokeh.document import Document

from cole_panel.rooms import RoomRegistry, new_token
from cole_panel.rooms.pages import FramedPage, RoomPage
from cole_panel.runtime.near import NearWatch
from cole_panel.savannah import SavannahDashboard
from cole_panel.ui.shell import app_shell

MOVES = 8


def rendered(room, token, dashboard=SavannahDashboard, title="On the Savannah"):
    page = RoomPage(room, token, dashboard)
    for part in (page.dashboard.settings(), page.dashboard.play_area()):
        for watch in pn.panel(part).select(NearWatch):  # the browser sends for every part
            watch.near = True
    doc = Document()
    framed = FramedPage(page.dashboard, top=[page.bar], side=[])
    app_shell(framed, title=title, page=room.game).server_doc(doc)
    return page, doc


def three_seated(registry, game):
    """A room of ``game`` for three people, each seated, and the page of each plus a
    spectator's."""
    people = [new_token() for _ in range(3)]
    room = registry.create(game, people[0], {"players": 3})
    for seat in (1, 2):
        room.claim(people[seat], seat)
    return room, [*people, new_token()]


def holds(doc: Document, card: str) -> bool:
    return json.dumps(card) in json.dumps(doc.to_json(deferred=False), default=str)


def test_no_page_of_a_savannah_room_holds_another_seats_hand():
    registry = RoomRegistry()
    room, tokens = three_seated(registry, "savannah")
    pages = [rendered(room, token) for token in tokens]
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


ECO_PICKS = 4  # three players: past the first pass, into the turn where one hand is still unseen


def eco_rendered(room, token):
    from cole_panel.ecosystem import EcosystemDashboard

    page, doc = rendered(room, token, EcosystemDashboard, "Ecosystem: Savanna")
    page.dashboard.show_draft()  # the draft tab, where the hand is
    return page, doc


def hand_marks(hand) -> list[str]:
    """How a whole hand would show in a document: the hand figure's code column, or the
    codes in a row as the "hands you have held" table writes them.  (Card types repeat in
    parks and hands, so a hand is recognized as a whole, never card by card.)"""
    codes = [card.code for card in hand]
    return [json.dumps(codes)[1:-1], json.dumps(" ".join(codes))[1:-1]]


def test_no_page_of_an_ecosystem_room_holds_a_hand_its_seat_has_not_held():
    registry = RoomRegistry()
    room, tokens = three_seated(registry, "ecosystem")
    pages = [eco_rendered(room, token) for token in tokens]
    rng = random.Random(4)
    hidden_seen = 0
    try:
        for move in range(ECO_PICKS + 1):
            state = room.model.state
            for seat, (_page, doc) in enumerate(pages):
                text = json.dumps(doc.to_json(deferred=False), default=str)
                assert '"New game"' in text  # the sidebar (the next game's setup) is searched
                if seat < 3:
                    assert hand_marks(state.hand(seat))[0] in text, f"page {seat} lacks its hand"
                    known = state.observation(seat).hands[0]
                else:
                    known = (None,) * 3
                for q in range(3):
                    if q == seat or known[q] is not None:
                        continue  # its own hand, or one it held earlier this round
                    hidden_seen += 1
                    for mark in hand_marks(state.hand(q)):
                        assert mark not in text, (
                            f"after {move} picks, page {seat} holds seat {q}'s hand {mark}"
                        )
            if move < ECO_PICKS:
                p = state.current_player
                mirror = pages[p][0].mirror
                pick = rng.choice(state.legal_actions())
                assert mirror.pick(pick.card, pick.cell, pick.park) and mirror.confirm()
        assert hidden_seen >= 10
    finally:
        registry.close_all()
