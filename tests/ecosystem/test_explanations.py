"""Every point explained (issue 13): rows named, lines that say where, help told from harm,
steps that follow edits, the row table as an option, and link parameters."""

from __future__ import annotations

import doctest

import pytest

import cole_panel.ecosystem.explanations as explanations_module
import cole_panel.ecosystem.explorer.link as link_module
import cole_panel.ecosystem.park_text as park_text_module
from cole_panel.ecosystem import ScoringExplorerModel

TWO = (
    "GZ LI GR GR .. | EL ZB TR .. ..\n"
    ".. .. .. .. .. | .. .. .. .. ..\n"
    ".. .. .. .. .. | .. .. .. .. ..\n"
    ".. .. .. .. .. | .. .. .. .. .."
)


@pytest.mark.parametrize("module", [explanations_module, park_text_module, link_module])
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


def park(*rows: str) -> str:
    return "\n".join([*rows, *[".. .. .. .. .."] * (4 - len(rows))])


def two_parks() -> ScoringExplorerModel:
    model = ScoringExplorerModel(variant="two_parks")
    assert model.load_text(TWO), model.message
    return model


def test_an_elephants_neighbours_cost_it_points_and_say_so():
    model = ScoringExplorerModel(parks=park("EL GZ .. .. ..", "ZB .. .. .. .."))
    index = next(i for i, x in enumerate(model.shown_lines) if x.category == "elephant")
    model.selected_line = index
    scorers, helpers, harm = model.highlight
    assert scorers == [(0, 0)] and helpers == [] and set(harm) == {(0, 1), (1, 0)}
    assert model.shown_lines[index].points == 2
    notes = model.cell_notes()
    assert any(n.startswith("costs it 2 points: elephant at A1") for n in notes[(0, 1)])
    assert not any("earns" in n for n in notes[(0, 1)] if "elephant" in n)


def test_a_zebras_grassland_earns_it_points():
    model = ScoringExplorerModel(parks=park("ZB GR .. .. .."))
    notes = model.cell_notes()[(0, 1)]
    assert "earns it points: zebra at A1: 1 grassland next to it" in notes


def test_two_park_lines_name_their_park_and_light_only_it():
    model = two_parks()
    lines = model.shown_lines
    group = next(x for x in lines if x.category == "grassland")
    assert model.line_text(group) == "Park West: group of 2 grasslands"
    model.selected_line = lines.index(group)
    scorers, helpers, _ = model.highlight
    assert {c[0] for c in scorers + helpers} == {"west"}


def test_row_lines_name_their_kinds_and_the_face_down_cards_left_out():
    model = two_parks()
    row_a = next(x for x in model.shown_lines if x.category == "rows" and "row A" in x.note)
    text = model.line_text(row_a)
    # the lion flips the gazelle: it no longer counts in row A
    assert text == (
        "row A: 5 kinds of face-up card (grassland, tree, zebra, lion, elephant); "
        "face down, not counted: West A1 (gazelle)"
    )


def test_the_row_table_is_an_option_that_changes_the_total():
    model = two_parks()
    before = model.final_total
    assert model.row_notes()[0] == (3, "5 kinds of face-up card")
    table = list(model.row_points)
    table[5] = 20
    assert model.set_row_points(" ".join(map(str, table)))
    assert model.final_total == before + 17
    assert "(+17)" in model.message
    assert not model.set_row_points("1 2 3")
    assert "give 11 numbers" in model.message and model.final_total == before + 17
    saved = ScoringExplorerModel()
    assert saved.load(model.save())
    assert saved.row_points[5] == 20 and saved.final_total == model.final_total


def test_a_park_edit_leaves_step_mode_and_says_so():
    model = ScoringExplorerModel()
    model.go(len(model.view_steps))
    assert model.step == 11
    model.set_card(None, (3, 3), "GZ")
    assert not model.stepping and model.step == 0
    assert "Step-by-step mode is off: the park changed." in model.message
    model.go(3)
    assert model.load_text(str(model.parks[0]))
    assert not model.stepping and model.step == 0
    model.go(4)
    model.elephant_floor = 0
    assert model.step == 0
    model.go(8)  # a lion's choice keeps the step: the player is looking at it
    model.choose_lion(model.lion.options[-1][0])
    assert model.step == 8
    assert model.clear() and not model.stepping and model.final_total == 0
    assert model.message.startswith("Cleared the park.")
    assert model.message.endswith("Step-by-step mode is off: the park changed.")


def test_a_link_holds_the_parks_and_options_and_reopens_them():
    from cole_panel.ecosystem.explorer.link import open_link, park_query

    model = two_parks()
    model.set_row_points("0 0 0 0 1 20 6 10 15 21 28")
    model.elephant_floor = 0
    query = park_query(model)
    other = ScoringExplorerModel()
    open_link(other, query)
    assert other.variant == "two_parks" and other.parks == model.parks
    assert other.row_points == model.row_points and other.elephant_floor == 0
    assert other.final_total == model.final_total
    assert other.message.startswith(f"Opened a shared park: {model.final_total} points.")


def test_bad_link_parameters_are_named_and_the_good_ones_kept():
    from cole_panel.ecosystem.explorer.link import open_link

    model = ScoringExplorerModel()
    open_link(model, "?park=GRGR/..&elephant_floor=0&lion_choice=worst&%3Cb%3E=1")
    assert model.total == 86 and model.elephant_floor == 0
    assert model.message_is_error
    assert "park: write 4 rows of 5 two-letter codes" in model.message
    assert "lion_choice: 'worst' is not best or reading_order." in model.message
    assert "<b>: there is no such parameter" in model.message
