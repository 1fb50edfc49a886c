"""Learn speed: reading each course, checking every stage, and what a page waits for a verdict.

For each game the bench reads its course and rulebook files afresh (every position built and
checked), checks every stage as ``cole learn --check`` does, and times the slowest stage's
``start()`` and the verdict on its solution's first move (a ``best`` goal tries every legal move
then: Ecosystem's watering hole is 3 cards in 8 cells).  CPU seconds (``time.process_time``)
with the wall seconds and the load average beside them.

    python -m bench learn
"""

from __future__ import annotations

import os
import time

from engines.learn import course_files, load_course, read_course
from engines.learn_check import check_course

GAMES = ("circle", "ecosystem", "savannah")


def _timed(work, *args) -> tuple[object, float, float]:
    cpu, wall = time.process_time(), time.perf_counter()
    result = work(*args)
    return result, time.process_time() - cpu, time.perf_counter() - wall


def _first_verdict(stage) -> float:
    cpu = time.process_time()
    stage.start().play(stage.solution[0])
    return time.process_time() - cpu


def main() -> None:
    for game in GAMES:
        course_path, rulebook_path = course_files(game)
        texts = (course_path.read_text(encoding="utf-8"), rulebook_path.read_text(encoding="utf-8"))
        course, read_cpu, read_wall = _timed(read_course, game, *texts)
        problems, check_cpu, check_wall = _timed(check_course, load_course(game))
        slowest = max(course, key=_first_verdict)
        worst = max(_first_verdict(slowest) for _ in range(5))
        print(
            f"{game:<10} {len(course):>2} stages: read {read_cpu * 1000:.0f} ms CPU "
            f"({read_wall * 1000:.0f} wall), check {check_cpu * 1000:.0f} ms CPU "
            f"({check_wall * 1000:.0f} wall), {len(problems)} problems; slowest first verdict "
            f"{worst * 1000:.1f} ms CPU ({slowest.id})"
        )
    print(f"load average {os.getloadavg()[0]:.2f}")
