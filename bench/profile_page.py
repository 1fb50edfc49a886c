"""Where a served page's build goes: cProfile of what the server runs for one session.

``python -m bench.profile_page circle ecosystem savannah`` serves each app in this process
(``panel serve``'s own application handler, loopback only), asks for the page with a plain
HTTP GET (the server builds the session's document and serializes it into the answer, as for
a browser), and prints, per app: the server CPU of that build (median of ``--pages`` after a
first, warming one), the Bokeh models in the document by type, and the profile's top
functions by cumulative time.  ``--query`` adds an address (e.g. ``room=abc``).  It also
prints the Bokeh models the profiled build made that its document does not hold (made and
thrown away, or kept for later), by type and by the ``cole_panel`` function that made them.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import statistics
import sys
import threading
import time
import urllib.request
from collections import Counter
from pathlib import Path

from cole_panel.game_pages import GAME_PAGES

ROOT = Path(__file__).resolve().parents[1]
OURS = f"{os.sep}cole_panel{os.sep}"


class MadeModels:
    """Every Bokeh model made while :attr:`on`, with the ``cole_panel`` function that made it
    (the innermost one on the stack: whatever Panel or Bokeh call it went through)."""

    def __init__(self) -> None:
        self.on = False
        self.made: list[tuple[object, str]] = []

    def __enter__(self) -> MadeModels:
        from bokeh.model import Model

        original = self._original = Model.__init__
        made = self

        def init(model, *args, **kwargs) -> None:
            original(model, *args, **kwargs)
            if made.on:
                made.made.append((model, _maker()))

        Model.__init__ = init
        return self

    def __exit__(self, *_: object) -> None:
        from bokeh.model import Model

        Model.__init__ = self._original

    def lines(self, kept: set[str]) -> list[str]:
        """Models made but not in the document (``kept``: its models' ids)."""
        lost = [(m, where) for m, where in self.made if m.id not in kept]
        by_type = Counter(type(m).__name__ for m, _ in lost)
        by_maker = Counter(where for _, where in lost)
        return [
            f"   made {len(self.made)} models, {len(lost)} not in the document:",
            "   by type: " + ", ".join(f"{n} {k}" for k, n in by_type.most_common(12)),
            "   made by: " + ", ".join(f"{n} {k}" for k, n in by_maker.most_common(12)),
        ]


def _maker() -> str:
    frame = sys._getframe(2)
    while frame is not None:
        name = frame.f_code.co_filename
        if OURS in name:
            module = name.rsplit(OURS, 1)[1].removesuffix(".py").replace(os.sep, ".")
            return f"{module}.{frame.f_code.co_name}"
        frame = frame.f_back
    return "(Panel or Bokeh alone)"


def _serve(app: str):
    import panel as pn

    return pn.serve(
        {app: str(ROOT / "apps" / f"{app}.py")},
        address="127.0.0.1",
        port=0,
        show=False,
        start=False,
        websocket_origin="*",
    )


def profile(
    app: str, pages: int, query: str, top: int, callers: list[str], match: str = ""
) -> list[str]:
    server = _serve(app)
    port = server.port
    loop = server.io_loop
    # The page is built on the build thread (cole_panel.ui.page_build) after the first, and the
    # rest of the request on the loop: one profile of each thread, merged.
    prof, build_prof = cProfile.Profile(), cProfile.Profile()
    cpu: list[float] = []
    result: dict[str, object] = {}
    made = MadeModels()

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

    def client() -> None:
        url = f"http://127.0.0.1:{port}/{app}" + (f"?{query}" if query else "")
        try:
            # A first, warming page; ``pages`` timed ones; one profiled (cProfile slows it).
            for i in range(pages + 2):
                if i == pages + 1:
                    made.on = True
                    on_loop(prof.enable)
                    on_build_thread(build_prof.enable)
                t0 = time.process_time()
                with urllib.request.urlopen(url, timeout=120) as reply:
                    reply.read()
                if 0 < i <= pages:
                    cpu.append(time.process_time() - t0)
            on_loop(prof.disable)
            on_build_thread(build_prof.disable)
            made.on = False
            sessions = server.get_sessions(f"/{app}")
            doc = sessions[-1].document
            result["models"] = Counter(type(m).__name__ for m in doc.models)
            result["kept"] = {m.id for m in doc.models}
        finally:
            loop.add_callback(server.stop)
            loop.add_callback(loop.stop)

    thread = threading.Thread(target=client, daemon=True)
    with made:
        server.start()
        thread.start()
        loop.start()
        thread.join(5)
    models: Counter = result.get("models", Counter())  # type: ignore[assignment]
    lines = [
        f"== {app}: server CPU per page (process time, median of {len(cpu)}): "
        f"{statistics.median(cpu) if cpu else float('nan'):.3f} s; "
        f"{sum(models.values())} Bokeh models",
        "   " + ", ".join(f"{n} {k}" for k, n in models.most_common(14)),
        *made.lines(result.get("kept", set())),  # type: ignore[arg-type]
    ]
    stats = pstats.Stats(prof)
    stats.add(build_prof)
    stats.sort_stats("cumulative")

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
