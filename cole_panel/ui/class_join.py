"""A student's place in a class given a course or a puzzle set, above the Learn page's stage
or puzzle.

The class's link (``/learn?game=<game>&class=<name>``) opens the course (or the puzzle set)
with a name box: once the student has typed her name, every stage she finishes (every puzzle
she solves at the first try) is kept in her row of the class
(:class:`~cole_panel.rooms.course_class.CourseClasses`, keyed by the class and her browser's
token), which her teacher's overview reads.  What she did before typing her name is kept
when she does.  A bad name is refused with one sentence and nothing is kept.
"""

from __future__ import annotations

import html
import time
from typing import Any

import panel as pn

from ..core.learn_model import LearnModel
from ..rooms.course_class import CourseClass, CourseClasses
from ..rooms.seats import NAME_LIMIT, RoomError

__all__ = ["ClassJoin"]

ERROR_STYLE = "color:#a40000"

NAMES_A_MINUTE = 6
"""The most names one page may give within a minute: each is a write to the database."""


class ClassJoin(pn.viewable.Viewer):
    """The name box of a class's Learn page, and the sentence saying the student is in it."""

    def __init__(
        self,
        courses: CourseClasses,
        course: CourseClass,
        token: str | None,
        model: LearnModel | Any,
        **params: Any,
    ):
        super().__init__(**params)
        self._courses, self.course, self._token, self.model = courses, course, token, model
        self.joined: str | None = None
        """The name this browser has in the class (None: not yet)."""
        self._named: list[float] = []
        """When this page gave a name, within the last minute."""
        self._name = pn.widgets.TextInput(
            label="Your name, for your teacher",
            placeholder="e.g. Ada",
            max_length=NAME_LIMIT,
            width=240,
            css_classes=["cole-class-name"],
        )
        self._join = pn.widgets.Button(
            label="Join the class", color="primary", css_classes=["cole-class-join"]
        )
        self._said = pn.pane.HTML(
            "", css_classes=["cole-class-joined"], sizing_mode="stretch_width"
        )
        self._join.on_click(lambda _e: self.join(self._name.value_input or self._name.value))
        self._name.param.watch(lambda e: self.join(e.new), "value")  # Enter in the box
        self._puzzles = course.kind == "puzzles"
        """A puzzle trainer's ``tally`` is kept (the puzzles solved), else a course's stars."""
        model.param.watch(self._keep, ["tally" if self._puzzles else "progress"])
        mine = courses.student(course.name, token) if token is not None else None
        if mine is not None:
            self.joined = mine.name
            self._name.value_input = mine.name
        self._tell()
        self._layout = pn.Column(
            pn.Row(self._name, self._join, align="end"),
            self._said,
            sizing_mode="stretch_width",
            css_classes=["cole-class-student"],
        )

    def join(self, typed: str) -> None:
        """Join the class as ``typed`` (or take that name); a refusal is said, not raised."""
        if not typed or (self.joined is not None and typed.strip() == self.joined):
            return
        if self._token is None:
            self._tell("This page has no browser token; open the class's link in a browser.")
            return
        now = time.monotonic()
        self._named = [t for t in self._named if now - t < 60]
        if len(self._named) >= NAMES_A_MINUTE:
            self._tell(f"You gave {NAMES_A_MINUTE} names within a minute; wait a little.")
            return
        self._named.append(now)
        try:
            self.joined = self._courses.join(self.course.name, self._token, typed)
        except RoomError as err:
            self._tell(str(err))
            return
        self._write(self.model.tally if self._puzzles else self.model.progress)
        self._tell()

    def _keep(self, event: Any) -> None:
        if self.joined is not None:
            self._write(event.new)

    def _write(self, done: dict[str, Any]) -> None:
        if self._token is None:
            return
        if self._puzzles:
            solved = [puzzle for puzzle, right in done.items() if right is True]
            self._courses.record_solved(self.course.name, self._token, solved)
        else:
            self._courses.record(self.course.name, self._token, done)

    def _tell(self, error: str = "") -> None:
        if error:
            self._said.object = f'<p role="alert" style="{ERROR_STYLE}">{html.escape(error)}</p>'
        elif self.joined is None:
            what = "puzzles solved" if self._puzzles else "stages and stars"
            self._said.object = (
                "<p>You are here with your class: type your name so that your teacher sees "
                f"your {what}.</p>"
            )
        else:
            what = "puzzle you solve" if self._puzzles else "stage you finish and its stars"
            self._said.object = (
                f'<p role="status">You are in the class as <b>{html.escape(self.joined)}</b>: '
                f"your teacher sees each {what}.</p>"
            )

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
