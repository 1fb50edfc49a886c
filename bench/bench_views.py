"""What the views of a page cost a phone: blocking time per Panel view, against the bare page.

Lighthouse's performance score gives 30 % of its weight to total blocking time (TBT): the time
after the first paint during which a phone's main thread is busy with tasks longer than 50 ms,
less 50 ms per task.  On these pages that is BokehJS and Panel building one view per model
shown.  ``python -m bench views`` serves small pages made for the purpose: :data:`BARE` (the
template around one small figure, as :data:`bench.bench_weight.BARE_PAGE`) and the same page
with N more views of one kind (:data:`VARIANTS`), opens each ``--runs`` times in headless
Debian Chromium at a phone's size with its CPU slowed 4x (Chromium's own throttling, the
slowdown of Lighthouse's mobile preset), and prints each page's TBT (the median of the runs,
the long tasks' excess over 50 ms from the first contentful paint on, read with a
``PerformanceObserver``) and what one view of the kind adds to it.

The game pages are printed too (``--games``): their TBT against the bare page's, and the
views each builds on a phone's first load (BokehJS's view tree), so that what a page adds can
be read as "so many views at so much each".  A figure here is this machine's, slowed 4x; only
ratios within one run mean anything, and the load average is printed at the start and end.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

from bench.bench_weight import BARE_PAGE, SERVERS, VIEWS_JS, _warm, served
from bench.latency import CHROMIUM, CHROMIUM_ARGS
from cole_panel.game_pages import GAME_PAGES
from tests.browser.conftest import PanelServer

PHONE = {"width": 412, "height": 823}
"""Lighthouse's mobile screen (CSS px)."""

CPU_SLOWDOWN = 4
"""Lighthouse's mobile preset slows the CPU 4x."""

COUNT = 20
"""How many views of a kind a synthetic page adds to the bare page."""

BARE = BARE_PAGE.replace(".servable()", "")
"""The bare page's code without its last call: ``extra`` views are added to its main area."""

VARIANTS: dict[str, tuple[str, int]] = {
    "bare page": ("extra = []", 0),
    "HTML panes": (
        "extra = [pn.pane.HTML(f'<p>Line {i} of a few words</p>') for i in range(N)]",
        1,
    ),
    "one HTML pane of the same lines": (
        "extra = [pn.pane.HTML(''.join(f'<p>Line {i} of a few words</p>' for i in range(N)))]",
        0,
    ),
    "Markdown panes": (
        "extra = [pn.pane.Markdown(f'Line **{i}** of a few words') for i in range(N)]",
        1,
    ),
    "buttons": ("extra = [pn.widgets.Button(name=f'Button {i}') for i in range(N)]", 1),
    "columns of one spacer": ("extra = [pn.Column(pn.Spacer(height=5)) for i in range(N)]", 2),
    "FlexBoxes of 3 buttons": (
        "extra = [pn.FlexBox(*[pn.widgets.Button(name=f'{i}.{j}') for j in range(3)]) for i in range(N)]",
        4,
    ),
    "Rows of 3 buttons": (
        "extra = [pn.Row(*[pn.widgets.Button(name=f'{i}.{j}') for j in range(3)]) for i in range(N)]",
        4,
    ),
}
"""Each synthetic page: the code that makes its ``extra`` views (``N`` of them, :data:`COUNT`)
and how many views each of the N brings."""

OBSERVE = """
window.__coleLong = []; window.__coleFcp = null;
new PerformanceObserver(list => { for (const e of list.getEntries())
  window.__coleLong.push([e.startTime, e.duration]); }).observe({type: 'longtask', buffered: true});
new PerformanceObserver(list => { for (const e of list.getEntries())
  if (e.name === 'first-contentful-paint') window.__coleFcp = e.startTime;
}).observe({type: 'paint', buffered: true});
"""


@dataclass(frozen=True)
class Load:
    """One page load at a phone's size and slowed CPU."""

    tbt_ms: float
    """Total blocking time after the first contentful paint."""
    views: int
    """BokehJS views built (every root's view tree)."""


def blocking_time(long_tasks: list[list[float]], fcp_ms: float | None) -> float:
    """Lighthouse's TBT from long tasks ``[start, duration]`` (ms): each task's time past
    50 ms, counted from the first contentful paint on.

    >>> blocking_time([[100, 80], [900, 200], [950, 49]], fcp_ms=500)
    150
    """
    start = fcp_ms or 0
    return sum(max(0, duration - 50) for begin, duration in long_tasks if begin >= start)


def load(browser, url: str) -> Load:
    """Open ``url`` in a fresh context as a phone with a slowed CPU; its blocking time."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.add_init_script(OBSERVE)
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        page.goto(url, wait_until="networkidle", timeout=120_000)
        page.wait_for_timeout(4000)  # the websocket's build and anything it sets off
        tbt = blocking_time(page.evaluate("window.__coleLong"), page.evaluate("window.__coleFcp"))
        return Load(tbt, page.evaluate(VIEWS_JS))
    finally:
        context.close()


def median_load(browser, url: str, runs: int) -> tuple[Load, list[float]]:
    """The run of median TBT among ``runs`` loads, and every run's TBT."""
    loads = sorted((load(browser, url) for _ in range(runs)), key=lambda x: x.tbt_ms)
    return loads[len(loads) // 2], [x.tbt_ms for x in loads]


def synthetic_script(folder: Path, name: str) -> Path:
    code, _ = VARIANTS[name]
    script = folder / f"{name.replace(' ', '_')}.py"
    body = code.replace("range(N)", f"range({COUNT})")
    script.write_text(
        f"{BARE}\n{body}\n"
        "pn.template.BootstrapTemplate(title='bare', main=[pn.pane.Bokeh(plot), *extra]).servable()\n"
    )
    return script


def run_synthetic(browser, names: list[str], runs: int) -> float:
    """Print each synthetic page's TBT and a view's share; the bare page's TBT."""
    bare_tbt = 0.0
    with tempfile.TemporaryDirectory(prefix="cole-views-") as tmp:
        for name in names:
            server = PanelServer("views", script=synthetic_script(Path(tmp), name))
            server.launcher = SERVERS["launcher"]
            server.start()
            try:
                _warm(server.url)
                median, all_runs = median_load(browser, server.url, runs)
            finally:
                server.stop()
            _, per_item = VARIANTS[name]
            line = (
                f"  {name:34} TBT {median.tbt_ms:6.0f} ms {_runs(all_runs)}, {median.views} views"
            )
            if name == "bare page":
                bare_tbt = median.tbt_ms
            else:
                line += f"; {median.tbt_ms - bare_tbt:+.0f} ms over the bare page"
                if per_item:
                    line += f", {(median.tbt_ms - bare_tbt) / (COUNT * per_item):+.1f} a view"
            print(line, flush=True)
    return bare_tbt


def run_games(browser, games: list[str], runs: int, bare_tbt: float) -> None:
    with served(SERVERS["launcher"]) as (site, _relay):
        for name in games:
            url = site.url(name)
            _warm(url)
            median, all_runs = median_load(browser, url, runs)
            print(
                f"  /{name:33} TBT {median.tbt_ms:6.0f} ms {_runs(all_runs)}, {median.views} views;"
                f" {median.tbt_ms - bare_tbt:+.0f} ms over the bare page",
                flush=True,
            )


def _runs(values: list[float]) -> str:
    return "(" + ", ".join(f"{v:.0f}" for v in values) + ")"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.bench_views", description=__doc__)
    parser.add_argument("--runs", type=int, default=3, help="loads of every page (median)")
    parser.add_argument(
        "--kinds",
        nargs="*",
        default=list(VARIANTS),
        choices=list(VARIANTS),
        metavar="KIND",
        help="synthetic pages to measure (the bare page always comes first)",
    )
    parser.add_argument(
        "--games",
        nargs="*",
        default=[page.address for page in GAME_PAGES.values()],
        help="game pages to measure beside them",
    )
    args = parser.parse_args([] if argv is None else argv)
    from playwright.sync_api import sync_playwright

    kinds = ["bare page", *(k for k in args.kinds if k != "bare page")]
    print(f"load average at start: {os.getloadavg()}", flush=True)
    print(
        f"phone {PHONE['width']}x{PHONE['height']}, CPU slowed {CPU_SLOWDOWN}x, "
        f"{COUNT} of each kind, median of {args.runs}",
        flush=True,
    )
    with ExitStack() as stack:
        playwright = stack.enter_context(sync_playwright())
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        bare_tbt = run_synthetic(browser, kinds, max(1, args.runs))
        run_games(browser, args.games, max(1, args.runs), bare_tbt)
    print(f"load average at end: {os.getloadavg()}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
