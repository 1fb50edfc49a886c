"""Benchmarks for `make bench`: each `bench/bench_*.py` module has a `main()` that prints figures.

A bench never writes into the user's data folder: unless ``COLE_DATA_DIR`` is set, every store
and server it starts uses a new temporary folder.
"""

import os
import tempfile

os.environ.setdefault("COLE_DATA_DIR", tempfile.mkdtemp(prefix="cole-bench-data-"))
