"""The detector's close look at parts of a frame, and ``python -m datasets.eval_close_look``."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from datasets.eval_close_look import MODEL, main
from datasets.sim.library import Rendered
from vision.camera_config import load_camera_config
from vision.detector import OnnxDetector
from vision.source import FrameSource


def test_parts_are_looked_at_zoomed_in_one_batch_and_mapped_back_to_the_frame(rendered: Rendered) -> None:
    detector = OnnxDetector(MODEL, conf=0.3)
    with FrameSource(load_camera_config(rendered.folder / "camera.yaml").source) as frames:
        image = next(f.image for f in frames if f.index == 60)
    whole = detector(image)[0]
    same, part = detector.detect_parts(
        image, np.array([[0, 0, 1280, 720], [500, 200, 700, 300]], np.float32), 1.0
    )
    # the whole frame at zoom 1 is the whole-frame call
    assert abs(len(same) - len(whole)) <= 2
    assert ((part.xyxy[:, [0, 2]] >= 500) & (part.xyxy[:, [0, 2]] <= 700)).all()
    assert ((part.xyxy[:, [1, 3]] >= 200) & (part.xyxy[:, [1, 3]] <= 300)).all()
    chips = whole.select(whole.of_class("chip"))
    (x0, y0, x1, y1) = chips.xyxy[0]
    box = np.array([[x0 - 40, y0 - 40, x1 + 40, y1 + 40]], np.float32)
    (closer,) = detector.detect_parts(image, box, 2.0)
    # a chip the whole frame found is found again, where it lies in the frame
    near = closer.select(closer.of_class("chip"))
    assert len(near) and np.abs(near.xyxy - chips.xyxy[0]).max(axis=1).min() <= 4


def test_the_close_look_is_scored_against_the_rendered_chips_in_bet_zones(
    rendered: Rendered, tmp_path: Path
) -> None:
    out = tmp_path / "close.json"
    assert main([str(rendered.folder), "--every", "1", "--step", "2", "--json", str(out)]) == 0
    report = json.loads(out.read_text())
    assert report["frames"] >= 3 and report["chips"] > 0  # the blinds lie in their bet zones
    assert report["close_recall"] >= report["whole_recall"] - 0.05
    assert report["stack_chips"] > 0  # every seat's stack on the rail
    assert report["stack_close_recall"] >= report["stack_whole_recall"]
    assert 0 < report["zones_looked_at_per_frame"] <= 30  # ten seats' bet, stack and card zones
    assert set(report["ms_p50"]) == {"whole", "close"}
