"""Drive a real JupyterLab (or Notebook 7) from Playwright: start the server, run notebooks.

Used by the tests in this folder and by ``bench/bench_jupyter.py``.

``JupyterServer``
    ``jupyter lab`` on a free loopback port, no token, no password, serving a COPY of the
    teaching notebooks (JupyterLab saves what it runs; the repository's notebooks stay as they
    are).  Its kernels import this checkout (``PYTHONPATH``).  Nothing sets ``PANEL_INLINE``:
    the notebooks must render offline by themselves.  Stopped by its own process id.
``NotebookPage``
    One notebook open in a browser page: run every cell, wait for the kernel, add a cell and read
    what it prints, find a Bokeh figure of the LAST output that draws it (every ``show()`` in a
    notebook reuses the board's name) and click its data coordinates, and collect every console
    error, uncaught page error and request to a host other than this machine.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

from tests.browser.conftest import (  # noqa: F401 - CHROMIUM* re-exported for the bench
    CHROMIUM,
    CHROMIUM_ARGS,
    DOUBLE_TAP_GAP,
    LOCAL_HOSTS,
    ROOT,
    VIEWPORT,
    ServerProcess,
    checkout_env,
    free_port,
)

NOTEBOOKS = ROOT / "notebooks"
VOILA_CONFIG = ROOT / "voila.json"
"""Voilà's settings for the notebooks, read from the folder Voilà is started in."""
START_TIMEOUT = 90.0


class JupyterServer(ServerProcess):
    """``jupyter lab`` in its own process group on 127.0.0.1 (no token), serving ``root``."""

    title = "jupyter lab"

    def __init__(self, root: Path, log_path: Path):
        super().__init__(log_path)
        self.root = Path(root)
        self.port = free_port()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def copy_notebooks(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        for path in NOTEBOOKS.glob("*.ipynb"):
            shutil.copy(path, self.root / path.name)

    def quiet_settings(self) -> None:
        """No "Would you like to get notified about Jupyter news?" toast over the outputs."""
        path = self.root / ".lab-settings" / "@jupyterlab" / "apputils-extension"
        path.mkdir(parents=True, exist_ok=True)
        (path / "notification.jupyterlab-settings").write_text(
            json.dumps({"fetchNews": "false", "checkForUpdates": False})
        )

    def start(self, timeout: float = START_TIMEOUT) -> JupyterServer:
        self.copy_notebooks()
        self.quiet_settings()
        cmd = [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            "--ip",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--ServerApp.token=",
            "--ServerApp.password=",
            "--ServerApp.disable_check_xsrf=True",
            "--ServerApp.root_dir",
            str(self.root),
            "--LabApp.news_url=",
            "--allow-root",
        ]
        env = checkout_env(
            JUPYTER_CONFIG_DIR=str(self.root / ".jupyter-config"),
            JUPYTERLAB_SETTINGS_DIR=str(self.root / ".lab-settings"),
            JUPYTERLAB_WORKSPACES_DIR=str(self.root / ".lab-workspaces"),
        )
        env.pop("PANEL_INLINE", None)

        def answering() -> bool:
            with urllib.request.urlopen(f"{self.url}/api/status", timeout=2) as response:
                return response.status == 200

        self.launch(cmd, self.root, env, answering, timeout)
        return self

    def shutdown_kernels(self) -> None:
        """Shut every running kernel down (each notebook test starts from a fresh kernel)."""
        with urllib.request.urlopen(f"{self.url}/api/kernels", timeout=5) as response:
            kernels = json.load(response)
        for kernel in kernels:
            request = urllib.request.Request(
                f"{self.url}/api/kernels/{kernel['id']}", method="DELETE"
            )
            with contextlib.suppress(OSError):
                urllib.request.urlopen(request, timeout=10).close()


def write_notebook(path: Path, cells: list[str]) -> Path:
    """Write a notebook of these code cells (no outputs) to ``path``."""
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "metadata": {},
                "source": c,
                "outputs": [],
                "execution_count": None,
            }
            for c in cells
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(notebook))
    return path


class VoilaServer(ServerProcess):
    """``voila NOTEBOOK`` on 127.0.0.1 (no token): the notebook run and shown as a page.

    Like :class:`JupyterServer` it serves a copy of the teaching notebooks and nothing sets
    ``PANEL_INLINE`` or Panel's comms: the notebook must choose them itself.  Voilà runs as the
    README says, from a folder holding the checkout's ``voila.json`` (the project's template,
    ``cole``, and two JupyterLab extensions left out); ``JUPYTER_PATH`` names this checkout's
    copy of the template (an install puts it under ``share/jupyter/voila/templates``), as
    ``PYTHONPATH`` names its code.
    """

    title = "voila"

    def __init__(self, root: Path, notebook: str, log_path: Path):
        super().__init__(log_path)
        self.root = Path(root)
        self.notebook = notebook
        self.port = free_port()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = START_TIMEOUT) -> VoilaServer:
        self.root.mkdir(parents=True, exist_ok=True)
        for path in NOTEBOOKS.glob("*.ipynb"):
            shutil.copy(path, self.root / path.name)
        shutil.copy(VOILA_CONFIG, self.root / VOILA_CONFIG.name)
        cmd = [
            sys.executable,
            "-m",
            "voila",
            self.notebook,
            "--no-browser",
            "--Voila.ip=127.0.0.1",
            f"--port={self.port}",
            "--Voila.token=",
            "--show_tracebacks=True",
        ]
        jupyter_path = [str(ROOT / "share" / "jupyter"), os.environ.get("JUPYTER_PATH", "")]
        env = checkout_env(
            JUPYTER_CONFIG_DIR=str(self.root / ".jupyter-config"),
            JUPYTER_PATH=os.pathsep.join(p for p in jupyter_path if p),
        )
        env.pop("PANEL_INLINE", None)
        env.pop("PANEL_COMMS", None)

        def listening() -> bool:
            with socket.create_connection(("127.0.0.1", self.port), timeout=2):
                return True

        self.launch(cmd, self.root, env, listening, timeout)
        return self


# Where an element stands in the page: its outermost shadow host (Bokeh draws in shadow roots).
_TOP_JS = "el => { let n = el; while (n.getRootNode().host) n = n.getRootNode().host; return n; }"
# Sorts views into page order (for Voila, which renders its outputs in no fixed order).
_IN_PAGE_JS = f"""(a, b) => {{ const top = {_TOP_JS};
    return top(a.el).compareDocumentPosition(top(b.el)) & Node.DOCUMENT_POSITION_FOLLOWING
        ? -1 : 1; }}"""

# The LAST view of a figure with this name (every output of a notebook is its own document, and
# the teaching cells reuse the dashboards' figure names): the last made, or with ``pageOrder``
# the last in the page.
_FIGURE_JS = f"""
([name, points, pageOrder]) => {{
    if (!window.Bokeh) return null;
    const views = [...Bokeh.index.query(v => v.model && v.model.name === name && v.frame)];
    if (pageOrder) views.sort({_IN_PAGE_JS});
    const view = views[views.length - 1];
    if (view == null) return null;
    const el = view.canvas_view ? view.canvas_view.el : view.el;
    el.scrollIntoView({{block: 'center'}});
    const box = el.getBoundingClientRect();
    const fx = view.frame.x_scale, fy = view.frame.y_scale;
    return points.map(([x, y]) => [box.left + fx.compute(x), box.top + fy.compute(y)]);
}}
"""

# Columns of the LAST data source with this name, as plain arrays: of the last document made,
# or with ``pageOrder`` of the document whose first view is last in the page.
_SOURCE_JS = f"""
([name, pageOrder]) => {{
    if (!window.Bokeh) return null;
    let found = null;
    const docs = [...Bokeh.documents];
    if (pageOrder) {{
        const drawn = v => v.model && v.el instanceof Element && v.el.isConnected;
        const first = doc => [...Bokeh.index.query(v => drawn(v) && v.model.document === doc)][0];
        const shown = docs.filter(doc => first(doc) != null);
        shown.sort((a, b) => ({_IN_PAGE_JS})(first(a), first(b)));
        docs.splice(0, docs.length, ...shown);
    }}
    for (const doc of docs) {{
        const model = doc.get_model_by_name(name);
        if (model != null) found = model;
    }}
    if (found == null) return null;
    const out = {{}};
    const data = found.data instanceof Map ? found.data : new Map(Object.entries(found.data));
    for (const [key, value] of data) out[key] = Array.from(value);
    return out;
}}
"""


class NotebookPage:
    """A notebook open in JupyterLab (``ui="lab"``) or Notebook 7 (``ui="notebook"``), or the
    page of a :class:`VoilaServer` (``ui="voila"``)."""

    def __init__(self, browser, server: JupyterServer, name: str, ui: str = "lab"):
        self.server = server
        self.name = name
        self.ui = ui
        self.context = browser.new_context(viewport=VIEWPORT)
        self.page = self.context.new_page()
        self.page.set_default_timeout(30_000)
        self.errors: list[str] = []
        self.console: list[str] = []  # every console line, for the report of a failed test
        self.page.on("console", self._on_console)
        self.page.on("pageerror", lambda exc: self.errors.append(f"page error: {exc}"))
        # A notebook must ask nothing of another host (offline it would draw blank): any such
        # request is an error of the test, even where the internet would have answered it.
        self.context.on("request", self._on_request)
        self.page.on(
            "requestfailed",
            lambda request: self.errors.append(
                f"request failed: {request.url} ({request.failure})"
            ),
        )
        self._last_click = 0.0

    def _on_request(self, request) -> None:
        parts = urlsplit(request.url)
        local = {host.strip("[]") for host in LOCAL_HOSTS}
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname not in local:
            self.errors.append(f"outside request: {request.url}")

    def _on_console(self, message) -> None:
        self.console.append(f"{message.type}: {message.text[:500]}")
        if message.type == "error":
            self.errors.append(f"console.error: {message.text}")

    def open(self) -> NotebookPage:
        if self.ui == "voila":  # the page is the notebook's outputs: Voilà runs every cell
            self.page.goto(f"{self.server.url}/", timeout=300_000)
            return self
        # ``?reset``: a fresh workspace, not the tabs an earlier test left open
        path = f"lab/tree/{self.name}?reset" if self.ui == "lab" else f"notebooks/{self.name}"
        self.page.goto(f"{self.server.url}/{path}", timeout=90_000)
        self.page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=90_000)
        self.wait_kernel_idle(timeout=90)
        return self

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.context.close()

    # -- running cells ---------------------------------------------------------------------

    def wait_kernel_idle(self, timeout: float = 120) -> None:
        """Wait until the kernel is idle and no cell waits to run (no ``[*]`` prompt)."""
        self.page.wait_for_function(
            """() => {
                const prompts = [...document.querySelectorAll('.jp-InputArea-prompt')];
                if (prompts.some(p => p.textContent.includes('*'))) return false;
                const status = document.querySelector('.jp-Notebook-ExecutionIndicator');
                const name = document.querySelector('.jp-KernelName');
                return status != null && status.getAttribute('data-status') === 'idle'
                    && name != null && /python/i.test(name.textContent);
            }""",
            timeout=timeout * 1000,
            polling=250,
        )

    def run_all(self, timeout: float = 180) -> None:
        """Run every cell (Run ▸ Run All Cells) and wait until all have run.

        A freshly opened notebook sometimes drops the request while its kernel connects; the
        menu is used again until the first cell has started.
        """
        for _attempt in range(4):
            self.page.locator(".jp-Notebook").first.click()
            self.page.keyboard.press("Escape")
            self.page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
            self.page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
            try:
                self.page.wait_for_function(
                    "() => { const p = document.querySelector('.jp-CodeCell .jp-InputArea-prompt');"
                    " return p != null && /\\[(\\*|\\d+)\\]/.test(p.textContent); }",
                    timeout=10_000,
                )
                break
            except Exception:  # noqa: BLE001 - playwright's TimeoutError: try the menu again
                continue
        self.wait_kernel_idle(timeout)

    def code_cells(self) -> int:
        return self.page.locator(".jp-Notebook .jp-CodeCell").count()

    def prompts(self) -> list[str]:
        return self.page.locator(
            ".jp-Notebook .jp-CodeCell .jp-InputArea-prompt"
        ).all_text_contents()

    def append_and_run(self, code: str, timeout: float = 60) -> str:
        """Add a code cell at the end, run it, and return the text of its output."""
        cells = self.page.locator(".jp-Notebook .jp-Cell")
        before = cells.count()
        cells.last.locator(".jp-InputPrompt").first.click()
        self.page.locator("[data-command='notebook:insert-cell-below']").first.click()
        self.page.wait_for_function(
            "n => document.querySelectorAll('.jp-Notebook .jp-Cell').length > n", arg=before
        )
        new_cell = cells.last
        editor = new_cell.locator(".cm-content")
        editor.scroll_into_view_if_needed()
        editor.click()
        self.page.keyboard.insert_text(code)
        self.page.wait_for_function(
            "([el, n]) => el.textContent.length >= n",
            arg=[editor.element_handle(), len(code.splitlines()[0])],
        )
        self.page.keyboard.press("Control+Enter")
        prompt = new_cell.locator(".jp-InputArea-prompt")
        self.page.wait_for_function(
            "el => /\\[\\d+\\]/.test(el.textContent)",
            arg=prompt.element_handle(),
            timeout=timeout * 1000,
        )
        return new_cell.locator(".jp-OutputArea").inner_text()

    # -- outputs ---------------------------------------------------------------------------

    def source(self, name: str) -> dict | None:
        """Columns of the last Bokeh data source named ``name`` in the page."""
        return self.page.evaluate(_SOURCE_JS, [name, self.ui == "voila"])

    def wait_source(self, name: str, predicate_js: str, timeout: float = 20) -> None:
        """Wait until ``predicate_js`` (a JS expression over ``d``, the columns) holds."""
        self.page.wait_for_function(
            f"args => {{ const d = ({_SOURCE_JS})(args); return d != null && ({predicate_js}); }}",
            arg=[name, self.ui == "voila"],
            timeout=timeout * 1000,
            polling=50,
        )

    def pixel(self, figure: str, x: float, y: float) -> tuple[float, float]:
        result = self.page.evaluate(_FIGURE_JS, [figure, [[x, y]], self.ui == "voila"])
        if result is None:
            raise LookupError(f"no Bokeh figure named {figure!r} on the page")
        return tuple(result[0])

    def wait_figure(self, figure: str, timeout: float = 60) -> None:
        self.page.wait_for_function(
            "name => !!(window.Bokeh && [...Bokeh.index.query("
            "v => v.model && v.model.name === name && v.frame)].length)",
            arg=figure,
            timeout=timeout * 1000,
        )

    def click(self, figure: str, x: float, y: float) -> None:
        """Click where data point (x, y) of the last figure named ``figure`` is drawn."""
        wait = DOUBLE_TAP_GAP - (time.monotonic() - self._last_click)
        if wait > 0:
            time.sleep(wait)
        self.pixel(figure, x, y)  # scrolls it into view first
        px, py = self.pixel(figure, x, y)
        self.page.mouse.click(px, py)
        self._last_click = time.monotonic()
