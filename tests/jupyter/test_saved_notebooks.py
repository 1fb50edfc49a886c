"""A teaching notebook run and saved in JupyterLab stays small and renders offline when reopened
(issue 43): the libraries come from the Jupyter server, not inline in the saved outputs."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from cole_panel.circle.board import BOARD_NAME
from cole_panel.circle.geometry import cell_center
from cole_panel.circle.puzzles import PUZZLE_PREFIX
from cole_panel.ecosystem.explorer.view import EXPLORER_BOARD
from cole_panel.runtime.jupyter import KERNEL_STOPPED_NOTICE
from cole_panel.savannah.hand import HAND_NAME
from engines.circle import parse_label

from .harness import NOTEBOOKS
from .test_notebooks_in_lab import assert_no_console_errors, run_notebook

MAX_BYTES = 1_000_000
"""The most a notebook may weigh once run and saved (a teacher mails it, uploads it, commits it)."""

# Each notebook with the Bokeh figure its last output draws and the seconds its cells take.
SAVED = {
    "circle_of_life.ipynb": (BOARD_NAME, 180),
    "ecosystem_scoring.ipynb": (EXPLORER_BOARD, 180),
    "on_the_savannah.ipynb": (HAND_NAME, 180),
    "circle_puzzles.ipynb": (f"{PUZZLE_PREFIX}-board", 540),
    "review.ipynb": (BOARD_NAME, 400),
    "simulation_lab.ipynb": (None, 400),
}


def save(nb, path) -> None:
    """File ▸ Save Notebook as a reader would, and wait until the file on disk has changed."""
    before = path.stat().st_mtime_ns
    nb.page.keyboard.press("Escape")
    nb.page.locator(".lm-MenuBar-itemLabel", has_text="File").first.click()
    nb.page.locator(".lm-Menu-item[data-command='docmanager:save']").first.click()
    for _ in range(600):  # up to a minute: a loaded machine writes a big notebook slowly
        if path.stat().st_mtime_ns != before:
            break
        nb.page.wait_for_timeout(100)
    assert path.stat().st_mtime_ns != before, f"{path.name} was not saved"
    nb.wait_kernel_idle()
    nb.page.wait_for_timeout(500)  # the server finishes writing what it started


def test_every_notebook_of_the_folder_is_checked_here():
    assert {p.name for p in NOTEBOOKS.glob("*.ipynb")} == set(SAVED)


@pytest.mark.parametrize("name", sorted(SAVED))
def test_a_notebook_run_and_saved_is_small_and_renders_offline_when_reopened(
    open_notebook, jupyter_server, name
):
    figure, timeout = SAVED[name]
    nb = run_notebook(open_notebook, name, timeout=timeout)
    path = jupyter_server.root / name
    save(nb, path)
    size = path.stat().st_size
    assert size <= MAX_BYTES, f"{name} weighs {size:,} bytes once run and saved"
    assert_no_console_errors(nb)
    nb.close()
    jupyter_server.shutdown_kernels()

    # Reopened, nothing run: the saved outputs draw again, every file from the Jupyter server.
    again = open_notebook(name)
    if figure is not None:
        again.wait_figure(figure)
    else:
        again.page.wait_for_function(
            "() => !!(window.Bokeh && Bokeh.documents.length)", timeout=60_000
        )
    assert_no_console_errors(again)


def test_a_reopened_notebooks_dashboard_says_at_the_first_click_that_its_cell_must_run_again(
    open_notebook, jupyter_server
):
    """Reopened with a new kernel, the saved dashboard draws but nothing answers it: the first
    click on it says so (it used to look alive and ignore clicks without a word)."""
    nb = run_notebook(open_notebook, "circle_of_life.ipynb")
    nb.wait_figure(BOARD_NAME)
    save(nb, jupyter_server.root / "circle_of_life.ipynb")
    nb.close()
    jupyter_server.shutdown_kernels()

    again = open_notebook("circle_of_life.ipynb")
    again.wait_figure(BOARD_NAME)
    stones = again.source("circle-stones")["x"]
    again.click(BOARD_NAME, *cell_center(parse_label("E5")))
    notice = again.page.locator(".jp-Cell").last.locator(".cole-kernel-stopped")
    expect(notice).to_have_count(1, timeout=20_000)
    expect(notice).to_have_text(KERNEL_STOPPED_NOTICE)
    assert again.source("circle-stones")["x"] == stones
    assert_no_console_errors(again)
