"""The draft table on every screen (without a browser): the sizes chosen from the browser's
widths fit the column, cards stay big enough to tap and to name, a laptop keeps its layout."""

from __future__ import annotations

import logging
from dataclasses import replace

import pytest
from bokeh.events import Tap
from hypothesis import given
from hypothesis import strategies as st

from cole_panel.ecosystem import DraftTable, EcosystemModel, ParkBoard
from cole_panel.ecosystem.board import LEGIBLE_PX
from cole_panel.ecosystem.draft.hand_view import HandView
from cole_panel.ecosystem.draft.table_fit import (
    BESIDE_MIN,
    BESIDE_WIDE,
    HAND_MIN,
    LAPTOP_PX,
    MAIN_WIDTH,
    NAMED_CARD,
    SLACK,
    TWO_BESIDE_WINDOW,
    WIDE,
    table_fit,
)
from cole_panel.ecosystem.geometry import cell_at, cell_center, extent
from cole_panel.ui.screens import NARROW
from cole_panel.ui.width import WidthWatch
from engines.ecosystem import CELLS, CardType

from ..strategies import examples


def board_width(variant: str, floating: bool, stacked: bool, px: int) -> float:
    left, right, _, _ = extent(variant, floating, row_scores=False, stacked=stacked)
    return (right - left) * px


@examples(200)
@given(
    room=st.integers(250, NARROW - 1),
    variant=st.sampled_from(["classic", "two_parks"]),
    floating=st.booleans(),
)
def test_a_narrow_window_gets_boards_and_hands_no_wider_than_the_column(room, variant, floating):
    fit = table_fit(variant, floating, room_px=room, window_px=min(room + 24, NARROW - 1))
    usable = room - SLACK
    assert board_width(variant, floating, fit.stacked, fit.board_px) <= usable
    assert fit.hand_px * fit.hand_per_row <= usable
    assert fit.hand_px >= min(HAND_MIN, usable) and fit.legible and fit.main_max > MAIN_WIDTH
    if fit.beside:
        assert board_width(variant, floating, False, fit.board_px) + BESIDE_MIN <= usable
    if variant == "two_parks" and not fit.stacked:
        assert fit.board_px >= NAMED_CARD


@pytest.mark.parametrize("width", [360, 390, 430])
@pytest.mark.parametrize("variant", ["classic", "two_parks"])
def test_a_phone_gets_cards_a_finger_can_tap_and_the_buttons_under_the_park(width, variant):
    fit = table_fit(variant, False, room_px=width - 24, window_px=width)
    assert fit.board_px >= 40 and not fit.beside
    assert fit.stacked == (variant == "two_parks")  # side by side, cards of 28-33 px
    assert fit.hand_per_row in (4, 5, 6)


def test_a_tablet_keeps_two_parks_side_by_side_and_the_hand_on_one_line():
    fit = table_fit("two_parks", False, room_px=728, window_px=768)
    assert not fit.stacked and fit.board_px >= NAMED_CARD and fit.hand_per_row == 11
    assert table_fit("classic", False, room_px=728, window_px=768).beside


@pytest.mark.parametrize("window", [0, NARROW, 1280])
def test_a_laptop_or_an_unknown_screen_keeps_the_layout_it_always_had(window):
    for variant, px in (("classic", 80), ("two_parks", 56)):
        fit = table_fit(variant, False, room_px=650 if window else 0, window_px=window)
        if window and (variant == "classic" or window < TWO_BESIDE_WINDOW):
            # a laptop's parks a little smaller: the hands (and a room's bar) on the screen
            assert fit == replace(WIDE[variant], board_px=LAPTOP_PX[variant])
            continue
        assert (fit.board_px, fit.hand_px, fit.hand_per_row) == (px, 56, 11)
        assert not fit.stacked and not fit.legible
        if variant == "two_parks" and window >= TWO_BESIDE_WINDOW:
            # Two parks from a 1,200 px window: the buttons beside them, the column widened
            # for them, so that both parks and both hands fit a 1,280 x 800 screen
            width = board_width(variant, False, False, px) + BESIDE_WIDE + SLACK
            assert fit.beside and fit.main_max == max(MAIN_WIDTH, int(width)) > MAIN_WIDTH
        else:  # one park (any wide window), two parks below 1,200 px: the layout as it was
            assert fit == WIDE[variant]
            assert fit.beside == (variant == "classic")
            assert fit.main_max == MAIN_WIDTH
    assert not table_fit("classic", True, room_px=650, window_px=1280).beside
    assert not table_fit("two_parks", True, room_px=650, window_px=1280).beside


def test_stacked_parks_put_east_under_west_and_a_tap_finds_each_cell():
    for park in ("west", "east"):
        for cell in CELLS:
            x, y = cell_center("two_parks", park, cell, stacked=True)
            assert cell_at("two_parks", x, y, stacked=True) == (park, cell)
            assert 0 < x < 5
    _, west_y = cell_center("two_parks", "west", (3, 0), stacked=True)
    _, east_y = cell_center("two_parks", "east", (0, 0), stacked=True)
    assert east_y < west_y - 1  # a gap for East's name and column numbers
    assert cell_at("two_parks", 2.5, -4.6, stacked=True) is None  # the gap is no cell


def test_a_stacked_board_taps_east_and_writes_every_text_legibly():
    taps = []
    board = ParkBoard(on_cell=lambda park, cell: taps.append((park, cell)))
    board.param.update(variant="two_parks", stacked=True, legible=True, cell_px=65)
    x, y = cell_center("two_parks", "east", (1, 2), stacked=True)
    board._on_tap(Tap(model=board.figure, x=x, y=y))
    assert taps == [("east", (1, 2))]
    assert board.figure.width == round(board_width("two_parks", False, True, 65))
    labels = board.sources["labels"].data
    assert labels["text"].count("Park East") == 1 and labels["text"].count("A") == 2
    assert board.sources["track"].data["left"] == []  # no track between stacked parks
    sizes = [board._names, board._codes, board._pending_text, board._badges, board._harm_text]
    assert all(int(r.glyph.text_font_size[:-2]) >= LEGIBLE_PX for r in sizes)
    assert all(int(size[:-2]) >= LEGIBLE_PX for size in labels["size"])


def test_a_hand_on_lines_of_five_puts_a_tap_on_the_card_drawn_there():
    chosen = []
    hand = HandView(on_card=chosen.append, cell_px=70, per_row=5, legible=True)
    cards = list(CardType)  # 11 cards: three lines
    hand.show(cards)
    assert (hand.figure.width, hand.figure.height) == (350, round(1.52 * 3 * 70))
    xs, ys = hand.source.data["x"], hand.source.data["y"]
    assert (xs[5], ys[5]) == (0.5, -1.52) and (xs[10], ys[10]) == (0.5, -3.04)
    hand._on_tap(Tap(model=hand.figure, x=1.2, y=-1.6))
    assert chosen == [6]
    assert int(hand._names.glyph.text_font_size[:-2]) >= LEGIBLE_PX
    hand.show(cards[:10])  # one card less: two lines, the figure shrinks
    assert hand.figure.height == round(1.52 * 2 * 70)
    hand.per_row = 11  # a wider screen: one line, the cards moved along
    assert set(hand.source.data["y"]) == {0.0} and hand.figure.width == 770


def test_the_browsers_widths_are_taken_only_as_whole_pixels(caplog):
    watch = WidthWatch()
    with caplog.at_level(logging.WARNING):
        for bad in ({"room": "390", "window": 390}, {"room": 1e9, "window": 5}, [1, 2], None):
            watch._handle_msg(bad)
        watch._handle_msg({"room": True, "window": 390})
    assert (watch.room_px, watch.window_px) == (0, 0)
    assert len(caplog.records) == 5 and all("\n" not in r.getMessage() for r in caplog.records)
    watch._handle_msg({"room": 366, "window": 390})
    assert (watch.room_px, watch.window_px) == (366, 390)


def under(view: DraftTable) -> bool:
    """The buttons under the board, the checkbox, thinking line and passing under the hands."""
    return (
        view._under_board.objects == [view._controls]
        and view._after_hands.objects == [view._extras]
        and not view._right_of_board.objects
    )


def test_a_phones_width_resizes_the_draft_table_and_a_laptops_puts_it_back():
    view = DraftTable(model=EcosystemModel(seed=4, variant="two_parks"))
    board, hands = view.board, view.hands
    assert (board.cell_px, board.stacked, hands[0].per_row) == (56, False, 11)
    view._room._handle_msg({"room": 366, "window": 390})
    assert board.stacked and board.legible and board.cell_px >= 40
    assert board.figure.width <= 366 and hands[0].figure.width <= 366
    assert under(view)
    assert view._main.max_width > MAIN_WIDTH  # the column takes a tablet's whole width
    view._on_card(1, 0)  # a pick on the stacked East park
    x, y = cell_center("two_parks", "east", (2, 2), stacked=True)
    board._on_tap(Tap(model=board.figure, x=x, y=y))
    assert view.model.pending[0].park == "east"
    view._room._handle_msg({"room": 650, "window": 1280})
    assert (board.cell_px, board.stacked, board.legible, hands[0].cell_px) == (56, False, False, 56)
    # a laptop's two parks: the buttons beside them, in a column widened for them
    assert view._beside in view._right_of_board.objects and not view._under_board.objects
    assert view._main.max_width == table_fit("two_parks", False, 650, 1280).main_max > MAIN_WIDTH
    view._room._handle_msg({"room": 650, "window": NARROW})  # a 1,024 px laptop
    fit = (board.cell_px, board.stacked, board.legible, hands[0].cell_px)
    assert fit == (LAPTOP_PX["two_parks"], False, False, 56)
    assert under(view)
    assert view._main.max_width == MAIN_WIDTH
