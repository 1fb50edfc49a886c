"""The Review tab's view over a page's own game (no room, no browser): what it reviews and
when it forgets a review."""

from __future__ import annotations

import re

from cole_panel.circle import CircleModel
from cole_panel.circle.review_board import CircleReviewBoard
from cole_panel.core.scheduler import InlineScheduler
from cole_panel.ui.review_view import ReviewView
from engines.review import review_game

MOVES = ["A2", "C2", "B1", "B4"]


def reviewed():
    model = CircleModel(seat0="Human", seat1="Human", radius=2)
    for label in MOVES:
        assert model.play(label), model.message
    view = ReviewView(model=model, board=CircleReviewBoard())
    view.run.iterations = 8
    view.start()  # no event loop: runs inline
    assert view.run.review.complete
    return model, view


def test_the_review_is_of_the_game_on_show_and_draws_its_positions():
    model, view = reviewed()
    assert [m.move for m in view.run.review.moves] == MOVES
    view.picked = 3
    assert view.board._played.data["label"] == ["B1"]
    assert len(view.board._stones.data["x"]) == 2  # the position before the third move


def test_more_moves_keep_the_review_but_a_new_game_or_an_undo_forgets_it():
    model, view = reviewed()
    assert model.play("A3")
    assert view.run.review is not None  # still the first moves of the game on show
    model.undo()
    model.undo()  # now B4 is gone: the review was of another game
    assert view.run.review is None and view._marks.data["x"] == []
    assert "Press Review this game" in view._status.object
    view.start()
    assert len(view.run.review.moves) == len(model.history)
    model.new_game()
    assert view.run.review is None and view._start.disabled


def test_before_a_review_the_tab_says_what_to_do_and_shows_no_empty_chart_or_board():
    model = CircleModel(seat0="Human", seat1="Human", radius=2)
    view = ReviewView(model=model, board=CircleReviewBoard())
    layout = view.__panel__()
    shown = [part for part in layout.objects if part.visible]
    assert shown == [layout.objects[0], view._status, view._turning]
    assert not view._progress.visible and view._turning.objects == []
    assert view._status.object == "Play or load a game, then review it here."
    for label in MOVES:
        assert model.play(label), model.message
    assert "Press Review this game" in view._status.object
    assert not any(part.visible for part in view._review_parts)
    view.run.iterations = 8
    view.start()
    assert all(part.visible for part in view._review_parts)
    model.new_game()  # the review is forgotten: the tab is as before one again
    assert not any(part.visible for part in view._review_parts)


def test_the_tab_classes_every_move_as_review_game_does_at_its_defaults():
    """The review notebook's table (``review_game(start, moves, seed=0)``) and the tab of the
    dashboard under it agree move by move: the tab reviews at the game's default budget and
    seed 0 too (at another budget they rated one move an inaccuracy and a mistake)."""
    model = CircleModel(seat0="Human", seat1="Human", radius=2)
    for label in MOVES:
        assert model.play(label), model.message
    view = ReviewView(model=model, board=CircleReviewBoard())
    # The whole review before the comparison: with another test's event loop left current in
    # this process, the tab's runner would post each batch to that loop and the review compared
    # would be a partial one.
    view.run.scheduler = InlineScheduler()
    view.start()
    start, actions = model.review_line()
    assert not view.run.running
    assert view.run.review == review_game(start, actions, seed=0)


class _StoppedAfter:
    """Runs each job inline, but its search is stopped after ``valued`` positions of the batch
    (what the worker sends back when Stop comes mid-batch)."""

    def __init__(self, valued: int):
        self.valued = valued

    def submit(self, job):
        values = job.request.compute()
        job.apply(values[: self.valued] + (None,))
        return 1

    def cancel(self, handle=None):
        pass


def test_a_stop_inside_a_batch_keeps_the_positions_valued_before_it():
    from cole_panel.core.reviewing import BATCH, ReviewRun

    model = CircleModel(seat0="Human", seat1="Human", radius=2)
    for label in MOVES:
        assert model.play(label), model.message
    start, actions = model.review_line()
    run = ReviewRun(iterations=8, scheduler=_StoppedAfter(2))
    run.start(start, actions)
    assert BATCH > 2 and not run.running and run.done == 2
    assert run.review.stopped and [m.move for m in run.review.moves] == MOVES[:1]
    whole = review_game(start, actions, iterations=8, seed=0)
    assert run.review.moves == whole.moves[:1]  # the same as the whole review's, as far as it got


def test_the_card_games_boards_draw_the_position_with_both_moves_ringed():
    """The Ecosystem and Savannah boards show the engine's picture of the position with the
    move played and the better one ringed, and keep its words for the screen reader."""
    from cole_panel.ecosystem.review_board import EcosystemReviewBoard
    from cole_panel.savannah.review_board import SavannahReviewBoard
    from engines.games import get_game
    from engines.review import MoveReview

    for name, board in (("ecosystem", EcosystemReviewBoard()), ("savannah", SavannahReviewBoard())):
        game = get_game(name)
        before = game.new_game(game.rules_type(players=2), seed=2)
        while len(before.legal_actions()) < 2:  # a move with a choice
            before.apply(before.legal_actions()[0])
        played, better = before.legal_actions()[:2]
        texts = [before.action_to_str(a) for a in (played, better)]
        said = [game.reasons.say(before, a) for a in (played, better)]
        chances = (0.6, 0.4) if before.current_player == 0 else (0.4, 0.6)
        move = MoveReview(
            1, before.current_player, texts[0], texts[1], chances, chances[::-1], "blunder",
            "", 100, said=said[0], best_said=said[1],
        )  # fmt: skip
        board.show(before, move)
        page = board._pane.object
        assert page.count("cole-mark-played") >= 1 and page.count("cole-mark-better") >= 1
        assert f'data-label="Played: {said[0]}"' in page
        assert f'data-label="Better: {said[1]}"' in page
        assert "cole-review-words" in page and f"Better: {said[1]}." in page
        assert not re.search(r"[a-z]#[0-9]", page)  # no card by its engine id (warthog#2)
        board.show(before, None)
        assert board._pane.object == ""


def _distance(one: str, other: str) -> float:
    """How far apart two colours are (RGB, 0-255 per channel)."""
    from tests.colours import rgba

    return sum((a - b) ** 2 for a, b in zip(rgba(one)[:3], rgba(other)[:3], strict=True)) ** 0.5


def test_a_move_played_is_the_movers_stone_in_its_class_ring_and_no_class_wears_a_seats_colour():
    """A Black move is drawn as a faint black stone in its class's ring; no class's colour
    passes for a seat's (a Black mistake was ringed in orange and read as Orange's move)."""
    from cole_panel.circle.palette import STONE_FILL
    from cole_panel.ui.review_view import CLASS_COLOURS

    _model, view = reviewed()
    view.picked = 2  # Black's C2
    played = view.board._played.data
    assert played["label"] == ["C2"] and played["fill"] == [STONE_FILL[1]]
    assert played["colour"] == [CLASS_COLOURS[view.run.review.moves[1].label]]
    for label, colour in CLASS_COLOURS.items():
        for seat in STONE_FILL:
            assert _distance(colour, seat) > 40, (label, colour, seat)


def test_the_chart_keeps_its_legend_under_the_lines_in_the_players_colours():
    """Issue 38, Deliver 5: the legend sat over the first moves' lines, and every game's
    players had Circle's colours (Savannah's pink Player 1 was orange on the chart)."""
    from bokeh.models import Legend

    from cole_panel.savannah import SavannahModel
    from cole_panel.savannah.art import TOKEN_COLOURS

    model = SavannahModel(players=3, seed=4)
    view = ReviewView(model=model, colours=list(TOKEN_COLOURS))
    chart = view._fig
    assert [type(m) for m in chart.center if isinstance(m, Legend)] == []
    (legend,) = [m for m in chart.below if isinstance(m, Legend)]
    lines = [item.renderers[0].glyph.line_color for item in legend.items]
    assert lines == list(TOKEN_COLOURS[:3])


def test_the_labs_chart_keeps_its_legend_under_the_lines():
    import holoviews as hv
    from bokeh.models import Legend

    from cole_panel.lab.page import rate_plot

    hv.extension("bokeh")
    chart = hv.render(rate_plot([], ("greedy", "random")))
    assert not [m for m in chart.center if isinstance(m, Legend)]
    assert [m for m in chart.below if isinstance(m, Legend)]
