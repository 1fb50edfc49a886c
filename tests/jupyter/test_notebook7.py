"""Smoke test in Notebook 7 (the classic-looking notebook UI): the Circle notebook runs offline
and its dashboard answers a click."""

from __future__ import annotations

import re

from cole_panel.circle.board import BOARD_NAME
from cole_panel.circle.geometry import cell_center
from engines.circle import parse_label

from .test_notebooks_in_lab import assert_no_console_errors

# Notebook 7.6.5's own bundle (static/notebook/notebook_core*.js) throws this while it loads its
# settings, before any cell has run, with or without our settings file; it is the only error
# tolerated (with its consequence below), and only before the cells run.
NOTEBOOK7_STARTUP = {
    "page error: Cannot read properties of undefined (reading 'schema')",
    # When that settings error stops the file browser's plugin first (seen under load), its
    # command is then missing as well: the same startup failure, not ours.
    "page error: Command 'filebrowser:open-path' not registered.",
}


def test_circle_notebook_in_notebook7(open_notebook):
    nb = open_notebook("circle_of_life.ipynb", ui="notebook")
    assert set(nb.errors) <= NOTEBOOK7_STARTUP, nb.errors
    nb.errors.clear()
    nb.run_all()
    prompts = nb.prompts()
    assert prompts and all(re.fullmatch(r"\[\d+\]:", p) for p in prompts), prompts
    nb.wait_figure(BOARD_NAME)
    nb.click(BOARD_NAME, *cell_center(parse_label("E5")))
    nb.wait_source("circle-stones", "d.x.length >= 1")
    assert_no_console_errors(nb)
