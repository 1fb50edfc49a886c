"""Species: the food circle, the 12 shapes, and recognising any critter in any position."""

from __future__ import annotations

import itertools

import pytest

from engines.circle import (
    PREDATOR,
    PREY,
    SHAPES,
    SPECIES,
    canonical,
    is_connected,
    orientations,
    species_of,
)
from engines.circle.species import DIRECTIONS

SIZES = {
    "singleton": 1,
    "pair": 2,
    "3-bend": 3,
    "3-line": 3,
    "triangle": 3,
    "key": 4,
    "sled": 4,
    "arch": 4,
    "snake": 4,
    "diamond": 4,
    "propeller": 4,
    "4-line": 4,
}


def _neighbours(cell):
    q, r = cell
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def _all_connected_sets(max_size):
    """Every connected set of up to max_size cells containing (0, 0), by brute-force growth."""
    found = {frozenset({(0, 0)})}
    frontier = set(found)
    for _ in range(max_size - 1):
        grown = set()
        for shape in frontier:
            for cell in shape:
                for n in _neighbours(cell):
                    if n not in shape:
                        grown.add(shape | {n})
        found |= grown
        frontier = grown
    return found


class TestFoodCircle:
    def test_twelve_species_in_the_published_order(self):
        published = (
            "singleton 4-line propeller diamond snake arch sled key triangle 3-line 3-bend pair"
        )
        assert tuple(published.split()) == SPECIES

    def test_each_eats_the_next_and_pair_closes_the_circle(self):
        for eater, prey in zip(SPECIES, SPECIES[1:] + SPECIES[:1], strict=True):
            assert PREY[eater] == prey
            assert PREDATOR[prey] == eater
        assert PREY["pair"] == "singleton"
        assert PREY["singleton"] == "4-line"

    def test_every_species_is_eaten_by_exactly_one(self):
        assert sorted(PREY.values()) == sorted(SPECIES)
        assert sorted(PREDATOR.values()) == sorted(SPECIES)


class TestShapes:
    def test_design_shapes_are_listed_for_every_species(self):
        assert set(SHAPES) == set(SPECIES)

    @pytest.mark.parametrize("name", SPECIES)
    def test_design_shape_is_connected_with_the_right_size(self, name):
        assert is_connected(SHAPES[name])
        assert len(SHAPES[name]) == SIZES[name]

    def test_the_twelve_shapes_are_different_free_polyhexes(self):
        assert len({canonical(shape) for shape in SHAPES.values()}) == 12

    def test_connected_sets_up_to_four_fall_into_exactly_these_twelve_classes(self):
        sets = _all_connected_sets(4)
        classes = {canonical(s) for s in sets}
        # 1 + 1 + 3 + 7 free polyhexes of sizes 1 to 4.
        assert len(classes) == 12
        assert classes == {canonical(shape) for shape in SHAPES.values()}
        by_size = {}
        for c in classes:
            by_size[len(c)] = by_size.get(len(c), 0) + 1
        assert by_size == {1: 1, 2: 1, 3: 3, 4: 7}

    def test_every_connected_set_up_to_four_gets_its_own_species(self):
        for cells in _all_connected_sets(4):
            name = species_of(cells)
            assert canonical(cells) == canonical(SHAPES[name])

    def test_shape_descriptions(self):
        # 3-bend: a path whose ends do not touch; triangle: all three touch.
        def touching(a, b):
            return b in _neighbours(a)

        bend = sorted(SHAPES["3-bend"])
        assert not touching(bend[0], bend[2]) and species_of(bend) == "3-bend"
        tri = list(SHAPES["triangle"])
        assert all(touching(a, b) for a, b in itertools.combinations(tri, 2))
        # propeller: one cell touching the other three, which do not touch each other.
        prop = SHAPES["propeller"]
        hub = [c for c in prop if sum(touching(c, d) for d in prop) == 3]
        assert len(hub) == 1
        legs = prop - set(hub)
        assert not any(touching(a, b) for a, b in itertools.combinations(legs, 2))

        # diamond: 5 touching pairs (two triangles); key: one triangle and a tail (4 pairs).
        def edges(shape):
            return sum(touching(a, b) for a, b in itertools.combinations(shape, 2))

        assert edges(SHAPES["diamond"]) == 5
        assert edges(SHAPES["key"]) == 4
        assert edges(SHAPES["propeller"]) == 3
        for path in ("4-line", "sled", "arch", "snake"):
            assert edges(SHAPES[path]) == 3


class TestOrientations:
    @pytest.mark.parametrize("name", SPECIES)
    def test_all_twelve_orientations_and_translations(self, name):
        images = orientations(SHAPES[name])
        assert len(images) == 12
        for image in images:
            for dq, dr in [(0, 0), (5, -3), (-7, 2), (100, -100)]:
                moved = [(q + dq, r + dr) for q, r in image]
                assert species_of(moved) == name

    def test_orientation_counts_match_the_symmetry_of_each_shape(self):
        distinct = {
            name: len({canonical_free_of_translation(o) for o in orientations(shape)})
            for name, shape in SHAPES.items()
        }
        # Fixed (one-sided, rotated) copies of each free polyhex: 1, 3, 6, 3, 2, 12, 12, 6, 6, 3, 2, 3.
        assert distinct == {
            "singleton": 1,
            "pair": 3,
            "3-bend": 6,
            "3-line": 3,
            "triangle": 2,
            "key": 12,
            "sled": 12,
            "arch": 6,
            "snake": 6,
            "diamond": 3,
            "propeller": 2,
            "4-line": 3,
        }
        # 1 + 3 + 11 + 44 fixed polyhexes of sizes 1 to 4.
        totals = {}
        for name, count in distinct.items():
            totals[SIZES[name]] = totals.get(SIZES[name], 0) + count
        assert totals == {1: 1, 2: 3, 3: 11, 4: 44}

    def test_input_forms(self):
        assert species_of({(0, 0), (1, 0)}) == "pair"
        assert species_of([[0, 0], [1, -1]]) == "pair"
        assert species_of(iter([(3, 3)])) == "singleton"
        assert species_of([(0, 0), (0, 0), (0, 1)]) == "pair"  # a set: repeats count once


def canonical_free_of_translation(cells):
    mq = min(q for q, _ in cells)
    mr = min(r for _, r in cells)
    return tuple(sorted((q - mq, r - mr) for q, r in cells))


class TestRejected:
    def test_empty(self):
        with pytest.raises(ValueError, match="empty"):
            species_of([])

    def test_every_connected_set_of_five_is_too_big(self):
        fives = {frozenset(s) for s in _all_connected_sets(5) if len(s) == 5}
        assert len({canonical(s) for s in fives}) == 22  # free pentahexes
        for cells in fives:
            with pytest.raises(ValueError, match="at most 4"):
                species_of(cells)

    def test_larger_sets(self):
        with pytest.raises(ValueError, match="at most 4 stones, not 6"):
            species_of([(0, i) for i in range(6)])

    def test_every_disconnected_set_of_two_to_four_nearby_cells(self):
        area = [(q, r) for q in range(-2, 3) for r in range(-2, 3)]
        count = 0
        for size in (2, 3):
            for cells in itertools.combinations(area, size):
                if not is_connected(cells):
                    count += 1
                    with pytest.raises(ValueError, match="not connected"):
                        species_of(cells)
        assert count > 1000
        with pytest.raises(ValueError, match="not connected"):
            species_of([(0, 0), (0, 1), (0, 2), (5, 5)])
        with pytest.raises(ValueError, match="not connected"):
            species_of([(0, 0), (1, 1)])  # (1, 1) is two steps away in axial coordinates

    @pytest.mark.parametrize("bad", [[(0, "a")], [(0,)], [1, 2], None])
    def test_not_cells(self, bad):
        with pytest.raises(ValueError):
            species_of(bad)
