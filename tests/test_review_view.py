"""The Review tab's view over a page's own game (no room, no browser): what it reviews and
when it forgets a review."""

from __future__ import annotations

from cole_panel.circle import CircleModel
from cole_panel.circle.review_board import CircleReviewBoard
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
    view.start()
    start, actions = model.review_line()
    assert view.run.review == review_game(start, actions, seed=0)


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
