"""Issue 42, item 5: no rigged deal.

A host may write a save whose deal she chose (every hand, the draw pile).  Loaded into a room,
a running game with hidden cards keeps the file's moves, but every card the moves have not
shown is dealt again by the server; the file's own deal is played only once every person
seated agrees (the host alone when nobody else sits); a class's table loads no file.  The
engines' ``redeal`` keeps the moves legal and everything they showed as it was.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cole_panel.ecosystem.draft.model import EcosystemModel
from cole_panel.rooms import RoomRegistry, new_token
from cole_panel.savannah.model import SavannahModel
from engines import ecosystem, savannah
from engines.protocol import play_all
from engines.savannah.redealing import TRIES

from ..rooms.test_rooms import page
from ..strategies import examples, play

# ---------------------------------------------------------------------------- the engines


def savannah_public(state) -> dict:
    data = state.to_dict()
    public = {k: data[k] for k in ("turn", "current", "over", "row", "tokens", "kills", "discard")}
    return {**public, "hands": [len(h) for h in data["hands"]], "pile": len(data["pile"])}


def ecosystem_public(state) -> dict:
    data = state.to_dict()
    public = {k: data[k] for k in ("round", "turn", "parks", "picked", "discards")}
    return {**public, "hands": [[len(h) for h in row] for row in data["hands"]]}


def all_cards(data: dict, fields: tuple[str, ...]) -> Counter:
    out: Counter = Counter()
    for name in fields:
        value = data[name]
        while value and isinstance(value[0], list):
            value = [c for part in value for c in part]
        out.update(value)
    return out


@examples(30)
@given(
    st.data(),
    st.integers(0, 2**32 - 1),
    st.integers(2, 4),
    st.integers(0, 60),
    st.sampled_from([0, TRIES]),
)
def test_a_savannah_deal_made_again_keeps_the_moves_and_what_they_showed(
    data, seed, n, plies, tries
):
    """With ``tries`` 0, the deal that keeps the hands at discards as they were."""
    start = savannah.new_game(savannah.Rules(players=n), seed=seed)
    moves = play(data, start.clone(), plies)
    again = savannah.redeal(start, moves, random.Random(seed), tries)
    live, other = play_all(start.clone(), moves), play_all(again.clone(), moves)
    assert savannah_public(other) == savannah_public(live)
    fields = ("row", "hands", "pile", "kills", "discard")
    assert all_cards(again.to_dict(), fields) == all_cards(start.to_dict(), fields)


@examples(20)
@given(st.data(), st.integers(0, 2**32 - 1), st.sampled_from(["classic", "two_parks"]))
def test_an_ecosystem_deal_made_again_keeps_the_picks_and_what_they_showed(data, seed, variant):
    start = ecosystem.new_game(ecosystem.Rules(players=3, variant=variant), seed=seed)
    picks = play(data, start.clone(), data.draw(st.integers(0, 70), label="picks"))
    again = ecosystem.redeal(start, picks, random.Random(seed))
    live, other = play_all(start.clone(), picks), play_all(again.clone(), picks)
    assert ecosystem_public(other) == ecosystem_public(live)
    fields = ("hands", "stock")
    assert all_cards(again.to_dict(), fields) == all_cards(start.to_dict(), fields)


# ---------------------------------------------------------------------------- a room


@pytest.fixture
def registry():
    reg = RoomRegistry(max_rooms=4, max_viewers=8)
    yield reg
    reg.close_all()


def written_savannah(moves: int = 4, seed: int = 21) -> tuple[str, SavannahModel]:
    """A save of a running three-player game whose deal its writer knows card by card."""
    solo = SavannahModel(players=3, seed=seed)
    solo.new_game()
    for _ in range(moves):
        assert solo.play(solo.state.legal_actions()[0])
    return solo.save(), solo


def savannah_room(registry, people: int = 1):
    tokens = [new_token() for _ in range(people)]
    room = registry.create("savannah", tokens[0], {"players": 3})
    room.deal_rng = lambda: random.Random(5)
    for seat, token in enumerate(tokens):
        page(room, token)
        if seat:
            room.claim(token, seat)
    return room, tokens


def test_a_host_loading_a_save_whose_deal_she_wrote_does_not_get_that_deal(registry):
    room, (host,) = savannah_room(registry)
    text, solo = written_savannah()
    assert room.load(host, text) is None
    live, written = room.model.state, solo.state
    assert [t.label for t in room.model.history] == [t.label for t in solo.history]
    assert live.row == written.row and savannah_public(live) == savannah_public(written)
    for seat in range(3):  # no hand as she wrote it, hers included
        assert live.hand(seat) != written.hand(seat), seat
    assert live.to_dict()["pile"] != written.to_dict()["pile"]
    assert room.model.start.seed != solo.start.seed
    assert room.model.save() != text  # the room's game is not the file's


def test_the_files_own_deal_is_played_only_once_every_person_seated_agrees(registry):
    room, (host, guest) = savannah_room(registry, people=2)
    text, solo = written_savannah()
    before = room.model.state
    said = room.load(host, text, keep_deal=True)
    assert "waiting for Guest 2" in said and room.model.state is before
    assert room.status(None)["load_waiting"] == ["Guest 2"]
    assert room.agree_load(new_token()) == "Only the people playing agree to a file's deal."
    assert room.agree_load(guest) is None
    assert room.model.state.to_dict() == solo.state.to_dict()
    assert room.load_offer is None and room.agree_load(guest) == "No file waits for your agreement."


def test_a_host_alone_at_the_table_agrees_for_herself(registry):
    room, (host,) = savannah_room(registry)
    text, solo = written_savannah()
    assert room.load(host, text, keep_deal=True) is None
    assert room.model.state.to_dict() == solo.state.to_dict()


def test_a_finished_game_loads_as_written(registry):
    room, (host,) = savannah_room(registry)
    text, solo = written_savannah(moves=0)
    solo.play_out("Greedy")
    assert solo.state.is_over
    assert room.load(host, solo.save()) is None
    assert room.model.state.to_dict() == solo.state.to_dict()


def test_an_ecosystem_file_keeps_its_picks_on_a_new_deal(registry):
    host = new_token()
    room = registry.create("ecosystem", host, {"players": 2})
    room.deal_rng = lambda: random.Random(8)
    solo = EcosystemModel(players=2, seed=4, confirm_turn=False)
    solo.new_game()
    for _ in range(3):
        assert solo.play(solo.state.legal_actions()[0])
    assert room.load(host, solo.save()) is None
    live, written = room.model.state, solo.state
    assert ecosystem_public(live) == ecosystem_public(written)
    assert live.hand(1) != written.hand(1) and live.stock_size == written.stock_size
    assert json.loads(room.model.save())["picks"] == json.loads(solo.save())["picks"]


def test_a_class_table_loads_no_file_not_even_the_teachers(registry):
    teacher, student = new_token(), new_token()
    classroom = registry.create_class("savannah", teacher, 1)
    room = registry.class_tables(classroom)[0]
    page(room, student)
    room.claim(student, 0)
    text, _solo = written_savannah()
    before = room.model.state
    assert "class's table loads no file" in room.load(teacher, text)
    assert "Only the host" in room.load(student, text)
    assert room.model.state is before


def test_the_room_bar_asks_the_host_and_the_players_before_a_files_own_deal(registry):
    """On the page: the host ticks "keep its own deal" and loads; the guest's bar says who is
    waited for and offers "Play the file's own deal"; pressing it plays the file's deal."""
    from cole_panel.rooms.pages import RoomPage
    from cole_panel.savannah.dashboard import SavannahDashboard

    room, (host, guest) = savannah_room(registry, people=2)
    pages = {who: RoomPage(room, who, SavannahDashboard) for who in (host, guest)}
    for page_ in pages.values():
        room.admit(page_.listener, page_.bar.refresh)

    def controls(who: str, css: str) -> list:
        return [c for c in pages[who].bar._controls.objects if css in c.css_classes]

    assert controls(host, "cole-room-keep-deal") and not controls(guest, "cole-room-keep-deal")
    controls(host, "cole-room-keep-deal")[0].value = True
    text, solo = written_savannah()
    assert not pages[host].mirror.load(text)  # not yet: it waits for the guest
    pages[guest].bar.refresh()
    assert "waiting for <b>Guest 2</b>" in pages[guest].bar._status.object
    (agree,) = controls(guest, "cole-room-agree-deal")
    agree.clicks += 1
    assert room.model.state.to_dict() == solo.state.to_dict()
