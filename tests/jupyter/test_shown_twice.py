"""A dashboard shown twice in a notebook (issue 43): the later output plays, the earlier one says
it is frozen and takes no clicks, and no Python traceback reaches the page's console.

The earlier output used to half-follow the game (its controls repainted, its board no longer),
and a click on it logged pyviz_comms' "Python failed with the following traceback".
"""

from __future__ import annotations

from playwright.sync_api import expect

from cole_panel.circle.board import BOARD_NAME
from cole_panel.circle.geometry import cell_center
from cole_panel.runtime.jupyter import MOVED_NOTICE
from cole_panel.runtime.jupyter_moved import FROZEN_CLASS, FROZEN_NOTICE
from engines.circle import parse_label

from .harness import write_notebook
from .test_notebooks_in_lab import assert_no_console_errors, run_notebook

CELLS = [
    "from cole_panel import notebook_setup\nnotebook_setup()",
    "from cole_panel.circle import CircleDashboard, CircleModel\n"
    "d = CircleDashboard(model=CircleModel(seat0='Human', seat1='Human'))",
    "d",
    "d",
]
TRACEBACK = "Python failed with the following traceback"
"""What pyviz_comms' page script logs when the kernel's handler of a message raised."""


def test_a_dashboard_shown_twice_freezes_the_earlier_output_visibly(open_notebook, jupyter_server):
    write_notebook(jupyter_server.root / "shown_twice.ipynb", CELLS)
    nb = run_notebook(open_notebook, "shown_twice.ipynb")
    nb.wait_figure(BOARD_NAME)
    cells = nb.page.locator(".jp-Notebook .jp-CodeCell")
    first, second = cells.nth(2), cells.nth(3)
    expect(second).to_contain_text(MOVED_NOTICE.split("**")[1], timeout=30_000)
    notice = first.locator(f".{FROZEN_CLASS}")
    expect(notice).to_have_text(FROZEN_NOTICE, timeout=30_000)
    expect(second.locator(f".{FROZEN_CLASS}")).to_have_count(0)

    # A click on the earlier board: nothing is played, nothing fails.
    canvas = first.locator(".jp-OutputArea-output canvas").first
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    assert box is not None
    nb.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert "moves: 0" in nb.append_and_run("print('moves:', len(d.model.history))")

    # The later output plays.
    x, y = cell_center(parse_label("E5"))
    nb.click(BOARD_NAME, x, y)
    nb.wait_source(
        "circle-stones",
        f"d.x.some((sx, i) => Math.abs(sx - {x}) < 0.1 && Math.abs(d.y[i] - {y}) < 0.1)",
        timeout=30,
    )
    assert "moves: 1" in nb.append_and_run("print('moves:', len(d.model.history))")
    expect(notice).to_have_text(FROZEN_NOTICE)
    assert not [line for line in nb.console if TRACEBACK in line], nb.console
    assert_no_console_errors(nb)
