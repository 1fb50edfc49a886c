"""Ecosystem scoring explorer speed in a real browser: click a cell → breakdown table and chart
updated.

Method
------
* A real ``panel serve apps/ecosystem.py`` on 127.0.0.1 and Debian's headless Chromium, with the
  click-to-repaint harness of ``bench/latency.py``.
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

from bench import latency
from bench.latency import BokehFigure, PanelServer
from cole_panel.ecosystem import ScoringExplorerModel
from cole_panel.ecosystem.explorer.view import EXPLORER_BOARD
from cole_panel.ecosystem.geometry import cell_center

TARGET_MEDIAN_MS = 150.0

EXPLORER_JS = """
() => {
  const doc = Bokeh.documents[0];
  const bars = doc.get_model_by_name('eco-bars-source');
  const tableView = Bokeh.index.query_one(
      v => v.model && v.model.source && v.model.source.data && v.model.source.data.why !== undefined);
  const tableEl = tableView.shadow_el.querySelector('.tabulator');
  const s = window.__cole;
  let waiting = null;
  const mark = (what) => {
    const w = waiting;
    if (w === null || w[what] !== undefined) return;
    requestAnimationFrame(() => {
      w[what] = performance.now();
      if (w.bars !== undefined && w.table !== undefined && waiting === w) {
        s.paints.push(Math.max(w.bars, w.table));
        waiting = null;
      }
    });
  };
  document.addEventListener('pointerup', () => { waiting = {}; }, {capture: true});
  bars.properties.data.change.connect(() => mark('bars'));
  new MutationObserver(() => mark('table')).observe(
      tableEl, {subtree: true, childList: true, characterData: true});
  return true;
}
"""
"""Pushes a repaint stamp once both the chart and the table show the click's new score."""

BARE_APP = latency.bare_tap_app(600, 500, (0, 6), (-5, 0), 0.3)

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


def measure_explorer(browser, server: PanelServer) -> list[float]:
    context, page = latency.open_page(browser, server.url)
    board = BokehFigure(page, EXPLORER_BOARD).wait_ready()
    page.get_by_role("button", name="Clear park").click()
    page.locator(".eco-total-value").get_by_text("0", exact=True).wait_for()
    latency.instrument(page)
    page.evaluate(EXPLORER_JS)
    latencies = []
    brush = None
    for code, cell in click_plan():
        if code != brush:
            page.get_by_role("button", name=BRUSH_LABELS[code], exact=True).click()
            word = "empty" if code == "eraser" else BRUSH_LABELS[code].lower() + "s"
            page.locator(".eco-brush").get_by_text(word).wait_for()
            brush = code
        point = cell_center("classic", None, cell)
        latencies.append(latency.click_and_time(page, lambda p=point: board.click(*p), 15_000)[0])
    context.close()
    return latencies


def main() -> None:
    with latency.servers("ecosystem", BARE_APP) as (browser, app, bare):
        explorer = measure_explorer(browser, app)
        points = [(0.5 + (n % 6), -0.5 - (n // 6) % 5) for n in range(1, len(explorer) + 1)]
        reference = latency.measure_bare_taps(browser, bare, points, 15_000)

    print(
        "Click on a cell -> breakdown table and chart repainted (Chromium, loopback, browser clock)"
    )
    print(latency.summary("bare Bokeh tap -> CDS (reference)", reference))
    print(latency.summary("Ecosystem scoring explorer", explorer))
    print(latency.comparison("explorer", explorer, reference, median_ms=TARGET_MEDIAN_MS))


if __name__ == "__main__":
    main()
