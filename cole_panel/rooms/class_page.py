"""The class page: a teacher makes the tables of a game at once, then runs them from here.

``/classroom`` offers a form (the game, how many tables, what plays each seat); "Make the
tables" makes them through :meth:`~.registry.RoomRegistry.create_class` and shows the
overview at once, with the teacher's own link (``/classroom?class=<name>&key=<key>``: keep it,
it is what lets a page pause, reset or close a table, or free a seat).  The overview shows each table's whole
link and its QR code (to scan from a phone), and what is happening there — whose turn, the
score as the teacher may know it, finished or paused — read from the registry every second;
each table opens in one click to watch.  Everything shown is kept by the registry and the
rooms (see :mod:`.classroom`), none of it by the page.  The same form gives a class a
course instead (:mod:`.course_class`): the same teacher's link then opens
:class:`~.course_page.CourseOverview`.
"""

from __future__ import annotations

import html
from typing import Any

import panel as pn

from ..runtime.page import every, served_doc
from ..ui.address import client_address
from ..ui.named_controls import aria_name
from ..ui.token import keep_token
from .classroom import MAX_TABLES, Classroom, table_summary
from .course_class import KINDS, CourseClasses, puzzle_ids, shared_course_classes
from .course_page import CourseOverview, CourseProjector
from .links import page_origin, qr_svg
from .pages import room_link
from .registry import ROOM_GAMES, RoomRegistry, model_class, shared_registry
from .seats import OPEN, SEAT_CHOICES, RoomError
from .teacher_key import check_key

REFRESH_MS = 1000
"""How often the overview reads the tables again."""

ERROR_STYLE = "color:#a40000"


def class_link(name: str, key: str) -> str:
    """The teacher's page of class ``name`` (a path; the key makes it the teacher's).

    >>> class_link("abc", "xyz")
    '/classroom?class=abc&key=xyz'
    """
    base = (pn.state.base_url or "/").rstrip("/")
    return f"{base}/classroom?class={name}&key={key}"


def projector_link(name: str) -> str:
    """The page of class ``name`` to project: its tables' links and QR codes, no key.

    >>> projector_link("abc")
    '/classroom?class=abc&show=tables'
    """
    base = (pn.state.base_url or "/").rstrip("/")
    return f"{base}/classroom?class={name}&show=tables"


def _arg(name: str) -> str | None:
    values = (pn.state.session_args or {}).get(name)
    if not values:
        return None
    raw = values[0]
    return (raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw))[:100]


class ClassMaker(pn.viewable.Viewer):
    """The form that makes a class's tables; the overview replaces it once they are made."""

    def __init__(
        self,
        registry: RoomRegistry,
        token: str,
        origin: str,
        courses: CourseClasses | None = None,
        **params: Any,
    ):
        super().__init__(**params)
        self._registry, self._token, self._origin = registry, token, origin
        self._courses = courses
        self._address = client_address()  # read while the page is built: its request
        self._give = pn.widgets.RadioButtonGroup(
            label="Give the class",
            options={"Tables to play": "tables", "A course": "course", "A puzzle set": "puzzles"},
            value="tables",
            css_classes=["cole-class-give"],
        )
        self._game = pn.widgets.Select(
            name="Game",
            options={g.title(): g for g in ROOM_GAMES},
            value=next(iter(ROOM_GAMES)),
            width=200,
        )
        self._tables = pn.widgets.IntInput(
            name="Tables", value=3, start=1, end=MAX_TABLES, width=120
        )
        self._seats = pn.Row()
        self._key = pn.widgets.PasswordInput(
            name="Teacher's key",
            placeholder="from whoever runs this server",
            max_length=200,
            width=240,
            css_classes=["cole-class-key"],
        )
        self._make = pn.widgets.Button(
            label="Make the tables", button_type="primary", css_classes=["cole-class-make"]
        )
        self._said = pn.pane.HTML("", css_classes=["cole-class-said"])
        self._game.param.watch(self._seat_menus, "value")
        self._give.param.watch(self._shown, "value")
        self._make.on_click(self._create)
        self._seat_menus()
        if registry.teacher_key == "":  # off: say so before anyone fills the form
            self._said.object = self._off_sentence()
        self._layout = pn.Column(
            pn.pane.HTML(
                "<h2>Tables for a class</h2><p>Make several tables of one game at once. You "
                "sit at none of them: each table gets its own link and QR code for the "
                "students, and this page shows every table as it is played. Or give the "
                "class a game's course: one link for every student, and this page shows "
                "each one's stages done and stars.</p>"
            ),
            self._give,
            pn.Row(self._game, self._tables),
            self._seats,
            *([self._key] if registry.teacher_key is not None else []),
            self._make,
            self._said,
            sizing_mode="stretch_width",
        )

    @staticmethod
    def _off_sentence() -> str:
        try:
            check_key("", None)
        except RoomError as err:
            return f'<span style="{ERROR_STYLE}">{html.escape(str(err))}</span>'
        return ""

    def _seat_menus(self, *_: Any) -> None:
        model = model_class(self._game.value)()
        self._seats.objects = [
            pn.widgets.Select(
                name=f"{model.player_name(p)} is played by",
                options=list(SEAT_CHOICES),
                value=OPEN,
                width=170,
                css_classes=[f"cole-class-seat-{p}"],
            )
            for p in range(model.player_count)
        ]

    def _shown(self, *_: Any) -> None:
        course = self._give.value in KINDS
        self._tables.visible = self._seats.visible = not course
        self._make.label = "Make the class's link" if course else "Make the tables"

    def _create(self, *_: Any) -> None:
        if self._give.value in KINDS:
            self._create_course(self._give.value)
            return
        try:
            classroom = self._registry.create_class(
                self._game.value,
                self._token,
                int(self._tables.value),
                seats=[menu.value for menu in self._seats.objects],
                address=self._address,
                key=self._key.value_input or self._key.value,
            )
        except (RoomError, TypeError, ValueError) as err:
            self._said.object = f'<span style="{ERROR_STYLE}">{html.escape(str(err))}</span>'
            return
        self._key.value = self._key.value_input = ""  # not left in the page
        overview = ClassOverview(self._registry, classroom, self._origin)
        self._layout.objects = [overview]
        overview.start()

    def _create_course(self, kind: str) -> None:
        courses = self._courses or shared_course_classes()
        try:
            self._registry.check_teacher(self._key.value_input or self._key.value, self._address)
            course = courses.create(self._game.value, kind)
        except RoomError as err:
            self._said.object = f'<span style="{ERROR_STYLE}">{html.escape(str(err))}</span>'
            return
        self._key.value = self._key.value_input = ""  # not left in the page
        overview = course_overview(courses, course.name, course.key, self._origin)
        self._layout.objects = [overview]
        overview.start()

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout


def course_overview(courses: CourseClasses, name: str, key: str, origin: str) -> CourseOverview:
    """The teacher's overview of class ``name``, given a course or a puzzle set (RoomError
    unless ``key`` is hers)."""
    from engines.learn import load_course

    course = courses.get(name, key)
    if course.kind == "course":
        total = len(load_course(course.game))
    else:
        total = len(puzzle_ids(course.game))
    return CourseOverview(courses, course, origin, class_link(name, key), total)


class ClassOverview(pn.viewable.Viewer):
    """Every table of a class: its link, QR code, state of play and the teacher's buttons."""

    def __init__(self, registry: RoomRegistry, classroom: Classroom, origin: str, **params: Any):
        super().__init__(**params)
        self._registry, self.classroom, self._origin = registry, classroom, origin
        self._doc = served_doc()
        self._said = pn.pane.HTML("", css_classes=["cole-class-said"])
        self._cards = [self._card(i) for i in range(len(classroom.tables))]
        own = html.escape(origin + class_link(classroom.name, classroom.key))
        show = html.escape(origin + projector_link(classroom.name))
        self._layout = pn.Column(
            pn.pane.HTML(
                f"<h2>Your class: {len(classroom.tables)} tables of "
                f"{html.escape(classroom.game.title())}</h2>"
                f'<p>To show the class its tables, open the <a class="cole-class-projector" '
                f'href="{show}" target="_blank">projector view</a>: the tables\' links and QR '
                "codes only, nothing that runs the tables.</p>"
            ),
            self._said,
            pn.FlexBox(*(card for card, _status in self._cards)),
            pn.pane.HTML(
                # apart from the tables, closed: a projected overview does not show it
                '<details class="cole-class-private"><summary>Your teacher\'s link (keep it '
                "to yourself: it lets you pause, reset and close the tables)</summary>"
                # a link is one long word: broken anywhere rather than cut at a phone's edge
                f'<p style="overflow-wrap:anywhere"><a class="cole-class-teacher-link" '
                f'href="{own}">{own}</a></p></details>',
                sizing_mode="stretch_width",
            ),
            sizing_mode="stretch_width",
        )
        self.refresh()

    def _card(self, i: int) -> tuple[pn.Column, pn.pane.HTML]:
        link = html.escape(self._origin + room_link(self.classroom.game, self.classroom.tables[i]))
        head = pn.pane.HTML(
            f"<h3 style='margin:0'>Table {i + 1}</h3>"
            f'<a class="cole-class-link" href="{link}" target="_blank">Watch table {i + 1}</a>'
            f'<div style="font-size:12px;overflow-wrap:anywhere">{link}</div>'
            f'<div class="cole-class-qr" role="img" aria-label="QR code of table {i + 1}\'s '
            f'link">{qr_svg(self._origin + room_link(self.classroom.game, self.classroom.tables[i]))}'
            "</div>",
            sizing_mode="stretch_width",
        )
        status = pn.pane.HTML(
            "", css_classes=[f"cole-class-table-{i}"], sizing_mode="stretch_width"
        )
        buttons = []
        for action, label in (
            ("pause", "Pause"),
            ("resume", "Go on"),
            ("reset", "Reset"),
            ("close", "Close"),
            ("reset-free", "Reset, free seats"),
        ):
            button = pn.widgets.Button(
                label=label,
                width=70 if len(label) < 8 else 150,
                css_classes=[f"cole-class-{action}-{i}"],
            )
            button.on_click(lambda _e, a=action: self._teach(i, a))
            buttons.append(button)
        card = pn.Column(
            head,
            status,
            # the buttons wrap inside the card rather than stick out of it
            pn.FlexBox(*buttons, *self._seat_freer(i), flex_wrap="wrap", margin=0),
            width=300,
            styles={"border": "1px solid #c9b98f", "border-radius": "6px", "padding": "6px"},
            css_classes=["cole-class-card"],
            margin=6,
        )
        return card, status

    def _seat_freer(self, i: int) -> list[Any]:
        """A menu of table ``i``'s seats and "Free seat": whoever sits there leaves it."""
        room = self._registry.class_tables(self.classroom)[i]
        if room is None:
            return []
        seats = {room.model.player_name(p): p for p in range(len(room.seats))}
        menu = pn.widgets.Select(
            options=seats, width=110, css_classes=[f"cole-class-seat-{i}", aria_name("Seat")]
        )
        button = pn.widgets.Button(
            label="Free seat", width=90, css_classes=[f"cole-class-free-{i}"]
        )
        button.on_click(lambda _e: self._teach(i, "free", menu.value))
        return [menu, button]

    def _teach(self, table: int, action: str, seat: int | None = None) -> None:
        try:
            self._registry.teach(self.classroom.name, self.classroom.key, table, action, seat)
            self._said.object = ""
        except RoomError as err:
            self._said.object = f'<span style="{ERROR_STYLE}">{html.escape(str(err))}</span>'
        self.refresh()

    def refresh(self) -> None:
        """Read every table again (shown only where something changed)."""
        for (_card, status), room in zip(
            self._cards, self._registry.class_tables(self.classroom), strict=True
        ):
            text = _table_html(None if room is None else table_summary(room))
            if status.object != text:
                status.object = text

    def start(self) -> None:
        """Read the tables every second while the page is open (on the page's own loop)."""
        every(self._doc, REFRESH_MS, self.refresh)

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout


class ProjectorView(pn.viewable.Viewer):
    """What a teacher projects: each table's name, link and QR code, large, and nothing that
    runs the tables (no key, no buttons, no state of play)."""

    def __init__(self, game: str, tables: list[str], origin: str, **params: Any):
        super().__init__(**params)
        cards = []
        for i, name in enumerate(tables):
            link = origin + room_link(game, name)
            cards.append(
                pn.pane.HTML(
                    f"<h3 style='margin:0'>Table {i + 1}</h3>"
                    f'<a class="cole-class-link" href="{html.escape(link)}">'
                    f"{html.escape(link)}</a>"
                    f'<div class="cole-class-qr" role="img" aria-label="QR code of table '
                    f"{i + 1}'s link\">{qr_svg(link)}</div>",
                    width=320,
                    styles={"overflow-wrap": "anywhere"},
                    margin=8,
                )
            )
        self._layout = pn.Column(
            pn.pane.HTML(
                f"<h2>{len(tables)} tables of {html.escape(game.title())}: scan your table's "
                "code or type its link</h2>"
            ),
            pn.FlexBox(*cards),
            sizing_mode="stretch_width",
        )

    def __panel__(self) -> pn.viewable.Viewable:
        return self._layout


def _table_html(info: dict[str, Any] | None) -> str:
    """One table's state of play, for the overview."""
    if info is None:
        return '<div class="cole-class-state"><b>Closed.</b></div>'
    if info["over"]:
        now = f"<b>Finished</b>: {html.escape(info['outcome'])}"
    elif info["paused"]:
        now = "<b>Paused</b>"
    else:
        now = f"<b>{html.escape(info['mover'])}'s turn</b> ({html.escape(info['mover_who'])})"
    people = info["people"]
    rows = "".join(
        f"<li>{html.escape(p['player'])}: {html.escape(p['who'])} — "
        f"<span class='cole-class-score'>{html.escape(p['score'])}</span></li>"
        for p in info["players"]
    )
    return (
        f'<div class="cole-class-state">{now} · {info["moves"]} moves · {people} '
        f'{"person" if people == 1 else "people"} here<ul style="margin:2px 0">{rows}</ul></div>'
    )


def class_page(
    registry: RoomRegistry | None = None, courses: CourseClasses | None = None
) -> pn.viewable.Viewable:
    """What ``apps/classroom.py`` serves: the teacher's overview for ``?class=…&key=…`` (of
    tables, or of a course), else the form that makes a class."""
    registry = registry or shared_registry()
    token = keep_token()
    origin = page_origin()
    name, key = _arg("class"), _arg("key")
    if name is None:
        return ClassMaker(registry, token, origin, courses)
    courses = courses or shared_course_classes()
    course = courses.find(name)
    if course is not None:
        return _course_page(courses, course, key, origin)
    if key is None and _arg("show") == "tables":
        try:
            game, tables = registry.class_tables_by_name(name)
        except RoomError as err:
            return pn.pane.HTML(
                f'<div class="cole-class-error" style="{ERROR_STYLE};font-size:16px">'
                f"{html.escape(str(err))}</div>"
            )
        return ProjectorView(game, tables, origin)
    try:
        classroom = registry.get_class(name, key or "")
    except RoomError as err:
        return pn.pane.HTML(
            f'<div class="cole-class-error" style="{ERROR_STYLE};font-size:16px">'
            f'{html.escape(str(err))}</div><a href="./classroom">Make a class instead.</a>'
        )
    overview = ClassOverview(registry, classroom, origin)
    overview.start()
    return overview


def _course_page(courses: CourseClasses, course: Any, key: str | None, origin: str) -> Any:
    """A course class's projector view (no key, ``show=tables``) or teacher's overview."""
    if key is None and _arg("show") == "tables":
        return CourseProjector(course, origin)
    try:
        overview = course_overview(courses, course.name, key or "", origin)
    except RoomError as err:
        return pn.pane.HTML(
            f'<div class="cole-class-error" style="{ERROR_STYLE};font-size:16px">'
            f'{html.escape(str(err))}</div><a href="./classroom">Make a class instead.</a>'
        )
    overview.start()
    return overview
