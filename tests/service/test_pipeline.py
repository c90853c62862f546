"""CameraPipeline wiring that the scenario runs do not pin down on their own."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from service.pipeline import CONSOLE_LAG, CameraPipeline
from vision.camera_config import load_camera_config
from vision.detections import Detections
from vision.events import Declaration, DeclarationKind
from vision.source import Frame

CONFIG = Path(__file__).resolve().parents[2] / "camera_configs" / "demo_overhead.yaml"


def nothing_seen(frame: Frame) -> Detections:
    return Detections.empty(("card_up", "card_down", "chip", "hand"))


def test_console_entries_wait_for_the_camera_events_before_them() -> None:
    pipeline = CameraPipeline(load_camera_config(CONFIG), nothing_seen)
    said = Declaration(5.0, seat=3, what=DeclarationKind.RAISE, amount=1000)
    pipeline.add_console(said)
    assert pipeline._with_console([], 5.0 + CONSOLE_LAG / 2) == []
    assert pipeline._with_console([], 5.0 + CONSOLE_LAG) == [said]
    assert pipeline._with_console([], 99.0) == []  # judged once


def test_a_static_table_costs_one_detector_call_a_second() -> None:
    config = load_camera_config(CONFIG)
    pipeline = CameraPipeline(config, nothing_seen)
    still = np.zeros((config.height, config.width, 3), np.uint8)
    for i in range(90):  # three seconds of an empty, unchanging table
        pipeline.process(Frame(i, i / 30, still))
    assert pipeline.detector_calls <= 4  # the first frame, then config.detector.idle_rate (1 a second)
    assert pipeline.hands == []
