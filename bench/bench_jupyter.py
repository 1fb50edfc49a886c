"""Circle board click -> repaint in JupyterLab against `panel serve`, and console errors in Lab.

Both pages show the same dashboard (two human seats, so only the click changes the board); a
click on an empty cell is timed until the browser's stone source holds one more stone (the
repaint follows in the same frame).  The same in JupyterLab with ``notebook_setup(comms=
"ipywidgets")`` (the jupyter_bokeh widget path of VS Code and Voilà), and once more there without
the page script that stops the widget sending the kernel's own changes back (``NO_ECHO_JS``: what
jupyter_bokeh does by itself).  Printed: the median of each and the ratios JupyterLab / panel
serve (target <= 2x) and ipywidgets / JupyterLab (<= 1.5x).
Then two bots play, in JupyterLab while another cell prints for a few seconds, and under
`panel serve` for as long: printed are the console errors of each page and whether every printed
line stayed in its own cell.  The load average is printed with the figures (the machine may be
shared).

    python -m bench jupyter
"""

from __future__ import annotations

import contextlib
import os
import statistics
import tempfile
import time
from pathlib import Path

from cole_panel.circle.board import BOARD_NAME
from cole_panel.circle.geometry import cell_center
from engines.circle import parse_label
from tests.browser.conftest import ARTIFACTS, PanelServer
from tests.jupyter.harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    JupyterServer,
    NotebookPage,
    write_notebook,
)

# No two of these touch, so every click places a lone stone (always a legal move).
CELLS = ["C3", "G3", "A1", "I5", "E1", "E9", "C7", "G7", "A5", "I1"]
STONES = "circle-stones"
SERVED_APP = """
import panel as pn
from cole_panel.circle import CircleDashboard, CircleModel
pn.extension()
CircleDashboard(model=CircleModel(seat0={0!r}, seat1={1!r})).servable()
"""
OTHER_CELL_SECONDS = 3.0
NOTEBOOK_CELLS = [
    "from cole_panel import notebook_setup\nnotebook_setup()",
    "from cole_panel.circle import CircleDashboard, CircleModel\n"
    "CircleDashboard(model=CircleModel(seat0='Human', seat1='Human'))",
]
IPYWIDGETS_CELLS = [
    "from cole_panel import notebook_setup\nnotebook_setup(comms='ipywidgets')",
    NOTEBOOK_CELLS[1],
]
ECHO_CELLS = [
    "import cole_panel.runtime.jupyter_widgets as widgets\nwidgets.NO_ECHO_JS = ''\n"
    + IPYWIDGETS_CELLS[0],
    NOTEBOOK_CELLS[1],
]
BOTS_CELLS = [
    "from cole_panel import notebook_setup\nnotebook_setup()",
    "from cole_panel.circle import CircleDashboard, CircleModel\n"
    "CircleDashboard(model=CircleModel(seat0='Greedy', seat1='Random'))",
]
OTHER_CELL = "import time\nfor n in range(30):\n    print('tick', n)\n    time.sleep(0.1)"  # 3 s

_COUNT_JS = """name => { let found = null;
  for (const doc of Bokeh.documents) { const m = doc.get_model_by_name(name); if (m) found = m; }
  return found == null ? -1 : found.data.x.length; }"""


def time_clicks(page, click) -> list[float]:
    """Seconds from each click to the page holding the new stone."""
    times = []
    for cell in CELLS:
        before = page.evaluate(_COUNT_JS, STONES)
        start = time.perf_counter()
        click(*cell_center(parse_label(cell)))
        page.wait_for_function(
            f"([name, n]) => ({_COUNT_JS})(name) > n", arg=[STONES, before], polling="raf"
        )
        times.append(time.perf_counter() - start)
        time.sleep(0.4)  # apart from Bokeh's double-tap window
    return times


@contextlib.contextmanager
def served_page(browser, seats: tuple[str, str]):
    """The Circle dashboard with these seats under ``panel serve``: (page, its console errors)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    name = "bench_circle_" + "_".join(seat.lower() for seat in seats)
    script = ARTIFACTS / f"{name}.py"
    script.write_text(SERVED_APP.format(*seats))
    server = PanelServer(name, script=script).start()
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
    try:
        page.goto(server.url, timeout=90_000)
        page.wait_for_function(
            "name => !!(window.Bokeh && Bokeh.index.query_one(v => v.model && v.model.name === name))",
            arg=BOARD_NAME,
            timeout=90_000,
        )
        yield page, errors
    finally:
        page.close()
        server.stop()


def served(browser) -> list[float]:
    from tests.browser.conftest import BokehFigure

    with served_page(browser, ("Human", "Human")) as (page, _errors):
        board = BokehFigure(page, BOARD_NAME)
        board.click(*cell_center(parse_label("E5")))  # warm-up
        page.wait_for_function(f"name => ({_COUNT_JS})(name) >= 1", arg=STONES)
        return time_clicks(page, board.click)


def served_bots(browser) -> None:
    with served_page(browser, ("Greedy", "Random")) as (page, errors):
        page.wait_for_function(f"name => ({_COUNT_JS})(name) >= 2", arg=STONES, timeout=60_000)
        time.sleep(OTHER_CELL_SECONDS)  # as long as the other cell runs in JupyterLab
        stones = page.evaluate(_COUNT_JS, STONES)
        print(
            f"  bots playing under panel serve: {len(errors)} console errors; "
            f"{stones} stones on the board"
        )
        for error in errors[:3]:
            print("   ", error.splitlines()[0])


def in_lab(browser, server: JupyterServer, name: str = "bench_circle.ipynb") -> list[float]:
    nb = NotebookPage(browser, server, name).open()
    try:
        nb.run_all()
        nb.wait_figure(BOARD_NAME)
        nb.click(BOARD_NAME, *cell_center(parse_label("E5")))  # warm-up
        nb.wait_source(STONES, "d.x.length >= 1")
        times = time_clicks(nb.page, lambda x, y: nb.click(BOARD_NAME, x, y))
        errors = list(nb.errors)
    finally:
        nb.close()
    if errors:
        print(f"  console errors during the clicks: {len(errors)} (first: {errors[0]})")
    return times


def bots_and_another_cell(browser, server: JupyterServer) -> None:
    nb = NotebookPage(browser, server, "bench_bots.ipynb").open()
    try:
        nb.run_all()
        nb.wait_figure(BOARD_NAME)
        nb.wait_source(STONES, "d.x.length >= 2", timeout=60)
        out = nb.append_and_run(OTHER_CELL)
        moved = nb.source(STONES)
        ticks = out.split().count("tick")
        dashboard = nb.page.locator(".jp-Notebook .jp-Cell").nth(-2).inner_text()
        print(
            f"  bots playing in JupyterLab while another cell prints: {len(nb.errors)} console "
            "errors; "
            f"{ticks}/30 printed lines in their own cell, "
            f"{dashboard.count('tick')} in the dashboard's output; "
            f"{len(moved['x']) if moved else 0} stones on the board"
        )
        for error in nb.errors[:3]:
            print("   ", error.splitlines()[0])
    finally:
        nb.close()


def _load() -> str:
    return ", ".join(f"{n:.1f}" for n in os.getloadavg())


def main() -> None:
    from playwright.sync_api import sync_playwright

    root = Path(tempfile.mkdtemp(prefix="bench-jupyter-"))
    server = JupyterServer(root, ARTIFACTS / "bench-jupyter-server.log")
    server.copy_notebooks = lambda: (  # only the bench's own notebooks
        write_notebook(root / "bench_circle.ipynb", NOTEBOOK_CELLS),
        write_notebook(root / "bench_bots.ipynb", BOTS_CELLS),
        write_notebook(root / "bench_ipywidgets.ipynb", IPYWIDGETS_CELLS),
        write_notebook(root / "bench_echoes.ipynb", ECHO_CELLS),
    )
    server.start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            serve_times = served(browser)
            lab_times = in_lab(browser, server)
            widget_times = in_lab(browser, server, "bench_ipywidgets.ipynb")
            echo_times = in_lab(browser, server, "bench_echoes.ipynb")
            s, j = statistics.median(serve_times), statistics.median(lab_times)
            w, e = statistics.median(widget_times), statistics.median(echo_times)
            print(f"  click -> repaint, Circle board, median of {len(CELLS)}:")
            print(f"    panel serve  {s * 1000:7.0f} ms   (max {max(serve_times) * 1000:.0f})")
            print(f"    JupyterLab   {j * 1000:7.0f} ms   (max {max(lab_times) * 1000:.0f})")
            print(f"    ipywidgets   {w * 1000:7.0f} ms   (max {max(widget_times) * 1000:.0f})")
            print(
                f"    ipywidgets, echoes sent {e * 1000:5.0f} ms   (max {max(echo_times) * 1000:.0f})"
            )
            print(f"    JupyterLab / panel serve  {j / s:5.2f} x   (target <= 2x)")
            print(f"    ipywidgets / JupyterLab   {w / j:5.2f} x   (target <= 1.5x)")
            print(f"    ipywidgets with echoes / JupyterLab  {e / j:5.2f} x")
            print(f"    load average (1, 5, 15 min): {_load()}")
            bots_and_another_cell(browser, server)
            served_bots(browser)
            browser.close()
            print(f"  load average (1, 5, 15 min) at the end: {_load()}")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
