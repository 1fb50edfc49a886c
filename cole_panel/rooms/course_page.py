"""The teacher's pages of a class given a course or a puzzle set (:mod:`.course_class`).

:class:`CourseOverview` is what the teacher's link (``/classroom?class=<name>&key=<key>``)
opens: the students' one link and its QR code, then each student's name, stages done and
stars (a course) or puzzles solved (a puzzle set), read from the database every :data:`REFRESH_MS` (one short query of at most
:data:`~.course_class.MAX_STUDENTS` rows), so a stage a student finishes shows within
seconds, whichever process serves her.  :class:`CourseProjector` is what the class is shown
(``&show=tables``, no key): the link and the code only.
"""

from __future__ import annotations

import html
from typing import Any

import panel as pn

from engines.learn import load_course

from ..game_pages import get_page
from ..runtime.page import every, served_doc
from .course_class import CourseClass, CourseClasses, Student
from .links import qr_svg
from .seats import RoomError

__all__ = ["CourseOverview", "CourseProjector", "student_link", "students_html"]

REFRESH_MS = 2000
"""How often the overview reads the students again."""


def student_link(game: str, name: str) -> str:
    """The students' page of class ``name`` (a path): ``game``'s course, in the class.

    >>> student_link("circle", "abc")
    '/learn?game=circle&class=abc'
    """
    base = (pn.state.base_url or "/").rstrip("/")
    return f"{base}/learn?game={game}&class={name}"


def title_of(course: CourseClass) -> str:
    """What the class was given, e.g. 'Learn Circle of Life' or 'Puzzles: On the
    Savannah'."""
    if course.kind == "course":
        return load_course(course.game).title
    return f"Puzzles: {get_page(course.game).title}"


def _link_html(course: CourseClass, origin: str, lead: str) -> str:
    link = origin + student_link(course.game, course.name)
    shown = html.escape(link)
    return (
        f"<p>{lead}</p>"
        f'<a class="cole-class-link" href="{shown}" target="_blank">{shown}</a>'
        f'<div class="cole-class-qr" role="img" aria-label="QR code of the class\'s link">'
        f"{qr_svg(link)}</div>"
    )


def students_html(students: list[Student], total: int, kind: str = "course") -> str:
    """The overview's table: each student's name (escaped), then her stages done of
    ``total`` and stars (``kind`` "course"), or her puzzles solved of ``total``."""
    if not students:
        return (
            '<p class="cole-class-nobody">No student yet: each one appears here once she '
            "has typed her name on the class's page.</p>"
        )
    if kind == "course":
        heads = ("Stages done", "Stars")
        cells = [(f"{s.stages} of {total}", str(s.stars)) for s in students]
    else:
        heads = ("Puzzles solved",)
        cells = [(f"{s.puzzles} of {total}",) for s in students]
    rows = "".join(
        f"<tr><th scope='row'>{html.escape(s.name)}</th>"
        + "".join(f"<td>{cell}</td>" for cell in shown)
        + "</tr>"
        for s, shown in zip(students, cells, strict=True)
    )
    what = "the course" if kind == "course" else "the puzzle set"
    return (
        '<table class="cole-class-students" style="border-collapse:collapse">'
        f"<caption style='text-align:left'>Each student's progress through {what}</caption>"
        "<thead><tr><th scope='col'>Student</th>"
        + "".join(f"<th scope='col'>{h}</th>" for h in heads)
        + f"</tr></thead><tbody>{rows}</tbody></table>"
    )


TABLE_CSS = """
.cole-class-students th, .cole-class-students td { padding: 4px 10px; text-align: left;
  border-bottom: 1px solid #c9b98f; font-size: 15px; }
"""


class CourseOverview(pn.viewable.Viewer):
    """The teacher's page of a class given a course: its link, then every student, live."""

    def __init__(
        self,
        classes: CourseClasses,
        course: CourseClass,
        origin: str,
        own_link: str,
        total: int,
        **params: Any,
    ):
        super().__init__(**params)
        self._classes, self.course, self._total = classes, course, total
        self._doc = served_doc()
        self._students = pn.pane.HTML(
            "",
            stylesheets=[TABLE_CSS],
            sizing_mode="stretch_width",
            css_classes=["cole-class-roll"],
        )
        own = html.escape(origin + own_link)
        lead = (
            "Give every student this one link (or let them scan the code): each types her "
            "name, then plays; what she has done appears below."
        )
        self._layout = pn.Column(
            pn.pane.HTML(
                f"<h2>Your class: {html.escape(title_of(course))}</h2>"
                + _link_html(course, origin, lead),
                sizing_mode="stretch_width",
                styles={"overflow-wrap": "anywhere"},
            ),
            self._students,
            pn.pane.HTML(
                '<details class="cole-class-private"><summary>Your teacher\'s link (keep it '
                "to yourself: it shows every student's progress)</summary>"
                f'<p style="overflow-wrap:anywhere"><a class="cole-class-teacher-link" '
                f'href="{own}">{own}</a></p></details>',
                sizing_mode="stretch_width",
            ),
            sizing_mode="stretch_width",
        )
        self.refresh()

    def refresh(self) -> None:
        """Read the students again (the page changes only when they did)."""
        try:
            students = self._classes.overview(self.course.name, self.course.key)
            text = students_html(students, self._total, self.course.kind)
        except RoomError as err:
            text = f'<p style="color:#a40000">{html.escape(str(err))}</p>'
        if self._students.object != text:
            self._students.object = text

    def start(self) -> None:
        """Read the students every :data:`REFRESH_MS` while the page is open."""
        every(self._doc, REFRESH_MS, self.refresh)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout


class CourseProjector(pn.viewable.Viewer):
    """What a teacher projects for a class given a course: its link and QR code, large."""

    def __init__(self, course: CourseClass, origin: str, **params: Any):
        super().__init__(**params)
        lead = f"{html.escape(title_of(course))}: scan the code or type the link."
        self._layout = pn.pane.HTML(
            _link_html(course, origin, lead),
            sizing_mode="stretch_width",
            styles={"overflow-wrap": "anywhere", "font-size": "18px"},
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout
