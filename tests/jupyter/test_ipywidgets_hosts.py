"""The ipywidgets hosts (VS Code, Colab, Voilà): Panel's output as a ``jupyter_bokeh`` widget.

JupyterLab with ``notebook_setup(comms="ipywidgets")`` is the same path VS Code takes (Panel
picks ``"vscode"`` there, which differs only in how the widget is displayed); Voilà runs a
teaching notebook unchanged and ``notebook_setup()`` finds out from the kernel's environment.
In both the dashboard renders offline (no CDN request, no console error) and a board click
reaches Python and comes back as a stone.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from cole_panel.circle.board import BOARD_NAME
from cole_panel.circle.geometry import cell_center
from engines.circle import parse_label

from .conftest import server_log
from .harness import NotebookPage, VoilaServer, write_notebook
from .test_notebooks_in_lab import LAST, assert_no_console_errors, run_notebook

DASHBOARD_WAIT_MS = 300_000
"""How long Voila may take from the first board drawn to the dashboard shown."""

IPYWIDGETS_CELLS = [
    "from cole_panel import notebook_setup\nnotebook_setup(comms='ipywidgets')",
    # What the page sends to the widgets: (kind, attr, model id) of each change (before the
    # dashboard, so its widget listens through this).
    "from jupyter_bokeh.widgets import BokehModel\nreceived = []\nhandle = BokehModel._sync_model\n"
    "def _sync_model(self, model, content, buffers):\n"
    "    received.append((content.get('kind'), content.get('attr'),\n"
    "                     (content.get('model') or {}).get('id')))\n"
    "    return handle(self, model, content, buffers)\n"
    "BokehModel._sync_model = _sync_model",
    "from cole_panel.circle import CircleDashboard, CircleModel\n"
    "CircleDashboard(model=CircleModel(seat0='Human', seat1='Human'))",
]


def _stone_at(nb: NotebookPage, label: str) -> None:
    x, y = cell_center(parse_label(label))
    nb.click(BOARD_NAME, x, y)
    nb.wait_source(
        "circle-stones",
        f"d.x.some((sx, i) => Math.abs(sx - {x}) < 0.1 && Math.abs(d.y[i] - {y}) < 0.1)",
        timeout=30,
    )


def test_circle_in_ipywidgets_mode_in_jupyterlab(open_notebook, jupyter_server):
    write_notebook(jupyter_server.root / "ipywidgets_circle.ipynb", IPYWIDGETS_CELLS)
    nb = run_notebook(open_notebook, "ipywidgets_circle.ipynb")
    nb.wait_figure(BOARD_NAME)
    for label in ("E5", "C3"):
        _stone_at(nb, label)
    out = nb.append_and_run(
        f"d = {LAST.format(name='CircleDashboard')}; "
        "import panel as pn; print('comms:', pn.config.comms, '| moves:', "
        "' '.join(d.model.state.label(m) for m in d.model.state.moves))"
    )
    assert "comms: ipywidgets | moves: E5 C3" in out, out
    # The page sent the clicks, not the kernel's own changes back (the stones' data among them):
    # each echo cost a kernel round trip that a next click waited behind.  A click is itself a
    # change of data, the page's own, of the board's press source (ui/presses.py): not an echo.
    echoes = nb.append_and_run(
        "print('echoes:', [e[:2] for e in received if e[1] == 'data' and e[2] != d.board.presses.id])"
    )
    assert "echoes: []" in echoes, echoes
    # The output is a jupyter_bokeh widget, whose pushes notebook_setup batches.
    assert "widget: True" in nb.append_and_run(
        "from cole_panel.runtime.jupyter_widgets import shown_by_widgets\n"
        "print('widget:', shown_by_widgets(d.board.figure.document))"
    )
    assert_no_console_errors(nb)


def test_the_widget_page_listener_is_the_one_the_no_echo_script_filters():
    """The no-echo page script finds jupyter_bokeh's listener by its source (jupyter_bokeh 4.x):
    each bundle still registers ``e => this._change_event(e)`` and does not skip the kernel's own
    changes itself (when it does, the script can go)."""
    import re
    from pathlib import Path

    import jupyter_bokeh

    bundles = [
        path
        for path in Path(jupyter_bokeh.__file__).parent.rglob("*.js")
        if "_change_event(" in path.read_text(errors="replace")
    ]
    assert {p.parent.name for p in bundles} >= {"static", "nbextension"}, bundles
    for path in bundles:
        code = path.read_text(errors="replace")
        assert re.search(r"on_change\((\w+)=>this\._change_event\(\1\)\)", code), path
        handler = code[code.index("_change_event(e){") :][:400]
        assert "sync" not in handler, path


@pytest.fixture(scope="module")
def voila_circle(tmp_path_factory) -> Iterator[VoilaServer]:
    server = VoilaServer(
        tmp_path_factory.mktemp("voila"), "circle_of_life.ipynb", server_log("voila")
    ).start()
    yield server
    server.stop()


def _wait_for_dashboard(nb) -> None:
    """Until the dashboard's turn line shows: Voila runs every cell before it (a whole bot
    match among them), which took over two minutes on a CI machine running four test processes.
    A page that never shows it fails with what the page says instead (a cell's error)."""
    try:
        nb.page.locator(".cole-turn").first.wait_for(timeout=DASHBOARD_WAIT_MS)
    except PlaywrightTimeout:
        text = nb.page.locator("body").inner_text()
        raise AssertionError(f"no dashboard; the page ends with: {text[-1500:]!r}") from None


def test_voila_serves_the_circle_notebook_and_a_click_plays(browser, voila_circle, request):
    nb = NotebookPage(browser, voila_circle, "circle_of_life.ipynb", ui="voila").open()
    request.node.notebook_pages = [nb]
    try:
        nb.wait_figure(BOARD_NAME, timeout=240)
        # Voila renders the outputs in no fixed order: the teaching boards may come first, so
        # wait for the dashboard itself (its turn line) before reading its stones.
        _wait_for_dashboard(nb)
        stones = len(nb.source("circle-stones")["x"])
        _stone_at(nb, "E5")
        # The dashboard's bot answers: a second stone comes without another click.
        nb.wait_source("circle-stones", f"d.x.length >= {stones + 2}", timeout=60)
        assert_no_console_errors(nb)
    finally:
        nb.close()
