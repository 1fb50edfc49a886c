"""A dashboard whose kernel has stopped says so when clicked (issue 28, notebook habits).

After a kernel restart or shutdown the old output still shows its board; a click on it used to
go into a closed comm without a word.  Here a live click plays first, then the kernel is
restarted (or shut down) from JupyterLab's Kernel menu, as a reader would, and a click on the
old output shows the sentence and plays nothing.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from cole_panel.circle.board import BOARD_NAME
from cole_panel.circle.geometry import cell_center
from cole_panel.runtime.jupyter import KERNEL_STOPPED_NOTICE
from engines.circle import parse_label

from .harness import NotebookPage, write_notebook
from .test_notebooks_in_lab import assert_no_console_errors, run_notebook

CELLS = [
    "from cole_panel import notebook_setup\nnotebook_setup()",
    "from cole_panel.circle import CircleDashboard, CircleModel\n"
    "CircleDashboard(model=CircleModel(seat0='Human', seat1='Human'))",
]


def _has_stone(label: str) -> str:
    x, y = cell_center(parse_label(label))
    return f"d.x.some((sx, i) => Math.abs(sx - {x}) < 0.1 && Math.abs(d.y[i] - {y}) < 0.1)"


def _kernel_menu(nb: NotebookPage, command: str) -> None:
    """Kernel ▸ Restart Kernel… (confirmed in JupyterLab's dialog) or Shut Down Kernel (which
    asks nothing)."""
    nb.page.locator(".lm-MenuBar-itemLabel", has_text="Kernel").first.click()
    nb.page.locator(f".lm-Menu-item[data-command='{command}']").first.click()
    if command == "kernelmenu:restart":
        accept = nb.page.locator(".jp-Dialog .jp-mod-accept")
        accept.wait_for(timeout=10_000)
        accept.click()


@pytest.mark.parametrize("command", ["kernelmenu:restart", "kernelmenu:shutdown"])
def test_a_click_after_the_kernel_stopped_says_so(open_notebook, jupyter_server, command):
    write_notebook(jupyter_server.root / "stopped_kernel.ipynb", CELLS)
    nb = run_notebook(open_notebook, "stopped_kernel.ipynb")
    nb.wait_figure(BOARD_NAME)
    notice = nb.page.locator(".cole-kernel-stopped")

    nb.click(BOARD_NAME, *cell_center(parse_label("E5")))
    nb.wait_source("circle-stones", _has_stone("E5"), timeout=30)
    assert notice.count() == 0  # a live output plays and says nothing

    _kernel_menu(nb, command)
    if command == "kernelmenu:restart":
        # The new kernel answers, and it is a fresh one (the dashboard's names are gone).
        out = nb.append_and_run("print('fresh kernel:', 'CircleDashboard' not in dir())")
        assert "fresh kernel: True" in out, out
    else:
        expect(nb.page.locator(".jp-KernelName").first).to_have_text("No Kernel", timeout=30_000)

    stones = len(nb.source("circle-stones")["x"])
    nb.click(BOARD_NAME, *cell_center(parse_label("C3")))
    expect(notice).to_have_count(1, timeout=20_000)
    expect(notice).to_have_text(KERNEL_STOPPED_NOTICE)
    expect(notice).to_be_in_viewport()
    nb.click(BOARD_NAME, *cell_center(parse_label("G7")))  # said once, not once per click
    expect(notice).to_have_count(1)
    assert len(nb.source("circle-stones")["x"]) == stones
    assert_no_console_errors(nb)
