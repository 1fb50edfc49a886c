"""Issue 42, item 4: with a turn's picks shown together, nothing of a pick reaches another seat
or a watcher before the reveal.

Three people and a watcher share an Ecosystem room with ``reveal_together`` on.  Every value
each page's model is given (every parameter, the message included, and the room bar's status)
is recorded, and so is every sentence its screen-reader voice says and its whole Bokeh
document after each change.  Until the turn is over, the seats that did not pick and the
watcher must hold no trace of a pick: no sentence naming the card and its cell, no position
with the card in its park.  The picker's own page must hold it (so the search can fail).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable
from typing import Any

import pytest

from cole_panel.ecosystem.draft.turns import where
from cole_panel.rooms import RoomRegistry, new_token, shared_registry
from cole_panel.ui.keyboard import BoardKeys
from engines.ecosystem import State, player_name
from engines.text import article

from ..browser.conftest import APPS
from ..rooms.test_ecosystem_room import pick_for
from ..rooms.test_hidden import eco_rendered
from ..rooms.test_rooms import page
from ..wire import LIFETIME, Wire, served

HOST = "h" * 22


class Recorder:
    """Every value a page's model is given, from the moment it is watched."""

    def __init__(self, mirror: Any, room: Any) -> None:
        self.values: list[Any] = []
        self.mirror, self.room = mirror, room
        mirror.param.watch(
            lambda *events: self.values.extend(e.new for e in events),
            [n for n in mirror.param if n != "name"],
            onlychanged=False,
        )

    def look(self) -> None:
        """What the page draws around the game: its turn line, seat names, the room bar."""
        m = self.mirror
        self.values += [m.turn_text(), *(m.seat_name(p) for p in range(3))]
        self.values.append(self.room.status(m.listener))


def texts(value: Any) -> Iterable[str]:
    """Every sentence in ``value`` (events and turns by their own sentences)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from texts(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from texts(v)
    elif hasattr(value, "describe"):
        yield value.describe()
        yield from texts(getattr(value, "state", None))


def positions(value: Any) -> Iterable[State]:
    """Every position in ``value`` (turns' positions included)."""
    if isinstance(value, State):
        yield value
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from positions(v)
    elif hasattr(value, "pick"):
        yield from (p for p in (getattr(value, "before", None), value.state) if p is not None)


def phrases(pick: Any, picker: int) -> list[str]:
    """How a sentence tells ``pick`` of ``picker``: as played, or as taken back."""
    cell = where(pick.park, pick.cell)
    name = player_name(picker)
    return [
        f"{name} placed {article(pick.card.label)} at {cell}",
        f"{name}'s {pick.card.label} at {cell}",
    ]


def shows(values: list[Any], pick: Any, picker: int) -> bool:
    """Whether any of ``values`` tells ``pick`` of ``picker``: its sentence, or a position
    with the card in its cell."""
    if any(p in text for text in texts(values) for p in phrases(pick, picker)):
        return True
    return any(
        s.park(picker, pick.park)[pick.cell] == pick.card
        for s in positions(values)
        if s.players > picker
    )


@pytest.fixture
def registry():
    reg = RoomRegistry(max_rooms=3, max_viewers=6)
    yield reg
    reg.close_all()


def table(registry, variant: str = "classic"):
    """A room of three seated people and a watcher, picks shown together; each page's
    recorder."""
    people = [new_token() for _ in range(3)]
    options = {"players": 3, "reveal_together": True, "variant": variant}
    room = registry.create("ecosystem", people[0], options)
    mirrors = [page(room, who)[0] for who in people]
    for seat in (1, 2):
        room.claim(people[seat], seat)
    mirrors.append(page(room, new_token())[0])
    return room, people, mirrors, [Recorder(m, room) for m in mirrors]


def pick_and_pass(room, mirror) -> list[Any]:
    """The page picks (both parks with two) and passes; the picks the room took."""
    before = len(room.model.history)
    while not mirror.ready_to_pass:
        assert mirror.pick(*pick_for_open_park(mirror))
    assert mirror.confirm()
    return [t.pick for t in room.model.history[before:]]


def pick_for_open_park(mirror):
    for park in mirror.park_names:
        if mirror.pending_for(park) is None and not mirror.state.has_picked(mirror.my_seat, park):
            card = mirror.hand_of(mirror.my_seat, park)[0]
            return card, mirror.legal_cells(park)[0], park
    return pick_for(mirror)


@pytest.mark.parametrize("variant", ["classic", "two_parks"])
def test_no_value_a_page_is_given_tells_another_seats_pick_before_the_reveal(registry, variant):
    room, _people, mirrors, recorders = table(registry, variant)
    made: list[tuple[int, Any]] = []
    for picker in (0, 1):
        made += [(picker, p) for p in pick_and_pass(room, mirrors[picker])]
        for r in recorders:
            r.look()
        for seat, r in enumerate(recorders):
            for who, pick in made:
                assert shows(r.values, pick, who) == (who == seat), (seat, who, pick)
    assert "has chosen" in mirrors[3].message and mirrors[3].events == []
    pick_and_pass(room, mirrors[2])  # the last seat picks: the turn is over, all is shown
    for r in recorders:
        assert all(shows(r.values, pick, who) for who, pick in made)


def test_an_undo_of_a_pick_tells_the_others_only_that_a_move_was_taken_back(registry):
    room, people, mirrors, recorders = table(registry)
    first = pick_and_pass(room, mirrors[0])[0]
    second = pick_and_pass(room, mirrors[1])[0]
    for token in people:  # every person seated agrees: Player 2's pick is taken back
        room.vote_undo(token)
    assert len(room.model.history) == 1 and "Took back" in room.model.message
    assert "taken back" in mirrors[0].message and "taken back" in mirrors[3].message
    for seat, r in enumerate(recorders):
        r.look()
        assert shows(r.values, second, 1) == (seat == 1), seat
        assert shows(r.values, first, 0) == (seat == 0), seat


def test_no_document_nor_voice_of_another_page_tells_a_pick_before_the_reveal(
    registry, monkeypatch
):
    """The same at the Bokeh level: each page's whole document, as the websocket would carry
    it, and every sentence its screen-reader region is sent."""
    said: dict[int, list[str]] = {}
    real = BoardKeys._send_msg

    def record(self, msg):
        said.setdefault(id(self), []).append(json.dumps(msg))
        return real(self, msg)

    monkeypatch.setattr(BoardKeys, "_send_msg", record)
    people = [new_token() for _ in range(3)]
    room = registry.create("ecosystem", people[0], {"players": 3, "reveal_together": True})
    for seat in (1, 2):
        room.claim(people[seat], seat)
    pages = [eco_rendered(room, token) for token in [*people, new_token()]]
    voices = [[id(k) for k in page.dashboard.__panel__().select(BoardKeys)] for page, _ in pages]
    assert all(voices)
    made = []
    for picker in (0, 1):
        mirror = pages[picker][0].mirror
        made += [(picker, p) for p in pick_and_pass(room, mirror)]
        for seat, (_page, doc) in enumerate(pages):
            heard = [m for v in voices[seat] for m in said.get(v, [])]
            text = json.dumps(doc.to_json(deferred=False), default=str) + json.dumps(heard)
            for who, pick in made:
                told = [p for p in phrases(pick, who) if p in text]
                assert bool(told) == (who == seat), (seat, who, pick)


def test_no_websocket_frame_to_another_seat_or_a_watcher_tells_a_pick_before_the_reveal():
    """The same on the wire: an Ecosystem room served in this process, three pages over bare
    Bokeh-protocol websockets (two seats and a watcher; the host plays seat 1 from no page),
    every frame each receives recorded, its whole document included."""
    registry = shared_registry()
    room = registry.create("ecosystem", HOST, {"players": 3, "reveal_together": True})
    served_apps = served({"ecosystem": APPS / "ecosystem.py"}, **LIFETIME)

    async def play() -> tuple[list[Wire], list[tuple[int, Any]]]:
        query = f"room={room.name}"
        async with (
            Wire(f"{base}/ecosystem", query) as one,
            Wire(f"{base}/ecosystem", query) as two,
            Wire(f"{base}/ecosystem", query) as watcher,
        ):
            wires = [one, two, watcher]
            tokens = [page.token for page in room.listeners.values()]
            assert len(tokens) == 3
            room.claim(tokens[0], 1)
            room.claim(tokens[1], 2)
            for wire in wires:
                await wire.send("PULL-DOC-REQ", {})
            made = []
            for who, token in ((0, HOST), (1, tokens[0])):
                pick = room.model.state.legal_actions()[0]
                assert room.play(token, pick) is None
                made.append((who, pick))
                await asyncio.gather(*(w.read_for(3) for w in wires))
            return wires, made

    with served_apps as (base, _server):
        wires, made = asyncio.run(play())
    for seat, wire in zip((1, 2, None), wires, strict=True):
        text = json.dumps(wire.received)
        for who, pick in made:
            told = [p for p in phrases(pick, who) if p in text]
            assert bool(told) == (who == seat), (seat, who, pick)
        assert "has chosen" in text  # what the others read instead
