"""Page addresses: every parameter checked on its own, each bad one named, the good ones kept."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cole_panel.circle.link import read_query as read_circle_query
from cole_panel.core.query import MAX_QUERY_LENGTH, choice, flag, read_query, whole
from cole_panel.savannah.link import read_query as read_savannah_query
from tests.strategies import examples

PARSERS = {"players": whole(2, 5), "hide": flag(), "seat0": choice(["Human", "MCTS"])}


def test_each_bad_parameter_is_named_and_the_good_ones_are_kept():
    found = read_query("?players=9&hide=on&seat0=mcts&seat07=Human&players=", PARSERS)
    assert found.values == {"hide": True, "seat0": "MCTS"}
    assert [p.split(":")[0] for p in found.problems] == ["players", "seat07", "players"]


def test_numbers_are_ascii_digits_of_reasonable_length():
    for text in ("²", "9" * 500, "1e3", "३", " ", "0x10"):
        found = read_query({"players": [text.encode()]}, PARSERS)
        assert found.values == {} and found.problems[0].startswith("players:")


def test_a_very_long_address_is_cut_and_said():
    found = read_query("?hide=yes&" + "x=1&" * MAX_QUERY_LENGTH, PARSERS)
    assert found.values == {"hide": True}
    assert "longer than" in found.problems[0]


@examples(100)
@given(st.dictionaries(st.text(max_size=20), st.lists(st.binary(max_size=30), min_size=1)))
def test_any_session_args_give_values_and_sentences(args):
    found = read_savannah_query(args)
    assert all(isinstance(p, str) and ":" in p for p in found.problems)
    assert set(found.values) <= {*args}


def test_the_savannah_addresses_that_gave_blank_pages():
    found = read_savannah_query("?seat5=MCTS")
    assert found.values == {} and found.problems[0].startswith("seat5: there is no such")
    found = read_savannah_query("?seat07=Human&players=2")
    assert found.values == {"players": 2} and found.problems[0].startswith("seat07:")
    found = read_savannah_query("?players=5&hand_size=5&start_row=40")
    assert found.values == {"players": 5, "hand_size": 5}
    assert "start_row: 40 was not used" in found.problems[0]
    found = read_savannah_query("?players=2&strength1=99&seed=3")
    assert found.values == {"players": 2, "seed": 3}
    assert found.problems == ["strength1: '99' is not a whole number from 1 to 5."]
    found = read_savannah_query("?players=9&seed=abc&seat1=bogus&seat2=greedy")
    assert found.values == {"seat2": "Greedy"}
    assert [p.split(":")[0] for p in found.problems] == ["players", "seed", "seat1"]


def test_the_savannah_page_applies_the_good_settings_and_says_the_bad_ones():
    from cole_panel.savannah import SavannahDashboard

    dash = SavannahDashboard.from_query({"players": [b"2"], "strength1": [b"99"], "seed": [b"3"]})
    assert (dash.model.players, dash.model.start.seed) == (2, 3)
    assert dash.model.message_is_error
    assert "strength1: '99' is not a whole number from 1 to 5." in dash.model.message


def test_circle_links_read_each_parameter_alone():
    shared = read_circle_query("?radius=²&capture_target=30&first_player=black&moves=E5")
    assert shared.rules.capture_target == 30 and shared.rules.first_player == 1
    assert shared.moves == ("E5",)
    assert shared.problems == ("radius: '²' is not a whole number.",)
