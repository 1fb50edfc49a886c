"""Circle of Life UI speed in a real browser: click → repainted board, and memory per session.

Method
------
* A real ``panel serve apps/circle.py`` on 127.0.0.1 and Debian's headless Chromium (the same
  harness as the browser tests, ``tests/browser/conftest.py``).
* Latency: Black's seat is set to Human, then ≥ 30 legal cells are clicked one after the other
  (a local engine mirrors the game to pick legal cells; clicks are ≥ 350 ms apart so Bokeh never
  sees a double tap).  In the page, a capture-phase ``pointerup`` listener stamps the click, and
  a listener on the ``data`` property of the board's stones ColumnDataSource (``circle-stones``)
  stamps the next animation frame after the server's new data arrives: BokehJS schedules its
  repaint on the same frame, and our callback is queued after it, so the stamp is the moment the
  new stone is on the canvas.  The difference, measured entirely in the browser's clock, is the
  click-to-repaint time.
* Reference: the same measurement on a bare Panel app (a figure whose Tap handler appends one
  circle to a ColumnDataSource), run in the same session, so the ratio shows what the game adds
  to Bokeh's own round trip.
* Memory: resident memory of the server process (``/proc/<pid>/status`` VmRSS) with 1 session
  open, then with 6; MB per extra session = difference / 5 (for the game and for the bare app).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cole_panel.circle.board import BOARD_NAME  # noqa: E402
from cole_panel.circle.geometry import cell_center  # noqa: E402
from engines.circle import new_game  # noqa: E402
from tests.browser.conftest import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    VIEWPORT,
    BokehFigure,
    PanelServer,
)

CLICKS = 36
SESSIONS = 6

INSTRUMENT_JS = """
(sourceName) => {
  window.__cole = {clicks: [], paints: []};
  document.addEventListener('pointerup', () => window.__cole.clicks.push(performance.now()),
                            {capture: true});
  const src = Bokeh.documents[0].get_model_by_name(sourceName);
  src.properties.data.change.connect(() => {
    requestAnimationFrame(() => window.__cole.paints.push(performance.now()));
  });
  return true;
}
"""

BARE_APP = textwrap.dedent("""
    import panel as pn
    from bokeh.events import Tap
    from bokeh.models import ColumnDataSource, Range1d
    from bokeh.plotting import figure

    source = ColumnDataSource(data=dict(x=[], y=[]), name="bare-stones")
    p = figure(name="bare-board", width=700, height=700, x_range=Range1d(-10, 10),
               y_range=Range1d(-10, 10), tools="", toolbar_location=None)
    p.axis.visible = False
    p.circle("x", "y", radius=0.6, source=source)

    def tap(event):
        data = dict(source.data)
        source.data = dict(x=[*data["x"], event.x], y=[*data["y"], event.y])

    p.on_event(Tap, tap)
    pn.pane.Bokeh(p).servable(title="bare")
""")


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def _measure_clicks(
    page, board: BokehFigure, source: str, points: list[tuple[float, float]]
) -> list[float]:
    page.evaluate(INSTRUMENT_JS, source)
    latencies = []
    for x, y in points:
        before = page.evaluate("() => window.__cole.paints.length")
        board.click(x, y)
        page.wait_for_function("k => window.__cole.paints.length > k", arg=before, timeout=10_000)
        clicks = page.evaluate("() => window.__cole.clicks")
        paints = page.evaluate("() => window.__cole.paints")
        latencies.append(paints[-1] - clicks[-1])
    return latencies


def _circle_points() -> list[tuple[float, float]]:
    """Centres of CLICKS cells that are legal one after the other (human vs human)."""
    state = new_game()
    points = []
    for _ in range(CLICKS):
        legal = state.legal_actions()
        # Spread the stones: the legal cell farthest (in reading order) from the last move.
        cell = legal[(len(points) * 17) % len(legal)]
        state.apply(cell)
        points.append(cell_center(cell))
    return points


def _open(browser, server: PanelServer):
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.goto(server.url, timeout=60_000)
    page.locator("canvas").first.wait_for(state="visible", timeout=60_000)
    return context, page


def _memory(browser, server: PanelServer, figure_name: str) -> tuple[float, float]:
    contexts = []
    try:
        for n in range(SESSIONS):
            context, page = _open(browser, server)
            BokehFigure(page, figure_name).wait_ready()
            contexts.append(context)
            if n == 0:
                time.sleep(2.0)
                one = server.rss_mb()
        time.sleep(2.0)
        many = server.rss_mb()
    finally:
        for context in contexts:
            context.close()
    return one, (many - one) / (SESSIONS - 1)


def main() -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        bare_script = Path(tmp) / "bare.py"
        bare_script.write_text(BARE_APP)
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        game = PanelServer("circle").start()
        bare = PanelServer("bare", script=bare_script).start()
        try:
            # Bare Bokeh round trip (reference).
            context, page = _open(browser, bare)
            board = BokehFigure(page, "bare-board").wait_ready()
            bare_points = [(-8 + (i % 9) * 2.0, -8 + (i // 9) * 2.0) for i in range(CLICKS)]
            bare_lat = _measure_clicks(page, board, "bare-stones", bare_points)
            context.close()

            # The game.
            context, page = _open(browser, game)
            board = BokehFigure(page, BOARD_NAME).wait_ready()
            page.locator(".bk-tab", has_text="New game").click()
            page.get_by_label("Black").select_option("Human")
            page.wait_for_timeout(500)
            page.wait_for_function("() => document.body.innerText !== null")
            game_lat = _measure_clicks(page, board, "circle-stones", _circle_points())
            context.close()

            game_one, game_per = _memory(browser, game, BOARD_NAME)
            bare_one, bare_per = _memory(browser, bare, "bare-board")
        finally:
            game.stop()
            bare.stop()
            browser.close()

    def line(name: str, values: list[float]) -> str:
        return (
            f"{name:<28} n={len(values):>3}  median {statistics.median(values):6.1f} ms  "
            f"p95 {_percentile(values, 0.95):6.1f} ms  max {max(values):6.1f} ms"
        )

    print("Click on a cell -> board repainted (Chromium, loopback, browser clock)")
    print(line("bare Bokeh tap -> CDS", bare_lat))
    print(line("Circle of Life dashboard", game_lat))
    med_ratio = statistics.median(game_lat) / statistics.median(bare_lat)
    p95_ratio = _percentile(game_lat, 0.95) / _percentile(bare_lat, 0.95)
    print(f"ratio game/bare: median x{med_ratio:.2f}, p95 x{p95_ratio:.2f}")
    print(
        "targets: median <= 100 ms, p95 <= 200 ms -> "
        + (
            "MET"
            if statistics.median(game_lat) <= 100 and _percentile(game_lat, 0.95) <= 200
            else "NOT MET"
        )
    )
    print()
    print(f"Server memory (RSS), 1 session then {SESSIONS} sessions open")
    print(f"  bare app: {bare_one:6.1f} MB with 1 session, {bare_per:5.1f} MB per extra session")
    print(
        f"  circle:   {game_one:6.1f} MB with 1 session, {game_per:5.1f} MB per extra session"
        f"  (x{game_per / bare_per if bare_per > 0 else float('nan'):.2f} the bare app)"
    )
    print("target: <= 30 MB per extra session -> " + ("MET" if game_per <= 30 else "NOT MET"))


if __name__ == "__main__":
    main()
