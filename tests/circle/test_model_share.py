"""Model behaviour added with the race, hints, links and puzzles (no browser)."""

from __future__ import annotations

import pytest

from cole_panel.circle.link import open_shared, position_query, read_query
from cole_panel.circle.model import CircleModel
from cole_panel.circle.puzzle_model import PuzzleModel
from engines.circle import Rules, replay


def two_people(**params):
    return CircleModel(seat0="Human", seat1="Human", **params)


def test_undo_while_viewing_the_past_is_refused_and_changes_nothing():
    model = two_people()
    for cell in ("E5", "E7", "A1"):
        model.play(cell)
    model.view(1)
    assert not model.undo()
    assert "past position" in model.message and model.message_is_error
    assert len(model.history) == 3 and model.view_index == 1
    assert not model.redo()


def test_the_move_list_marks_captures():
    model = two_people()
    for cell in ("E5", "E7", "A1", "E6"):
        model.play(cell)
    assert model.move_labels == ["Orange E5", "Black E7", "Orange A1", "Black E6 ✕ ate 1"]


def test_messages_use_singular_and_plural():
    model = two_people(capture_target=1)
    model.new_game()
    assert "eat 1 stone to win" in model.message
    model.play("E5")
    model.undo()
    assert model.message.startswith("Took back 1 move;")


def test_a_shared_address_opens_its_position_ready_to_step_through():
    game = replay(["E5", "E7", "A1"], Rules(radius=5))
    query = position_query(game)
    assert query == "?moves=E5,E7,A1&radius=5"
    model = CircleModel()
    open_shared(model, query)
    assert model.state == game
    assert (model.seat0, model.seat1) == ("Human", "Human")
    assert len(model.history) == 3 and model.radius == 5
    model.view(1)
    assert model.shown_state.moves == game.moves[:1]


def test_each_bad_parameter_is_named_and_the_rest_applies():
    model = CircleModel()
    open_shared(model, "?radius=99&capture_target=0&first_player=black&moves=E5,Q1,E6")
    assert model.state.rules.first_player == 1
    assert model.state.rules.radius == 4
    assert [model.state.label(c) for c in model.state.moves] == ["E5"]
    assert model.message_is_error
    for name in ("radius must be", "capture_target must be", "moves: move 2 (Q1)"):
        assert name in model.message


def test_an_address_with_markup_is_reported_as_text():
    problems = read_query("?<b>x</b>=1&moves=<script>").problems
    assert problems[0].startswith("<b>x</b>: there is no such parameter")
    assert "moves: move 1 (<script>) cannot be played" in problems[1]


@pytest.mark.parametrize("theme", ["feast", "block", "rescue"])
def test_a_puzzle_is_solved_or_failed_with_an_explanation(theme):
    puzzles = PuzzleModel(theme=theme, difficulty="easy")
    puzzle = puzzles.puzzle
    assert puzzle.theme == theme and puzzle.difficulty == "easy"
    puzzles.game.human_play(puzzle.answers[0])
    assert puzzles.solved is True and puzzles.feedback.startswith("Right!")
    puzzles.retry()
    assert puzzles.solved is None and not puzzles.game.history
    state = puzzles.game.state
    wrong = next(c for c in state.legal_actions() if state.label(c) not in puzzle.answers)
    puzzles.game.human_play(wrong)
    assert puzzles.solved is False
    assert f"The answer is {puzzle.answers[0]}" in puzzles.feedback
    assert puzzles.game.state.moves == (wrong,)  # the board shows what the wrong move did
    before = puzzles.puzzle.id
    puzzles.next_puzzle()
    assert puzzles.puzzle.id != before and puzzles.solved is None


def test_at_the_end_every_empty_cell_says_why_the_stuck_player_cannot_use_it():
    from cole_panel.circle.board import CircleBoard

    game = replay([])
    while not game.is_over:
        game.apply(game.legal_actions()[len(game.moves) * 7 % len(game.legal_actions())])
    assert game.outcome.reason == "no_legal_placement"
    board = CircleBoard(model=CircleModel.from_state(game))
    data = board.sources["cells"].data
    stuck = ("Orange", "Black")[game.outcome.stuck]
    empty = [i for i, cell in enumerate(game.cells) if game.stone_at(cell) is None]
    assert empty
    for i in empty:
        assert data["title"][i].endswith(f"{stuck} cannot play here")
        assert "4" in data["tip"][i] and data["label"][i] in data["tip"][i]
