"""``cole learn``: list a game's Learn stages, or check every stage of the courses.

    cole learn circle --list        one line per stage: id, tab, title, tab, the rules it teaches
    cole learn --check              play every stage of every course (exit 0 when all pass)
    cole learn savannah --check --course my-course.toml

``--check`` plays each stage's stored solution (it must reach the goal), each wrong try (it
must be legal and miss), rebuilds each position from the engine's save form, and lists any
rule of the rulebook no stage teaches; a stage that fails exits 1, a course file with a
mistake exits 2 with the file and field named (:class:`engines.learn.CourseError`).
"""

from __future__ import annotations

import argparse
from typing import Any

from engines.games import GAMES
from engines.learn import CourseError, course_files, load_course
from engines.learn_check import check_course
from engines.text import unknown

__all__ = ["add_parser", "run"]


def add_parser(commands: Any) -> None:
    """The ``learn`` sub-command and its flags."""
    text = "list a game's Learn stages, or check every stage of the courses"
    sub = commands.add_parser("learn", help=text, description=text)
    sub.add_argument("game", nargs="?", metavar="GAME", help="one game (default: every game)")
    what = sub.add_mutually_exclusive_group(required=True)
    what.add_argument("--list", action="store_true", help="one line per stage: id, title, rules")
    what.add_argument("--check", action="store_true", help="play every stage; exit 0 if all pass")
    sub.add_argument("--course", metavar="PATH", help="a course file to use instead of the game's")


def _games(args: argparse.Namespace, fail: Any) -> list[str]:
    if args.game is None:
        if args.list or args.course:
            fail("name a GAME for --list or --course")
        return [name for name in GAMES if _has_course(name)]
    if args.game not in GAMES:
        fail(unknown("game", args.game, GAMES))
    return [args.game]


def _has_course(name: str) -> bool:
    try:
        return course_files(name)[0].exists()
    except (ImportError, TypeError):
        return False


def run(args: argparse.Namespace, fail: Any) -> int:
    """Run ``cole learn``; ``fail(sentence)`` reports bad input or a bad course file (exit 2)."""
    games = _games(args, fail)
    try:
        courses = [load_course(name, args.course) for name in games]
    except CourseError as err:
        fail(str(err))
    if args.list:
        print("\n".join(courses[0].lines()))
        return 0
    failed = 0
    for course in courses:
        problems = check_course(course)
        rules = len(course.rules)
        if problems:
            failed += 1
            print(f"{course.game}: {len(problems)} problem(s) in {len(course)} stages:")
            print("\n".join(f"  {text}" for text in problems))
        else:
            print(f"{course.game}: all {len(course)} stages pass; all {rules} rules are taught.")
    return 1 if failed else 0
