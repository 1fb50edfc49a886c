"""Enter in the Move box plays in every notebook host, as the help under each board says.

The box once relied on a form submit, which a JupyterLab output never lets happen (only the
Play button played there); it now answers its own Enter key.  Each game with a Move box is
tried in JupyterLab, and Circle and Savannah in Notebook 7 and in the ipywidgets path (Panel's
output as a ``jupyter_bokeh`` widget, as in VS Code, Colab and Voilà): the game's first legal
move typed and Enter pressed reaches the game (the box empties, the kernel counts one move), and
a move that is no move shows the engine's sentence and plays nothing.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .harness import NotebookPage, write_notebook
from .test_notebook7 import NOTEBOOK7_STARTUP
from .test_notebooks_in_lab import assert_no_console_errors

SETUP = {
    "lab": "from cole_panel import notebook_setup\nnotebook_setup()",
    "notebook": "from cole_panel import notebook_setup\nnotebook_setup()",
    "ipywidgets": "from cole_panel import notebook_setup\nnotebook_setup(comms='ipywidgets')",
}
"""The first cell in each host (``ipywidgets`` runs in JupyterLab, as VS Code's path does)."""

# Every seat human, so no bot moves after the one typed.
GAMES = {
    "circle": "from cole_panel.circle import CircleDashboard, CircleModel\n"
    "game = CircleDashboard(model=CircleModel(seat0='Human', seat1='Human'))",
    "savannah": "from cole_panel.savannah import SavannahDashboard, SavannahModel\n"
    "game = SavannahDashboard(model=SavannahModel(seat0='Human', seat1='Human', seat2='Human',"
    " hide_hands=False))",
    "ecosystem": "from cole_panel.ecosystem import DraftTable, EcosystemModel\n"
    "game = DraftTable(model=EcosystemModel(seat0='Human', seat1='Human'))",
}
FIRST_MOVE = (
    "state = game.model.state\nprint('first move:', state.action_to_str(state.legal_actions()[0]))"
)
# Moves the game has taken: played, or (Ecosystem) picked and waiting for the others' picks.
PLAYED = "print('played:', len(game.model.history) + len(getattr(game.model, 'pending', [])))"

CASES = [
    ("lab", "circle"),
    ("lab", "savannah"),
    ("lab", "ecosystem"),
    ("notebook", "circle"),
    ("notebook", "savannah"),
    ("ipywidgets", "circle"),
    ("ipywidgets", "savannah"),
]


def _run(open_notebook, jupyter_server, host: str, game: str) -> NotebookPage:
    name = f"move_box_{host}_{game}.ipynb"
    write_notebook(jupyter_server.root / name, [SETUP[host], GAMES[game], FIRST_MOVE, "game"])
    nb = open_notebook(name, ui="notebook" if host == "notebook" else "lab")
    if host == "notebook":  # Notebook 7's own startup error, before any cell runs
        assert set(nb.errors) <= NOTEBOOK7_STARTUP, nb.errors
        nb.errors.clear()
    nb.run_all()
    prompts = nb.prompts()
    assert prompts and all(re.fullmatch(r"\[\d+\]:", p) for p in prompts), prompts
    return nb


@pytest.mark.parametrize(("host", "game"), CASES)
def test_enter_in_the_move_box_plays(open_notebook, jupyter_server, host, game):
    nb = _run(open_notebook, jupyter_server, host, game)
    said = nb.page.locator(".jp-Notebook .jp-CodeCell").nth(2).locator(".jp-OutputArea")
    expect(said).to_contain_text("first move:", timeout=30_000)
    move = said.inner_text().split("first move:")[1].strip()
    box = nb.page.locator(".cole-keys-form input").last
    box.wait_for(state="attached", timeout=60_000)
    box.fill(move)
    box.press("Enter")
    expect(box).to_have_value("", timeout=30_000)  # emptied only once the game took the move
    expect(nb.page.locator(".cole-keys-error").last).to_be_empty()
    box.fill("no such move")  # the engine's sentence is shown, nothing is played
    box.press("Enter")
    expect(nb.page.locator(".cole-keys-error").last).not_to_be_empty(timeout=30_000)
    expect(box).to_have_value("no such move")
    assert "played: 1" in nb.append_and_run(PLAYED)
    assert_no_console_errors(nb)
