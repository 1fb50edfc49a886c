"""Real-browser test harness shared by every dashboard (Circle of Life, Ecosystem, Savannah).

What it gives a test module
---------------------------
``browser``
    One headless Chromium per test module: Debian's ``/usr/bin/chromium`` driven by Playwright
    (``playwright install`` cannot download browsers here).  If the executable is missing the
    tests FAIL with an explanation: they are never skipped.  (Not session-scoped on purpose:
    while Playwright's sync API is started it leaves its asyncio loop marked as *running* in the
    main thread, so every later test in the session — these folders sort first — would see a
    running loop and ``asyncio.run`` would refuse to start.  Stopping Playwright at the end of
    each module clears it; a launch costs about a second.)
``panel_server``
    A factory: ``panel_server("circle")`` starts a REAL ``python -m cole_panel.serve
    apps/circle.py --address 127.0.0.1 --port N --allow-websocket-origin 127.0.0.1:N``
    subprocess (``make serve``'s launcher: ``panel serve`` with compression) on a free port (once per
    app per test session), waits until the port accepts connections and returns a
    :class:`PanelServer` (``.url``, ``.pid``, ``.log_tail()``).  The process group is killed at
    the end of the session.  Its stdout/stderr go to ``tests/artifacts/server-<app>.log``; the tail
    is attached to the report of every failing test that used the server, and included in the
    error if the server dies while starting.
``open_page``
    A factory: ``open_page(server)`` (or ``open_page(server, url)`` for an address with a
    query) opens the app in a fresh browser context (its own cookies,
    so its own Panel session), waits until a ``canvas`` is visible and returns the Playwright
    ``Page``.  Contexts are closed after the test; when the test failed a full-page screenshot is
    saved as ``tests/artifacts/<test name>-failed-<n>.png``.
``BokehFigure``
    Maps a Bokeh figure's DATA coordinates to PAGE pixels so a test clicks where a user would.

How data coordinates become pixels (robust by construction)
-----------------------------------------------------------
Give the figure a ``name`` (e.g. ``figure(name="circle-board")``).  :class:`BokehFigure` asks
BokehJS itself, via ``page.evaluate``: it finds the plot's view with
``Bokeh.index.query_one(v => v.model.name === name)`` (Panel renders inside shadow DOM, but the
view index reaches every view), converts with ``view.frame.x_scale.compute(x)`` /
``y_scale.compute(y)`` (canvas pixels, exactly the transform Bokeh uses to draw and to invert
taps) and adds the page offset of the view's canvas element (``getBoundingClientRect``).  This
holds whatever the layout, margins, borders, ``match_aspect`` letterboxing or device scale, so
nothing in a test depends on a hand-computed layout.  Boards should still use fixed
``x_range``/``y_range`` and no toolbar/axes inside the plot so the mapping never moves.

Bokeh turns two taps less than 300 ms apart into a ``DoubleTap``; :meth:`BokehFigure.click`
therefore waits long enough after the previous click on the same figure (or a board can handle
``DoubleTap`` like ``Tap``).

Everything the harness writes goes under ``tests/artifacts/`` (git-ignored).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.ports import free_port

collect_ignore = ["apps"]
"""The test servers' app scripts are run by ``panel serve``, never imported by pytest: one sets a
class default for its own server (``ReviewRun``'s budget), which a doctest import changed in the
test process for every later test."""

ROOT = Path(__file__).resolve().parents[2]
APPS = ROOT / "apps"
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
]
VIEWPORT = {"width": 1400, "height": 1000}
SERVER_START_TIMEOUT = 90.0
PAGE_LOAD_TIMEOUT_MS = 60_000
DOUBLE_TAP_GAP = 0.35  # seconds; Bokeh's double-tap threshold is 300 ms
LAUNCHER = ("cole_panel.serve",)
FRONT_PROCESSES = os.environ.get("COLE_TEST_PROCESSES", "")
"""``COLE_TEST_PROCESSES=2 pytest tests/browser/...`` serves every app as ``make serve`` does,
with two processes behind HAProxy (tests that read one process's log or memory then fail)."""
"""What serves the pages: ``make serve``'s launcher (``panel serve`` with compression and only
the bundles a page uses; it takes every ``panel serve`` option)."""


def mark_browser_tests(items: list[pytest.Item], folder: Path) -> None:
    """Mark every test under ``folder`` ``browser`` so ``-m browser`` selects it."""
    for item in items:
        if folder in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


def keep_report(item: pytest.Item, report: pytest.TestReport, servers: list[ServerProcess]):
    """Store the phase's report on the item (fixtures read ``rep_call``) and, when it failed,
    append the log tail of each server the test used."""
    setattr(item, f"rep_{report.when}", report)
    if report.failed:
        for server in servers:
            report.sections.append((f"{server.title} (log tail)", server.log_tail()))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    mark_browser_tests(items, Path(__file__).parent)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    outcome = yield
    keep_report(item, outcome.get_result(), _servers_used_by(item))


def _servers_used_by(item: pytest.Item) -> list[PanelServer]:
    funcargs = getattr(item, "funcargs", {}) or {}
    found = [v for v in funcargs.values() if isinstance(v, PanelServer)]
    if "panel_server" in funcargs:
        found += [s for s in PanelServer.running.values() if s not in found]
    return found


def stop_process_group(proc: subprocess.Popen) -> None:
    """Terminate a child started with ``start_new_session=True`` and everything it spawned."""
    if proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


TEACHER_KEY = "a-teachers-key-for-the-tests"
"""The teacher's key of every server the tests start (``$COLE_TEACHER_KEY``)."""


def checkout_env(**extra: str) -> dict[str, str]:
    """This environment with this checkout first on ``PYTHONPATH`` and the tests' teacher's
    key (plus ``extra``)."""
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    return {**os.environ, "PYTHONPATH": path, "COLE_TEACHER_KEY": TEACHER_KEY, **extra}


def open_private_link(teacher) -> None:
    """On a class's overview: unfold the teacher's own link (kept apart from the tables)."""
    teacher.locator(".cole-class-private summary").click(timeout=60_000)


def make_tables(teacher) -> None:
    """On a class page: give the teacher's key and press "Make the tables"."""
    teacher.locator(".cole-class-key input").fill(TEACHER_KEY)
    teacher.locator(".cole-class-make button").click()


class ServerProcess:
    """A server subprocess in its own process group, its output in ``log_path``."""

    title = "server"
    """How a message names the server, e.g. ``"panel serve circle"``."""
    launcher: tuple[str, ...] = LAUNCHER
    """The module :meth:`serve` runs with ``python -m`` (and its arguments)."""
    port = 0
    """The port :meth:`serve` listens on."""

    def __init__(self, log_path: Path):
        self.log_path = Path(log_path)
        self.proc: subprocess.Popen | None = None

    @property
    def pid(self) -> int:
        assert self.proc is not None, "server not started"
        return self.proc.pid

    def launch(
        self,
        cmd: list[str],
        cwd: Path,
        env: dict[str, str],
        ready: Callable[[], bool],
        timeout: float,
    ) -> None:
        """Start ``cmd`` and wait until ``ready()`` (an ``OSError`` counts as not yet)."""
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        log = open(self.log_path, "w")  # noqa: SIM115 - the child owns it until stop()
        self.proc = subprocess.Popen(
            cmd, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"{self.title} exited with code {self.proc.returncode}:\n{self.log_tail()}"
                )
            with contextlib.suppress(OSError):
                if ready():
                    return
            time.sleep(0.1)
        self.stop()
        raise TimeoutError(
            f"{self.title} did not answer within {timeout:.0f} s:\n{self.log_tail()}"
        )

    def serve(
        self, scripts: list[Path], extra_args: tuple[str, ...], env: dict[str, str], timeout: float
    ) -> None:
        """Serve ``scripts`` with ``python -m <self.launcher>`` on 127.0.0.1:``self.port`` (its
        own origin allowed) and wait until it listens."""
        cmd = [
            sys.executable,
            "-m",
            *self.launcher,
            *map(str, scripts),
            *("--address", "127.0.0.1", "--port", str(self.port)),
            *("--allow-websocket-origin", f"127.0.0.1:{self.port}"),
            *extra_args,
        ]
        own = {"--processes", "--num-procs"} & set(extra_args)
        if FRONT_PROCESSES and self.launcher == LAUNCHER and not own:
            if shutil.which("haproxy", path=f"{os.environ.get('PATH', '')}:/usr/sbin") is None:
                raise RuntimeError(
                    "COLE_TEST_PROCESSES serves through HAProxy, which is not installed "
                    "(`make haproxy` or `apt-get install -y haproxy`)."
                )
            cmd += ["--processes", FRONT_PROCESSES]
        self.launch(cmd, ROOT, env, partial(listening, self.port), timeout)

    def stop(self) -> None:
        """Kill the whole process group (a server may spawn helpers) and reap it."""
        if self.proc is not None:
            stop_process_group(self.proc)

    def log_tail(self, lines: int = 60) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no server log)"
        return "\n".join(text.splitlines()[-lines:]) or "(server log empty)"


def server_log(name: str) -> Path:
    """Where server ``name`` logs: one file per test worker (``pytest -n``) and server."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return ARTIFACTS / f"server-{name}{'-' + worker if worker else ''}.log"


def listening(port: int) -> bool:
    """Whether something accepts connections on 127.0.0.1:``port``."""
    with socket.create_connection(("127.0.0.1", port), timeout=0.5):
        return True


class SiteServer(ServerProcess):
    """What ``make serve`` runs: ``python -m cole_panel.serve apps/*.py --index index`` (every
    page in one process, compressed) on 127.0.0.1, in its own process group."""

    def __init__(
        self,
        port: int | None = None,
        extra_args: tuple[str, ...] = (),
        launcher: tuple[str, ...] = LAUNCHER,
    ):
        super().__init__(server_log(f"site-{launcher[0]}"))
        self.launcher = tuple(launcher)
        """The module run with ``python -m`` and its arguments (``("panel", "serve")``: the
        pages as ``panel serve`` serves them)."""
        self.title = f"python -m {' '.join(launcher)}"
        self.port = port or free_port()
        self.extra_args = tuple(extra_args)

    def url(self, page: str = "index") -> str:
        """Address of a page, e.g. ``http://127.0.0.1:40123/circle``."""
        return f"http://127.0.0.1:{self.port}/{page}"

    def start(self, timeout: float = SERVER_START_TIMEOUT) -> SiteServer:
        scripts = sorted(APPS.glob("*.py"))
        self.serve(scripts, ("--index", "index", *self.extra_args), checkout_env(), timeout)
        return self


class PanelServer(ServerProcess):
    """One ``python -m cole_panel.serve apps/<app>.py`` (``panel serve`` as ``make serve`` runs
    it) subprocess on 127.0.0.1 (its own process group)."""

    running: dict[str, PanelServer] = {}

    def __init__(
        self,
        app: str,
        port: int | None = None,
        extra_args: tuple[str, ...] = (),
        script: Path | None = None,
        env: dict[str, str] | None = None,
        also: tuple[str, ...] = (),
    ):
        super().__init__(server_log(app))
        self.env = dict(env or {})
        """Environment variables of this server besides ours (e.g. its data folder)."""
        self.app = app
        self.title = f"panel serve {app}"
        self.port = port or free_port()
        self.script = Path(script) if script is not None else APPS / f"{app}.py"
        self.extra_args = tuple(extra_args)
        self.also = tuple(APPS / f"{name}.py" for name in also)
        """Other apps served by the same process (a class page and the games of its rooms)."""
        self.launcher = LAUNCHER
        """The module run with ``python -m`` (and its arguments) that serves the script."""

    @property
    def url(self) -> str:
        """Address of the app page, e.g. ``http://127.0.0.1:40123/circle``."""
        return f"http://127.0.0.1:{self.port}/{self.script.stem}"

    def start(self, timeout: float = SERVER_START_TIMEOUT) -> PanelServer:
        if not self.script.exists():
            raise FileNotFoundError(f"no app script {self.script}")
        scripts = [self.script, *self.also]
        self.serve(scripts, self.extra_args, checkout_env(**self.env), timeout)
        PanelServer.running[self.app] = self
        return self

    def stop(self) -> None:
        super().stop()
        PanelServer.running.pop(self.app, None)

    def rss_mb(self) -> float:
        """Resident memory of the server process in MB (Linux ``/proc``)."""
        status = Path(f"/proc/{self.pid}/status").read_text()
        match = re.search(r"^VmRSS:\s+(\d+)\s+kB", status, re.MULTILINE)
        assert match, "VmRSS missing from /proc status"
        return int(match.group(1)) / 1024


LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "[::1]"})
"""The only hosts a page of ours may ask anything of."""


class WatchedBrowser:
    """A Playwright browser whose every context records what its pages ask of another host
    (a page must ask nothing of the internet: a class may have none) and every error its
    pages log or throw; :func:`no_outside_requests_nor_console_errors` fails a test that
    caused either.  Everything else is the browser's own."""

    def __init__(self, browser: Any):
        self._browser = browser
        self.outside: list[str] = []
        self.errors: list[str] = []

    def new_context(self, *args: Any, **kwargs: Any) -> Any:
        context = self._browser.new_context(*args, **kwargs)
        context.on("request", self._asked)
        context.on("page", self._watch)
        return context

    def _asked(self, request: Any) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname not in {
            h.strip("[]") for h in LOCAL_HOSTS
        }:
            self.outside.append(request.url)

    def _watch(self, page: Any) -> None:
        page.on(
            "console",
            lambda m: self.errors.append(f"{page.url}: {m.text}") if m.type == "error" else None,
        )
        page.on("pageerror", lambda exc: self.errors.append(f"{page.url}: uncaught {exc}"))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@pytest.fixture(autouse=True)
def no_outside_requests_nor_console_errors(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail a browser test whose pages asked anything of a host other than this machine, or
    logged or threw an error (mark a test ``console_errors`` with the reason when its pages
    must log one, e.g. a server killed under them)."""
    if "browser" not in request.fixturenames:
        yield
        return
    watched = request.getfixturevalue("browser")
    outside, errors = len(watched.outside), len(watched.errors)
    yield
    asked = watched.outside[outside:]
    known = request.node.get_closest_marker("outside_requests")
    if known is not None:  # a request found and named, not yet removed: only those hosts
        asked = [url for url in asked if urlsplit(url).hostname not in known.args[1:]]
    assert not asked, f"the pages asked another host: {asked[:5]}"
    logged = watched.errors[errors:]
    if known is not None:  # those requests' failures (no such host here)
        logged = [text for text in logged if "ERR_NAME_NOT_RESOLVED" not in text]
    if logged and request.node.get_closest_marker("console_errors") is None:
        pytest.fail(f"the pages logged errors: {logged[:5]}", pytrace=False)


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium, headless, for one test module (fails loudly if missing)."""
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        pytest.fail(
            f"{CHROMIUM} is missing: the browser tests need Debian's chromium "
            "(`make chromium` or `apt-get install -y chromium`).",
            pytrace=False,
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield WatchedBrowser(browser)
        browser.close()


@pytest.fixture(scope="session")
def panel_server() -> Iterator[Callable[..., PanelServer]]:
    """Factory ``panel_server(app)`` -> a running :class:`PanelServer`, one per app per session."""
    started: dict[str, PanelServer] = {}

    def start(app: str, *extra_args: str) -> PanelServer:
        if app not in started:
            started[app] = PanelServer(app, extra_args=extra_args).start()
        return started[app]

    yield start
    for server in started.values():
        server.stop()


@pytest.fixture
def own_server(tmp_path, monkeypatch):
    """Factory ``own_server(app, script=None, port=None, extra_args=(), also=())`` -> a server
    of our own, stopped after the test: its own bot log, and the test's own data folder (every
    server of one test shares its database; ``port``: the address of one stopped before, as a
    restart; ``extra_args``: more ``panel serve`` options; ``also``: more apps served)."""
    monkeypatch.setenv("COLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("COLE_BOT_LOG", "debug")
    servers = []

    def start(
        app: str,
        script: str | None = None,
        port: int | None = None,
        extra_args: tuple[str, ...] = (),
        also: tuple[str, ...] = (),
    ) -> PanelServer:
        server = PanelServer(app, port=port, script=script, extra_args=extra_args, also=also)
        server.log_path = server_log(f"{app}-{len(servers)}")
        servers.append(server.start())
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture
def open_page(browser, request) -> Iterator[Callable[..., object]]:
    """Factory ``open_page(server, url=None)`` -> a Playwright page on the app (or on ``url``,
    one of its addresses) in a new browser context; ``timeout_ms`` is the page's default wait,
    ``load_ms`` the wait for the page to load."""
    contexts = []

    def open_(
        server: PanelServer,
        url: str | None = None,
        wait_for: str = "canvas",
        *,
        timeout_ms: int = 20_000,
        load_ms: int = PAGE_LOAD_TIMEOUT_MS,
    ):
        context = browser.new_context(viewport=VIEWPORT)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(timeout_ms)
        page.goto(url or server.url, timeout=load_ms)
        page.locator(wait_for).first.wait_for(state="visible", timeout=load_ms)
        return page

    yield open_
    failed = getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed
    for n, context in enumerate(contexts):
        if failed:
            for page in context.pages:
                with contextlib.suppress(Exception):
                    page.screenshot(
                        path=str(artifact(f"{request.node.name}-failed-{n}.png")), full_page=True
                    )
        with contextlib.suppress(Exception):
            context.close()


def show_settings(page_or_part) -> None:
    """The next game's settings (seats, New game): a tab in a notebook's layout (click it),
    the sidebar when served (already shown)."""
    tab = page_or_part.locator(".bk-tab", has_text="New game")
    if tab.count():
        tab.first.click()


def artifact(name: str) -> Path:
    """A path under ``tests/artifacts/`` (created on demand) for a screenshot or log."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS / re.sub(r"[^\w.\-]+", "_", name)


_FIGURE_JS = """
([name, points]) => {
    const view = window.Bokeh && Bokeh.index.query_one(v => v.model && v.model.name === name);
    if (view == null || view.frame == null) return null;
    const el = view.canvas_view ? view.canvas_view.el : view.el;
    const box = el.getBoundingClientRect();
    const fx = view.frame.x_scale, fy = view.frame.y_scale;
    return points.map(([x, y]) => [box.left + fx.compute(x), box.top + fy.compute(y)]);
}
"""


class BokehFigure:
    """A Bokeh figure on a page, addressed by its ``name``; converts data coordinates to pixels.

    Usage: ``board = BokehFigure(page, "circle-board").wait_ready(); board.click(0.0, 0.0)``.
    """

    def __init__(self, page, name: str):
        self.page = page
        self.name = name
        self._last_click = 0.0

    def wait_ready(self, timeout_ms: int = PAGE_LOAD_TIMEOUT_MS) -> BokehFigure:
        self.page.wait_for_function(
            "name => !!(window.Bokeh && Bokeh.index.query_one("
            "v => v.model && v.model.name === name && v.frame))",
            arg=self.name,
            timeout=timeout_ms,
        )
        return self

    def to_pixels(self, points: list[tuple[float, float]]) -> list[tuple[float, float]]:
        """Page pixel positions of data points ``[(x, y), ...]``."""
        result = self.page.evaluate(_FIGURE_JS, [self.name, [list(p) for p in points]])
        if result is None:
            raise LookupError(f"no Bokeh figure named {self.name!r} on the page")
        return [tuple(p) for p in result]

    def pixel(self, x: float, y: float) -> tuple[float, float]:
        return self.to_pixels([(x, y)])[0]

    def click(self, x: float, y: float) -> None:
        """Click the canvas where data point (x, y) is drawn, as a user would."""
        wait = DOUBLE_TAP_GAP - (time.monotonic() - self._last_click)
        if wait > 0:
            time.sleep(wait)
        px, py = self.pixel(x, y)
        self.page.mouse.click(px, py)
        self._last_click = time.monotonic()

    def hover(self, x: float, y: float) -> None:
        px, py = self.pixel(x, y)
        self.page.mouse.move(px, py)
