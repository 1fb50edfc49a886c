"""Run every benchmark module (``bench/bench_*.py``), or only those named on the command line.

python -m bench              # all of them
python -m bench circle       # bench_circle.py only
python -m bench circle_ui    # bench_circle_ui.py only
python -m bench load         # bench_load.py: many visitors, memory, bots elsewhere, idle after close
python -m bench review       # bench_review.py: a whole game reviewed, each game (Circle <= 30 s)
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import bench


def main(argv: list[str]) -> int:
    names = sorted(
        m.name for m in pkgutil.iter_modules(bench.__path__) if m.name.startswith("bench_")
    )
    if argv:
        names = [n for n in names if n.removeprefix("bench_") in argv]
    if not names:
        print("no benchmark matched", argv, file=sys.stderr)
        return 2
    for name in names:
        print(f"\n== {name} ==", flush=True)
        start = time.perf_counter()
        importlib.import_module(f"bench.{name}").main()
        print(f"({name} took {time.perf_counter() - start:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
