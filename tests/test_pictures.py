"""Positions you can see from Python (issue 43, item 4): every game's ``State`` draws itself in a
notebook (``_repr_svg_``) and prints as text, showing a viewer only what the game's own
``player_view`` lets that seat see; moves are listed and played in the game's notation; a
turn's events and a score sheet print as the sentences and tables the pages show."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import Events, IllegalAction, ScoreLine, ScoreSheet, circle, ecosystem, savannah
from engines.ecosystem import Park
from engines.games import get_game
from engines.savannah import make_state
from engines.svg import Picture
from tests.strategies import play

CASES = {
    "circle": (circle, circle.Rules()),
    "ecosystem": (ecosystem, ecosystem.Rules(players=3)),
    "ecosystem-two-parks": (ecosystem, ecosystem.Rules(variant="two_parks")),
    "savannah": (savannah, savannah.Rules(players=3)),
}
POSITIONS = settings(
    max_examples=max(2, settings.default.max_examples // 10),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
SVG = "{http://www.w3.org/2000/svg}"


def position(case: str, data: st.DataObject, most_plies: int) -> Any:
    """A game of ``case`` from a drawn seed after up to ``most_plies`` drawn legal moves."""
    module, rules = CASES[case]
    state = module.new_game(rules, seed=data.draw(st.integers(0, 2**16), label="seed"))
    play(data, state, plies=data.draw(st.integers(0, most_plies), label="plies"))
    return state


def seats(state: Any) -> list[int | None]:
    return [None, *range(state.players)]


def shown(state: Any, viewer: int | None) -> tuple[str, str]:
    return state.svg(viewer), state.text(viewer)


@pytest.mark.parametrize("case", CASES)
@given(data=st.data())
@POSITIONS
def test_a_position_draws_only_what_its_viewer_may_see(case, data):
    """The drawing and the text of a position to a seat are the same for every full state
    the seat cannot tell from it (other hands, the pile), and the same as of the game's
    ``player_view`` for that seat: nothing hidden from a seat reaches its picture."""
    state = position(case, data, 60)
    game = get_game(case.partition("-")[0])
    for viewer in seats(state):
        seen = shown(state, viewer)
        assert shown(game.player_view(state, viewer), viewer) == seen, viewer
        if viewer is not None and not state.is_over:  # once over, every hand is shown
            other = state.determinize(viewer, random.Random(data.draw(st.integers(0, 99))))
            assert shown(other, viewer) == seen, viewer
    if not state.is_over:
        assert shown(state.determinize(0, random.Random(1)), None) == shown(state, None)


@pytest.mark.parametrize("case", CASES)
@given(data=st.data())
@POSITIONS
def test_a_position_is_a_whole_svg_document_and_prints_as_its_text(case, data):
    state = position(case, data, 200)
    root = ET.fromstring(state._repr_svg_())
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    assert float(root.get("width")) > 0 and float(root.get("height")) > 0
    assert root.get("aria-label") == state.status()
    assert str(state) == state.text()
    if case != "circle":  # Circle's text is its board alone, as python-chess prints a board
        assert state.text().startswith(state.status())
    assert state._repr_svg_() == state.svg()


@pytest.mark.parametrize("case", CASES)
@given(data=st.data())
@POSITIONS
def test_moves_are_listed_and_played_in_the_games_notation(case, data):
    state = position(case, data, 40)
    if state.is_over:
        assert state.legal_moves() == []
        return
    moves = state.legal_moves()
    assert [state.parse_action(m) for m in moves] == state.legal_actions()
    assert all(isinstance(m, str) and m == m.strip() for m in moves)
    move = data.draw(st.sampled_from(moves), label="move")
    by_text, by_value = state.clone(), state.clone()
    events = by_text.play(move)
    assert isinstance(events, Events) and events == by_value.apply(state.parse_action(move))
    assert by_text == by_value if case == "circle" else by_text.to_dict() == by_value.to_dict()
    assert str(events) == "\n".join(e.describe() for e in events)


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("text", ["", "zz", "E99", "play", "GZ Z9", "steal nothing#9", "K1"])
def test_a_move_the_notation_cannot_read_is_refused_with_a_sentence(case, text):
    module, rules = CASES[case]
    state = module.new_game(rules, seed=3)
    before = state.to_dict()
    with pytest.raises(IllegalAction) as refused:
        state.play(text)
    assert str(refused.value).endswith(".") and state.to_dict() == before


def test_play_names_the_movers_card_without_its_number():
    state = make_state(row=["zebra"], hands=[["lion", "lion", "hyena"], ["impala"]])
    assert state.parse_action("play lion") == savannah.Play("lion#1")
    assert state.parse_action("Discard HYENA") == savannah.Discard("hyena#1")
    with pytest.raises(IllegalAction, match=r"^The impala is not in Player 1's hand\.$"):
        state.play("play impala")
    assert [str(m) for m in state.legal_actions()] == state.legal_moves()


def test_a_circle_position_is_drawn_cell_by_cell():
    game = circle.replay(["E5", "E6", "D5"])
    svg = game.svg()
    assert svg.count("<polygon") == 61
    assert "<title>E5: Orange&#x27;s pair</title>" in svg and "E6: empty" in svg
    assert "Black to play. Eaten: Orange 1, Black 0 (20 wins)." in svg


def test_a_park_and_a_row_draw_themselves():
    park = Park.parse("EL WH .. .. ..\n.. GZ* .. .. ..\n" + ".. .. .. .. ..\n" * 2)
    svg = park._repr_svg_()
    assert "B2: gazelle (face down)" in svg and "A1: elephant" in svg
    state = make_state(row=["zebra", "impala@1"], hands=[["lion"], ["hyena"]])
    row = state.row_cards()
    assert len(row) == 2 and str(row) == "zebra, impala (Player 2's token)"
    assert ET.fromstring(row._repr_svg_()).get("aria-label") == f"Row: {row}"
    assert row.svg().count(">P2<") == 1


def test_words_in_a_picture_are_text_never_markup():
    picture = Picture(100, 20, 'a "label" <script>')
    picture.text(0, 10, "<script>alert(1)</script> & more")
    picture.rect(0, 0, 5, 5, "#fff", title="</title><script>")
    root = ET.fromstring(picture.svg())
    assert not [e for e in root.iter() if e.tag.endswith("script")]
    assert root.get("aria-label") == 'a "label" <script>'
    assert [e.text for e in root.iter(f"{SVG}text")] == ["<script>alert(1)</script> & more"]


def test_a_score_sheet_prints_as_the_pages_table():
    sheet = ScoreSheet(
        [ScoreLine(0, "watering_hole", 12, "3 <kinds> of animal"), ScoreLine(2, "lion", -2)]
    )
    assert str(sheet).splitlines() == [
        "Player    Category       Points  Why",
        "Player 1  watering hole      12  3 <kinds> of animal",
        "Player 3  lion               -2",
        "Total: Player 1 12, Player 3 -2.",
    ]
    assert "<td>3 &lt;kinds&gt; of animal</td>" in sheet._repr_html_()
    assert str(ScoreSheet()) == "No points yet."
    finished = circle.replay(["E5", "E6", "D5"]).score_sheet()
    assert str(finished).splitlines()[-1] == "Total: Orange 1, Black 0."
    assert finished.total(0) == 1 and finished == list(finished)
