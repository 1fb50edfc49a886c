"""What a game page costs to build and to send at first load, against the bare Panel page (issue 41).

``python -m bench build`` prints, for the bare page (:data:`bench.bench_weight.BARE_PAGE`: the
template around one small figure) and every game page, with the load average at the start and
the end (the machine is shared; the figures below hardly depend on its load):

* **server CPU per page**: the process time of building and serializing one session's page
  (a plain HTTP GET to a server in this process, as :mod:`bench.profile_page` asks; the
  median of ``--pages`` after a warming one), against the target (<= 0.4 s) and as a
  multiple of the bare page's in the same run;
* **Bokeh models** in the session's document as first sent, and the **views** BokehJS built
  for it in headless Chromium (every root's view tree, as :mod:`bench.bench_views` counts);
* **websocket bytes of a first load**: the messages Chromium received on the page's websocket
  (unpacked) until it was shown and the network was idle, against the target (<= 100 KB);
  and the serving process's CPU over that whole visit (the page, and the parts the page sends
  for once shown, which the CPU per page above leaves out; this one moves with the load).

``python -m bench.profile_page <game>`` shows where a page's build goes.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from bench.bench_load import _cpu_split
from bench.bench_weight import BARE_PAGE, SERVERS, Relay, _warm, bare_page, served, visit
from bench.in_process import serve_with_client
from bench.latency import CHROMIUM, CHROMIUM_ARGS, VIEWPORT
from cole_panel.game_pages import GAME_PAGES, get_page

ROOT = Path(__file__).resolve().parents[1]
CPU_MAX_S = 0.4
WS_MAX = 100_000
BARE = "bare"


@dataclass(frozen=True)
class Built:
    """One page's build on the server: CPU per page (process time) and its document's models."""

    cpu: float
    models: int


def build_cost(name: str, script: Path, pages: int) -> Built:
    """Serve ``script`` in this process and ask for it ``pages + 1`` times (the first warms)."""
    cpu: list[float] = []
    models: list[int] = []

    def client(server) -> None:
        for i in range(pages + 1):
            t0 = time.process_time()
            url = f"http://127.0.0.1:{server.port}/{name}"
            with urllib.request.urlopen(url, timeout=120) as reply:
                reply.read()
            if i:
                cpu.append(time.process_time() - t0)
        models.append(len(server.get_sessions(f"/{name}")[-1].document.models))

    serve_with_client({name: str(script)}, client)
    if not cpu or not models:
        raise RuntimeError(f"/{name} was not answered")
    return Built(statistics.median(cpu), models[0])


@dataclass(frozen=True)
class Loaded:
    """One first load in Chromium: websocket bytes (unpacked), BokehJS views, and the server's
    CPU for the whole visit (the page, its websocket and the parts it sends for once shown)."""

    ws: int
    views: int
    cpu: float | None


def first_loads(names: list[str]) -> dict[str, Loaded]:
    """A first load of each page in Chromium (after one plain request that warms the app):
    the games from ``python -m cole_panel.serve`` (one process), the bare page the same way
    (its server's CPU is not counted)."""
    from playwright.sync_api import sync_playwright

    launcher = SERVERS["one-process"]
    found: dict[str, Loaded] = {}
    with served(launcher) as (site, relay), bare_page(launcher) as bare_url:
        bare_relay = Relay(int(bare_url.split(":")[2].split("/")[0]))
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            for name in names:
                context = browser.new_context(viewport=VIEWPORT)
                on = bare_relay if name == BARE else relay
                page = BARE if name == BARE else GAME_PAGES[name].address
                url = f"http://127.0.0.1:{on.port}/{page}"
                _warm(url)
                cpu0 = _cpu_split(site.pid)[0]
                first = visit(context, on, url)
                cpu = None if name == BARE else _cpu_split(site.pid)[0] - cpu0
                found[name] = Loaded(first.ws, first.views, cpu)
                context.close()
            browser.close()
    return found


def _load() -> str:
    return "load average " + ", ".join(f"{x:.2f}" for x in os.getloadavg())


def _met(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def lines(built: dict[str, Built], loads: dict[str, Loaded]) -> list[str]:
    """One line per page: each figure against its target, and as a multiple of the bare page's."""
    bare = built[BARE]
    out = []
    for name, b in built.items():
        load = loads.get(name, Loaded(0, 0, None))
        cpu = f"server CPU per page {b.cpu:.3f} s"
        if name != BARE:
            cpu += f" (target <= {CPU_MAX_S} s: {_met(b.cpu <= CPU_MAX_S)}; "
            cpu += f"x{b.cpu / bare.cpu:.1f} the bare page)"
        sent = f"websocket {load.ws / 1e3:.0f} KB at first load"
        if name != BARE:
            sent += f" (target <= {WS_MAX / 1e3:.0f} KB: {_met(load.ws <= WS_MAX)})"
        visit_cpu = "" if load.cpu is None else f"; the whole visit {load.cpu:.2f} s of CPU"
        out.append(
            f"  {name:<10} {cpu}; {b.models} Bokeh models, {load.views} BokehJS views; "
            f"{sent}{visit_cpu}"
        )
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.bench_build", description=__doc__)
    parser.add_argument("games", nargs="*", default=list(GAME_PAGES), help="default: every game")
    parser.add_argument("--pages", type=int, default=5, help="timed pages per app")
    args = parser.parse_args([] if argv is None else argv)  # ``python -m bench``: defaults
    print(f"  start: {_load()}", flush=True)
    built: dict[str, Built] = {}
    with tempfile.TemporaryDirectory(prefix="cole-bare-") as tmp:
        script = Path(tmp) / f"{BARE}.py"
        script.write_text(BARE_PAGE)
        built[BARE] = build_cost(BARE, script, args.pages)
    for game in args.games:
        page = get_page(game)
        built[game] = build_cost(page.address, ROOT / "apps" / f"{page.address}.py", args.pages)
    loads = first_loads([BARE, *args.games])
    print("\n".join(lines(built, loads)), flush=True)
    print(f"  end: {_load()}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
