"""Zone assignment of the table scene (vision.table)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from vision.camera_config import load_camera_config
from vision.detections import Detections
from vision.table import FELT, TableGeometry, build_scene

CONFIG = Path(__file__).resolve().parents[2] / "camera_configs" / "demo_overhead.yaml"
NAMES = ("card_up", "card_down", "chip", "hand")


def outside(geo: TableGeometry, zone: str, by: float) -> tuple[float, float]:
    """A point on the bare felt ``by`` pixels outside ``zone`` (the first direction that has one)."""
    polygon = geo.by_name[zone].polygon
    cx, cy = geo.by_name[zone].centre
    for angle in np.linspace(0, 2 * np.pi, 72, endpoint=False):
        dx, dy = np.cos(angle), np.sin(angle)
        for r in np.arange(1.0, 400.0, 0.5):
            x, y = cx + dx * r, cy + dy * r
            if cv2.pointPolygonTest(polygon, (x, y), True) <= -by:
                if geo.place_of(x, y) == FELT:
                    return x, y
                break
    raise AssertionError(f"no felt {by} px outside {zone}")


def chip_at(x: float, y: float, size: float = 16.0) -> Detections:
    h = size / 2
    return Detections(
        np.array([[x - h, y - h, x + h, y + h]], np.float32),
        np.array([0.9], np.float32),
        np.array([NAMES.index("chip")], np.int32),
        NAMES,
    )


def test_chips_spilled_just_past_a_bet_line_belong_to_that_bet() -> None:
    config = load_camera_config(CONFIG)
    geo = TableGeometry(config, config.width, config.height)
    near = build_scene(0, 0.0, chip_at(*outside(geo, "seat3_bet", 8)), geo)
    assert near.objects[0].place == "seat3_bet" and near.objects[0].seat == 3
    far = build_scene(0, 0.0, chip_at(*outside(geo, "seat3_bet", 40)), geo)
    assert far.objects[0].place != "seat3_bet"


def test_an_unread_chip_box_read_as_a_protector_is_a_protector_in_the_scene() -> None:
    """The detector boxes a protector pushed out as a bet as a chip; the drink reader marks it."""
    config = load_camera_config(CONFIG)
    geo = TableGeometry(config, config.width, config.height)
    x, y = geo.by_name["seat3_bet"].centre
    two = Detections.joined(chip_at(x, y), chip_at(x + 30, y))
    two = replace(two, label=np.array(["card_protector", "unknown"], dtype=object))
    protector, chip = build_scene(0, 0.0, two, geo).objects
    assert (protector.cls, protector.place) == ("card_protector", "seat3_bet")
    assert chip.cls == "chip"
