"""Checking a Learn course: every stage plays as stored, and every rule is taught.

:func:`check_stage` plays a stage's stored solution (it must reach the goal, on its last move
and within ``par``), each of its wrong tries (each move legal, the last one missing the goal),
tries each move it says is refused (it must be illegal), and rebuilds its position from the
engine's own save form.  ``cole learn --check`` and ``tests/test_learn.py`` run it on every
stage of every course.

>>> from engines.learn import load_course
>>> check_course(load_course("circle"))
[]
"""

from __future__ import annotations

import json
from typing import Any

from engines import IllegalAction
from engines.learn import Course, Stage, Verdict

__all__ = ["check_course", "check_stage"]


def _play_through(stage: Stage, moves: tuple[str, ...]) -> list[Verdict]:
    attempt = stage.start()
    return [attempt.play(move) for move in moves]


def _said(verdicts: list[Verdict]) -> str:
    return "; ".join(f"{v.kind}: {v.describe()}" for v in verdicts)


def _refused(stage: Stage, start: Any) -> list[str]:
    problems = []
    for text in stage.refused:
        try:
            reason = start.why_illegal(start.parse_action(text))
        except ValueError as err:
            reason = str(err)
        if reason is None:
            problems.append(f"{text!r} is said to be refused, but it is legal")
    return problems


def check_stage(stage: Stage) -> list[str]:
    """What is wrong with a stage, as sentences (empty: nothing): its solution reaches the goal
    within ``par`` moves and no sooner than its last move; every wrong try is legal and misses;
    every move it says is refused is illegal; its position reads back from the engine's own
    save form unchanged."""
    start = stage.state()
    problems = _refused(stage, start)
    again = type(start).from_dict(json.loads(json.dumps(start.to_dict())))
    if again.to_dict() != start.to_dict():
        problems.append("its position does not read back from the engine's save form")
    verdicts = _play_through(stage, stage.solution)
    kinds = [v.kind for v in verdicts]
    if kinds[-1:] != ["done"] or "done" in kinds[:-1]:
        problems.append(f"its solution does not end on the goal ({_said(verdicts)})")
    if len(stage.solution) > stage.par:
        problems.append(f"its solution takes {len(stage.solution)} moves, more than par")
    for n, wrong in enumerate(stage.wrong):
        verdicts = _play_through(stage, wrong)
        kinds = [v.kind for v in verdicts]
        if kinds[-1:] != ["missed"] or any(k != "progress" for k in kinds[:-1]):
            said = _said(verdicts)
            problems.append(f"wrong try {n + 1} {list(wrong)} does not miss cleanly ({said})")
    return problems


def check_course(course: Course) -> list[str]:
    """Every problem of every stage, each starting with the stage's id, and every rule no
    stage teaches."""
    problems = [f"rule {rule.id!r} is taught by no stage" for rule in course.uncovered()]
    for stage in course.stages:
        try:
            found = check_stage(stage)
        except (IllegalAction, ValueError) as err:
            found = [f"playing it raised: {err}"]
        problems += [f"{stage.id}: {text}" for text in found]
    return problems
