"""The Learn page's model and page: a stage checked move by move on the game's own model, the
stars kept per browser, and an address's bad values named."""

from __future__ import annotations

import tempfile

import panel as pn
import pytest

from cole_panel.core.database import Database
from cole_panel.core.game_store import GameStore
from cole_panel.core.learn_model import LearnModel
from cole_panel.ui.learn_page import LearnProgress, learn_page
from cole_panel.ui.learn_view import LearnView

GAMES = ("circle", "savannah", "ecosystem")


def played(model: LearnModel, text: str) -> None:
    """A move as a page plays it: through the game's own model."""
    assert model.board.play(model.board.state.parse_action(text)), model.board.message


@pytest.mark.parametrize("game", GAMES)
def test_every_stage_is_missed_then_done_on_the_games_own_model(game):
    model = LearnModel(game=game)
    for stage in model.course.stages:
        model.open(stage.id)
        for text in stage.wrong[0]:
            played(model, text)
        assert model.feedback_kind == "missed" and "try again" in model.feedback.lower()
        assert model.board.state.to_dict() == stage.state().to_dict()  # undone
        for text in stage.solution:
            played(model, text)
        assert model.feedback_kind == "done" and stage.success in model.feedback
        assert model.stars == stage.stars(len(stage.solution) + len(stage.wrong[0]))
    assert set(model.progress) == {s.id for s in model.course.stages}


def test_an_illegal_move_is_explained_and_changes_nothing():
    model = LearnModel(game="circle", stage_id="four-stones")
    assert not model.board.play("E6")
    assert model.feedback_kind == "illegal" and "at most 4" in model.feedback
    assert model.moves == 0 and not model.board.history


def test_undo_is_refused_and_the_stage_stays():
    model = LearnModel(game="circle", stage_id="critter")
    played(model, "A1")  # missed: back at the start
    model.board.play("E5")
    model.board.undo()
    assert model.feedback_kind in {"done", "undo"}


def test_a_new_game_on_the_board_brings_the_stage_back():
    model = LearnModel(game="savannah", stage_id="level-1")
    model.board.new_game()
    assert model.feedback_kind == "undo"
    assert model.board.state.to_dict() == model.stage.state().to_dict()
    played(model, model.stage.solution[0])
    assert model.feedback_kind == "done"


def test_try_again_and_next_stage():
    model = LearnModel(game="savannah")
    played(model, model.stage.solution[0])
    assert model.stars == 3 and model.progress == {"play-a-card": 3}
    model.try_again()
    assert model.stars == 0 and model.feedback_kind == "start" and not model.board.history
    assert model.next_stage().id == "level-1" and model.stage_id == "level-1"
    assert model.hint() == model.stage.hint


def test_progress_is_kept_per_browser_and_read_back_checked():
    store = GameStore(Database.in_folder(tempfile.mkdtemp()))
    mine, theirs = LearnProgress("a" * 20, store), LearnProgress("b" * 20, store)
    mine.put("circle", {"first-stone": 3, "critter": 2})
    assert mine.get("circle") == {"first-stone": 3, "critter": 2}
    assert theirs.get("circle") == {} and mine.get("savannah") == {}
    store.put("a" * 20, LearnProgress.app("savannah"), '{"kill": 7, "<b>": 1, "scare": 1}')
    assert mine.get("savannah") == {"scare": 1}
    store.put("a" * 20, LearnProgress.app("ecosystem"), "not json")
    assert mine.get("ecosystem") == {}


@pytest.mark.parametrize(
    ("address", "said"),
    [
        ("?game=chess", "game: 'chess' is not one of"),
        ("?game=circle&stage=<script>", "is not a stage id"),
        ("?game=circle&stage=" + "a" * 200, "is not a stage id"),
        ("?game=savannah&stage=no-such", "has no stage 'no-such'"),
        ("?stage=critter", "say which game too"),
        ("?colour=red", "there is no such parameter"),
    ],
)
def test_a_bad_address_is_named_and_the_page_still_shows(address, said):
    page = learn_page(address)
    shown = page.objects[0].object.replace("\\", "")  # Markdown's escapes
    assert said in shown
    assert "<script>" not in page.objects[0].object


def test_a_stage_link_opens_that_stage_and_the_view_shows_it():
    page = learn_page("?game=ecosystem&stage=zebra")
    texts = [pane.object for pane in page.select(pn.pane.HTML)]
    assert any("Stage 6 of 16: " in text for text in texts)
    view = LearnView(model=LearnModel(game="circle", stage_id="critter"))
    assert "Stage 2 of 21: Critters" in view._stage.object


def test_the_rulebooks_sentences_are_shown_one_a_line_a_cut_one_marked():
    """Run together, a stage's quotes read "as indicated by arrows pair (2 stones) eats
    singleton That closes the circle" to a student: one broken sentence."""
    view = LearnView(model=LearnModel(game="circle", stage_id="pair-eats-singleton"))
    shown = view._stage.object
    assert "arrows pair" not in shown and "singleton That" not in shown
    assert "<p>Each species is defined by its shape" in shown
    assert "as indicated by arrows…</p><p>…pair (2 stones) eats singleton…</p>" in shown
    view.model.open("four-stones")
    assert "<p>…with one restriction: you may not make a critter" in view._stage.object


@pytest.mark.parametrize(
    ("game", "how"),
    [
        ("circle", "a second tap places it"),
        ("savannah", "choose a card in your hand"),
        ("ecosystem", "then a green cell of your park"),
    ],
)
def test_a_stage_opens_saying_how_a_move_is_made_on_its_board(game, how):
    """The first stage said only "do what the stage asks, on the board or with the keys": a
    newcomer on a phone whose one tap only previewed was not told to tap again."""
    model = LearnModel(game=game)
    assert model.feedback_kind == "start" and how in model.feedback
    assert "Move box" in model.feedback
    model.open(model.course.stages[2].id)
    assert how in model.feedback
