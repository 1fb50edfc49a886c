"""The Learn page (``/learn``), the Learn tab of a game page, and a browser's kept progress.

``/learn`` lists the three courses, every stage a link ``/learn?game=<game>&stage=<id>``
with the stars this browser won there; ``?game=`` alone opens the first stage not done yet.
The address is read as untrusted text (:mod:`cole_panel.core.query`): a bad game or stage is
named in a sentence above the list, and nothing else changes.  A browser's stars are kept in
the server's database, under its token cookie (:class:`LearnProgress`), so they survive a
restart.  A class's link adds ``class=<name>`` (a class given a course on ``/classroom``):
the course of the class's game, with a name box (:class:`~.class_join.ClassJoin`), its stars
kept in the student's row of the class for her teacher's overview, and in the browser's own
progress too.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

import panel as pn

from engines.learn import load_course

from ..core.game_store import GameStore
from ..core.learn_model import LearnModel, read_progress
from ..core.query import choice, read_query
from ..core.untrusted import markdown_text
from ..game_pages import GAME_PAGES, get_page, load
from ..rooms.course_class import CourseClasses, shared_course_classes
from ..rooms.course_page import title_of
from ..rooms.registry import NAME_PATTERN
from .class_join import ClassJoin
from .learn_view import LearnView, next_tick, stars_html

__all__ = [
    "LearnProgress",
    "LearnTab",
    "course_list",
    "keep_in_browser",
    "learn_page",
    "stage_link",
]

_STAGE_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
MAX_STAGE_CHARS = 60
"""Longest stage id read from an address."""


def _stage_text(text: str) -> str:
    text = text.strip()
    if len(text) > MAX_STAGE_CHARS or not _STAGE_ID.fullmatch(text):
        raise ValueError("is not a stage id (lower-case words joined by hyphens)")
    return text


def stage_link(game: str, stage_id: str) -> str:
    """The address of a stage, relative to the site's root.

    >>> stage_link("circle", "critter")
    './learn?game=circle&stage=critter'
    """
    return f"./learn?game={game}&stage={stage_id}"


class LearnProgress:
    """A browser's stars per stage of each course, in the server's database (one row per
    browser and course, in the kept games' table: see :class:`GameStore`)."""

    def __init__(self, token: str | None, store: GameStore | None = None):
        self.token = token
        self._store = store

    @property
    def store(self) -> GameStore:
        if self._store is None:
            from .resume import shared_store  # the page's one store of kept games

            self._store = shared_store()
        return self._store

    @staticmethod
    def app(game: str) -> str:
        return f"learn-{game}"

    def get(self, game: str) -> dict[str, int]:
        """The stars kept for ``game``'s course (none without a token or a database)."""
        if self.token is None:
            return {}
        text = self.store.get(self.token, self.app(game))
        try:
            data = json.loads(text) if text else {}
        except ValueError:
            data = {}
        return read_progress(data, load_course(game))

    def put(self, game: str, progress: dict[str, int]) -> None:
        if self.token is not None:
            self.store.put(self.token, self.app(game), json.dumps(progress))

    @classmethod
    def of_browser(cls) -> LearnProgress:
        """This browser's (its token cookie) on a served page; else kept for the session."""
        from ..runtime.page import served_doc
        from .token import keep_token

        return cls(keep_token() if served_doc() is not None else None)


LIST_CSS = "a { color: #0b4a7d; } a:visited { color: #5a2a82; }"
"""The stages' links dark enough on every page's ground (a game tab's #fbf8f1 too): the
browser's default blue fell below WCAG AA's 4.5:1 there (axe's colour-contrast rule)."""


def course_list(progress: LearnProgress, only: str | None = None) -> pn.viewable.Viewable:
    """Each course (or ``only`` this game's) with its stages as links and the stars won."""
    parts = []
    for name in GAME_PAGES if only is None else (only,):
        course = load_course(name)
        won = progress.get(name)
        items = "".join(
            f'<li><a href="{stage_link(name, s.id)}">{html.escape(s.title)}</a> '
            f"{stars_html(won[s.id]) if s.id in won else ''}</li>"
            for s in course.stages
        )
        parts.append(
            f'<section class="cole-learn-course" data-game="{name}">'
            f"<h2>{html.escape(course.title)}</h2>"
            f"<p>{len(won)} of {len(course)} stages done · {sum(won.values())} stars</p>"
            f"<ol>{items}</ol></section>"
        )
    return pn.pane.HTML(
        "".join(parts),
        sizing_mode="stretch_width",
        css_classes=["cole-learn-list"],
        stylesheets=[LIST_CSS],
    )


def _class_name(text: str) -> str:
    text = text.strip()
    if not NAME_PATTERN.fullmatch(text):
        raise ValueError("is not a class's name: open the whole link your teacher gave again")
    return text


def _class_of(
    name: str | None, game: str | None, courses: CourseClasses | None
) -> tuple[Any, list[str]]:
    """The course class ``name`` of the address (or None) and the sentences on what of the
    address it overrides."""
    if name is None:
        return None, []
    found = (courses or shared_course_classes()).find(name)
    if found is None:
        return None, [
            "class: there is no such class (the link may be mistyped); your stars are kept "
            "in this browser only."
        ]
    if game is not None and game != found.game:
        return found, [f"game: this class was given {title_of(found)}; here it is."]
    return found, []


def _course(game: str, stage: str | None, won: dict[str, int]) -> tuple[LearnModel, str]:
    course = load_course(game)
    problem = ""
    if stage is not None and stage not in {s.id for s in course.stages}:
        problem = f"stage: {course.title} has no stage {stage!r}; here is where you left off."
        stage = None
    if stage is None:
        stage = next((s.id for s in course.stages if s.id not in won), course.stages[0].id)
    return LearnModel(game=game, stage_id=stage, progress=won, defer=next_tick), problem


def keep_in_browser(model: LearnModel, progress: LearnProgress) -> None:
    """Keep the stars ``model`` wins in the browser's own Learn progress too, the best of
    each stage (won in a class, they count on ``/learn`` as well)."""

    def kept(event: Any) -> None:
        own = progress.get(model.game)
        best = {key: max(stars, own.get(key, 0)) for key, stars in event.new.items()}
        progress.put(model.game, {**own, **best})

    model.param.watch(kept, ["progress"])


PUZZLE_VIEWS = {
    "circle": "cole_panel.circle.puzzles:PuzzleView",
    "savannah": "cole_panel.savannah.puzzles:SavannahPuzzleView",
    "ecosystem": "cole_panel.ecosystem.draft.puzzles:EcosystemPuzzleView",
}
"""The view of each game's puzzle set (its Puzzles tab's), for a class given puzzles."""


def _class_course(
    courses: CourseClasses | None, found: Any, stage: str | None, progress: LearnProgress
) -> tuple[list[Any], str]:
    """A class's course or puzzle set: the name box, then the stage (or the puzzle); what is
    done kept in the student's row of the class (the browser's own course is another's)."""
    courses = courses or shared_course_classes()
    if found.kind == "puzzles":
        view = load(PUZZLE_VIEWS[found.game])()
        problem = "stage: a puzzle set has no stages." if stage is not None else ""
        return [ClassJoin(courses, found, progress.token, view.model), view], problem
    mine = courses.student(found.name, progress.token) if progress.token is not None else None
    model, problem = _course(found.game, stage, mine.progress if mine is not None else {})
    keep_in_browser(model, progress)
    return [ClassJoin(courses, found, progress.token, model), LearnView(model=model)], problem


def learn_page(args: Any = None, courses: CourseClasses | None = None) -> pn.viewable.Viewable:
    """The page for an address's ``game``, ``stage`` and ``class`` (``pn.state.session_args``
    by default): a stage on its board, or the list of courses; a bad value named, never
    raised.  ``courses``: the course classes (the server's by default)."""
    args = pn.state.session_args if args is None else args
    parsers = {"game": choice(list(GAME_PAGES)), "stage": _stage_text, "class": _class_name}
    found = read_query(args, parsers)
    progress = LearnProgress.of_browser()
    game, stage = found.values.get("game"), found.values.get("stage")
    problems = list(found.problems)
    classroom, said = _class_of(found.values.get("class"), game, courses)
    problems += said
    game = classroom.game if classroom is not None else game
    if stage is not None and game is None and not problems:
        problems.append("stage: say which game too, e.g. ?game=circle&stage=critter.")
    parts: list[Any] = []
    if game is not None:
        if classroom is not None:
            shown, problem = _class_course(courses, classroom, stage, progress)
        else:
            model, problem = _course(game, stage, progress.get(game))
            keep_in_browser(model, progress)
            shown = [LearnView(model=model)]
        problems += [problem] if problem else []
        named = title_of(classroom) if classroom is not None else load_course(game).title
        title = f"# {html.escape(named)}"
        parts += [pn.pane.Markdown(title, margin=(0, 10)), *shown]
    else:
        intro = (
            "# Learn\nEach course takes you from nothing to a first game, one rule a stage: "
            "read the rule, make the move, and the game itself tells you how it went."
        )
        parts += [pn.pane.Markdown(intro, margin=(0, 10)), course_list(progress)]
    if problems:
        text = "Not used from the page address: " + " ".join(problems)
        parts.insert(
            0,
            pn.pane.Alert(
                markdown_text(text), alert_type="warning", css_classes=["cole-learn-problem"]
            ),
        )
    return pn.Column(*parts, sizing_mode="stretch_width")


class LearnTab:
    """A game page's Learn tab: the course's stages as links, built when the tab is opened."""

    def __init__(self, game: str):
        self.game = get_page(game).name
        self.column = pn.Column(sizing_mode="stretch_width", css_classes=["cole-learn-tab"])

    def _fill(self) -> None:
        if not self.column.objects:
            intro = pn.pane.Markdown(
                f"Learn {html.escape(get_page(self.game).title)} rule by rule: each stage is a "
                "tiny position and one goal, checked by the game. "
                f"[Start or go on where you left off]({'./learn?game=' + self.game}).",
                sizing_mode="stretch_width",
                stylesheets=[LIST_CSS],
            )
            self.column[:] = [intro, course_list(LearnProgress.of_browser(), only=self.game)]

    def attach(self, tabs: pn.Tabs) -> pn.Tabs:
        """Fill the tab when ``tabs`` (which hold :attr:`column`) switch to it; ``tabs``."""

        def opened(event: Any) -> None:
            if 0 <= event.new < len(tabs.objects) and tabs.objects[event.new] is self.column:
                self._fill()

        tabs.param.watch(opened, "active")
        return tabs
