"""An Ecosystem draft in a room, without a browser: each page its own hand, picks in turn."""

from __future__ import annotations

import panel as pn
import pytest

from cole_panel.rooms import RoomRegistry, new_token
from cole_panel.rooms.serving import RoomPage

from .test_rooms import page


@pytest.fixture
def registry():
    reg = RoomRegistry(max_rooms=3, max_viewers=4)
    yield reg
    reg.close_all()


def pick_for(mirror):
    """A legal pick of the page's own seat (card from its own hand, a green cell)."""
    park = mirror.park_names[0]
    card = mirror.hand_of(mirror.my_seat, park)[0]
    return card, mirror.legal_cells(park)[0], park


def test_each_page_picks_in_turn_and_passes_its_own_pending_pick(registry):
    host, guest, watcher = new_token(), new_token(), new_token()
    room = registry.create("ecosystem", host, {"players": 2})
    a, _ = page(room, host)
    b, _ = page(room, guest)
    room.claim(guest, 1)
    w, _ = page(room, watcher)
    assert a.hand_of(0) == room.model.state.hand(0) and a.hand_of(1) == ()
    assert b.hand_of(1) == room.model.state.hand(1) and b.hand_of(0) == ()
    assert w.hand_of(0) == w.hand_of(1) == ()  # a spectator holds no hand
    assert "Waiting for Host to pick" in b.turn_text()
    assert not b.pick(*pick_for(a)) and "Player 1's turn" in b.message
    assert not w.pick(*pick_for(a)) and "watching" in w.message
    card, cell, park = pick_for(a)
    assert a.pick(card, cell, park) and a.pending  # waiting for "Pass hands", on a's page only
    assert not room.model.history and not b.pending
    assert a.undo() and not a.pending and a.redo() and a.pending
    assert a.confirm() and len(room.model.history) == 1 and not a.pending
    assert len(b.history) == 1 and b.state.current_player == 1
    assert "Waiting for Guest 2 to pick" in a.turn_text()
    assert b.pick(*pick_for(b)) and b.confirm()
    assert len(room.model.history) == 2 and room.model.state.turn == 1  # the hands passed
    assert a.hand_of(0) == room.model.state.hand(0)


def shown_text(viewable) -> str:
    """The text a person sees on a page: every text pane whose layouts are all visible."""
    if isinstance(viewable, pn.viewable.Viewer):
        viewable = viewable.__panel__()
    if not getattr(viewable, "visible", True):
        return ""
    if isinstance(viewable, pn.pane.PaneBase):
        return viewable.object if isinstance(viewable.object, str) else ""
    return "\n".join(shown_text(child) for child in getattr(viewable, "objects", ()))


def test_a_spectator_sees_no_hand_box_but_is_told_they_are_watching(registry):
    from cole_panel.ecosystem import EcosystemDashboard

    host, watcher = new_token(), new_token()
    room = registry.create("ecosystem", host, {"players": 2})
    pages = {who: RoomPage(room, who, EcosystemDashboard) for who in (host, watcher)}
    seen = {who: shown_text(page.dashboard) for who, page in pages.items()}
    assert "Your hand</b> (11 cards)" in seen[host] and "You are watching" not in seen[host]
    assert "Your hand" not in seen[watcher] and "hand</b> (" not in seen[watcher]
    assert "<b>You are watching</b>" in seen[watcher]
