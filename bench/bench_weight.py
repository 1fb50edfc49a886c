"""Page weight: bytes on the wire for a first and a repeat visit, and Lighthouse's mobile figures.

``python -m bench weight`` serves every page the way ``make serve`` does (``python -m
cole_panel.serve apps/*.py``) on 127.0.0.1 and prints, each against its target (issue 24):

* **bytes on the wire** of a first visit (empty cache) and a repeat visit (the same browser
  opening the page again) of every page, in headless Debian Chromium: ``http`` is the sum of
  Chrome's ``Network.loadingFinished`` ``encodedDataLength`` (each response as sent, headers
  included), ``ws`` the websocket's messages unpacked (Chrome reports them unpacked only) and
  ``wire`` every byte the server sent, counted by a relay between browser and server (so the
  websocket as compressed).  The targets (first visit <= 1.5 MB, repeat <= 150 KB) are held
  to ``wire``.
* **Lighthouse 12.2.3** (npm, installed on first use into the git-ignored ``bench/.lighthouse``;
  its mobile preset: simulated slow 4G, 4x CPU slowdown) on every page, straight to the
  server: performance score (target >= 80) and first contentful paint (target <= 4 s), with
  the other figures the score is made of, and its accessibility score (target 100, issue 25)
  with the audits that cost points.  Its figures move by several points from run to run on a
  shared machine (the 4x slowdown multiplies whatever else the cores are doing), so every page
  is measured ``--runs`` times (3), in rounds over all the pages and the bare page, and the
  run of median score is printed with every run's score beside it (Lighthouse's own advice).

``--servers launcher panel-serve`` measures plain ``panel serve apps/*.py`` too (the pages
before the launcher), for ratios within one run; ``one-process`` is the launcher without
HAProxy (``--processes 1``).  ``python -m bench.bench_weight --help`` lists the options.  The load
average is printed at the start and at the end: the machine is shared.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass

from bench.latency import CHROMIUM, CHROMIUM_ARGS, ROOT, VIEWPORT
from cole_panel.game_pages import GAME_PAGES
from tests.browser.conftest import PanelServer, SiteServer, free_port

SERVERS = {
    "launcher": ("cole_panel.serve", "--processes", "2"),
    "one-process": ("cole_panel.serve",),
    "panel-serve": ("panel", "serve"),
}
"""What can serve the pages: ``python -m`` of these (``launcher``: as ``make serve`` does, two
processes behind HAProxy; ``one-process``: the launcher without HAProxy)."""
PAGES = ("index", *(page.address for page in GAME_PAGES.values()), "lab")
FIRST_VISIT_MAX = 1_500_000
REPEAT_VISIT_MAX = 150_000
PERFORMANCE_MIN = 80
FCP_MAX_S = 4.0
PAGE_TIMEOUT_MS = 120_000
SETTLE_S = 2.0
"""Seconds a page is left once its document is shown, so late messages are counted too."""

LIGHTHOUSE = "lighthouse@12.2.3"
ACCESSIBILITY_TARGET = 100
"""Lighthouse's accessibility score every page should reach (issue 25)."""
LIGHTHOUSE_DIR = ROOT / "bench" / ".lighthouse"
LIGHTHOUSE_CLI = LIGHTHOUSE_DIR / "node_modules" / "lighthouse" / "cli" / "index.js"
LIGHTHOUSE_AUDITS = (
    ("largest-contentful-paint", "LCP", 1e-3, "s"),
    ("speed-index", "SI", 1e-3, "s"),
    ("total-blocking-time", "TBT", 1, "ms"),
    ("server-response-time", "HTML answered in", 1, "ms"),
    ("total-byte-weight", "bytes", 1e-3, "KB"),
)
"""(audit, name, factor, unit) of the figures printed beside the score and FCP."""

VIEWS_JS = """() => {
  let n = 0;
  const walk = view => { n++; for (const child of (view.child_views ?? [])) walk(child); };
  for (const root of Object.values(Bokeh.index)) walk(root);
  return n;
}"""
"""How many views BokehJS built for the page (every root's view tree)."""

_SHOWN_JS = "() => !!(window.Bokeh && Bokeh.documents.length && Bokeh.index && "
_SHOWN_JS += "Object.keys(Bokeh.index).length)"


class Relay:
    """A TCP relay on 127.0.0.1 to ``target_port`` that counts the bytes the server sends."""

    def __init__(self, target_port: int):
        self.target_port = target_port
        self.port = free_port()
        self.sent = 0
        self._loop = asyncio.new_event_loop()
        ready = threading.Event()
        threading.Thread(target=self._run, args=(ready,), daemon=True, name="relay").start()
        if not ready.wait(10):
            raise RuntimeError("the relay did not start")

    def _run(self, ready: threading.Event) -> None:
        asyncio.set_event_loop(self._loop)
        start = asyncio.start_server(self._serve, "127.0.0.1", self.port)
        self._server = self._loop.run_until_complete(start)
        ready.set()
        self._loop.run_forever()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        await asyncio.gather(self._pipe(reader, up_writer, False), self._pipe(up_reader, writer))

    async def _pipe(self, src, dst, count: bool = True) -> None:
        try:
            while data := await src.read(65536):
                if count:
                    self.sent += len(data)
                dst.write(data)
                await dst.drain()
        except ConnectionError:
            pass
        finally:
            dst.close()


@dataclass(frozen=True)
class Visit:
    """What one visit of a page moved: ``http`` as Chrome counts it, ``ws`` unpacked, ``wire``
    every byte the server sent."""

    http: int
    ws: int
    wire: int
    responses: dict[str, int]
    views: int = 0
    """BokehJS views of the page once shown (:data:`VIEWS_JS`)."""

    def line(self, target: int) -> str:
        ok = "ok" if self.wire <= target else "MISSED"
        return (
            f"wire {_kb(self.wire)} (target <= {_kb(target)}: {ok}); http {_kb(self.http)}, "
            f"ws {_kb(self.ws)} unpacked"
        )


def _kb(n: float) -> str:
    return f"{n / 1e6:.2f} MB" if n >= 1e6 else f"{n / 1e3:.0f} KB"


def visit(context, relay: Relay, url: str) -> Visit:
    """Open ``url`` in a new tab of ``context`` and count what it moved until it is shown."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    urls: dict[str, str] = {}
    sizes: dict[str, int] = {}
    ws = [0]
    cdp.on(
        "Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"])
    )
    cdp.on(
        "Network.loadingFinished",
        lambda e: sizes.__setitem__(
            urls.get(e["requestId"], e["requestId"]), e["encodedDataLength"]
        ),
    )

    def frame(event) -> None:
        frame = event["response"]
        data = frame["payloadData"]
        ws[0] += len(data) * 3 // 4 if frame["opcode"] == 2 else len(data.encode())

    cdp.on("Network.webSocketFrameReceived", frame)
    before = relay.sent
    page.goto(url, timeout=PAGE_TIMEOUT_MS)
    page.wait_for_function(_SHOWN_JS, timeout=PAGE_TIMEOUT_MS)
    page.wait_for_load_state("networkidle", timeout=PAGE_TIMEOUT_MS)
    time.sleep(SETTLE_S)
    wire = relay.sent - before
    views = page.evaluate(VIEWS_JS)
    page.close()
    return Visit(sum(sizes.values()), ws[0], wire, sizes, views)


def measure_visits(site: SiteServer, relay: Relay, pages: tuple[str, ...]) -> dict[str, tuple]:
    """(first, repeat) :class:`Visit` of each page, each page in a browser of its own."""
    from playwright.sync_api import sync_playwright

    results = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for name in pages:
            context = browser.new_context(viewport=VIEWPORT)
            url = f"http://127.0.0.1:{relay.port}/{name}"
            first = visit(context, relay, url)
            repeat = visit(context, relay, url)
            context.close()
            results[name] = (first, repeat)
            print(f"  /{name:<10} first:  {first.line(FIRST_VISIT_MAX)}", flush=True)
            print(f"  {'':<11} repeat: {repeat.line(REPEAT_VISIT_MAX)}", flush=True)
        browser.close()
    return results


def heaviest(first: Visit, count: int = 6) -> str:
    """The ``count`` largest responses of a visit, as sent."""
    top = sorted(first.responses.items(), key=lambda kv: -kv[1])[:count]
    return ", ".join(f"{url.split('/')[-1].split('?')[0]} {_kb(n)}" for url, n in top)


def lighthouse_cli() -> list[str]:
    """The command of Lighthouse 12.2.3 (installed with npm into bench/.lighthouse first)."""
    if not LIGHTHOUSE_CLI.exists():
        LIGHTHOUSE_DIR.mkdir(parents=True, exist_ok=True)
        print(f"  installing {LIGHTHOUSE} into {LIGHTHOUSE_DIR} (npm)", flush=True)
        subprocess.run(
            [
                "npm",
                "install",
                "--exact",
                "--no-audit",
                "--no-fund",
                "--loglevel=error",
                LIGHTHOUSE,
            ],
            cwd=LIGHTHOUSE_DIR,
            check=True,
        )
    return ["node", str(LIGHTHOUSE_CLI)]


def lighthouse(url: str) -> dict:
    """Lighthouse's mobile performance and accessibility report of ``url`` (its JSON)."""
    with tempfile.TemporaryDirectory(prefix="cole-lh-") as tmp:
        out = os.path.join(tmp, "report.json")
        cmd = [
            *lighthouse_cli(),
            url,
            "--quiet",
            "--only-categories=performance,accessibility",
            "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
            "--output=json",
            f"--output-path={out}",
            "--max-wait-for-load=90000",
        ]
        env = {**os.environ, "CHROME_PATH": CHROMIUM}
        done = subprocess.run(cmd, env=env, timeout=600, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError((done.stderr or done.stdout).strip().splitlines()[-1:])
        with open(out) as f:
            return json.load(f)


def lighthouse_line(report: dict) -> str:
    score = round(100 * (report["categories"]["performance"]["score"] or 0))
    audits = report["audits"]
    fcp = audits["first-contentful-paint"]["numericValue"] / 1000
    figures = ", ".join(
        f"{name} {audits[key]['numericValue'] * factor:.{1 if unit == 's' else 0}f} {unit}"
        for key, name, factor, unit in LIGHTHOUSE_AUDITS
        if audits.get(key, {}).get("numericValue") is not None
    )
    return (
        f"{accessibility_line(report)}; "
        f"performance {score} (target >= {PERFORMANCE_MIN}: "
        f"{'ok' if score >= PERFORMANCE_MIN else 'MISSED'}); FCP {fcp:.1f} s (target <= "
        f"{FCP_MAX_S:.0f} s: {'ok' if fcp <= FCP_MAX_S else 'MISSED'}); {figures}"
    )


def accessibility_line(report: dict) -> str:
    """Lighthouse's accessibility score (target 100) and the audits that cost points."""
    category = report["categories"].get("accessibility")
    if category is None:
        return "accessibility not measured"
    score = round(100 * (category["score"] or 0))
    failed = [
        ref["id"]
        for ref in category["auditRefs"]
        if ref.get("weight") and _failed(report["audits"][ref["id"]].get("score"))
    ]
    verdict = "ok" if score == ACCESSIBILITY_TARGET else f"MISSED: {', '.join(failed)}"
    return f"accessibility {score} (target {ACCESSIBILITY_TARGET}: {verdict})"


def _failed(score: float | None) -> bool:
    """An audit that costs points: scored below 1 (an audit that does not apply has None)."""
    return score is not None and score < 1


def opportunities(report: dict, count: int = 4) -> str:
    """Lighthouse's largest estimated savings (what dominates the load)."""
    found = []
    for audit in report["audits"].values():
        details = audit.get("details") or {}
        saving = details.get("overallSavingsMs")
        if details.get("type") == "opportunity" and saving:
            found.append((saving, audit["title"]))
    found.sort(reverse=True)
    return "; ".join(f"{title} ~{ms / 1000:.1f} s" for ms, title in found[:count]) or "none"


@contextmanager
def served(launcher: tuple[str, ...]):
    """Every page served by ``python -m <launcher>``, and a relay in front of it."""
    port = free_port()
    relay = Relay(port)
    site = SiteServer(port, ("--allow-websocket-origin", f"127.0.0.1:{relay.port}"), launcher)
    site.start()
    try:
        yield site, relay
    finally:
        site.stop()


BARE_PAGE = """
import panel as pn
from bokeh.plotting import figure

plot = figure(width=300, height=300, tools="", toolbar_location=None)
plot.scatter([0, 1], [0, 1])
pn.template.BootstrapTemplate(title="bare", main=[pn.pane.Bokeh(plot)]).servable()
"""
"""The floor of every page here: the same template around one small figure, no widget."""


@contextmanager
def bare_page(launcher: tuple[str, ...]):
    """:data:`BARE_PAGE` served the same way as the site: what Panel and Bokeh cost alone."""
    with tempfile.TemporaryDirectory(prefix="cole-bare-") as tmp:
        script = os.path.join(tmp, "bare.py")
        with open(script, "w") as f:
            f.write(BARE_PAGE)
        server = PanelServer("bare", script=script)
        server.launcher = launcher
        server.start()
        try:
            _warm(server.url)
            yield server.url
        finally:
            server.stop()


def lighthouse_rounds(urls: dict[str, str], runs: int) -> dict[str, list[dict]]:
    """Lighthouse ``runs`` times on every page of ``urls``, one round over all the pages at a
    time, so that a change in the shared machine's load falls on every page alike."""
    reports: dict[str, list[dict]] = {name: [] for name in urls}
    for _ in range(runs):
        for name, url in urls.items():
            try:
                reports[name].append(lighthouse(url))
            except (RuntimeError, subprocess.TimeoutExpired) as error:
                print(f"  /{name:<10} Lighthouse failed: {error}", flush=True)
    return reports


def performance(report: dict) -> int:
    """Lighthouse's performance score of ``report``, 0-100."""
    return round(100 * (report["categories"]["performance"]["score"] or 0))


def median_run(reports: list[dict]) -> dict:
    """The run of median performance score: Lighthouse's own advice for a figure that varies
    from run to run with the machine's load (its documentation on variability).

    >>> runs = [{"categories": {"performance": {"score": s}}} for s in (0.8, 0.7, 0.9)]
    >>> performance(median_run(runs))
    80
    """
    return sorted(reports, key=performance)[len(reports) // 2]


def print_lighthouse(reports: dict[str, list[dict]]) -> None:
    """The median run of every page, with every run's score beside it."""
    for name, runs in reports.items():
        if not runs:
            continue
        median = median_run(runs)
        scores = ", ".join(str(performance(r)) for r in runs)
        print(
            f"  /{name:<10} Lighthouse mobile, median of {len(runs)} runs ({scores}): "
            f"{lighthouse_line(median)}",
            flush=True,
        )
        print(f"  {'':<11} its largest savings: {opportunities(median)}", flush=True)


def run(
    launcher: tuple[str, ...], pages: tuple[str, ...], games: tuple[str, ...], runs: int
) -> None:
    print(f"\n-- served by python -m {' '.join(launcher)}", flush=True)
    with served(launcher) as (site, relay):
        for name in pages:  # each app's first page is built on the loop: not what we measure
            _warm(site.url(name))
        visits = measure_visits(site, relay, pages)
        for name, (first, _) in visits.items():
            print(f"  /{name:<10} heaviest first-visit responses: {heaviest(first)}")
        if not games:
            return
        with bare_page(launcher) as bare_url:
            urls = {name: site.url(name) for name in games}
            print_lighthouse(lighthouse_rounds({**urls, "bare page": bare_url}, runs))


def _warm(url: str) -> None:
    with urllib.request.urlopen(url, timeout=PAGE_TIMEOUT_MS / 1000) as response:
        response.read()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.bench_weight", description=__doc__)
    parser.add_argument("--pages", nargs="+", default=list(PAGES), choices=PAGES)
    parser.add_argument("--lighthouse", nargs="*", default=list(PAGES), choices=PAGES)
    parser.add_argument(
        "--servers",
        nargs="+",
        default=["launcher"],
        choices=list(SERVERS),
        help="launcher: make serve's (two processes); one-process: the launcher alone; panel-serve: plain panel serve",
    )
    parser.add_argument(
        "--runs",
        type=int,
        default=3,
        help="Lighthouse runs of every page; the median run is printed (default 3)",
    )
    args = parser.parse_args([] if argv is None else argv)
    print(f"load average at start: {os.getloadavg()}", flush=True)
    for server in args.servers:
        run(SERVERS[server], tuple(args.pages), tuple(args.lighthouse), max(1, args.runs))
    print(f"load average at end: {os.getloadavg()}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
