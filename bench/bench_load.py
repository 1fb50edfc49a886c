"""The served demo under many visitors: session start, memory, bots elsewhere, idle after close.

``python -m bench load`` runs every phase with the default counts (8-12 minutes on the 2-core
development machine, depending on its load); ``python -m bench.bench_load --help`` picks
phases, apps and counts, e.g. ``python -m bench.bench_load --phases bots --bot-drivers client``.
Every phase has its own time budget (``--open-minutes`` per app and for the bare page,
``--waves-minutes`` per app, ``--bots-minutes``; 11 minutes in all at most): a phase that runs
out prints what it measured so far, with its count.  Each figure is printed with its target; the load average is
printed at the start, at the end and with each bot run (the machine is shared: compare ratios
within one run).

Method (loopback only; every count and wait is bounded)
-------------------------------------------------------
* A real ``python -m cole_panel.serve`` per app on 127.0.0.1 (``make serve``'s launcher, with
  its ``--processes 2`` unless ``--processes`` says otherwise: the open and waves phases count
  the CPU and memory of every serving process; the bots phase runs one process), with sessions
  checked every second and dropped ``--lifetime`` s after their last connection, and Debian's
  headless Chromium.
* ``open``: page interactive: Chromium opens the page and waits until the board figure is drawn
  and clickable (BokehJS has its view), ``--opens`` times per app, one at a time; the first
  open (imports, caches) is printed apart.  First a bare Panel page (the same template around
  one small figure) is opened the same way: its time is the floor of every page's on this
  machine, and each app's is printed as a multiple of it.  The server's own CPU time per
  page is printed too: unlike the wall time it hardly depends on what else the machine runs,
  and it is what a quiet machine's page build would take.  Meanwhile a probe asks the same server for a small static
  file every 25 ms: the longest probe is how long a page build held every other request
  (target <= 300 ms).
* ``waves``: sessions in parallel (``--sessions``, 10/30/50 for every app): that many plain HTTP
  requests at once; each response is the page with its document built and serialized by the
  server, so its time is the server's share of "interactive".  A "busy, retrying" page (the
  build queue was full) is asked again after the seconds it says, as a browser does: a page's
  time runs until the page itself came.  p50/p95 (target p95 <= 10 s at 30), and the server's
  CPU per page answered.  Memory: the growth of
  the server's resident memory (RSS) per session answered, sampled every 0.2 s, over the
  sessions answered before the first of them could expire; then the RSS after every session
  has expired, and again after a repeat of the first wave has expired (memory kept for reuse
  by the allocator does not grow; memory still referenced does).
* ``bots``: click -> repaint (the Circle harness of ``bench/latency.py``, browser clock) in a
  person-vs-person game, first idle, then while four other sessions each run the strongest bots
  against each other (Circle, both seats MCTS strength 5).  The four bot sessions are driven
  (``--bot-drivers``) by ``client``: bare Bokeh-protocol websocket clients (one small process
  each, nothing rendered), and by ``browser``: four more tabs of the measured tab's own
  Chromium; each with the bot workers at each priority of ``--bot-nice`` (``COLE_BOT_NICE``;
  0 = the server's own).  Target: median at most 1.5x idle.  Then the bot sessions are closed
  mid-search and the server's CPU time (its own process and its bot workers) is sampled every
  50 ms until a 300 ms window uses less than 5 % of a core.  Target: within 1 s.

Figures: docs/findings.md, "Serving: many pages at once" (dated, with the load average).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
import urllib.request
from collections.abc import Callable
from contextlib import contextmanager, suppress
from pathlib import Path

import psutil

from bench.bench_circle_ui import _circle_points
from bench.latency import (
    CHROMIUM,
    CHROMIUM_ARGS,
    ROOT,
    BokehFigure,
    PanelServer,
    click_and_time,
    instrument,
    open_page,
    summary,
)
from cole_panel.game_pages import GAME_PAGES
from cole_panel.ui.memory import DELAY as HAND_BACK_DELAY

APPS = tuple(page.address for page in GAME_PAGES.values())
PHASES = ("open", "waves", "bots")
DRIVERS = ("client", "browser")
FIGURES = {
    **{page.address: page.board_name for page in GAME_PAGES.values()},
    "bare": "bare-board",
}
"""The board that must be drawn for each app's page to count as interactive."""
PROBE_PATH = "/static/extensions/panel/images/favicon.ico"
"""A small file the server sends from its event loop (the probe of a held loop)."""
IDLE_SHARE = 0.05

# Circle as served, with the address choosing a person-vs-person game or the strongest bots.
CIRCLE_APP = textwrap.dedent("""
    import panel as pn

    from cole_panel.circle import CircleDashboard, CircleModel
    from cole_panel.ui.resume import CONNECTION

    pn.extension(**CONNECTION)
    dashboard = CircleDashboard(model=CircleModel(seat0="Human", seat1="Human"), pace=0.0)
    if "bots" in pn.state.session_args:  # set after the page has read its address
        dashboard.model.param.update(seat0="MCTS", seat1="MCTS", strength0=5, strength1=5)
    dashboard.servable(title="Circle of Life")
""")

# The floor of "page interactive": Panel's Bootstrap template (as every page of ours) around one
# small figure, opened and timed the same way.
BARE_APP = textwrap.dedent("""
    import panel as pn
    from bokeh.plotting import figure

    pn.extension()
    board = figure(name="bare-board", width=400, height=300, tools="", toolbar_location=None)
    board.scatter([1, 2, 3], [3, 1, 2])
    pn.template.BootstrapTemplate(title="Bare", main=[pn.pane.Bokeh(board)]).servable()
""")
BARE = "bare"

# One bot "tab" with nothing rendered: a bare websocket client of the Bokeh protocol that opens
# a session (a fresh session id in its token, as ``bokeh.client`` makes one), says "document
# ready" as BokehJS does once it has shown a page (a served page's bots wait for that: without
# it these sessions never searched), and reads every change the server sends until it is
# killed.  (``bokeh.client`` itself cannot decode Panel's generated models.)
CLIENT_TAB = textwrap.dedent("""
    import asyncio
    import json
    import sys

    from bokeh.util.token import generate_jwt_token, generate_session_id
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    async def main():
        url = sys.argv[1].replace("http", "ws", 1) + "/ws?bots=1"
        token = generate_jwt_token(generate_session_id())
        socket = await websocket_connect(HTTPRequest(url), subprotocols=["bokeh", token])
        await socket.read_message()  # the server's ACK: the session exists
        # What BokehJS says once it has shown the page: a served page's bots wait for it.
        ready = {"type": "event", "name": "document_ready", "values": {"type": "map", "entries": []}}
        event = {"kind": "MessageSent", "msg_type": "bokeh_event", "msg_data": ready}
        header = {"msgid": "ready", "msgtype": "PATCH-DOC"}
        for frame in (header, {}, {"events": [event]}):
            await socket.write_message(json.dumps(frame))
        print("connected", flush=True)
        while await socket.read_message() is not None:
            pass

    asyncio.run(main())
""")


class Budget:
    """A phase's time limit: every wait inside the phase is cut to what is left."""

    def __init__(self, minutes: float):
        self.end = time.monotonic() + 60 * minutes

    def left(self) -> float:
        return max(0.0, self.end - time.monotonic())

    def ms(self, cap_s: float) -> int:
        """A Playwright timeout: ``cap_s`` or what is left, whichever is less (at least 1 s)."""
        return int(1000 * max(1.0, min(cap_s, self.left())))


def _server(
    app: str, lifetime: float, script: Path | None = None, processes: int = 1, **env: str
) -> PanelServer:
    flags = (
        "--check-unused-sessions",
        "1000",
        "--unused-session-lifetime",
        str(int(lifetime * 1000)),
        *(("--processes", str(processes)) if processes > 1 else ()),
    )
    server = PanelServer(app, script=script, extra_args=flags)
    server.log_path = server.log_path.with_name(f"bench-load-{app}.log")
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        return server.start()
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


# ---------------------------------------------------------------------------------- open
class LoopProbe:
    """Asks the server for a small static file every 25 ms; the longest answer times are how
    long the server's one event loop was held."""

    def __init__(self, base: str):
        self.url = base + PROBE_PATH
        self.times: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            start = time.perf_counter()
            with suppress(OSError), urllib.request.urlopen(self.url, timeout=60) as reply:
                reply.read()
            self.times.append(time.perf_counter() - start)
            self._stop.wait(0.025)

    def __enter__(self) -> LoopProbe:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join(65)


def _base(server: PanelServer) -> str:
    return f"http://127.0.0.1:{server.port}"


def _open_times(browser, app: str, server: PanelServer, opens: int, budget: Budget):
    """(first open's seconds, then per later open: seconds to interactive, longest wait of
    another request, server CPU), or None when no page opened in time.  The first open pays
    for imports and caches; the figures are the later opens'."""
    seconds, held, cpu = [], [], []
    for _ in range(opens):
        if budget.left() < 5:
            break
        with LoopProbe(_base(server)) as probe:
            start, cpu0 = time.perf_counter(), _cpu_split(server.pid)[0]
            context, page = open_page(browser, server.url)
            BokehFigure(page, FIGURES[app]).wait_ready(timeout_ms=budget.ms(60))
            seconds.append(time.perf_counter() - start)
            cpu.append(_cpu_split(server.pid)[0] - cpu0)
        context.close()
        held.append(max(probe.times, default=float("nan")))
    if not seconds:
        return None
    later = slice(1, None) if len(seconds) > 1 else slice(None)
    return seconds[0], seconds[later], held[later], cpu[later]


def _open_phase(
    browser, app: str, server: PanelServer, opens: int, budget: Budget, bare: float | None
) -> list[str]:
    """The open phase's lines for ``app``; ``bare``: the bare page's median, to compare with."""
    times = _open_times(browser, app, server, opens, budget)
    if times is None:
        return [f"  {app:<10} page interactive: no page opened within the phase's time"]
    first, wall, held, cpu = times
    median = statistics.median(wall)
    ratio = f", x{median / bare:.2f} the bare page" if bare else ""
    return [
        f"  {app:<10} page interactive (Chromium): median {median:5.2f} s{ratio}, "
        f"max {max(wall):5.2f} s, n={len(wall)} after a first open of {first:5.2f} s "
        f"(target <= 1 s: {_met(median <= 1.0)})",
        f"  {app:<10} server CPU per page {statistics.median(cpu):5.2f} s (a quiet machine's "
        "lower bound for the above)",
        f"  {app:<10} longest wait of another request during a page build: "
        f"{1000 * max(held):5.0f} ms (target <= 300 ms: {_met(max(held) <= 0.3)})",
    ]


# ---------------------------------------------------------------------------------- waves
BUSY_MARK = "cole-busy"
"""What the server's "busy, retrying" page holds (cole_panel.ui.page_build.busy_page)."""
_REFRESH = re.compile(r'http-equiv="refresh" content="(\d+)"')


def _page_after_retries(url: str, limit: float) -> tuple[float, int]:
    """(seconds until the page itself came, busy pages met on the way): a busy page is asked
    again after the seconds it says, as a browser does; inf if no page came within ``limit``."""
    start, busy = time.perf_counter(), 0
    while time.perf_counter() - start < limit:
        left = max(0.1, limit - (time.perf_counter() - start))
        try:
            with urllib.request.urlopen(url, timeout=left) as reply:
                body = reply.read().decode("utf-8", "replace")
        except OSError:
            return float("inf"), busy
        again = _REFRESH.search(body) if BUSY_MARK in body else None
        if again is None:
            return time.perf_counter() - start, busy
        busy += 1
        time.sleep(int(again.group(1)))
    return float("inf"), busy


def _wave(url: str, count: int, limit: float, times: list[float], busy: list[int] | None = None):
    """``count`` page requests at once, each one's seconds to the page itself (past any busy
    pages) appended to ``times`` as it is answered (inf: never), its busy pages to ``busy``;
    returns the seconds the whole wave took."""
    lock = threading.Lock()

    def one() -> None:
        seconds, retried = _page_after_retries(url, limit)
        with lock:
            times.append(seconds)
            if busy is not None:
                busy.append(retried)

    threads = [threading.Thread(target=one, daemon=True) for _ in range(count)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(max(0.1, limit - (time.perf_counter() - start)))
    return time.perf_counter() - start


def _rss_per_session(
    server: PanelServer, url: str, count: int, lifetime: float, limit: float, busy=None
):
    """(seconds per page, wave seconds, MB per session).  The memory is the growth of the
    server's RSS over the sessions answered before the first of them could expire (a wave
    longer than the lifetime loses its first sessions while it runs); nan if none."""
    times: list[float] = []
    before = _rss_mb(server)
    samples: list[tuple[float, int, float]] = []
    done = threading.Event()

    def sample() -> None:
        start = time.perf_counter()
        while not done.is_set():
            answered = sum(t != float("inf") for t in list(times))
            samples.append((time.perf_counter() - start, answered, _rss_mb(server)))
            done.wait(0.2)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    duration = _wave(url, count, limit, times, busy)
    done.set()
    sampler.join()
    samples.append((duration, sum(t != float("inf") for t in times), _rss_mb(server)))
    # a session's expiry clock starts when its page is built (answered): none has gone before
    # the first answer plus the lifetime
    first = min(times, default=float("inf"))
    usable = [s for s in samples if s[0] <= first + lifetime and s[1] > 0]
    if not usable:  # no page came back before the first could expire: nothing to divide
        return times, duration, float("nan")
    _, answered, rss = max(usable, key=lambda s: s[1])
    return times, duration, (rss - before) / answered


def _waves_phase(
    app: str, server: PanelServer, counts: list[int], lifetime: float, budget: Budget
) -> list[str]:
    """Prints each wave as it ends; returns the memory line."""
    expire = lifetime + 3
    time.sleep(min(expire, budget.left()))  # the open phase's sessions expire first
    base = _rss_mb(server)
    for count in counts:
        if budget.left() < expire + 5:
            print(f"  {app:<10} {count:>3} at once: not run (phase time used up)", flush=True)
            continue
        busy: list[int] = []
        cpu0 = _cpu_split(server.pid)[0]
        times, duration, per = _rss_per_session(
            server, server.url, count, lifetime, budget.left() - expire, busy
        )
        # unanswered pages count as the slowest (inf), so p50/p95 say so when they are among them
        times += [float("inf")] * (count - len(times))
        answered = sum(t != float("inf") for t in times)
        cpu = (_cpu_split(server.pid)[0] - cpu0) / max(1, answered)
        p50, p95 = statistics.median(times), sorted(times)[int(0.95 * (count - 1))]
        memory = "n/a (no page answered before the first could expire)"
        if per == per:  # not nan
            memory = f"+{per:4.1f} MB/session (target <= 10 MB: {_met(per <= 10)})"
        print(
            f"  {app:<10} {count:>3} at once: page p50 {p50:5.2f} s  p95 {p95:5.2f} s "
            f"(target p95 <= 10 s: {_met(p95 <= 10)}; {answered}/{count} answered, "
            f"{sum(busy)} busy pages asked again, wave {duration:5.1f} s, {_load_average()})",
            flush=True,
        )
        print(
            f"  {app:<10} {count:>3} at once: server CPU {cpu:5.2f} s per page  RSS {memory}",
            flush=True,
        )
        # pages nobody waited for are still being built: let the server finish, then expire
        _seconds_to_idle(server.pid, min(60.0, budget.left()))
        time.sleep(min(expire, budget.left()))
    time.sleep(min(HAND_BACK_DELAY, budget.left()))  # the server hands memory back by then
    after = _rss_mb(server)
    lines = [
        f"  {app:<10} RSS {base:6.1f} MB before the waves, {after:6.1f} MB after "
        f"every session expired"
    ]
    # Memory not handed back is either kept by the allocator for reuse or still referenced:
    # a repeat of the first wave tells them apart (reused: the RSS hardly moves).
    if counts and budget.left() >= expire + 10:
        _rss_per_session(server, server.url, counts[0], lifetime, budget.left() - expire)
        _seconds_to_idle(server.pid, min(60.0, budget.left()))
        time.sleep(min(expire + HAND_BACK_DELAY, budget.left()))
        again = _rss_mb(server)
        lines.append(
            f"  {app:<10} RSS {again:6.1f} MB after a repeat wave of {counts[0]} expired: "
            f"{again - after:+.1f} MB from after the first waves (target within 20 MB: "
            f"{_met(abs(again - after) <= 20)}; near 0 when the memory the waves took is "
            "reused or handed back)"
        )
    else:
        lines.append(f"  {app:<10} repeat wave: not run (phase time used up)")
    return lines


# ---------------------------------------------------------------------------------- bots
def _serving(proc: psutil.Process) -> bool:
    """Whether ``proc`` serves pages (the launcher or, under ``--processes``, one it started or
    the HAProxy in front of them)."""
    try:
        return "cole_panel.serve" in proc.cmdline() or proc.name() == "haproxy"
    except psutil.Error:
        return False


def _cpu_split(pid: int) -> tuple[float, float]:
    """CPU seconds of the processes serving pages (the launcher, and those it started under
    ``--processes``) and of every other process they started (the bots)."""
    root = psutil.Process(pid)
    own, bots = 0.0, 0.0
    for proc in [root, *root.children(recursive=True)]:
        try:
            t = proc.cpu_times()
        except psutil.Error:
            continue
        if proc.pid == pid or _serving(proc):
            own += t.user + t.system
        else:
            bots += t.user + t.system
    return own, bots


def _rss_mb(server: PanelServer) -> float:
    """Resident memory (MB) of the processes serving pages (every one under ``--processes``)."""
    root = psutil.Process(server.pid)
    serving = [root, *(p for p in root.children() if _serving(p))]
    total = 0
    for proc in serving:
        with suppress(psutil.Error):
            total += proc.memory_info().rss
    return total / 2**20


def _seconds_to_idle(pid: int, limit: float) -> float:
    """Seconds until a 300 ms window of the server's CPU is under IDLE_SHARE of a core."""
    start = time.perf_counter()
    samples = [(start, sum(_cpu_split(pid)))]
    while time.perf_counter() - start < limit:
        time.sleep(0.05)
        now = time.perf_counter()
        samples.append((now, sum(_cpu_split(pid))))
        window = [s for s in samples if now - s[0] <= 0.3]
        if now - start >= 0.3 and len(window) > 1:
            (t0, c0), (t1, c1) = window[0], window[-1]
            if (c1 - c0) / (t1 - t0) < IDLE_SHARE:
                return t0 - start
    return float("inf")


@contextmanager
def _bot_tabs(driver: str, browser, url: str, tabs: int, budget: Budget):
    """``tabs`` sessions of MCTS-5 vs MCTS-5, each searching when this yields; a callable that
    closes them all at once (a closed tab: its connection ends)."""
    closers: list[Callable[[], None]] = []

    def close_all() -> None:
        while closers:
            closers.pop()()

    try:
        if driver == "browser":
            for _ in range(tabs):
                tab, bot_page = open_page(browser, url + "?bots=1")
                closers.append(tab.close)
                thinking = bot_page.locator(".cole-thinking").get_by_text("thinking")
                thinking.wait_for(timeout=budget.ms(60))
        else:
            for _ in range(tabs):
                proc = subprocess.Popen(
                    [sys.executable, "-c", CLIENT_TAB, url],
                    cwd=ROOT,
                    stdout=subprocess.PIPE,
                    text=True,
                )
                closers.append(lambda proc=proc: (proc.kill(), proc.wait(10)))
                proc.stdout.readline()  # "connected": the session exists and its bots start
            time.sleep(1.0)  # let every first search start
        yield close_all
    finally:
        close_all()


def _bots_phase(
    browser,
    drivers: list[str],
    nices: list[int],
    tabs: int,
    clicks: int,
    lifetime: float,
    budget: Budget,
) -> list[str]:
    """Prints each run as it ends; returns the busy/idle ratios side by side."""
    ratios: dict[tuple[str, int], float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "circle.py"
        script.write_text(CIRCLE_APP)
        for nice in nices:
            server = _server("circle", lifetime, script, COLE_BOT_NICE=str(nice))
            try:
                for driver in drivers:
                    if budget.left() < 20:
                        print(f"  bots driven by {driver}, nice {nice}: not run (time used up)")
                        continue
                    ratio, lines = _bots_once(browser, server, driver, nice, tabs, clicks, budget)
                    _print(lines)
                    ratios[driver, nice] = ratio
            finally:
                server.stop()
    return [
        f"  busy/idle median, {driver}: "
        + ", ".join(f"x{ratios[driver, n]:.2f} at nice {n}" for n in nices if (driver, n) in ratios)
        for driver in drivers
    ]


def _bots_once(
    browser, server, driver: str, nice: int, tabs: int, clicks: int, budget: Budget
) -> tuple[float, list[str]]:
    context, page = open_page(browser, server.url)
    try:
        board = BokehFigure(page, FIGURES["circle"]).wait_ready()
        instrument(page, "circle-stones")
        points = _circle_points()[: 2 * clicks]
        idle = [click_and_time(page, lambda p=p: board.click(*p))[0] for p in points[:clicks]]
        busy: list[float] = []
        with _bot_tabs(driver, browser, server.url, tabs, budget) as close_tabs:
            start, (own0, bots0) = time.perf_counter(), _cpu_split(server.pid)
            for p in points[clicks:]:
                if budget.left() < 10:
                    break
                ms, _ = click_and_time(page, lambda p=p: board.click(*p), budget.ms(60))
                busy.append(ms)
            seconds, (own1, bots1) = time.perf_counter() - start, _cpu_split(server.pid)
            close_tabs()
            to_idle = _seconds_to_idle(server.pid, min(30.0, budget.left()))
    finally:
        context.close()
    if not busy:
        return float("nan"), [f"  bots driven by {driver}, nice {nice}: no click in the time left"]
    ratio = statistics.median(busy) / statistics.median(idle)
    name = {"client": "websocket clients", "browser": "tabs of the same Chromium"}[driver]
    bot_share = (bots1 - bots0) / seconds
    searched = (
        "" if bot_share >= IDLE_SHARE else " -- NOT MEASURED: the bot sessions did not search"
    )
    return ratio, [
        f"  bots driven by {tabs} {name}, bot workers {nice} steps below the server's priority"
        f" ({_load_average()}):",
        "  " + summary("idle", idle, 30),
        "  " + summary(f"{tabs} x MCTS-5 vs MCTS-5 elsewhere", busy, 30),
        f"    meanwhile the server's own process used {(own1 - own0) / seconds:.0%} of a core "
        f"and its bot workers {bot_share:.0%}",
        f"    ratio busy/idle: median x{ratio:.2f} (target <= 1.5: {_met(ratio <= 1.5)})"
        + searched,
        f"    CPU back to idle {to_idle:.2f} s after closing the bot sessions mid-search "
        f"(target <= 1 s: {_met(to_idle <= 1.0)})",
    ]


# ---------------------------------------------------------------------------------- main
def _met(ok: bool) -> str:
    return "MET" if ok else "NOT MET"


def _load_average() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in psutil.getloadavg())


def _args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phases", nargs="*", choices=PHASES, default=list(PHASES))
    parser.add_argument("--apps", nargs="*", choices=APPS, default=list(APPS))
    parser.add_argument("--opens", type=int, default=4, help="pages opened one at a time per app")
    parser.add_argument("--sessions", type=int, nargs="*", default=[10, 30, 50])
    parser.add_argument("--lifetime", type=float, default=10.0, help="unused-session lifetime (s)")
    parser.add_argument("--clicks", type=int, default=12, help="clicks idle and clicks busy")
    parser.add_argument("--bot-tabs", type=int, default=4)
    parser.add_argument("--bot-drivers", nargs="*", choices=DRIVERS, default=list(DRIVERS))
    parser.add_argument(
        "--bot-nice", type=int, nargs="*", default=[0, 10], help="COLE_BOT_NICE values to compare"
    )
    parser.add_argument("--open-minutes", type=float, default=0.75, help="limit per app")
    parser.add_argument("--waves-minutes", type=float, default=1.5, help="limit per app")
    parser.add_argument("--bots-minutes", type=float, default=3.5, help="limit for all bot runs")
    parser.add_argument(
        "--processes",
        type=int,
        default=2,
        help="serving processes behind the one address (make serve's default: 2)",
    )
    return parser.parse_args([] if argv is None else argv)


def main(argv: list[str] | None = None) -> None:
    from playwright.sync_api import sync_playwright

    args = _args(argv)
    print(f"bench load: {_load_average()} at the start", flush=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            bare = _bare_page(browser, args) if "open" in args.phases else None
            for app in args.apps if {"open", "waves"} & set(args.phases) else ():
                server = _server(app, args.lifetime, processes=args.processes)
                try:
                    if "open" in args.phases:
                        budget = Budget(args.open_minutes)
                        _print(_open_phase(browser, app, server, args.opens, budget, bare))
                    if "waves" in args.phases:
                        budget = Budget(args.waves_minutes)
                        _print(_waves_phase(app, server, args.sessions, args.lifetime, budget))
                finally:
                    server.stop()
            if "bots" in args.phases:
                print("Click -> repaint in one Circle tab (browser clock)", flush=True)
                budget = Budget(args.bots_minutes)
                lines = _bots_phase(
                    browser,
                    args.bot_drivers,
                    args.bot_nice,
                    args.bot_tabs,
                    args.clicks,
                    args.lifetime,
                    budget,
                )
                _print(lines)
        finally:
            browser.close()
    print(f"bench load: {_load_average()} at the end", flush=True)


def _bare_page(browser, args: argparse.Namespace) -> float | None:
    """Open the bare page as the apps are opened; print its line and return its median."""
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / f"{BARE}.py"
        script.write_text(BARE_APP)
        server = _server(BARE, args.lifetime, script=script)
        try:
            times = _open_times(browser, BARE, server, args.opens, Budget(args.open_minutes))
        finally:
            server.stop()
    if times is None:
        _print([f"  {'reference':<10} bare Panel page: no page opened within the phase's time"])
        return None
    _first, wall, _held, cpu = times
    median = statistics.median(wall)
    _print(
        [
            f"  {'reference':<10} a bare Panel page (the same template, one figure) interactive: "
            f"median {median:5.2f} s, max {max(wall):5.2f} s, server CPU per page "
            f"{statistics.median(cpu):5.2f} s (the floor of the figures below on this machine)"
        ]
    )
    return median


def _print(lines: list[str]) -> None:
    for line in lines:
        print(line, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
