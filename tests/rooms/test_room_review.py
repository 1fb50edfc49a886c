"""The Review tab of a room's page, without a browser: every seat and a watcher review the same
finished game (the room's, not the page's redacted copy), nobody reviews a running game with
hidden cards, and a new game resets the review."""

from __future__ import annotations

import random

import panel as pn
import pytest

from cole_panel.rooms import RoomError, RoomRegistry, new_token
from cole_panel.rooms.pages import RoomPage
from cole_panel.ui.review_view import ReviewView
from engines.review import review_game

BUDGET = 8  # iterations per position: the reviews are compared, not judged for strength


@pytest.fixture
def registry():
    reg = RoomRegistry()
    yield reg
    reg.close_all()


def savannah_room(registry):
    """A two-seat On the Savannah room, the pages of both seats and of a watcher."""
    host, guest, watcher = new_token(), new_token(), new_token()
    room = registry.create("savannah", host, {"players": 2})
    room.claim(guest, 1)
    from cole_panel.savannah import SavannahDashboard

    pages = [RoomPage(room, t, SavannahDashboard) for t in (host, guest, watcher)]
    return room, (host, guest, watcher), pages


def review_of(page) -> ReviewView:
    from cole_panel.savannah.review_board import SavannahReviewBoard

    page.mirror.sync()
    view = ReviewView(model=page.mirror, board=SavannahReviewBoard())
    view.run.iterations = BUDGET
    return view


def play_on(room, tokens, rng, until=None):
    while not room.model.state.is_over and (until is None or len(room.model.history) < until):
        state = room.model.state
        assert room.play(tokens[state.current_player], rng.choice(state.legal_actions())) is None


def test_a_running_savannah_game_is_not_reviewed_by_anyone(registry):
    room, tokens, pages = savannah_room(registry)
    play_on(room, tokens, random.Random(2), until=6)
    for page in pages:
        view = review_of(page)
        assert view._start.disabled
        assert "when the game is over" in view._status.object
        view.start()  # pressed anyway (a stale button): nothing is searched
        assert view.run.review is None and not view.run.running
    with pytest.raises(RoomError, match="when the game is over"):
        room.review_line(tokens[2])


def test_every_seat_and_a_watcher_review_the_same_finished_game(registry):
    room, tokens, pages = savannah_room(registry)
    play_on(room, tokens, random.Random(3))
    start = room.model.start
    actions = [t.action for t in room.model.history]
    # A page's own copy of the start hides the other seat's hand: not the game that was played.
    assert pages[0].mirror.start.hand(1) != start.hand(1)
    expected = review_game(start, actions, iterations=BUDGET, seed=0)
    boards = []
    for page in pages:
        view = review_of(page)
        assert not view._start.disabled
        view.start()
        review = view.run.review
        assert review.complete and not view.run.running
        assert review.moves == expected.moves
        worst = review.worst()
        view.picked = worst.number
        boards.append(view.board._pane.object)
    assert boards[0] == boards[1] == boards[2]
    # The board of the worst move names the mover's true hand at that moment.
    worst = expected.worst()
    before = room.model.history[worst.number - 2].state if worst.number > 1 else start
    from engines.savannah import name_of

    for card in before.hand(worst.player):
        assert name_of(card) in boards[0]


def test_a_new_game_in_the_room_resets_every_pages_review(registry):
    room, tokens, pages = savannah_room(registry)
    play_on(room, tokens, random.Random(5))
    views = [review_of(page) for page in pages]
    for view in views:
        view.start()
        view.picked = 1
        assert view.run.review.complete
    room.new_game(tokens[0], {})
    for page, view in zip(pages, views, strict=True):
        page.mirror.sync()
        assert view.run.review is None and view.run.done == 0
        assert view._marks.data["x"] == [] and view._turning.objects == []
        assert view._start.disabled  # no move yet in the new game
        assert "Play or load a game" in view._status.object


def test_a_running_circle_game_may_be_reviewed_by_a_watcher(registry):
    from cole_panel.circle import CircleDashboard
    from cole_panel.circle.review_board import CircleReviewBoard

    host, guest, watcher = new_token(), new_token(), new_token()
    room = registry.create("circle", host, {"radius": 2})
    room.claim(guest, 1)
    play_on(room, (host, guest), random.Random(1), until=4)
    page = RoomPage(room, watcher, CircleDashboard)
    page.mirror.sync()
    view = ReviewView(model=page.mirror, board=CircleReviewBoard())
    view.run.iterations = BUDGET
    view.start()  # no hidden cards: the running game is what everyone sees
    played = [t.label for t in room.model.history]
    assert view.run.review.complete
    assert [m.move for m in view.run.review.moves] == played and len(played) == 4


def test_an_open_review_tab_leaks_no_other_seats_hand_while_the_game_runs(registry):
    """Each page rendered whole into its own Bokeh document, its Review tab opened and its
    button pressed during the game: no document holds a card of another seat's hand."""
    from tests.rooms.test_hidden import holds, rendered

    room, tokens, _pages = savannah_room(registry)
    rng = random.Random(7)
    play_on(room, tokens, rng, until=5)
    docs = []
    for token in tokens:
        page, doc = rendered(room, token)
        area = page.dashboard.play_area()  # the tabs, after their keyboard jumps
        tabs = next(o for o in area.objects if isinstance(o, pn.Tabs))
        at = next(i for i, o in enumerate(tabs.objects) if "cole-review-tab" in o.css_classes)
        tabs.active = at  # the person opens the tab: its view is built into the page
        layout = tabs.objects[at].objects[0]  # the review view, as the page shows it
        button, status = layout[0][0], layout[2]
        assert button.label == "Review this game" and button.disabled
        button.clicks += 1  # pressed anyway: nothing is searched, the refusal is said
        assert "when the game is over" in status.object
        assert layout[3].object.select_one({"name": "review-marks"}).data["x"] == []
        docs.append((tabs, doc))
    play_on(room, tokens, rng, until=7)  # the pages follow two more moves with the tab open
    state = room.model.state
    for seat, (tabs, doc) in enumerate(docs):  # the watcher (2) holds no hand at all
        others = [c for q in range(state.players) if q != seat for c in state.hand(q)]
        assert not any(holds(doc, card) for card in others), seat  # the Review tab on show
        tabs.active = 0  # back to Play (tabs are drawn when shown): the page's own hand is there
        for q in range(state.players):
            for card in state.hand(q):
                assert holds(doc, card) == (q == seat), (seat, q, card)


def test_a_finished_ecosystem_draft_is_reviewed_alike_by_both_seats(registry):
    from cole_panel.ecosystem import EcosystemDashboard
    from cole_panel.ecosystem.review_board import EcosystemReviewBoard

    host, guest = new_token(), new_token()
    room = registry.create("ecosystem", host, {"players": 2})
    room.claim(guest, 1)
    pages = [RoomPage(room, t, EcosystemDashboard) for t in (host, guest)]
    rng = random.Random(4)
    play_on(room, (host, guest), rng, until=3)
    with pytest.raises(RoomError, match="when the game is over"):
        room.review_line(guest)
    play_on(room, (host, guest), rng)
    expected = review_game(
        room.model.start, [t.action for t in room.model.history], iterations=BUDGET, seed=0
    )
    for page in pages:
        page.mirror.sync()
        view = ReviewView(model=page.mirror, board=EcosystemReviewBoard())
        view.run.iterations = BUDGET
        view.start()
        assert view.run.review.moves == expected.moves
