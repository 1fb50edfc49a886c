"""Where a served page's build goes: cProfile of what the server runs for one session.

``python -m bench.profile_page circle ecosystem savannah`` serves each app in this process
(``panel serve``'s own application handler, loopback only), asks for the page with a plain
HTTP GET (the server builds the session's document and serializes it into the answer, as for
a browser), and prints, per app: the server CPU of that build (median of ``--pages`` after a
first, warming one), the Bokeh models in the document by type, and the profile's top
functions by cumulative time.  ``--query`` adds an address (e.g. ``room=abc``).  It also
prints how many Bokeh models the profiled build made: more than its document holds are made
and thrown away (Bokeh's own defaults among them), or kept for later (parts shown when near).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import statistics
import threading
import time
import urllib.request
from collections import Counter
from pathlib import Path

from bench.in_process import serve_with_client
from cole_panel.game_pages import GAME_PAGES

ROOT = Path(__file__).resolve().parents[1]


def profile(
    app: str, pages: int, query: str, top: int, callers: list[str], match: str = ""
) -> list[str]:
    # The page is built on the build thread (cole_panel.ui.page_build) after the first, and the
    # rest of the request on the loop: one profile of each thread, merged.
    prof, build_prof = cProfile.Profile(), cProfile.Profile()
    cpu: list[float] = []
    result: dict[str, object] = {}

    def client(server) -> None:
        loop = server.io_loop

        def on_loop(fn) -> None:
            done = threading.Event()

            def call() -> None:
                fn()
                done.set()

            loop.add_callback(call)
            done.wait(30)

        def on_build_thread(fn) -> None:
            from cole_panel.ui.page_build import build_thread

            build_thread().submit(fn).result(30)

        url = f"http://127.0.0.1:{server.port}/{app}" + (f"?{query}" if query else "")
        # A first, warming page; ``pages`` timed ones; one profiled (cProfile slows it).
        for i in range(pages + 2):
            if i == pages + 1:
                on_loop(prof.enable)
                on_build_thread(build_prof.enable)
            t0 = time.process_time()
            with urllib.request.urlopen(url, timeout=120) as reply:
                reply.read()
            if 0 < i <= pages:
                cpu.append(time.process_time() - t0)
        on_loop(prof.disable)
        on_build_thread(build_prof.disable)
        doc = server.get_sessions(f"/{app}")[-1].document
        result["models"] = Counter(type(m).__name__ for m in doc.models)

    serve_with_client({app: str(ROOT / "apps" / f"{app}.py")}, client, websocket_origin="*")
    models: Counter = result.get("models", Counter())  # type: ignore[assignment]
    lines = [
        f"== {app}: server CPU per page (process time, median of {len(cpu)}): "
        f"{statistics.median(cpu) if cpu else float('nan'):.3f} s; "
        f"{sum(models.values())} Bokeh models",
        "   " + ", ".join(f"{n} {k}" for k, n in models.most_common(14)),
    ]
    stats = pstats.Stats(prof)
    stats.add(build_prof)
    stats.sort_stats("cumulative")
    made = sum(
        calls
        for (path, _line, name), (_cc, calls, *_rest) in stats.stats.items()  # type: ignore[attr-defined]
        if name == "__init__" and path.endswith(f"bokeh{os.sep}model{os.sep}model.py")
    )
    lines.append(f"   the profiled build made {made} Bokeh models")

    out = io.StringIO()
    stats.stream = out
    stats.print_stats(*([match] if match else []), top)
    for name in callers:
        stats.print_callers(name)
    lines.append(out.getvalue())
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("apps", nargs="*", default=list(GAME_PAGES))
    parser.add_argument("--pages", type=int, default=3)
    parser.add_argument("--query", default="")
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--match", default="", help="list only functions matching this regex")
    parser.add_argument("--callers", nargs="*", default=[], help="functions whose callers to list")
    args = parser.parse_args(argv)
    for app in args.apps:
        print(
            "\n".join(profile(app, args.pages, args.query, args.top, args.callers, args.match)),
            flush=True,
        )


if __name__ == "__main__":
    main()
