"""A class given a course or a puzzle set: each student's name, stars and puzzles solved kept
per class and browser, read by the teacher with her key, on SQLite and on PostgreSQL; and the
page of a class's link (the name box, then each stage's stars or each puzzle solved written to
the student's row)."""

from __future__ import annotations

import panel as pn
import pytest

from cole_panel.circle.puzzle_model import PuzzleModel
from cole_panel.core.database import Database
from cole_panel.core.game_store import GameStore
from cole_panel.core.learn_model import LearnModel
from cole_panel.rooms import course_class
from cole_panel.rooms.course_class import CourseClasses, puzzle_ids
from cole_panel.rooms.course_page import students_html
from cole_panel.rooms.registry import new_token
from cole_panel.rooms.seats import RoomError
from cole_panel.ui import learn_page as learn_pages
from cole_panel.ui.class_join import NAMES_A_MINUTE, ClassJoin
from cole_panel.ui.learn_page import LearnProgress, learn_page


class Clock:
    now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def classes(database_url):
    db = Database(database_url, clock=Clock())
    yield CourseClasses(db)
    db.close()


def test_students_join_by_name_and_the_teacher_sees_their_stages_and_stars(classes):
    made = classes.create("circle")
    ada, bo = new_token(), new_token()
    assert classes.join(made.name, bo, "Bo") == "Bo"
    assert classes.join(made.name, ada, " Ada\u202e  Lovelace ") == "Ada Lovelace"
    assert classes.record(made.name, ada, {"first-stone": 3, "critter": 2, "nowhere": 3})
    assert classes.record(made.name, bo, {"first-stone": "3", "critter": 9}) is True
    seen = [(s.name, s.stages, s.stars) for s in classes.overview(made.name, made.key)]
    assert seen == [("Ada Lovelace", 2, 5), ("Bo", 0, 0)]
    # she renames herself: the same row, her stars kept
    assert classes.join(made.name, ada, "Ada") == "Ada"
    assert [s.name for s in classes.overview(made.name, made.key)] == ["Ada", "Bo"]
    assert classes.student(made.name, ada).progress == {"first-stone": 3, "critter": 2}


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("", "at least one letter"),
        ("\u200b\n", "at least one letter"),
        (["Ada"], "A name is text"),
        ("Teacher", "call someone else"),
        ("ada", "already called 'ada'"),
    ],
)
def test_a_bad_name_is_refused_with_one_sentence_and_nothing_kept(classes, typed, said):
    made = classes.create("savannah")
    classes.join(made.name, new_token(), "Ada")
    with pytest.raises(RoomError, match=said):
        classes.join(made.name, new_token(), typed)
    assert len(classes.overview(made.name, made.key)) == 1


def test_a_name_is_cut_to_its_limit_and_a_full_class_takes_no_more(classes, monkeypatch):
    monkeypatch.setattr(course_class, "MAX_STUDENTS", 2)
    made = classes.create("ecosystem")
    assert classes.join(made.name, new_token(), "x" * 500) == "x" * 24
    classes.join(made.name, new_token(), "Bo")
    with pytest.raises(RoomError, match="This class is full: it has 2 students"):
        classes.join(made.name, new_token(), "Cy")


def test_a_class_is_forgotten_with_its_stars_after_a_term(classes):
    made = classes.create("circle")
    classes.join(made.name, new_token(), "Ada")
    classes.database.clock.now += course_class.KEEP_FOR + 1
    classes.create("circle")  # making one forgets those past their time
    assert classes.find(made.name) is None
    with pytest.raises(RoomError, match="There is no such class"):
        classes.overview(made.name, made.key)


def _name_boxes(page) -> list:
    return [w for w in page.select(pn.widgets.TextInput) if "cole-class-name" in w.css_classes]


def _page_texts(page) -> str:
    return " ".join(str(p.object) for p in page.select(pn.pane.HTML))


def test_a_class_link_opens_its_course_with_a_name_box(classes):
    made = classes.create("savannah")
    page = learn_page(f"?game=circle&class={made.name}", courses=classes)
    assert len(_name_boxes(page)) == 1
    said = page.objects[0].object.replace("\\", "")
    assert "this class was given Learn On the Savannah" in said  # the class's game
    assert "type your name" in _page_texts(page) and made.key not in _page_texts(page)
    page = learn_page("?class=" + "n" * 22, courses=classes)
    assert "there is no such class" in page.objects[0].object.replace("\\", "")
    assert not _name_boxes(page)


def test_a_students_stages_go_to_her_row_once_she_has_typed_her_name(classes):
    made, token = classes.create("circle"), new_token()
    model = LearnModel(game="circle")
    join = ClassJoin(classes, made, token, model)
    model.board.play(model.board.state.parse_action("E5"))  # stage 1 done before her name
    join.join("<b>Ada</b>")
    assert "You are in the class as <b>&lt;b&gt;Ada&lt;/b&gt;</b>" in join._said.object
    model.next_stage()
    for move in model.stage.solution:
        model.board.play(model.board.state.parse_action(move))
    (ada,) = classes.overview(made.name, made.key)
    assert (ada.name, ada.stages, ada.stars) == ("<b>Ada</b>", 2, 6)
    assert "&lt;b&gt;Ada&lt;/b&gt;</th><td>2 of 21</td><td>6</td>" in students_html([ada], 21)
    join.join("Teacher")
    assert "call someone else" in join._said.object and ada.name == "<b>Ada</b>"


def test_stars_won_in_a_class_count_in_the_browsers_own_learn_progress(classes, tmp_path):
    """A student who did stages in class found /learn at "0 of 21 stages done" at home."""
    made, token = classes.create("circle"), new_token()
    own = LearnProgress(token, GameStore(Database.in_folder(str(tmp_path))))
    own.put("circle", {"first-stone": 1, "win-when-stuck": 2})
    shown, _ = learn_pages._class_course(classes, made, None, own)
    model = shown[1].model
    assert model.progress == {}  # the class's row starts empty: she has not joined
    for stage_id in ("first-stone", "critter"):
        model.open(stage_id)
        for move in model.stage.solution:
            model.board.play(model.board.state.parse_action(move))
    assert own.get("circle") == {"first-stone": 3, "critter": 3, "win-when-stuck": 2}
    model.progress = {"first-stone": 1}  # fewer stars in class never lower the browser's
    assert own.get("circle")["first-stone"] == 3


def test_a_page_gives_a_few_names_a_minute_at_most(classes):
    made, token = classes.create("circle"), new_token()
    join = ClassJoin(classes, made, token, LearnModel(game="circle"))
    for n in range(NAMES_A_MINUTE):
        join.join(f"Ada {chr(65 + n)}")
    join.join("One more")
    assert "names within a minute" in join._said.object
    assert classes.student(made.name, token).name == f"Ada {chr(65 + NAMES_A_MINUTE - 1)}"


def test_a_puzzle_sets_solved_puzzles_add_up_and_only_the_sets_own_count(classes):
    made, ada = classes.create("circle", "puzzles"), new_token()
    first, second = sorted(puzzle_ids("circle"))[:2]
    assert classes.record_solved(made.name, ada, [first]) is False  # no name yet
    classes.join(made.name, ada, "Ada")
    assert classes.record_solved(made.name, ada, [first, "made-up-01", 7])
    assert classes.record_solved(made.name, ada, [second])
    (seen,) = classes.overview(made.name, made.key)
    assert seen.solved == {first, second} and seen.puzzles == 2
    total = len(puzzle_ids("circle"))
    assert f"<td>2 of {total}</td>" in students_html([seen], total, "puzzles")
    with pytest.raises(RoomError, match="not what a class may be given"):
        classes.create("circle", "tables")


def test_a_puzzle_set_class_link_counts_the_puzzles_solved_at_the_first_try(classes):
    made, token = classes.create("circle", "puzzles"), new_token()
    page = learn_page(f"?class={made.name}", courses=classes)
    assert len(_name_boxes(page)) == 1
    assert "Puzzles: Circle of Life" in page.objects[0].object
    trainer = PuzzleModel()
    join = ClassJoin(classes, made, token, trainer)
    join.join("Ada")
    wrong = next(
        trainer.game.state.label(c)
        for c in trainer.game.state.legal_actions()
        if trainer.game.state.label(c) not in trainer.puzzle.answers
    )
    trainer.game.human_play(wrong)
    assert classes.student(made.name, token).puzzles == 0
    trainer.next_puzzle()
    trainer.game.human_play(trainer.puzzle.answers[0])
    assert classes.student(made.name, token).solved == {trainer.puzzle.id}
    assert "each puzzle you solve" in join._said.object
