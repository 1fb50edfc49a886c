"""Benchmarks for `make bench`: each `bench/bench_*.py` module has a `main()` that prints figures."""
