"""``python -m datasets.eval_regions``: the detector on parts of frames against the whole frame."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from datasets.eval_regions import MODEL, main
from datasets.sim.library import Rendered
from vision.camera_config import load_camera_config
from vision.detector import OnnxDetector
from vision.source import FrameSource


def test_parts_and_whole_frames_are_scored_on_the_same_objects(rendered: Rendered, tmp_path: Path) -> None:
    out = tmp_path / "regions.json"
    assert (
        main(
            [
                str(rendered.folder),
                "--every",
                "1",
                "--step",
                "3",
                "--shares",
                "0.2",
                "1.0",
                "--json",
                str(out),
            ]
        )
        == 0
    )
    report = json.loads(out.read_text())
    assert report["frames"] >= 2
    part, whole = report["shares"]["0.2"], report["shares"]["1"]
    assert part["objects"] > 0 and 0 <= part["part"] <= part["objects"]
    # a "part" the size of the frame is the whole frame: the same objects, found alike
    assert (
        whole["objects"] >= part["objects"] and abs(whole["part"] - whole["whole"]) <= 0.1 * whole["objects"]
    )
    assert set(report["ms_p50"]) == {"whole", "part 0.2", "part 1"}


def test_a_part_is_looked_at_at_the_whole_frames_scale_and_mapped_back(rendered: Rendered) -> None:
    detector = OnnxDetector(MODEL, conf=0.3)
    with FrameSource(load_camera_config(rendered.folder / "camera.yaml").source) as frames:
        image = next(f.image for f in frames if f.index == 60)
    found, looked = detector.detect_in(image, np.array([500.0, 200.0, 700.0, 300.0]))
    # at 640 a 1280x720 frame is halved: 200 x 100 px grow to whole strides (32 px) at that scale,
    # 128 at the least (256 frame px), centred on the box
    assert looked.tolist() == [472.0, 122.0, 728.0, 378.0]
    assert ((found.xyxy[:, [0, 2]] >= 472) & (found.xyxy[:, [0, 2]] <= 728)).all()
    assert ((found.xyxy[:, [1, 3]] >= 122) & (found.xyxy[:, [1, 3]] <= 378)).all()
    whole_frame, all_of_it = detector.detect_in(image, np.array([0.0, 0.0, 1280.0, 720.0]))
    assert all_of_it.tolist() == [0.0, 0.0, 1280.0, 720.0]
    assert abs(len(whole_frame) - len(detector(image)[0])) <= 2


def test_a_folder_without_renders_is_named(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        main([str(tmp_path)])
