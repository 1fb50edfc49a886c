"""The Circle dashboard fits a JupyterLab output about 1,000 px wide: no sideways scroll.

The window is sized so the output area of the notebook is 1,000 px wide (JupyterLab's own
panels take the rest); a screenshot is saved as ``tests/artifacts/layout-jupyterlab-circle.png``.
"""

from __future__ import annotations

import contextlib

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from cole_panel.circle.board import BOARD_NAME

from .conftest import ARTIFACTS
from .test_notebooks_in_lab import assert_no_console_errors, run_notebook

OUTPUT_WIDTH = 1000

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


def output_size(nb) -> dict:
    size = nb.page.evaluate(_OUTPUT_JS, BOARD_NAME)
    assert size is not None, "no output area holds the Circle board"
    return size


def test_circle_dashboard_fits_a_1000_px_output_without_sideways_scroll(open_notebook):
    nb = run_notebook(open_notebook, "circle_of_life.ipynb")
    nb.wait_figure(BOARD_NAME)
    viewport = nb.page.viewport_size
    first = output_size(nb)
    # Resize the window so that the output area is 1,000 px wide, then let the layout follow.
    nb.page.set_viewport_size(
        {"width": viewport["width"] - (first["width"] - OUTPUT_WIDTH), "height": viewport["height"]}
    )
    nb.page.wait_for_function(
        f"name => {{ const s = ({_OUTPUT_JS})(name); "
        f"return s != null && Math.abs(s.width - {OUTPUT_WIDTH}) <= 2; }}",
        arg=BOARD_NAME,
        timeout=30_000,
    )
    # The dashboard lays itself out again after the resize: give it time to fit, then require it.
    with contextlib.suppress(PlaywrightTimeout):
        nb.page.wait_for_function(
            f"name => {{ const s = ({_OUTPUT_JS})(name); "
            "return s != null && s.scroll <= s.width && s.content <= s.right + 1; }",
            arg=BOARD_NAME,
            timeout=30_000,
        )
    nb.pixel(BOARD_NAME, 0.0, 0.0)  # scrolls the board into view for the screenshot
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    nb.page.screenshot(path=str(ARTIFACTS / "layout-jupyterlab-circle.png"))
    size = output_size(nb)
    assert size["scroll"] <= size["width"], size
    assert size["content"] <= size["right"] + 1, size
    # The board stays square.
    assert abs(size["board_w"] - size["board_h"]) <= 2, size
    assert_no_console_errors(nb)
