"""An Ecosystem draft in a room, without a browser: each page its own hand, picks in turn."""

from __future__ import annotations

import panel as pn
import pytest

from cole_panel.rooms import RoomRegistry, new_token
from cole_panel.rooms.pages import RoomPage

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
    if isinstance(viewable, pn.param.ParamMethod):  # a lazy pane: what it shows once drawn
        return shown_text(viewable.object())
    if isinstance(viewable, pn.pane.PaneBase):
        return viewable.object if isinstance(viewable.object, str) else ""
    return "\n".join(shown_text(child) for child in getattr(viewable, "objects", ()))


def test_a_spectator_sees_no_hand_box_but_is_told_they_are_watching(registry):
    from cole_panel.ecosystem import EcosystemDashboard

    host, watcher = new_token(), new_token()
    room = registry.create("ecosystem", host, {"players": 2})
    pages = {who: RoomPage(room, who, EcosystemDashboard) for who in (host, watcher)}
    for shown in pages.values():  # the table, as the browser's first width report builds it
        assert shown.dashboard.draft.hands
    seen = {who: shown_text(page.dashboard) for who, page in pages.items()}
    assert "Your hand</b> (11 cards)" in seen[host] and "You are watching" not in seen[host]
    assert "Your hand" not in seen[watcher] and "hand</b> (" not in seen[watcher]
    assert "<b>You are watching</b>" in seen[watcher]


@pytest.mark.parametrize("together", [False, True])
def test_with_the_hosts_option_a_turns_picks_show_only_once_every_seat_has_picked(
    registry, together
):
    people = [new_token() for _ in range(3)]
    room = registry.create("ecosystem", people[0], {"players": 3, "reveal_together": together})
    pages = [page(room, who)[0] for who in people]
    for seat in (1, 2):
        room.claim(people[seat], seat)
    watcher = page(room, new_token())[0]
    live = room.model.state
    for mover in range(3):
        assert pages[mover].pick(*pick_for(pages[mover])) and pages[mover].confirm()
        live = room.model.state
        if mover == 2:
            break  # the turn is complete: see below
        for seat, seen in enumerate([*pages, watcher]):
            for q in range(mover + 1):
                shown = seen.state.park(q) == live.park(q)
                assert shown == (not together or q == seat), (seat, q)
            # the others' picks are not told, but that they have picked is
            assert len(seen.history) == (mover + 1 if not together else int(seat <= mover))
            assert seen.state.current_player == mover + 1
        if together:  # the picked card is back in its hand: 11 cards, as if not yet picked
            assert len(pages[1].state.hand(0)) == len(room.model.start.hand(0)) == 11
    assert live.turn == 1  # every seat has picked: the hands passed
    for seen in [*pages, watcher]:  # and every pick appears, on every page
        assert [seen.state.park(q) for q in range(3)] == [live.park(q) for q in range(3)]
        assert len(seen.history) == 3 and any(e.kind == "placed" for e in seen.events)
    if together:  # the host's next hand was seat 2's: seat 2 knows it, and still sees it whole
        passed = live.hand(0)
        assert pages[0].pick(*pick_for(pages[0])) and pages[0].confirm()
        assert pages[2].state.hand(0) == passed and len(room.model.state.hand(0)) == 9
        assert pages[2].state.park(0) == live.park(0) != room.model.state.park(0)


def test_a_park_is_called_yours_only_on_its_own_seats_page(registry):
    """A watcher read "Player 1 (Host): your park" over the host's park."""
    from cole_panel.ecosystem.draft.html_parts import park_title

    host, watcher = new_token(), new_token()
    room = registry.create("ecosystem", host, {"players": 2})
    hosts, _ = page(room, host)
    watchers, _ = page(room, watcher)
    assert "your park" in park_title(hosts, 0)
    assert "your park" not in park_title(watchers, 0) and "'s park" in park_title(watchers, 0)
    assert "your park" not in park_title(hosts, 1)
