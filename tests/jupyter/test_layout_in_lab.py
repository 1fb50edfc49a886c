"""Each game's dashboard fits a JupyterLab output about 1,000 px wide: no sideways scroll.

For the Circle, Ecosystem and Savannah notebooks, the window is sized so the output area of the
dashboard the notebook ends with is 1,000 px wide (JupyterLab's own panels take the rest); the
output must then not scroll sideways, nothing in it may reach past its right edge, and every main
control must be on screen inside it.  A screenshot is saved as
``tests/artifacts/layout-jupyterlab-<game>.png``.
"""

from __future__ import annotations

import contextlib

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from cole_panel.circle.board import BOARD_NAME
from cole_panel.ecosystem.explorer.view import EXPLORER_BOARD
from cole_panel.savannah.hand import HAND_NAME

from .conftest import ARTIFACTS
from .test_notebooks_in_lab import assert_no_console_errors, run_notebook

OUTPUT_WIDTH = 1000


def _circle(page):
    return [
        page.get_by_role("button", name="Hint").last,
        page.get_by_role("button", name="Undo").last,
        page.locator(".cole-turn").last,
        page.locator(".bk-tab", has_text="Narration").last,
    ]


def _ecosystem(page):
    return [
        page.get_by_role("button", name="Clear park").last,
        page.locator(".eco-total-value").last,
    ]


def _savannah(page):
    return [page.locator(".cole-turn").last, page.locator(".cole-play button").last]


# game: (notebook, the figure its dashboard draws, whether that figure is a square board,
# the main controls)
GAMES = {
    "circle": ("circle_of_life.ipynb", BOARD_NAME, True, _circle),
    "ecosystem": ("ecosystem_scoring.ipynb", EXPLORER_BOARD, False, _ecosystem),
    "savannah": ("on_the_savannah.ipynb", HAND_NAME, False, _savannah),
}

# The output area holding the LAST view of the board (shadow roots crossed on the way up), and
# how wide it and the dashboard in it are.
_OUTPUT_JS = """
name => {
    const views = [...Bokeh.index.query(v => v.model && v.model.name === name && v.frame)];
    const view = views[views.length - 1];
    if (view == null) return null;
    let el = view.el;
    while (el && !(el.classList && el.classList.contains("jp-OutputArea-output"))) {
        el = el.parentElement || (el.getRootNode && el.getRootNode().host) || null;
    }
    if (el == null) return null;
    const box = el.getBoundingClientRect();
    let right = box.left;
    for (const child of el.querySelectorAll("*")) {
        right = Math.max(right, child.getBoundingClientRect().right);
    }
    const board = (view.canvas_view ? view.canvas_view.el : view.el).getBoundingClientRect();
    return {width: el.clientWidth, scroll: el.scrollWidth, left: box.left, right: box.right,
            content: right, board_w: board.width, board_h: board.height};
}
"""


def output_size(nb, figure: str) -> dict:
    size = nb.page.evaluate(_OUTPUT_JS, figure)
    assert size is not None, f"no output area holds the figure {figure!r}"
    return size


@pytest.mark.parametrize("game", list(GAMES))
def test_dashboard_fits_a_1000_px_output_without_sideways_scroll(open_notebook, game):
    notebook, figure, square, controls = GAMES[game]
    nb = run_notebook(open_notebook, notebook)
    nb.wait_figure(figure)
    viewport = nb.page.viewport_size
    first = output_size(nb, figure)
    # Resize the window so that the output area is 1,000 px wide, then let the layout follow.
    nb.page.set_viewport_size(
        {"width": viewport["width"] - (first["width"] - OUTPUT_WIDTH), "height": viewport["height"]}
    )
    nb.page.wait_for_function(
        f"name => {{ const s = ({_OUTPUT_JS})(name); "
        f"return s != null && Math.abs(s.width - {OUTPUT_WIDTH}) <= 2; }}",
        arg=figure,
        timeout=30_000,
    )
    # The dashboard lays itself out again after the resize: give it time to fit, then require it.
    with contextlib.suppress(PlaywrightTimeout):
        nb.page.wait_for_function(
            f"name => {{ const s = ({_OUTPUT_JS})(name); "
            "return s != null && s.scroll <= s.width && s.content <= s.right + 1; }",
            arg=figure,
            timeout=30_000,
        )
    nb.pixel(figure, 0.0, 0.0)  # scrolls the figure into view for the screenshot
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    nb.page.screenshot(path=str(ARTIFACTS / f"layout-jupyterlab-{game}.png"))
    size = output_size(nb, figure)
    assert size["scroll"] <= size["width"], size
    assert size["content"] <= size["right"] + 1, size
    for control in controls(nb.page):
        control.scroll_into_view_if_needed()
        expect(control).to_be_visible()
        box = control.bounding_box()
        assert box is not None and box["width"] > 0, f"{control} has no size on the page"
        assert size["left"] - 1 <= box["x"] and box["x"] + box["width"] <= size["right"] + 1, (
            f"{control} is not within the {OUTPUT_WIDTH} px output: {box}, output {size}"
        )
    if square:  # the board stays square
        assert abs(size["board_w"] - size["board_h"]) <= 2, size
    assert_no_console_errors(nb)
