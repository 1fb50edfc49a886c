"""Rooms without a browser: seats, refusals, undo by agreement, bots once per room, lifecycle."""

from __future__ import annotations

import gc
import html
import random
import re
import weakref

import pytest

from cole_panel.core import BotJob
from cole_panel.rooms import MIRRORS, RoomError, RoomRegistry, new_token


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class CountingScheduler:
    """Runs jobs inline and counts them (one bot computation per bot move)."""

    def __init__(self) -> None:
        self.computed = 0

    def submit(self, job: BotJob) -> int:
        self.computed += 1
        job.apply(job.compute())
        return self.computed

    def cancel(self, handle=None) -> None:
        pass


def page(room, token, game=None):
    """A page's mirror joined to ``room`` (notified inline)."""
    mirror = MIRRORS[game or room.game]()
    listener = room.join(token, lambda: mirror.sync())
    mirror.bind(room, token, listener)
    mirror.sync()
    return mirror, listener


def seated_pair(registry):
    """A Circle room with the host's page and a guest's page, the guest in seat 1 (Black):
    ``(room, host page, guest page, guest's listener)``."""
    host, guest = new_token(), new_token()
    room = registry.create("circle", host)
    a, _ = page(room, host)
    b, listener = page(room, guest)
    room.claim(guest, 1)
    return room, a, b, listener


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def registry(clock):
    reg = RoomRegistry(max_rooms=3, max_viewers=4, idle_timeout=600, seat_timeout=60, clock=clock)
    yield reg
    reg.close_all()


def test_a_move_in_one_page_shows_in_the_other_and_only_the_seat_holder_plays_it(registry):
    host, guest, stranger = new_token(), new_token(), new_token()
    room = registry.create("circle", host)
    a, _ = page(room, host)
    b, _ = page(room, guest)
    assert b.my_seat is None  # a visitor watches until she sits down
    assert not b.play("E5") and "watching" in b.message
    room.claim(guest, 1)
    assert b.my_seat == 1
    assert a.play("E5")
    assert b.state.label(b.state.moves[-1]) == "E5" and len(b.history) == 1
    assert not a.play("E6") and "Black's turn" in a.message
    assert len(room.model.history) == 1 and "turn" not in b.message  # nobody else told
    with pytest.raises(RoomError, match="already taken"):
        room.claim(stranger, 1)


def test_undo_needs_every_person_and_redo_is_off(registry):
    room, a, b, _ = seated_pair(registry)
    a.play("E5")
    b.play("E6")
    a.undo()
    assert len(room.model.history) == 2 and "waiting for Guest 2" in a.message
    b.undo()
    assert len(room.model.history) == 1 and len(a.history) == 1
    assert not a.redo() and "off in a room" in a.message


def test_a_reload_returns_to_the_same_seat(registry):
    room, a, b, listener = seated_pair(registry)
    room.leave(listener)
    assert room.status(room.join(a.token, lambda: None))["seats"][1]["away"]
    again, _ = page(room, b.token)
    assert again.my_seat == 1 and not room.seats[1].away_since


def test_bots_move_once_per_room_however_many_pages_watch(clock):
    scheduler = CountingScheduler()
    reg = RoomRegistry(scheduler=lambda: scheduler, clock=clock)
    host = new_token()
    room = reg.create("circle", host)
    pages = [page(room, new_token())[0] for _ in range(5)]
    room.set_seat(host, 1, "Random")
    host_page, _ = page(room, host)
    for _ in range(3):
        assert host_page.play(room.model.state.legal_actions()[0])
    assert sum(t.player == 1 for t in room.model.history) == 3  # the bot answered each move
    assert scheduler.computed == 3  # computed once each, not once per page
    assert all(len(p.history) == len(room.model.history) for p in pages)
    reg.close_all()


def test_only_the_host_changes_seats_and_starts_new_games(registry):
    host, guest = new_token(), new_token()
    room = registry.create("circle", host)
    with pytest.raises(RoomError, match="Only the host"):
        room.set_seat(guest, 1, "Greedy")
    b, _ = page(room, guest)
    assert not b.new_game() and "Only the host" in b.message
    b.seat1 = "MCTS"  # the seat menu on the guest's page
    assert room.seats[1].kind == "Open" and b.seat1 == "Human" and "Only the host" in b.message


def test_a_seat_left_too_long_is_played_by_a_bot_until_its_person_returns(registry, clock):
    room, a, b, listener = seated_pair(registry)
    a.play("E5")
    room.leave(listener)
    clock.now += 30
    assert registry.sweep() == [] and room.seats[1].kind == "Human"
    clock.now += 31
    registry.sweep()
    assert room.seats[1].taken_over and len(room.model.history) >= 2  # the bot moved for Black
    back, _ = page(room, b.token)
    assert back.my_seat == 1 and room.seats[1].kind == "Human" and not room.seats[1].taken_over


def test_rooms_are_bounded_and_idle_rooms_are_removed_and_freed(registry, clock):
    host = new_token()
    rooms = [registry.create("circle", host) for _ in range(3)]
    with pytest.raises(RoomError, match="3 rooms, its limit"):
        registry.create("circle", host)
    viewers = [page(rooms[0], new_token())[1] for _ in range(4)]
    with pytest.raises(RoomError, match="full"):
        page(rooms[0], new_token())
    with pytest.raises(RoomError, match="no such room"):
        registry.get("x" * 22)
    with pytest.raises(RoomError, match="no such room"):
        registry.get("<script>")
    for v in viewers:
        rooms[0].leave(v)
    models = [weakref.ref(r.model) for r in rooms]
    names = [r.name for r in rooms]
    del rooms, viewers
    clock.now += 599
    assert registry.sweep() == []
    clock.now += 2
    assert sorted(registry.sweep()) == sorted(names) and len(registry) == 0
    gc.collect()
    assert all(ref() is None for ref in models)  # nothing holds a removed room's game


def test_room_names_are_unguessable_and_only_known_games_have_rooms(registry):
    host = new_token()
    names = {registry.create("circle", host).name for _ in range(3)}
    assert len(names) == 3 and all(len(n) >= 22 for n in names)
    with pytest.raises(RoomError, match="cannot be played in a room yet"):
        registry.create("chess", host)


def test_a_circle_room_saves_and_the_host_loads_a_game(registry):
    host, guest = new_token(), new_token()
    room = registry.create("circle", host)
    a, _ = page(room, host)
    a.play("E5")
    text = a.save()
    b, _ = page(room, guest)
    assert not b.load(text) and "Only the host" in b.message
    room.claim(guest, 1)
    b.play("E6")
    assert a.load(text) and len(b.history) == 1


def test_a_savannah_room_refuses_to_save_a_running_game(registry):
    host = new_token()
    room = registry.create("savannah", host, {"players": 2})
    a, _ = page(room, host)
    with pytest.raises(RoomError, match="once it is over"):
        a.save()


def _hidden_from(state, seat):
    """The cards in other seats' hands (which ``seat`` must never receive)."""
    return {c for q in range(state.players) if q != seat for c in state.hand(q)}


@pytest.mark.parametrize("game, moves", [("savannah", 12), ("ecosystem", 2)])
def test_a_page_receives_the_same_whatever_the_hidden_cards_are(registry, game, moves):
    """Two rooms whose games look the same to seat 1 but differ in every card seat 1 may not
    see send seat 1's page the same values."""
    import importlib

    determinize = importlib.import_module(f"engines.{game}").determinize
    host = new_token()
    first = registry.create(game, host, {"players": 3})
    second = registry.create(game, host, {"players": 3})
    rng = random.Random(5)
    for _ in range(moves):
        state = first.model.state
        first.model.play(rng.choice(state.legal_actions()))
    real = first.model.state
    other = determinize(real.observation(1), random.Random(99))
    assert other.hand(0) != real.hand(0) or other.hand(2) != real.hand(2)
    second.model.param.update(state=other, history=[], start=first.model.start)
    first.model.param.update(history=[], future=[])
    first.claim(new_token(), 1)
    guest = first.seats[1].owner
    second.claim(guest, 1)
    seen = [page(r, guest)[0] for r in (first, second)]
    assert seen[0].state.to_dict() == seen[1].state.to_dict()
    assert seen[0].state.hand(1) == real.hand(1)


def turn_line(dashboard) -> str:
    """The Circle page's turn line as the browser receives it (its HTML model's text)."""
    from bokeh.document import Document

    doc = Document()
    doc.add_root(dashboard.play_area().get_root(doc))
    (line,) = [m.text for m in doc.models if "cole-turn" in (getattr(m, "css_classes", None) or [])]
    return line


def test_a_circle_page_in_a_room_says_whose_move_it_is_from_its_seat(registry):
    from cole_panel.circle import CircleDashboard

    host, guest = new_token(), new_token()
    room = registry.create("circle", host)
    a, _ = page(room, host)
    b, _ = page(room, guest)
    pages = CircleDashboard(model=a), CircleDashboard(model=b)
    assert "Waiting for Host" in turn_line(pages[1]) and "Your move" in turn_line(pages[0])
    room.claim(guest, 1)
    assert a.play("E5")
    assert "Waiting for Guest 2" in turn_line(pages[0])
    assert "Your move" in turn_line(pages[1]) and "Waiting" not in turn_line(pages[1])


def test_a_circle_page_names_an_open_seat_it_waits_for(registry):
    from cole_panel.circle import CircleDashboard

    host, guest = new_token(), new_token()
    room = registry.create("circle", host)
    a, _ = page(room, host)
    dashboard = CircleDashboard(model=a)
    assert a.play("E5")
    assert "Waiting for someone to sit as Black" in turn_line(dashboard)
    page(room, guest)
    room.claim(guest, 1)  # the guest sits down: the host's page names her at once
    assert "Waiting for Guest 2" in turn_line(dashboard)


def test_the_circle_board_shows_the_name_each_person_typed_by_their_colour(registry):
    """Issue 26, Deliver 3: typed names on the board; the Circle page's canvas had none."""
    from bokeh.document import Document

    from cole_panel.circle import CircleDashboard
    from cole_panel.circle.palette import STONE_FILL

    def over_board(dashboard):
        doc = Document()
        doc.add_root(dashboard.play_area().get_root(doc))
        (strip,) = [
            m for m in doc.models if "cole-players" in (getattr(m, "css_classes", None) or [])
        ]
        return strip

    host, guest = new_token(), new_token()
    room = registry.create("circle", host)
    a, _ = page(room, host)
    b, _ = page(room, guest)
    mine, theirs = CircleDashboard(model=a), CircleDashboard(model=b)
    room.rename(host, "Ada")
    room.rename(guest, "<b>Bo</b>" + "o" * 40)  # markup and length: text, cut at 24
    room.claim(guest, 1)
    strip = over_board(mine)
    assert strip.visible
    text = html.unescape(strip.text)
    assert "Orange (you)" in text and f"Black ({html.escape('<b>Bo</b>' + 'o' * 15)})" in text
    assert "<b>Bo" not in text and STONE_FILL[1] in text
    text = html.unescape(over_board(theirs).text)
    assert "Orange (Ada)" in text and "Black (you)" in text
    alone = CircleDashboard()  # no room: no names to show
    assert not over_board(alone).visible


def test_the_circle_narration_names_who_played_each_move(registry):
    """Issue 26, Deliver 3: the names people typed are in the narration too, on every page
    (a watcher's page reads who played; the mover's own reads 'you')."""
    from bokeh.document import Document

    from cole_panel.circle import CircleDashboard
    from cole_panel.runtime.near import NearWatch

    def narration(dashboard):
        doc = Document()
        area = dashboard.play_area()
        for part in area.select(NearWatch):  # the browser sends for the tabs (scrolled near)
            part.near = True
        doc.add_root(area.get_root(doc))
        (log,) = [m for m in doc.models if "cole-log" in (getattr(m, "css_classes", None) or [])]
        return re.sub(r"<[^>]+>", "", html.unescape(log.text))

    room, a, b, _ = seated_pair(registry)
    watcher, _ = page(room, new_token())
    room.rename(a.token, "Ada")
    room.rename(b.token, "Bo")
    assert a.play("E5") and b.play("E6")
    text = narration(CircleDashboard(model=watcher))
    assert "1. Ada: Orange" in text and "2. Bo: Black" in text, text
    assert "1. you: Orange" in narration(CircleDashboard(model=a))
    alone = CircleDashboard()  # no room: the lines are numbered only
    alone.model.play("E5")
    assert "1. Orange" in narration(alone)


def test_a_savannah_page_in_a_room_tells_only_the_mover_it_is_her_turn(registry):
    """A spectator's page used to read 'Player 1 to play — your turn: choose a card'."""
    from cole_panel.savannah.narration import turn_html
    from cole_panel.savannah.playback import Playback

    host, guest = new_token(), new_token()
    room = registry.create("savannah", host)
    a, _ = page(room, host)
    b, _ = page(room, guest)
    assert "your turn" in turn_html(a, Playback())
    line = turn_html(b, Playback())
    assert "your turn" not in line and "waiting for Host" in line
