"""A board's press arrives with its own pointer kind, in one change (issue 38, Deliver 1)."""

from __future__ import annotations

from bokeh.plotting import figure

from cole_panel.ui.presses import Press, press_source, read_press


def test_the_kind_is_set_before_the_press_is_handled() -> None:
    heard: list = []
    fig = figure(name="board")
    source = press_source(
        fig,
        on_tap=lambda press: heard.append(("tap", kind[-1], press)),
        on_double_tap=lambda press: heard.append(("double", kind[-1], press)),
        pointer=lambda k: kind.append(k),
    )
    kind: list[str] = []
    source.data = dict(x=[1.0], y=[2.0], pointer=["touch"], kind=["tap"], n=[1])
    source.data = dict(x=[1.0], y=[2.0], pointer=["mouse"], kind=["double"], n=[2])
    assert heard == [
        ("tap", "touch", Press(1.0, 2.0, "touch", False)),
        ("double", "mouse", Press(1.0, 2.0, "mouse", True)),
    ]
    assert source.name == "board-presses"


def test_what_a_page_sends_is_checked() -> None:
    assert read_press("x") is None
    assert read_press({"x": [1]}) is None
    assert read_press(dict(x=[], y=[], pointer=[], kind=[], n=[])) is None
    assert read_press(dict(x=[1], y=[2], pointer=["mouse"], kind=["drag"], n=[1])) is None
    odd = read_press(dict(x=[1], y=[2], pointer=["<script>"], kind=["tap"], n=[1]))
    assert odd == Press(1, 2, "mouse", False)


def test_a_press_that_is_not_a_point_is_refused() -> None:
    heard: list = []
    source = press_source(figure(), heard.append, heard.append, lambda _: None)
    source.data = dict(x=[float("nan")], y=[2.0], pointer=["touch"], kind=["tap"], n=[1])
    source.data = dict(x=["a"], y=[2.0], pointer=["touch"], kind=["tap"], n=[2])
    assert heard == []
