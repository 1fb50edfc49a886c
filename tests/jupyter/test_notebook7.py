"""Smoke test in Notebook 7 (the classic-looking notebook UI): the Circle notebook runs offline
and its dashboard answers a click."""

from __future__ import annotations

from cole_panel.circle.board import BOARD_NAME
from cole_panel.circle.geometry import cell_center
from engines.circle import parse_label

from .test_notebooks_in_lab import assert_no_console_errors, run_notebook


def test_circle_notebook_in_notebook7(open_notebook):
    nb = run_notebook(open_notebook, "circle_of_life.ipynb", ui="notebook")
    nb.wait_figure(BOARD_NAME)
    nb.click(BOARD_NAME, *cell_center(parse_label("E5")))
    nb.wait_source("circle-stones", "d.x.length >= 1")
    assert_no_console_errors(nb)
