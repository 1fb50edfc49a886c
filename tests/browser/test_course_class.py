"""A class given a course or a puzzle set, in real browsers (issue 40, Deliver 5): the teacher
gives her class Circle's course, a student on a 390 x 844 touch phone opens the class's one
link, types her name and finishes stage 1, and the teacher's overview (another browser
context) shows her name, her stage done and her stars; likewise a puzzle solved."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import expect

from cole_panel.circle.puzzles import PUZZLE_PREFIX
from cole_panel.rooms.course_class import puzzle_ids
from engines.learn import load_course

from .conftest import PAGE_LOAD_TIMEOUT_MS, BokehFigure, artifact, make_tables
from .test_circle_puzzles import first, play
from .test_keys import PHONE
from .test_learn import FIRST, WAIT, done, stage_title, tap_circle
from .test_rooms import open_context
from .test_screens import AXE, _settled_problems

pytestmark = pytest.mark.browser


@dataclass
class GivenClass:
    """A teacher's page that gave her class a course or a puzzle set, and what it shows."""

    server: Any
    teacher: Any
    href: str
    roll: Any


@pytest.fixture
def give_class(browser, own_server):
    """Factory ``give_class(kind)`` -> a :class:`GivenClass`: a classroom server (with the learn
    app), the teacher's page that gave her class ``kind`` ("A course" or "A puzzle set") and
    made its link. ``give_class.keep(context)`` closes a student's context after the test too."""
    contexts = []

    def give(kind: str) -> GivenClass:
        server = own_server("classroom", also=("learn",))
        ctx, teacher = open_context(browser, server.url, ".cole-class-make")
        contexts.append(ctx)
        teacher.locator(".cole-class-give").get_by_text(kind).click()
        expect(teacher.locator(".cole-class-make button")).to_have_text("Make the class's link")
        make_tables(teacher)  # the teacher's key, then the button
        link = teacher.locator("a.cole-class-link")
        expect(link).to_be_visible(timeout=PAGE_LOAD_TIMEOUT_MS)
        href = link.get_attribute("href")
        return GivenClass(server, teacher, href, teacher.locator(".cole-class-roll"))

    give.keep = contexts.append
    yield give
    for context in contexts:
        context.close()


def test_a_students_stars_appear_on_the_teachers_overview(browser, give_class):
    given = give_class("A course")
    teacher, href, roll = given.teacher, given.href, given.roll
    expect(teacher.locator(".cole-class-qr svg")).to_have_count(1)
    assert href.startswith(f"http://127.0.0.1:{given.server.port}/learn?game=circle&class="), href
    expect(roll).to_contain_text("No student yet", timeout=WAIT)

    ctx = browser.new_context(**PHONE)
    give_class.keep(ctx)
    student = ctx.new_page()
    student.set_default_timeout(WAIT)
    student.goto(href, timeout=PAGE_LOAD_TIMEOUT_MS)
    BokehFigure(student, FIRST["circle"]).wait_ready(PAGE_LOAD_TIMEOUT_MS)
    box = student.locator(".cole-class-name input")
    box.fill("Teacher")
    box.press("Enter")
    expect(student.locator(".cole-class-joined")).to_contain_text("call someone else")
    box.fill("<i>Ada</i>")
    box.press("Enter")
    expect(student.locator(".cole-class-joined")).to_contain_text(
        "You are in the class as <i>Ada</i>"
    )
    expect(roll).to_contain_text("<i>Ada</i>", timeout=WAIT)  # typed markup shows as text
    expect(roll).to_contain_text("0 of 21")

    stage = stage_title(student, "circle", 0)
    for move in stage.solution:
        tap_circle(student, move)
    done(student, 3)
    row = roll.locator("tr", has_text="<i>Ada</i>")
    expect(row).to_contain_text(f"1 of {len(load_course('circle'))}", timeout=WAIT)
    expect(row.locator("td").nth(1)).to_have_text("3")
    student.screenshot(path=str(artifact("course-class-student.png")), full_page=True)
    teacher.screenshot(path=str(artifact("course-class-teacher.png")), full_page=True)
    for page in (teacher, student):  # the name box, the roll and its table, read aloud
        page.add_script_tag(path=str(AXE))
        assert _settled_problems(page) == [], page.url


def test_a_students_puzzles_solved_appear_on_the_teachers_overview(browser, give_class):
    given = give_class("A puzzle set")
    roll = given.roll
    ctx, student = open_context(browser, given.href, ".cole-class-name")
    give_class.keep(ctx)
    board = BokehFigure(student, f"{PUZZLE_PREFIX}-board").wait_ready(PAGE_LOAD_TIMEOUT_MS)
    box = student.locator(".cole-class-name input")
    box.fill("Bo")
    box.press("Enter")
    expect(student.locator(".cole-class-joined")).to_contain_text("You are in the class as Bo")
    total = len(puzzle_ids("circle"))
    expect(roll.locator("tr", has_text="Bo")).to_contain_text(f"0 of {total}", timeout=WAIT)
    play(board, first("feast", "easy").answers[0])
    expect(student.locator(".cole-puzzle-feedback")).to_contain_text("Right", timeout=WAIT)
    expect(roll.locator("tr", has_text="Bo")).to_contain_text(f"1 of {total}", timeout=WAIT)
