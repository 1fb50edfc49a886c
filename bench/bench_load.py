"""The served demo under many visitors: session start, memory, bots elsewhere, idle after close.

Method (loopback only; every count and wait is bounded)
-------------------------------------------------------
* A real ``panel serve`` per app on 127.0.0.1, with sessions checked every second and dropped
  :data:`LIFETIME_S` s after their last connection, and Debian's headless Chromium.
* Page interactive, idle: Chromium opens the page and waits until the board figure is drawn
  and clickable (BokehJS has its view); :data:`OPENS` times per app, one at a time.
* Sessions in parallel (10, 30, 50 for Circle; 10 for Ecosystem and Savannah): that many
  plain HTTP requests at once; each response is the page with its document built and
  serialized by the server, so its time is the server's share of "interactive".  p50/p95.
* Memory: the server's resident memory (RSS) before and right after each wave, per session;
  then again after every session has expired (sessions of a wave that takes longer than the
  lifetime expire during it, so the per-session figure is then a lower bound: the wave's
  duration is printed).
* Click -> repaint: the Circle harness of ``bench/latency.py`` (browser clock), in a
  person-vs-person game; first idle, then while four other tabs each run the strongest bots
  against each other (Circle, both seats MCTS strength 5).  Target: median at most 1.5x idle.
* CPU after closing: the four bot tabs are closed mid-search; the server's CPU time (its own
  process and its bot workers) is sampled every 50 ms until a 300 ms window uses less than
  5 % of a core.  Target: within 1 s.
"""

from __future__ import annotations

import statistics
import tempfile
import textwrap
import threading
import time
import urllib.request
from pathlib import Path

import psutil

from bench.bench_circle_ui import _circle_points
from bench.latency import (
    CHROMIUM,
    CHROMIUM_ARGS,
    BokehFigure,
    PanelServer,
    click_and_time,
    instrument,
    open_page,
    percentile,
    summary,
)
from cole_panel.circle.board import BOARD_NAME
from cole_panel.ecosystem.explorer_view import EXPLORER_BOARD
from cole_panel.savannah.hand import HAND_NAME

LIFETIME_S = 30
OPENS = 3
CLICKS = 16
BOT_TABS = 4
WAVES = {"circle": (10, 30, 50), "ecosystem": (10,), "savannah": (10,)}
FIGURES = {"circle": BOARD_NAME, "ecosystem": EXPLORER_BOARD, "savannah": HAND_NAME}
"""The board that must be drawn for each app's page to count as interactive."""
WAVE_LIMIT_S = 240.0
IDLE_SHARE = 0.05
FLAGS = (
    "--check-unused-sessions",
    "1000",
    "--unused-session-lifetime",
    str(LIFETIME_S * 1000),
)

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


def _interactive(browser, server: PanelServer, figure: str) -> float:
    """Seconds from the request to a clickable board in Chromium."""
    start = time.perf_counter()
    context, page = open_page(browser, server.url)
    BokehFigure(page, figure).wait_ready()
    seconds = time.perf_counter() - start
    context.close()
    return seconds


def _wave(url: str, count: int) -> tuple[list[float], float]:
    """``count`` page requests at once: (seconds each, seconds for the whole wave)."""
    times: list[float] = []
    lock = threading.Lock()

    def one() -> None:
        start = time.perf_counter()
        try:
            with urllib.request.urlopen(url, timeout=WAVE_LIMIT_S) as reply:
                reply.read()
        except OSError:  # counted as never interactive
            seconds = float("inf")
        else:
            seconds = time.perf_counter() - start
        with lock:
            times.append(seconds)

    threads = [threading.Thread(target=one, daemon=True) for _ in range(count)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAVE_LIMIT_S)
    return times, time.perf_counter() - start


def _cpu_split(pid: int) -> tuple[float, float]:
    """CPU seconds of the server process itself and of every process it started (the bots)."""
    root = psutil.Process(pid)
    times = []
    for proc in [root, *root.children(recursive=True)]:
        try:
            t = proc.cpu_times()
            times.append(t.user + t.system)
        except psutil.Error:
            times.append(0.0)
    return times[0], sum(times[1:])


def _cpu_seconds(pid: int) -> float:
    return sum(_cpu_split(pid))


def _seconds_to_idle(pid: int, limit: float = 30.0) -> float:
    """Seconds until a 300 ms window of the server's CPU is under IDLE_SHARE of a core."""
    start = time.perf_counter()
    samples = [(start, _cpu_seconds(pid))]
    while time.perf_counter() - start < limit:
        time.sleep(0.05)
        now = time.perf_counter()
        samples.append((now, _cpu_seconds(pid)))
        window = [s for s in samples if now - s[0] <= 0.3]
        if now - start >= 0.3 and len(window) > 1:
            (t0, c0), (t1, c1) = window[0], window[-1]
            if (c1 - c0) / (t1 - t0) < IDLE_SHARE:
                return t0 - start
    return float("inf")


def _memory_line(
    app: str, waves: dict[int, tuple[list[float], float, float]], base: float, after: float
) -> list[str]:
    lines = []
    for count, (times, duration, per) in waves.items():
        lines.append(
            f"  {app:<10} {count:>3} at once: p50 {statistics.median(times):5.2f} s  "
            f"p95 {percentile(times, 0.95):5.2f} s  (wave {duration:5.1f} s)  "
            f"RSS {per:5.1f} MB/session"
        )
    lines.append(f"  {app:<10} RSS {base:6.1f} MB before, {after:6.1f} MB after all expired")
    return lines


def _app_figures(browser, app: str, script: Path | None) -> tuple[list[float], list[str]]:
    server = PanelServer(app, script=script, extra_args=FLAGS)
    server.log_path = server.log_path.with_name(f"bench-load-{app}.log")
    server.start()
    try:
        opens = [_interactive(browser, server, FIGURES[app]) for _ in range(OPENS)]
        time.sleep(LIFETIME_S + 3)  # let the pages' sessions expire
        base = server.rss_mb()
        waves = {}
        for count in WAVES[app]:
            before = server.rss_mb()
            times, duration = _wave(server.url, count)
            waves[count] = (times, duration, (server.rss_mb() - before) / count)
            time.sleep(LIFETIME_S + 3)
        return opens, _memory_line(app, waves, base, server.rss_mb())
    finally:
        server.stop()


def _bots_elsewhere(browser) -> tuple[list[float], list[float], float, tuple[float, float]]:
    """(idle click latencies, latencies with four bot tabs, seconds to idle after closing,
    CPU share of the server's own process and of its bot workers while the bots played)."""
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "circle.py"
        script.write_text(CIRCLE_APP)
        server = PanelServer("circle", script=script, extra_args=FLAGS)
        server.log_path = server.log_path.with_name("bench-load-bots.log")
        server.start()
        try:
            context, page = open_page(browser, server.url)
            board = BokehFigure(page, BOARD_NAME).wait_ready()
            instrument(page, "circle-stones")
            points = _circle_points()[: 2 * CLICKS]
            idle = [click_and_time(page, lambda p=p: board.click(*p))[0] for p in points[:CLICKS]]
            bot_tabs = []
            for _ in range(BOT_TABS):
                tab, bot_page = open_page(browser, server.url + "?bots=1")
                bot_page.locator(".cole-thinking").get_by_text("thinking").wait_for(timeout=60_000)
                bot_tabs.append(tab)
            start, (own0, bots0) = time.perf_counter(), _cpu_split(server.pid)
            busy = [
                click_and_time(page, lambda p=p: board.click(*p), timeout_ms=60_000)[0]
                for p in points[CLICKS:]
            ]
            seconds, (own1, bots1) = time.perf_counter() - start, _cpu_split(server.pid)
            shares = ((own1 - own0) / seconds, (bots1 - bots0) / seconds)
            for tab in bot_tabs:
                tab.close()
            to_idle = _seconds_to_idle(server.pid)
            context.close()
            return idle, busy, to_idle, shares
        finally:
            server.stop()


def _print_app(app: str, opens: list[float], memory: list[str]) -> None:
    met = "MET" if statistics.median(opens) <= 1.0 else "NOT MET"
    print(
        f"  {app:<10} page interactive in Chromium, no other load: median "
        f"{statistics.median(opens):5.2f} s, max {max(opens):5.2f} s (target <= 1 s: {met})"
    )
    for line in memory:
        print(line, flush=True)


def _print_bots(idle: list[float], busy: list[float], to_idle: float, shares: tuple) -> None:
    print("Click -> repaint in one Circle tab (browser clock)")
    print(summary("idle", idle, 30))
    print(summary(f"{BOT_TABS} tabs of MCTS-5 vs MCTS-5", busy, 30))
    print(
        f"  meanwhile the server's own process used {shares[0]:.0%} of a core and its bot "
        f"workers {shares[1]:.0%}"
    )
    ratio = statistics.median(busy) / statistics.median(idle)
    met = "MET" if ratio <= 1.5 else "NOT MET"
    print(f"  ratio busy/idle: median x{ratio:.2f} (target <= 1.5: {met})")
    met = "MET" if to_idle <= 1.0 else "NOT MET"
    print(
        f"CPU back to idle {to_idle:.2f} s after closing the bot tabs mid-search (target <= 1 s: {met})"
    )


def main() -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            print(
                "Sessions opened in parallel: server page build p50/p95, RSS per session (target <= 10 MB)"
            )
            for app in WAVES:
                _print_app(app, *_app_figures(browser, app, None))
            _print_bots(*_bots_elsewhere(browser))
        finally:
            browser.close()


if __name__ == "__main__":
    main()
