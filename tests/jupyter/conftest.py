"""Real notebooks in a real JupyterLab: one ``jupyter lab`` per test session, Chromium per module.

``jupyter_server`` starts ``jupyter lab`` on a free loopback port without a token (see
:mod:`tests.jupyter.harness`) once per session and stops it by its process id at the end; the
kernels each test started are shut down after it.  ``open_notebook(name, ui="lab")`` opens a
notebook in a fresh browser context and returns a :class:`NotebookPage`; when the test failed a
screenshot goes to ``tests/artifacts/jupyter-<test>.png`` and the server's log tail to the report.
Every test here is marked ``browser``; a missing Chromium FAILS them (never skipped).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.browser.conftest import (  # noqa: F401 - the same Chromium per module
    browser,
    keep_report,
    mark_browser_tests,
    server_log,
)

from .harness import ROOT, JupyterServer, NotebookPage

ARTIFACTS = ROOT / "tests" / "artifacts"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    mark_browser_tests(items, Path(__file__).parent)
    for item in items:
        if Path(__file__).parent in Path(str(item.fspath)).parents:
            # One fresh try (new kernel, new page) after a failure: a click into a notebook
            # output was lost once in CI on a 2-core machine and could not be reproduced in
            # twenty runs under heavier load; a failure that repeats still fails the suite, and
            # the first failure's report is kept in the log (see pytest-rerunfailures).
            item.add_marker(pytest.mark.flaky(reruns=1, reruns_delay=2))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    outcome = yield
    server = (getattr(item, "funcargs", None) or {}).get("jupyter_server")
    report = outcome.get_result()
    keep_report(item, report, [server] if isinstance(server, JupyterServer) else [])
    pages = getattr(item, "notebook_pages", [])
    if report.failed and pages:
        lines = [line for page in pages for line in page.console[-40:]]
        report.sections.append(("page console (tail)", "\n".join(lines) or "(empty)"))


@pytest.fixture(scope="session")
def jupyter_server(tmp_path_factory) -> Iterator[JupyterServer]:
    server = JupyterServer(tmp_path_factory.mktemp("jupyter"), server_log("jupyter")).start()
    yield server
    server.stop()


@pytest.fixture
def open_notebook(browser, jupyter_server, request) -> Iterator[Callable[..., NotebookPage]]:  # noqa: F811
    pages: list[NotebookPage] = []
    request.node.notebook_pages = pages

    def open_(name: str, ui: str = "lab") -> NotebookPage:
        page = NotebookPage(browser, jupyter_server, name, ui=ui).open()
        pages.append(page)
        return page

    yield open_
    failed = getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed
    for n, page in enumerate(pages):
        if failed:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            name = re.sub(r"[^\w.\-]+", "_", f"jupyter-{request.node.name}-{n}.png")
            with contextlib.suppress(Exception):
                page.page.screenshot(path=str(ARTIFACTS / name))
        page.close()
    with contextlib.suppress(Exception):
        jupyter_server.shutdown_kernels()
