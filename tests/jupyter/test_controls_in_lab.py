"""Every control of a dashboard answers in a JupyterLab output as it does on a served page
(issue 43): the puzzle trainer redraws its board on every change of theme, level or puzzle, and a
plain ``notebook_setup()`` draws every table.  Enter in the Move box: test_move_box.py."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from cole_panel.circle.geometry import cell_center
from cole_panel.circle.puzzle_model import PuzzleModel
from cole_panel.circle.puzzles import PUZZLE_PREFIX
from engines.circle import parse_label

from .harness import NotebookPage, write_notebook
from .test_notebooks_in_lab import assert_no_console_errors, run_notebook

PUZZLE_CELLS = [
    "from cole_panel import notebook_setup\nnotebook_setup()",
    "from cole_panel.circle.puzzles import PuzzleView\nview = PuzzleView()\nview",
]
BOARD = f"{PUZZLE_PREFIX}-board"


def _stones_of(trainer: PuzzleModel) -> list[list[float]]:
    """Where the trainer's puzzle has stones, as the board draws them (rounded, sorted)."""
    state = trainer.puzzle.state()
    cells = [cell for critter in state.critters() for cell in critter.cells]
    return sorted([round(x, 3), round(y, 3)] for x, y in map(cell_center, cells))


def _wait_board_shows(nb: NotebookPage, trainer: PuzzleModel) -> None:
    drawn = (
        "d.x.map((x, i) => [Math.round(x * 1000) / 1000, Math.round(d.y[i] * 1000) / 1000])"
        ".sort((a, b) => a[0] - b[0] || a[1] - b[1])"
    )
    same = (
        f"((got, want) => got.length === want.length && got.every((p, i) =>"
        f" Math.abs(p[0] - want[i][0]) < 0.01 && Math.abs(p[1] - want[i][1]) < 0.01))"
        f"({drawn}, {json.dumps(_stones_of(trainer))})"
    )
    nb.wait_source(f"{PUZZLE_PREFIX}-stones", same, timeout=30)


def test_the_puzzle_trainer_redraws_on_every_change_of_theme_level_or_puzzle(
    open_notebook, jupyter_server
):
    """Solve the first puzzle, then change theme, level and puzzle: each time the board shows
    the puzzle the heading names (it kept the solved position on a theme or level change)."""
    write_notebook(jupyter_server.root / "puzzle_controls.ipynb", PUZZLE_CELLS)
    nb = run_notebook(open_notebook, "puzzle_controls.ipynb")
    nb.wait_figure(BOARD)
    trainer = PuzzleModel()
    _wait_board_shows(nb, trainer)
    nb.click(BOARD, *cell_center(parse_label(trainer.puzzle.answers[0])))
    feedback = nb.page.locator(".cole-puzzle-feedback").last
    expect(feedback).to_contain_text("Right!", timeout=30_000)
    goal = nb.page.locator(".cole-puzzle-goal").last

    nb.page.get_by_role("button", name="Leave them stuck").last.click()
    trainer.theme = "block"
    expect(goal).to_contain_text("(block, easy)", timeout=30_000)
    _wait_board_shows(nb, trainer)
    expect(feedback).to_contain_text("Click the cell you would play.")

    nb.page.get_by_role("button", name="Hard").last.click()
    trainer.difficulty = "hard"
    expect(goal).to_contain_text("(block, hard)", timeout=30_000)
    _wait_board_shows(nb, trainer)

    nb.page.get_by_role("button", name="Next puzzle").last.click()
    trainer.next_puzzle()
    expect(goal).to_contain_text("Puzzle 2 of", timeout=30_000)
    _wait_board_shows(nb, trainer)
    assert_no_console_errors(nb)


SAVANNAH_CELLS = [
    "from cole_panel import notebook_setup\nnotebook_setup()",
    "from cole_panel.savannah import SavannahDashboard\nSavannahDashboard()",
]


def test_a_dashboard_with_tables_draws_them_after_a_plain_notebook_setup(
    open_notebook, jupyter_server
):
    """``notebook_setup()`` with no extension named, then the Savannah dashboard: its Cards
    tab shows the table of cards (it was blank, "Tabulator is not defined" in the console)."""
    write_notebook(jupyter_server.root / "plain_setup.ipynb", SAVANNAH_CELLS)
    nb = run_notebook(open_notebook, "plain_setup.ipynb")
    nb.wait_figure("savannah-hand")
    nb.page.locator(".bk-tab", has_text="Cards").last.click()
    rows = nb.page.locator(".jp-OutputArea-output .tabulator-row")
    expect(rows.first).to_be_visible(timeout=30_000)
    assert_no_console_errors(nb)
