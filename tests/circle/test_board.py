"""The board: cells, neighbours, edges and corners, labels, drawing positions."""

from __future__ import annotations

import pytest

from engines.circle import (
    MAX_RADIUS,
    MIN_RADIUS,
    Rules,
    State,
    board,
    cells,
    label,
    neighbours,
    new_game,
    on_board,
    parse_label,
    xy,
)

RADII = range(MIN_RADIUS, MAX_RADIUS + 1)


def corners(radius):
    R = radius
    return [(R, -R), (R, 0), (0, R), (-R, R), (-R, 0), (0, -R)]


class TestCells:
    @pytest.mark.parametrize("radius", RADII)
    def test_count_is_a_centred_hexagonal_number(self, radius):
        assert len(cells(radius)) == 3 * radius * (radius + 1) + 1
        assert len(set(cells(radius))) == len(cells(radius))
        assert all(on_board(c, radius) for c in cells(radius))

    def test_default_board_has_61_cells_and_5_on_a_side(self):
        top = [c for c in cells() if c[1] == -4]
        assert len(cells()) == 61 and len(top) == 5

    @pytest.mark.parametrize("radius", [2, 8])
    def test_neighbours_corners_edges_and_inside(self, radius):
        for corner in corners(radius):
            assert len(neighbours(corner, radius)) == 3
        R = radius
        edge = (R, -1)  # on the right-hand edge, not a corner
        assert len(neighbours(edge, radius)) == 4
        assert len(neighbours((0, 0), radius)) == 6
        for cell in cells(radius):
            for n in neighbours(cell, radius):
                assert cell in neighbours(n, radius)
        # 6 corners with 3 neighbours, 6 (R - 1) other edge cells with 4, the rest 6.
        counts = [len(neighbours(c, radius)) for c in cells(radius)]
        assert counts.count(3) == 6
        assert counts.count(4) == 6 * (R - 1)
        assert counts.count(6) == len(counts) - 6 * R

    def test_tables_agree_with_neighbours(self):
        b = board(4)
        for i, cell in enumerate(b.cells):
            assert sorted(b.cells[j] for j in b.nbrs[i]) == sorted(neighbours(cell))
            assert b.nbmask[i] == sum(1 << j for j in b.nbrs[i])

    def test_radius_out_of_range(self):
        for bad in (1, 9, "4", 4.0, True):
            with pytest.raises(ValueError, match="radius"):
                board(bad)


class TestLabels:
    def test_published_board_rows_and_columns(self):
        rows = {}
        for c in cells():
            rows.setdefault(label(c)[0], []).append(int(label(c)[1:]))
        assert list(rows) == list("ABCDEFGHI")
        assert [max(v) for v in rows.values()] == [5, 6, 7, 8, 9, 8, 7, 6, 5]
        assert all(v == list(range(1, len(v) + 1)) for v in rows.values())

    def test_named_cells(self):
        assert label((0, 0)) == "E5"
        assert label((0, -4)) == "A1" and label((4, -4)) == "A5"
        assert label((-4, 0)) == "E1" and label((4, 0)) == "E9"
        assert label((-4, 4)) == "I1" and label((0, 4)) == "I5"
        assert sorted(label(n) for n in neighbours((0, 0))) == ["D4", "D5", "E4", "E6", "F4", "F5"]

    @pytest.mark.parametrize("radius", RADII)
    def test_round_trip_every_cell(self, radius):
        labels = [label(c, radius) for c in cells(radius)]
        assert len(set(labels)) == len(labels)
        for c, text in zip(cells(radius), labels, strict=True):
            assert parse_label(text, radius) == c
            assert parse_label(text.lower(), radius) == c

    def test_radius_two_and_eight(self):
        assert [label(c, 2) for c in cells(2)][:3] == ["A1", "A2", "A3"]
        assert label((0, 0), 2) == "C3"
        assert label((0, 0), 8) == "I9"
        assert label((-8, 8), 8) == "Q1" and label((0, 8), 8) == "Q9"
        assert parse_label("q9", 8) == (0, 8)

    @pytest.mark.parametrize("text", ["e5", " E5 ", "e 5", "\tE5\n", "E05"])
    def test_lowercase_and_spaces(self, text):
        assert parse_label(text) == (0, 0)

    @pytest.mark.parametrize(
        ("text", "words"),
        [
            ("J1", "rows run from A to I"),
            ("A6", "row A has columns 1 to 5"),
            ("E0", "row E has columns 1 to 9"),
            ("E10", "row E has columns 1 to 9"),
            ("", "row letter and a column number"),
            ("5E", "row letter and a column number"),
            ("EE5", "row letter and a column number"),
            ("E-1", "row letter and a column number"),
            ("é5", "row letter and a column number"),
        ],
    )
    def test_bad_labels_say_why(self, text, words):
        with pytest.raises(ValueError, match=words) as err:
            parse_label(text)
        assert str(err.value).endswith(".")

    def test_not_text(self):
        with pytest.raises(ValueError, match="text such as 'E5'"):
            parse_label((0, 0))

    def test_label_off_board(self):
        with pytest.raises(ValueError, match="not on the board"):
            label((5, 0))

    def test_state_uses_its_own_radius(self):
        game = new_game(Rules(radius=2))
        assert game.label((0, 0)) == "C3"
        assert game.parse_label("e1") == (-2, 2)


class TestDrawing:
    @pytest.mark.parametrize("radius", [2, 4, 8])
    def test_rows_go_down_and_columns_go_right(self, radius):
        for a in cells(radius):
            for b in cells(radius):
                la, lb = label(a, radius), label(b, radius)
                if la[0] < lb[0]:
                    assert xy(a)[1] > xy(b)[1]
                elif la[0] == lb[0] and int(la[1:]) < int(lb[1:]):
                    assert xy(a)[0] < xy(b)[0]

    def test_neighbours_are_one_cell_width_apart(self):
        for n in neighbours((0, 0)):
            x, y = xy(n, size=2.0)
            assert abs((x * x + y * y) ** 0.5 - 2.0 * 3**0.5) < 1e-9


class TestEdgesInPlay:
    @pytest.mark.parametrize("radius", [2, 8])
    def test_every_corner_and_edge_cell_is_playable(self, radius):
        for cell in corners(radius) + [(radius, -1), (-radius, 1)]:
            game = new_game(Rules(radius=radius))
            assert cell in game.legal_actions()
            game.apply(cell)
            assert game.stone_at(cell) == 0

    def test_off_board_next_to_a_corner_is_illegal(self):
        game = new_game(Rules(radius=2))
        assert game.why_illegal((3, -2)) == "(3, -2) is not on the board of radius 2."

    def test_corner_critter_eaten_with_few_neighbours(self):
        # A singleton in the corner A1 has only three neighbours: A2, B1, B2.
        game = State.from_position({1: "A1", 0: "B2"}, to_move=0)
        assert sorted(game.label(n) for n in neighbours(game.parse_label("A1"))) == [
            "A2",
            "B1",
            "B2",
        ]
        events = game.apply("B3")  # Orange pair B2-B3 touches A1 through B2
        assert events[-1].kind == "ate"
        assert game.stone_at(game.parse_label("A1")) is None
