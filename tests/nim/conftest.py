"""Nim's page record and app script are for a server started with ``COLE_GAMES``: the test
process registers only the engine record (``tests/conftest.py``), so the shared pages of the
other tests stay the family's own."""

collect_ignore = ["record.py", "nim.py"]
