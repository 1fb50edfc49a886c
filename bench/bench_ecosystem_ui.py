"""Ecosystem scoring explorer speed in a real browser: click a cell → breakdown table and chart
updated.

Method
------
* A real ``panel serve apps/ecosystem.py`` on 127.0.0.1 and Debian's headless Chromium (the
  harness of the browser tests, ``tests/browser/conftest.py``).
* The park is cleared, then 36 cells are clicked one after the other (≥ 350 ms apart so Bokeh
  never sees a double tap), changing the brush between runs: grasslands on the "black" squares
  of a checkerboard, zebras on the "white" ones, trees over the zebras, then the eraser on six
  grasslands. The sequence is checked beforehand with the model: every click changes both the
  score lines (the table) and the points per category (the chart).
* How the repaint is detected, entirely on the browser's clock: a capture-phase ``pointerup``
  listener stamps the click. The chart is a HoloViews plot whose ColumnDataSource is named
  ``eco-bars-source``: when its ``data`` changes, BokehJS schedules the redraw on the next
  animation frame and our ``requestAnimationFrame`` callback, queued after it, stamps the moment
  the bars are on the canvas. The table is Panel's Tabulator: a ``MutationObserver`` on the
  Tabulator element (inside its view's shadow root) sees the rows rewritten, and the next
  animation frame after that is stamped. A click's latency is the later of the two stamps minus
  the click stamp: the moment both the table and the chart show the new score.
* Reference: the same click on a bare Panel app whose Tap handler appends one circle to a
  ColumnDataSource (the Bokeh round trip alone), measured in the same run, so the ratio shows
  what the explorer adds.
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

from cole_panel.ecosystem import ScoringExplorerModel  # noqa: E402
from cole_panel.ecosystem.explorer_view import EXPLORER_BOARD  # noqa: E402
from cole_panel.ecosystem.geometry import cell_center  # noqa: E402
from tests.browser.conftest import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    VIEWPORT,
    BokehFigure,
    PanelServer,
)

TARGET_MEDIAN_MS = 150.0

INSTRUMENT_JS = """
() => {
  const doc = Bokeh.documents[0];
  const bars = doc.get_model_by_name('eco-bars-source');
  const tableSource = [...doc._all_models.values()].find(
      m => m.data !== undefined && m.data.why !== undefined);
  const tableView = Bokeh.index.query_one(v => v.model && v.model.source === tableSource);
  const tableEl = tableView.shadow_el.querySelector('.tabulator');
  const s = window.__eco = {clicks: [], done: [], waiting: null};
  const mark = (what) => {
    const w = s.waiting;
    if (w === null || w[what] !== undefined) return;
    requestAnimationFrame(() => {
      w[what] = performance.now();
      if (w.bars !== undefined && w.table !== undefined && s.waiting === w) {
        s.done.push(Math.max(w.bars, w.table));
        s.waiting = null;
      }
    });
  };
  document.addEventListener('pointerup', () => {
    s.clicks.push(performance.now());
    s.waiting = {};
  }, {capture: true});
  bars.properties.data.change.connect(() => mark('bars'));
  new MutationObserver(() => mark('table')).observe(
      tableEl, {subtree: true, childList: true, characterData: true});
  return true;
}
"""

BARE_APP = textwrap.dedent("""
    import panel as pn
    from bokeh.events import Tap
    from bokeh.models import ColumnDataSource, Range1d
    from bokeh.plotting import figure

    source = ColumnDataSource(data=dict(x=[], y=[]), name="bare-stones")
    p = figure(name="bare-board", width=600, height=500, x_range=Range1d(0, 6),
               y_range=Range1d(-5, 0), tools="", toolbar_location=None)
    p.axis.visible = False
    p.circle("x", "y", radius=0.3, source=source)

    def tap(event):
        data = dict(source.data)
        source.data = dict(x=[*data["x"], event.x], y=[*data["y"], event.y])

    p.on_event(Tap, tap)
    pn.pane.Bokeh(p).servable(title="bare")
""")

BARE_JS = """
() => {
  const s = window.__eco = {clicks: [], done: []};
  document.addEventListener('pointerup', () => s.clicks.push(performance.now()), {capture: true});
  Bokeh.documents[0].get_model_by_name('bare-stones').properties.data.change.connect(
      () => requestAnimationFrame(() => s.done.push(performance.now())));
  return true;
}
"""

BRUSH_LABELS = {"GR": "Grassland", "ZB": "Zebra", "TR": "Tree", "eraser": "Eraser"}


def click_plan() -> list[tuple[str, tuple[int, int]]]:
    """36 (brush, cell) clicks; each one changes both the table and the chart (checked)."""
    cells = [(r, c) for r in range(4) for c in range(5)]
    black = [x for x in cells if sum(x) % 2 == 0]
    white = [x for x in cells if sum(x) % 2 == 1]
    plan = (
        [("GR", c) for c in black]
        + [("ZB", c) for c in white]
        + [("TR", c) for c in white]
        + [("eraser", c) for c in black[:6]]
    )
    model = ScoringExplorerModel(parks="\n".join([".. .. .. .. .."] * 4))
    before = (list(model.shown_lines), model.by_category())
    for brush, cell in plan:
        model.brush = brush
        model.paint(None, cell)
        after = (list(model.shown_lines), model.by_category())
        assert after[0] != before[0] and after[1] != before[1], (brush, cell)
        before = after
    return plan


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def _wait_done(page, count: int) -> tuple[float, float]:
    page.wait_for_function("n => window.__eco.done.length >= n", arg=count, timeout=15_000)
    clicks = page.evaluate("() => window.__eco.clicks")
    done = page.evaluate("() => window.__eco.done")
    return clicks[-1], done[-1]


def measure_explorer(browser, server: PanelServer) -> list[float]:
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.goto(server.url, timeout=60_000)
    board = BokehFigure(page, EXPLORER_BOARD).wait_ready()
    page.get_by_role("button", name="Clear park").click()
    page.locator(".eco-total-value").get_by_text("0", exact=True).wait_for()
    page.evaluate(INSTRUMENT_JS)
    latencies = []
    brush = None
    for n, (code, cell) in enumerate(click_plan(), start=1):
        if code != brush:
            page.get_by_role("button", name=BRUSH_LABELS[code], exact=True).click()
            word = "empty" if code == "eraser" else BRUSH_LABELS[code].lower() + "s"
            page.locator(".eco-brush").get_by_text(word).wait_for()
            brush = code
        board.click(*cell_center("classic", None, cell))
        clicked, painted = _wait_done(page, n)
        latencies.append(painted - clicked)
    context.close()
    return latencies


def measure_bare(browser, server: PanelServer, clicks: int) -> list[float]:
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.goto(server.url, timeout=60_000)
    board = BokehFigure(page, "bare-board").wait_ready()
    time.sleep(1.0)
    page.evaluate(BARE_JS)
    latencies = []
    for n in range(1, clicks + 1):
        board.click(0.5 + (n % 6), -0.5 - (n // 6) % 5)
        clicked, painted = _wait_done(page, n)
        latencies.append(painted - clicked)
    context.close()
    return latencies


def main() -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        bare_script = Path(tmp) / "bare_eco.py"
        bare_script.write_text(BARE_APP)
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        app = PanelServer("ecosystem").start()
        bare = PanelServer("bare_eco", script=bare_script).start()
        try:
            explorer = measure_explorer(browser, app)
            reference = measure_bare(browser, bare, len(explorer))
        finally:
            app.stop()
            bare.stop()
            browser.close()

    def line(name: str, values: list[float]) -> str:
        return (
            f"{name:<34} n={len(values):>3}  median {statistics.median(values):6.1f} ms  "
            f"p95 {_percentile(values, 0.95):6.1f} ms  max {max(values):6.1f} ms"
        )

    print(
        "Click on a cell -> breakdown table and chart repainted (Chromium, loopback, browser clock)"
    )
    print(line("bare Bokeh tap -> CDS (reference)", reference))
    print(line("Ecosystem scoring explorer", explorer))
    ratio = statistics.median(explorer) / statistics.median(reference)
    print(
        f"ratio explorer/bare: median x{ratio:.2f}, "
        f"p95 x{_percentile(explorer, 0.95) / _percentile(reference, 0.95):.2f}"
    )
    met = statistics.median(explorer) <= TARGET_MEDIAN_MS
    print(f"target: median <= {TARGET_MEDIAN_MS:.0f} ms -> {'MET' if met else 'NOT MET'}")


if __name__ == "__main__":
    main()
