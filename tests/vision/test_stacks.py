"""Stack valuation per zone: overhead (top chips only, height unknown) and oblique (heights from boxes)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from vision.chipset import TOURNAMENT
from vision.detections import Detections
from vision.stacks import StackGeometry, View, ZoneChips, chips_by_zone, polygon_zones

NAMES = ("chip", "card_up")


def make_detections(boxes, values, classes=None) -> Detections:
    n = len(boxes)
    return Detections(
        np.asarray(boxes, np.float32).reshape(n, 4),
        np.ones(n, np.float32),
        np.asarray(classes if classes is not None else [0] * n, np.int32),
        NAMES,
        value=np.asarray(values, np.int64),
    )


def left_right(x: float, y: float) -> str | None:
    if y > 500:
        return None  # off the table
    return "seat1_bet" if x < 100 else "pot"


def test_overhead_counts_the_top_chips_and_flags_height_unknown():
    dets = make_detections(
        [[10, 10, 40, 40], [50, 10, 80, 40], [150, 10, 180, 40], [160, 50, 190, 80], [20, 600, 50, 630]],
        [25, 5000, 1000, 0, 100],
    )
    zones = chips_by_zone(dets, left_right)
    assert zones == {
        "seat1_bet": ZoneChips(
            "seat1_bet", stacks=2, chips_seen=2, value_seen=5025, unknown_stacks=0, height_unknown=True
        ),
        "pot": ZoneChips(
            "pot", stacks=2, chips_seen=2, value_seen=1000, unknown_stacks=1, height_unknown=True
        ),
    }


def test_other_classes_are_not_chips():
    dets = make_detections([[10, 10, 40, 40], [20, 10, 60, 70]], [100, 0], classes=[0, 1])
    assert chips_by_zone(dets, left_right)["seat1_bet"].stacks == 1


def test_no_chips_no_zones():
    assert chips_by_zone(Detections.empty(NAMES), left_right) == {}


def _oblique_box(n: int, geometry: StackGeometry, width: float = 40.0, x: float = 20.0) -> list[float]:
    s = width / geometry.diameter_cm
    a = math.radians(geometry.tilt_deg)
    h = width * math.cos(a) + n * geometry.thickness_cm * s * math.sin(a)
    return [x, 300.0 - h, x + width, 300.0]


@pytest.mark.parametrize("n", [1, 2, 5, 10, 20])
def test_oblique_chip_count_from_the_box_aspect(n):
    geometry = StackGeometry.of(TOURNAMENT, tilt_deg=40)
    box = np.array([_oblique_box(n, geometry)], np.float32)
    assert geometry.chip_counts(box).tolist() == [n]


def test_oblique_chip_count_from_the_camera_scales():
    geometry = StackGeometry.of(TOURNAMENT, tilt_deg=35)
    felt_y, height_y = np.array([5.0, 7.0]), np.array([4.0, 2.5])  # px per cm at each stack
    n = np.array([3, 12])
    h = geometry.diameter_cm * felt_y + n * geometry.thickness_cm * height_y
    boxes = np.column_stack([[0, 50], 100 - h, [30, 85], [100, 100]]).astype(np.float32)  # leaning: wide
    assert geometry.chip_counts(boxes, felt_y, height_y).tolist() == [3, 12]


def test_oblique_zone_values_whole_stacks_by_their_top_chip():
    geometry = StackGeometry.of(TOURNAMENT, tilt_deg=40)
    dets = make_detections([_oblique_box(8, geometry), _oblique_box(3, geometry, x=150)], [25, 1000])
    zones = chips_by_zone(dets, left_right, View.OBLIQUE, geometry)
    assert (zones["seat1_bet"].chips_seen, zones["seat1_bet"].value_seen) == (8, 200)
    assert (zones["pot"].chips_seen, zones["pot"].value_seen) == (3, 3000)
    assert not zones["pot"].height_unknown


def test_oblique_needs_the_geometry():
    with pytest.raises(ValueError, match="StackGeometry"):
        chips_by_zone(make_detections([[0, 0, 10, 20]], [25]), left_right, View.OBLIQUE)


def test_geometry_bounds():
    with pytest.raises(ValueError, match="tilt"):
        StackGeometry(3.9, 0.33, 0.0)
    with pytest.raises(ValueError, match="thickness"):
        StackGeometry(3.9, 5.0, 30.0)


def test_polygon_zones_in_relative_coordinates():
    zone_of = polygon_zones(
        {
            "pot": [(0.4, 0.4), (0.6, 0.4), (0.6, 0.6), (0.4, 0.6)],
            "seat1_bet": [(0.0, 0.0), (0.2, 0.0), (0.0, 0.2)],
        },
        width=1000,
        height=500,
    )
    assert zone_of(500, 250) == "pot"
    assert zone_of(50, 20) == "seat1_bet"
    assert zone_of(190, 90) is None  # outside the triangle's hypotenuse
    dets = make_detections([[480, 230, 520, 270], [10, 10, 40, 40]], [500, 25])
    assert {z: c.value_seen for z, c in chips_by_zone(dets, zone_of).items()} == {"pot": 500, "seat1_bet": 25}


def test_polygon_zones_reject_pixel_coordinates():
    with pytest.raises(ValueError, match="relative 0-1"):
        polygon_zones({"pot": [(400, 200), (600, 200), (600, 300)]}, 1000, 500)
