"""The scoring explorer's model: building parks, the live score, stepping, lions, saving."""

from __future__ import annotations

import doctest
import json
from collections import Counter

import pytest

import cole_panel.ecosystem.draft.model as model_module
import cole_panel.ecosystem.explorer.model as explorer_module
import cole_panel.ecosystem.geometry as geometry_module
from cole_panel.ecosystem import EcosystemModel, ScoringExplorerModel
from cole_panel.ecosystem.explorer.model import ESTHER, PARK_FORMAT, parks_text
from engines.ecosystem import CardType, Park, new_game
from engines.ecosystem.bots import RandomBot

EMPTY = "\n".join([".. .. .. .. .."] * 4)


def explorer(text: str | None = None, **params) -> ScoringExplorerModel:
    if text is None:
        text = EMPTY if params.get("variant", "classic") == "classic" else EMPTY + "\n\n" + EMPTY
    return ScoringExplorerModel(parks=text, **params)


def lines_of(model: ScoringExplorerModel, category: str) -> list[tuple[int, str]]:
    return [(line.points, line.note) for line in model.shown_lines if line.category == category]


@pytest.mark.parametrize("module", [explorer_module, model_module, geometry_module])
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


def test_it_opens_on_the_rulebook_example_scoring_86():
    model = ScoringExplorerModel()
    assert model.parks == (Park.parse(ESTHER),)
    assert model.total == 86
    assert "Esther" in model.message
    assert model.by_category()["watering_hole"] == 12


# ---- building -------------------------------------------------------------------------


def test_painting_cells_updates_total_and_lines():
    model = explorer()
    assert model.total == 0 and model.shown_lines == []
    model.brush = "GR"
    assert model.paint(None, (1, 1))
    assert model.total == 1 and lines_of(model, "grassland") == [(1, "grassland at B2 on its own")]
    model.paint(None, (1, 2))
    assert lines_of(model, "grassland") == [(4, "group of 2 grasslands")]
    model.brush = "ZB"
    model.paint(None, (0, 1))
    assert lines_of(model, "zebra") == [(3, "zebra at A2: 1 grassland next to it")]
    assert model.total == 7
    assert model.message == "Put a zebra at A2. Total 7 points (+3)."


def test_clicking_a_filled_cell_replaces_its_card_and_the_eraser_empties_it():
    model = explorer()
    model.set_card(None, (0, 0), "GZ")
    model.set_card(None, (0, 0), "EL")
    assert model.parks[0][0, 0] is CardType.ELEPHANT
    model.brush = "eraser"
    assert model.paint(None, (0, 0))
    assert model.parks[0].is_empty
    assert model.message == "Removed the elephant at A1. Total 0 points (-6)."
    assert not model.paint(None, (0, 0))
    assert model.message == "A1 is already empty." and model.message_is_error


def test_a_cell_outside_the_park_or_a_wrong_park_is_refused():
    model = explorer()
    assert not model.set_card(None, (4, 0), "GZ")
    assert "no cell" in model.message
    assert not model.set_card("east", (0, 0), "GZ")
    assert model.parks[0].is_empty


def test_malformed_text_is_refused_naming_row_column_and_token_and_the_park_is_kept():
    model = ScoringExplorerModel()
    before, revision = model.table, model.revision
    bad = ESTHER.replace("GR ZB CH", "GR ZQ CH")
    assert not model.load_text(bad)
    assert model.message == (
        "Park text not applied: row 2, column 2: unknown card code 'ZQ'. The park is unchanged."
    )
    assert model.message_is_error
    assert model.table == before and model.revision == revision and model.total == 86
    assert not model.load_text("GR GR\n.. ..")
    assert "row 1, column 3: missing card" in model.message


def test_text_with_face_down_marks_is_read_face_up():
    model = explorer()
    assert model.load_text(EMPTY.replace("..", "GZ*", 1))
    assert model.parks[0].flipped == frozenset()
    assert model.parks[0][0, 0] is CardType.GAZELLE
    assert "Face-down marks (*) were ignored" in model.message


def test_random_park_is_a_full_park_a_draft_could_give():
    model = explorer(seed=5)
    model.random_park()
    park = model.parks[0]
    assert park.is_full
    assert max(Counter(park).values()) <= 12
    again = explorer(seed=5)
    again.random_park()
    assert again.parks == model.parks
    assert model.message == f"A random park: {model.total} points."


def test_random_two_parks_use_one_deck_between_them():
    model = explorer(variant="two_parks", seed=2)
    model.random_park()
    west, east = model.parks
    assert west.is_full and east.is_full
    assert max((Counter(west) + Counter(east)).values()) <= 12


def test_clear_empties_the_park():
    model = ScoringExplorerModel()
    model.clear()
    assert model.parks[0].is_empty and model.total == 0


# ---- the gazelle majority -------------------------------------------------------------


def test_other_players_gazelles_change_the_majority():
    model = ScoringExplorerModel()
    assert (5, "most gazelles (3)") in lines_of(model, "gazelle")
    assert model.set_other_gazelles("4")
    assert model.other_gazelles == [4]
    assert (2, "second-most gazelles (3)") in lines_of(model, "gazelle")
    assert model.total == 83
    model.set_other_gazelles("3, 5")
    assert (2, "second-most gazelles (3, tied with 1 other)") in lines_of(model, "gazelle")
    model.set_other_gazelles("5, 5")
    assert model.total == 81  # a tie for first leaves no second
    assert model.set_other_gazelles("")
    assert (5, "most gazelles (3)") in lines_of(model, "gazelle")


def test_bad_gazelle_counts_are_refused_and_kept():
    model = ScoringExplorerModel()
    assert not model.set_other_gazelles("2, lots")
    assert model.message == (
        "Other players' gazelles: 'lots' is not a whole number from 0 to 99."
        " The counts are unchanged."
    )
    assert model.other_gazelles == [2]


# ---- two parks ------------------------------------------------------------------------


def test_switching_to_two_parks_keeps_the_park_as_west_and_adds_rows():
    model = ScoringExplorerModel()
    model.variant = "two_parks"
    west, east = model.parks
    assert west == Park.parse(ESTHER) and east.is_empty
    assert "rows" in model.categories
    assert len(lines_of(model, "rows")) == 4
    assert set(model.row_notes()) == {0, 1, 2, 3}
    model.variant = "classic"
    assert model.parks == (Park.parse(ESTHER),)
    assert "rows" not in model.categories


def test_two_park_text_in_both_forms_and_errors_name_the_park():
    model = explorer(variant="two_parks")
    side = "\n".join(f"{row} | .. .. .. .. GZ" for row in EMPTY.split("\n"))
    assert model.load_text(side)
    assert model.parks[1].count("GZ") == 4
    assert model.park_text() == side
    assert model.load_text(EMPTY + "\n\n" + EMPTY.replace("..", "TR", 1))
    assert model.parks[1][0, 0] is CardType.TREE and model.parks[0].is_empty
    assert not model.load_text(side.replace("GZ", "G!", 1))
    assert model.message.startswith(
        "Park text not applied: East park: row 1, column 5: unknown card code 'G!'"
    )
    assert not model.load_text(side.replace("|", "", 1))
    assert "row 1: put one '|' between the West and the East cards" in model.message
    assert not model.load_text(EMPTY)
    assert "two parks" in model.message


def test_painting_the_east_park():
    model = explorer(variant="two_parks")
    model.set_card("east", (2, 3), "GZ")
    assert model.parks[1][2, 3] is CardType.GAZELLE
    assert model.message.startswith("Put a gazelle at East C4.")


# ---- stepping -------------------------------------------------------------------------


def test_stepping_starts_before_scoring_with_every_card_face_up():
    model = ScoringExplorerModel()
    model.go(0)
    assert model.stepping and model.step == 0
    assert model.shown_lines == [] and model.total == 0
    assert model.shown_parks[0].flipped == frozenset()
    assert model.describe_step().startswith("Step 0 of 11: before scoring")
    assert [s.category for s in model.view_steps][:3] == ["watering_hole", "grassland", "tree"]


def test_the_cheetah_step_flips_the_gazelles_on_its_diagonals():
    model = ScoringExplorerModel()
    model.go(6)
    assert model.shown_step.category == "giraffe"
    assert model.shown_parks[0].flipped == frozenset()
    assert model.next_step()
    assert model.shown_step.category == "cheetah"
    assert model.shown_parks[0].flipped == {(0, 1), (3, 4)}
    assert model.describe_step() == (
        "Step 7 of 11: Cheetahs +6 (total 66). Flipped face down: A2, D5."
    )
    new = [model.shown_lines[i] for i in model.new_lines]
    assert [line.category for line in new] == ["cheetah"]
    scorers, helpers, harm = model.highlight
    assert scorers == [(1, 2)] and set(helpers) == {(0, 1), (3, 4)}
    model.previous_step()
    assert model.shown_parks[0].flipped == frozenset()


def test_hyenas_score_only_after_the_flips():
    model = ScoringExplorerModel()
    model.go(len(model.view_steps))
    assert model.shown_step.category == "vulture"
    assert model.total == 86 == model.final_total
    hyena = [s for s in model.view_steps if s.category == "hyena"][0]
    assert [line.points for line in hyena.lines] == [6]
    assert not model.next_step()
    assert model.message == "Scoring is over: that was the last step."


def test_the_lion_step_shows_its_choice_and_alternatives():
    model = ScoringExplorerModel()
    model.go(8)
    lion = model.lion
    assert lion is not None and lion.lion == (0, 4) and lion.prey == (2, 2)
    assert [cell for cell, _ in lion.options] == [(1, 1), (1, 3), (2, 2)]
    text = model.lion_text()
    assert text.startswith("The lion at A5 flips the zebra at C3: the prey that gives the best")
    assert "gazelle at B4 → 83 points" in text


def test_choosing_another_prey_changes_the_final_score_and_can_be_undone():
    model = ScoringExplorerModel()
    model.go(8)
    assert model.choose_lion((1, 3))
    assert model.lion.prey == (1, 3) and model.lion.reason == "chosen"
    assert model.final_total == 83
    assert model.step == 8 and model.stepping
    assert model.message.startswith("The lion at A5 now flips B4.")
    assert model.choose_lion(None)
    assert model.final_total == 86 and model.lion.reason == "best"
    assert not model.choose_lion((0, 0))
    assert "cannot flip A1" in model.message


def test_a_lion_choice_that_no_longer_fits_the_park_is_dropped():
    model = ScoringExplorerModel()
    model.go(8)
    model.choose_lion((1, 3))
    model.set_card(None, (1, 3), "TR")  # the chosen gazelle becomes a tree
    assert model.lion_choices == {}
    assert "Lions choose their prey by the rules again." in model.message


def test_selecting_a_line_highlights_its_cards():
    model = ScoringExplorerModel()
    index = next(i for i, line in enumerate(model.shown_lines) if line.category == "zebra")
    model.selected_line = index
    scorers, helpers, harm = model.highlight
    assert scorers == [(1, 1)] and set(helpers) == {(1, 0), (2, 1)}


def test_cards_that_end_face_down_are_known_while_building():
    flips = ScoringExplorerModel().final_flips()
    assert flips == {
        (0, 1): "the cheetah at B3",
        (3, 4): "the cheetah at B3",
        (2, 2): "the lion at A5",
    }


def test_cell_notes_list_the_lines_a_card_takes_part_in():
    notes = ScoringExplorerModel().cell_notes()
    assert (
        "+6: watering hole at A4: 3 kinds of animal next to it (gazelle, lion, elephant)"
        in notes[(0, 3)]
    )
    assert any(n.startswith("earns it points: watering hole at A4") for n in notes[(0, 4)])


# ---- a whole table ---------------------------------------------------------------------


def finished_game(variant: str = "classic", players: int = 3):
    state = new_game(EcosystemModel(variant=variant, players=players).rules, seed=4)
    bot = RandomBot(seed=1)
    while not state.is_over:
        state.apply(bot.choose(state))
    return state


def test_a_finished_draft_opens_stepping_on_every_players_parks():
    state = finished_game(players=3)
    model = ScoringExplorerModel()
    model.load_table(state.parks, state.rules, ["A", "B", "C"], player=1)
    assert model.stepping and model.step == 0 and model.player == 1
    assert model.other_gazelles == []
    sheet = state.score_sheet()
    assert [model.sheet.total(p) for p in range(3)] == [sheet.total(p) for p in range(3)]
    model.go(len(model.view_steps))
    assert model.total == sheet.total(1)
    assert all(
        s.lion is None or s.lion.player == 1 for s in model.view_steps if s.category == "lion"
    )
    model.player = 2
    assert model.parks == (state.parks[2],)
    assert model.final_total == sheet.total(2)


def test_two_park_tables_load_too():
    state = finished_game(variant="two_parks", players=2)
    model = ScoringExplorerModel()
    model.load_table(state.parks, state.rules)
    assert model.variant == "two_parks" and model.parks == state.parks[0]
    assert model.final_total == state.score_sheet().total(0)


# ---- saving ----------------------------------------------------------------------------


def test_save_and_load_round_trip():
    model = ScoringExplorerModel()
    model.set_other_gazelles("1, 4")
    model.go(8)
    model.choose_lion((1, 1))
    model.elephant_floor = 0
    text = model.save()
    data = json.loads(text)
    assert data["format"] == PARK_FORMAT and data["parks"] == [[ESTHER]]
    other = explorer()
    assert other.load(text)
    assert other.parks == model.parks
    assert other.other_gazelles == [1, 4] and other.elephant_floor == 0
    assert other.lion_choices == {0: {(0, 4): (1, 1)}}
    assert other.final_total == model.final_total
    assert other.message == f"Loaded the park file: Your park scores {model.final_total} points."


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{nope", "it is not valid JSON"),
        ('{"format": "x"}', "it is not a saved Ecosystem park (the 'format' field is 'x')"),
        ('{"format": "cole-panel/ecosystem-park", "version": 9}', "version 9"),
        (
            '{"format": "cole-panel/ecosystem-park", "version": 1, "rules": {}, "parks": [["GZ"]]}',
            "parks[0][0]: row 1, column 2: missing card",
        ),
        (
            '{"format": "cole-panel/ecosystem-park", "version": 1, "rules": {"colour": 1}, '
            '"parks": []}',
            "unknown option 'colour'",
        ),
        (
            '{"format": "cole-panel/ecosystem-park", "version": 1, "rules": {"variant": "two_parks"},'
            ' "parks": [[".. .. .. .. ..\\n.. .. .. .. ..\\n.. .. .. .. ..\\n.. .. .. .. .."]]}',
            "parks[0] must hold 2 park text(s)",
        ),
    ],
)
def test_a_bad_park_file_is_refused_with_the_reason_and_the_park_kept(text, reason):
    model = ScoringExplorerModel()
    assert not model.load(text)
    assert reason in model.message
    assert model.message.startswith("Could not load the file: ")
    assert model.message.endswith("The current park is unchanged.")
    assert model.total == 86


def test_a_saved_draft_opens_with_its_parks():
    game = EcosystemModel(seed=3, seat0="Random")
    while not game.state.is_over:
        game.bot_move()
    model = explorer()
    assert model.load(game.save())
    assert len(model.table) == 2
    assert model.parks == (game.state.parks[0],)
    assert model.final_total == game.totals()[0]


def test_parks_text_reads_back():
    parks = (Park.parse(ESTHER), Park.parse(EMPTY))
    assert explorer_module.parse_parks(parks_text(parks), "two_parks")[0] == parks


@pytest.mark.parametrize(("variant", "parks"), [("two_parks", 2), ("classic", 1)])
def test_a_link_naming_only_the_variant_opens_the_park_in_it(variant, parks):
    """``?variant=two_parks`` (no park in the link) crashed the page build: the one park was
    kept as a classic table and scored as two."""
    from cole_panel.ecosystem.explorer.link import open_link

    start = "classic" if variant == "two_parks" else "two_parks"
    model = explorer(variant=start)
    model.random_park()
    west = model.parks[0]
    open_link(model, f"?variant={variant}")
    assert model.variant == variant
    assert len(model.parks) == parks and model.parks[0] == west
    assert not model.message_is_error, model.message
