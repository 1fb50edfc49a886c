"""Click-to-repaint latency in a real browser: the harness the ``bench_*_ui`` modules share.

A real ``panel serve`` of the game and of a bare Panel app (the reference round trip) on
127.0.0.1, driven by Debian's headless Chromium with the browser tests' own helpers
(``tests/browser/conftest.py``).  Everything is timed on the browser's clock:

* :func:`instrument` installs a capture-phase ``pointerup`` listener that stamps each click, and
  a listener on the ``data`` property of a named ColumnDataSource that stamps the next animation
  frame: BokehJS schedules its repaint on that same frame and our callback is queued after it,
  so the stamp is the moment the new data is on the canvas.
* :func:`click_and_time` clicks, waits for the first repaint after the click and returns the
  time between the two stamps.
* :func:`summary` and :func:`comparison` print the figures the same way in every bench.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import textwrap
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.browser.conftest import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    VIEWPORT,
    BokehFigure,
    PanelServer,
)

__all__ = [
    "BokehFigure",
    "PanelServer",
    "bare_tap_app",
    "click_and_time",
    "comparison",
    "instrument",
    "open_page",
    "percentile",
    "servers",
    "summary",
]

INSTRUMENT_JS = """
([sourceName, column, otherName]) => {
  const s = window.__cole = {clicks: [], paints: [], last: [], others: []};
  document.addEventListener('pointerup', () => s.clicks.push(performance.now()), {capture: true});
  const doc = Bokeh.documents[0];
  if (sourceName) {
    const src = doc.get_model_by_name(sourceName);
    src.properties.data.change.connect(() => {
      const values = column ? src.data[column] : [];
      const last = values.length ? values[values.length - 1] : null;
      requestAnimationFrame(() => {
        s.paints.push(performance.now());
        s.last.push(last);
      });
    });
  }
  if (otherName) {
    const other = doc.get_model_by_name(otherName);
    other.properties.data.change.connect(
      () => requestAnimationFrame(() => s.others.push(performance.now())));
  }
  return true;
}
"""


def instrument(
    page, source: str | None = None, column: str | None = None, other: str | None = None
) -> None:
    """Stamp clicks in ``window.__cole.clicks`` and repaints of the ColumnDataSource named
    ``source`` in ``.paints`` (with the last value of its ``column`` in ``.last``), and repaints
    of ``other`` in ``.others``.  A bench with its own notion of "repainted" leaves ``source``
    out and pushes to ``window.__cole.paints`` itself."""
    page.evaluate(INSTRUMENT_JS, [source, column, other])


def click_and_time(page, click: Callable[[], None], timeout_ms: int = 10_000) -> tuple[float, Any]:
    """Run ``click``; wait for the next repaint; (ms from click to repaint, the ``last`` value
    recorded with that repaint, or None)."""
    before = page.evaluate("() => window.__cole.paints.length")
    click()
    page.wait_for_function("k => window.__cole.paints.length > k", arg=before, timeout=timeout_ms)
    ms, last = page.evaluate(
        "k => [window.__cole.paints[k] - window.__cole.clicks[window.__cole.clicks.length - 1],"
        " window.__cole.last.length > k ? window.__cole.last[k] : null]",
        before,
    )
    return ms, last


def bare_tap_app(
    width: int,
    height: int,
    x_range: tuple[float, float],
    y_range: tuple[float, float],
    radius: float,
) -> str:
    """A ``panel serve`` script: a figure whose Tap handler appends one circle to the
    ColumnDataSource ``bare-stones`` (figure ``bare-board``): Bokeh's own round trip."""
    return textwrap.dedent(f"""
        import panel as pn
        from bokeh.events import Tap
        from bokeh.models import ColumnDataSource, Range1d
        from bokeh.plotting import figure

        source = ColumnDataSource(data=dict(x=[], y=[]), name="bare-stones")
        p = figure(name="bare-board", width={width}, height={height},
                   x_range=Range1d(*{x_range!r}), y_range=Range1d(*{y_range!r}),
                   tools="", toolbar_location=None)
        p.axis.visible = False
        p.circle("x", "y", radius={radius!r}, source=source)

        def tap(event):
            data = dict(source.data)
            source.data = dict(x=[*data["x"], event.x], y=[*data["y"], event.y])

        p.on_event(Tap, tap)
        pn.pane.Bokeh(p).servable(title="bare")
    """)


def measure_bare_taps(
    browser, server: PanelServer, points: list[tuple[float, float]], timeout_ms: float = 30_000
) -> list[float]:
    """Click-to-repaint times on a :func:`bare_tap_app`, one click at each of ``points``."""
    context, page = open_page(browser, server.url)
    board = BokehFigure(page, "bare-board").wait_ready()
    instrument(page, "bare-stones")
    try:
        return [click_and_time(page, lambda p=p: board.click(*p), timeout_ms)[0] for p in points]
    finally:
        context.close()


@contextmanager
def servers(app: str, bare_app: str) -> Iterator[tuple[Any, PanelServer, PanelServer]]:
    """(browser, the game's server, the bare app's server), all stopped on the way out."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        script = Path(tmp) / "bare.py"
        script.write_text(bare_app)
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        game = PanelServer(app)
        bare = PanelServer("bare", script=script)
        try:
            game.start()
            bare.start()
            yield browser, game, bare
        finally:
            game.stop()
            bare.stop()
            browser.close()


def open_page(browser, url: str):
    """(context, page) with the page loaded and its first canvas visible."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.goto(url, timeout=60_000)
    page.locator("canvas").first.wait_for(state="visible", timeout=60_000)
    return context, page


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, interpolating between neighbours."""
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def summary(name: str, values: list[float], width: int = 34) -> str:
    """One line: count, median, p95 and max of latencies in ms."""
    return (
        f"{name:<{width}} n={len(values):>3}  median {statistics.median(values):6.1f} ms  "
        f"p95 {percentile(values, 0.95):6.1f} ms  max {max(values):6.1f} ms"
    )


def comparison(
    name: str, game: list[float], bare: list[float], median_ms: float, p95_ms: float | None = None
) -> str:
    """Two lines: the game's latencies as a multiple of the bare app's, and the target."""
    ratio = statistics.median(game) / statistics.median(bare)
    p95_ratio = percentile(game, 0.95) / percentile(bare, 0.95)
    met = statistics.median(game) <= median_ms
    target = f"median <= {median_ms:.0f} ms"
    if p95_ms is not None:
        met = met and percentile(game, 0.95) <= p95_ms
        target += f", p95 <= {p95_ms:.0f} ms"
    return (
        f"ratio {name}/bare: median x{ratio:.2f}, p95 x{p95_ratio:.2f}\n"
        f"target: {target} -> {'MET' if met else 'NOT MET'}"
    )
