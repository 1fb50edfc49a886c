"""What a newcomer relies on, without a browser: the shareable link, the live score of any
moment of a turn, turn numbers, the preview's marks, the How to play page and readable colours."""

from __future__ import annotations

from urllib.parse import parse_qs

from bokeh.models import MultiLine, Scatter
from hypothesis import given, settings
from hypothesis import strategies as st

from cole_panel.savannah import SavannahModel, Table, turn_steps
from cole_panel.savannah.art import TOKEN_COLOURS, contrast_ratio, text_on
from cole_panel.savannah.how_to_play import how_to_play_html
from cole_panel.savannah.link import game_query, open_game, read_query
from cole_panel.savannah.live_score import MARKERS, LiveScore
from cole_panel.savannah.narration import preview_marks
from cole_panel.savannah.standings import standing, step_state
from engines.savannah import Play, Steal, load_deck, make_state


def reopen(model: SavannahModel) -> SavannahModel:
    query = game_query(model)
    return open_game(read_query(parse_qs(query.removeprefix("?"))))


def test_a_link_reopens_the_same_game_even_after_an_undo_shuffled_the_pile():
    game = SavannahModel(players=3, seed=11)
    for _ in range(2):
        game.play(game.state.legal_actions()[0])
        game.run_bots()
    assert game.undo() and game.shuffles == [3]
    game.play(game.state.legal_actions()[-1])
    game.run_bots()
    other = reopen(game)
    assert other.state.to_dict() == game.state.to_dict()
    assert other.message == "Opened a shared game after 6 moves."
    assert [other.seat(p) for p in range(3)] == [game.seat(p) for p in range(3)]


def test_each_bad_link_parameter_is_named_and_the_good_ones_kept():
    shared = read_query(
        {"players": ["9"], "seed": ["abc"], "seat1": ["bogus"], "seat2": ["mcts"], "zoom": ["2"]}
    )
    assert shared.params == {"seat2": "MCTS"}
    assert [p.split(":")[0] for p in shared.problems] == [
        "players",
        "seed",
        "seat1",
        "zoom",
    ]
    game = open_game(read_query({"players": "2", "seed": "5", "moves": "play nothing#9"}))
    assert game.players == 2 and game.history == []
    assert game.message_is_error and "move 1 (play nothing#9) cannot be played" in game.message


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**16), players=st.integers(2, 4))
def test_the_live_score_of_every_step_ends_at_the_engines_totals(seed, players):
    game = SavannahModel(players=players, seed=seed)
    for _ in range(players * 2):
        game.bot_move()
    for turn in game.history:
        steps = turn_steps(Table.of(turn.before), turn.events)
        totals = [
            [r["total"] for r in standing(step_state(turn.before, turn.state, s))] for s in steps
        ]
        assert totals[-1] == turn.state.totals(), "the last step shows the position reached"
        for rows in (standing(turn.state),):
            for q, row in enumerate(rows):
                parts = sum(row[c] for c in ("alive", "kills", "hand", "rightmost", "big_five"))
                assert parts == row["total"] == turn.state.totals()[q]


def test_a_kill_shows_in_the_live_score_at_the_step_the_card_leaves():
    before = make_state(row=["zebra", "impala@1", "termite@1"], hands=[["lion"], ["hyena"]])
    after = before.clone()
    steps = turn_steps(Table.of(before), after.apply(Play("lion#1")))
    kills = [standing(step_state(before, after, s))[0]["kills"] for s in steps]
    first = next(i for i, s in enumerate(steps) if s.kind == "removed")
    assert kills[:first] == [0] * first and kills[first] == 4


def test_a_steal_shares_the_turn_number_of_its_play():
    game = SavannahModel.from_state(
        make_state(
            row=["zebra@1", "lion", "meerkat@1"],
            hands=[["vulture", "termite"], ["impala", "rhino"]],
            kills=[["oxpecker"], ["wildebeest", "guineafowl"]],
        ),
        hide_hands=False,
    )
    game.play("vulture")
    game.play(Steal("wildebeest#1"))
    game.play(game.state.legal_actions()[0])
    assert [game.turn_number(i) for i in range(3)] == [1, 1, 2]


def test_a_preview_names_the_owner_of_every_card_it_would_hit():
    state = make_state(row=["zebra", "impala@1", "termite@0"], hands=[["lion"], ["hyena"]])
    marks = preview_marks(state, state.clone().apply(Play("lion#1")))
    assert ("impala#1", "killed", "P2") in marks["hits"]
    assert ("zebra#1", "killed", "") in marks["hits"]  # no token: plain "killed" on the card
    assert "termite#1" in marks["reached"]
    assert any("Player 2's impala" in line for line in marks["explained"])


def test_how_to_play_lists_every_card_of_the_deck_it_is_given():
    deck = load_deck()
    page = how_to_play_html(deck)
    assert all(card.name in page for card in deck)
    assert "Every card's powers" in page and "Points" in page
    assert "lion" not in how_to_play_html([c for c in deck if c.name != "lion"])


def test_card_and_token_text_reads_at_4_5_to_1():
    for card in load_deck():
        assert contrast_ratio(card.colour_hex, text_on(card.colour_hex)) >= 4.5, card.group
    assert contrast_ratio("#5f5440", "#fbf8f1") >= 4.5  # muted words on the page's paper
    for colour in TOKEN_COLOURS:  # white seat numbers on the tokens; shapes carry the seat too
        assert contrast_ratio(colour, "#ffffff") >= 4.5


def test_the_discard_step_numbers_the_positions_it_counts():
    from cole_panel.savannah.row import RowView

    row = ["impala", "zebra", "termite", "meerkat", "warthog", "gazelle", "oxpecker", "giraffe"]
    state = make_state(row=[*row, "hippo"], hands=[["ranger"], ["lion"]])
    steps = turn_steps(Table.of(state), state.clone().apply(Play("ranger#1")))
    effect = next(s for s in steps if s.kind == "effect" and s.cut is not None)
    view = RowView()
    view.show(effect)
    marks = view.sources["marks"].data
    assert marks["text"] == [str(k) for k in range(1, 8)]
    assert min(marks["x"]) == effect.cut, "the 7th from the right is the first card kept"
    assert "left of the 7th from the right" in view.sources["note"].data["text"][0]


def test_the_score_charts_move_axis_labels_whole_moves_only():
    """Early in a game (moves 0 to 3) the axis showed ticks at 0.5, 1.5 and 2.5."""
    score = LiveScore()
    score.chart([[0, 0], [1, 0], [1, 2], [3, 2]], moment=3)
    ticker = score.figure.xaxis[0].ticker
    assert ticker.min_interval >= 1


def test_the_score_chart_draws_each_players_totals_with_their_colour_and_marker():
    score = LiveScore()
    score.chart([[0, 0, 0], [1, 0, 0], [1, 2, 0], [3, 2, 4]], moment=2.5)
    renderers = {type(r.glyph): r for r in score.figure.renderers}
    lines, dots = renderers[MultiLine], renderers[Scatter]
    drawn = lines.data_source.data
    assert drawn["ys"] == [[0, 1, 1, 3], [0, 0, 2, 2], [0, 0, 0, 4]]
    assert drawn["xs"] == [[0, 1, 2, 3]] * 3
    assert drawn["colour"] == list(TOKEN_COLOURS[:3])
    marks = dots.data_source.data
    assert list(zip(marks["x"], marks["y"], marks["marker"], strict=True))[4:8] == [
        (0, 0, MARKERS[1]),
        (1, 0, MARKERS[1]),
        (2, 2, MARKERS[1]),
        (3, 2, MARKERS[1]),
    ]
    assert set(marks["colour"][8:]) == {TOKEN_COLOURS[2]}
    score.chart([[0, 0], [2, 1]], moment=1)
    assert len(lines.data_source.data["ys"]) == 2, "a two-player game draws two lines"
