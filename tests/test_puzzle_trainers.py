"""The card games' puzzle trainers: a puzzle on the game's own model, the first move judged,
the pickers, Try again and Next puzzle."""

from __future__ import annotations

from cole_panel.ecosystem.draft.puzzles import EcosystemPuzzleView
from cole_panel.savannah.puzzles import SavannahPuzzleView
from engines.ecosystem.park import parse_cell_label
from engines.ecosystem.puzzles import solve as solve_ecosystem
from engines.puzzle_files import DIFFICULTIES
from engines.savannah.lookahead import card_choices


def test_savannah_a_wrong_card_then_the_answer_after_try_again():
    view = SavannahPuzzleView()
    trainer, game = view.model, view.model.game
    puzzle = trainer.puzzle
    assert game.state.to_dict() == puzzle.state().to_dict()
    wrong = next(n for n in card_choices(game.state) if n not in puzzle.answers)
    assert game.play(wrong)
    assert trainer.solved is False and trainer.feedback.startswith("Not this one.")
    assert f"The answer is the {puzzle.answers[0]}." in trainer.feedback
    trainer.retry()
    assert trainer.solved is None and game.history == []
    assert game.play(puzzle.answers[0]) and trainer.solved is True
    assert trainer.progress.endswith("solved 1 of 1 tried")


def test_savannah_every_theme_and_level_has_a_puzzle_and_next_goes_round():
    trainer = SavannahPuzzleView().model
    for theme in trainer.param.theme.objects:
        for level in DIFFICULTIES:
            trainer.param.update(theme=theme, difficulty=level)
            assert trainer.puzzle.theme == theme and trainer.puzzle.difficulty == level
    first = trainer.puzzle
    for _ in trainer.choices:
        trainer.next_puzzle()
    assert trainer.puzzle == first


def test_ecosystem_a_place_puzzle_by_card_and_cell_and_a_wrong_cell_explained():
    view = EcosystemPuzzleView()
    trainer = view.model
    puzzle = trainer.puzzle
    assert puzzle.theme == "place" and view.chosen is not None  # the card is chosen already
    values = solve_ecosystem(puzzle.state(), "place", puzzle.card).values
    wrong = next(k for k in values if k not in puzzle.answers)
    view._on_cell(None, parse_cell_label(wrong))
    assert trainer.solved is False and "makes your park worth" in trainer.feedback
    view._on_cell(None, parse_cell_label(puzzle.answers[0]))
    assert trainer.solved is False, "only the first pick is judged"
    trainer.retry()
    view._on_cell(None, parse_cell_label(puzzle.answers[0]))
    assert trainer.solved is True and trainer.feedback.startswith("Right!")


def test_ecosystem_a_keep_puzzle_asks_for_a_card_first():
    view = EcosystemPuzzleView()
    trainer = view.model
    trainer.theme = "keep"
    assert view.chosen is None
    view._on_cell(None, (0, 0))
    assert trainer.game.message_is_error and trainer.solved is None
    puzzle = trainer.puzzle
    codes = [c.code for c in view._cards()]
    view._on_card(codes.index(puzzle.answers[0]))
    cell = solve_ecosystem(puzzle.state(), "keep").cells[puzzle.answers[0]]
    view._on_cell(None, parse_cell_label(cell))
    assert trainer.solved is True
