"""The food-circle ring is sent light and drawn where it was (issue 41)."""

from __future__ import annotations

import math

from bokeh.core.json_encoder import serialize_json

from cole_panel.circle.geometry import hex_corners, polyhex_centers, ring_angle, ring_radius
from cole_panel.circle.ring import RING_HEX, SPECIES, display_shape, ring_data

RING_BYTES = 9_000
"""The ring source's columns as sent (8.2 KB; 14.1 KB with Python's 17-digit floats)."""


def test_the_rings_corners_are_within_a_thousandth_of_a_unit_of_the_hexagons():
    ring = ring_data(4)["ring"]
    exact = []
    for i, name in enumerate(SPECIES):
        a = ring_angle(i)
        center = (ring_radius(4) * math.cos(a), ring_radius(4) * math.sin(a))
        for x, y in polyhex_centers(display_shape(name, a), center, RING_HEX):
            exact.append(hex_corners(x, y, RING_HEX * 0.96))
    assert len(exact) == len(ring["xs"])
    for (xs, ys), sent_x, sent_y in zip(exact, ring["xs"], ring["ys"], strict=True):
        for a, b in zip(xs + ys, sent_x + sent_y, strict=True):
            assert abs(a - b) <= 0.0005


def test_the_ring_is_sent_in_few_bytes():
    assert len(serialize_json(ring_data(4)["ring"])) <= RING_BYTES
