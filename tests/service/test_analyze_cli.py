"""`railbird analyze --config` reads both config formats: a camera config (version + table) and an
older chip-set-only file."""

from __future__ import annotations

import json
from pathlib import Path

import av
from typer.testing import CliRunner

from datasets.sim.library import Rendered
from service.cli import app
from vision.analyze import load_config
from vision.camera_config import load_camera_config

ROOT = Path(__file__).parents[2]
DEMO = ROOT / "camera_configs/demo_overhead.yaml"
runner = CliRunner()


def test_a_camera_config_gives_its_chip_set_view_and_zones():
    camera = load_camera_config(DEMO)
    config = load_config(DEMO)
    assert config.chipset == camera.chips and config.view == "overhead"
    assert [(z.name, [tuple(p) for p in z.polygon]) for z in config.zones] == [
        (z.name, [tuple(p) for p in z.polygon]) for z in camera.table.zones
    ]
    assert {"seat3_bet", "pot", "board", "muck"} <= {z.name for z in config.zones}


def test_a_chip_set_only_file_still_loads():
    config = load_config(ROOT / "camera_configs/pokevisor_chips.yaml")
    assert config.chipset.name == "pokevisor" and config.zones == []


def test_analyze_a_rendered_frame_with_the_demo_camera_config(tmp_path, rendered: Rendered):
    frame = tmp_path / "frame.png"
    with av.open(str(rendered.folder / "video.mp4")) as video:
        for i, decoded in enumerate(video.decode(video=0)):
            if i == 180:  # cards dealt, chips out
                decoded.to_image().save(frame)
                break
    result = runner.invoke(app, ["analyze", str(frame), "--config", str(DEMO), "--json"])
    assert result.exit_code == 0, result.output
    (report,) = json.loads(result.output)
    zones = {z.name for z in load_config(DEMO).zones}
    assert report["image"] == str(frame)
    assert {o["zone"] for o in report["objects"]} <= zones | {None}


def test_a_broken_camera_config_names_the_file_and_field(tmp_path):
    broken = tmp_path / "cam.yaml"
    broken.write_text(DEMO.read_text().replace("view: overhead", "view: sideways"))
    result = runner.invoke(app, ["analyze", str(tmp_path / "x.png"), "--config", str(broken)])
    assert result.exit_code == 2
    assert f"{broken}: field 'view'" in " ".join(result.output.split())


def test_a_missing_or_wrong_drink_model_is_a_clear_error(tmp_path):
    frame = tmp_path / "frame.png"
    frame.write_bytes(b"")  # never read: the models load first
    missing = runner.invoke(app, ["analyze", str(frame), "--drinks", str(tmp_path / "drinks.onnx")])
    assert missing.exit_code == 2
    assert "drink classifier not found" in " ".join(missing.output.split())
    cards = ROOT / "models/card_classifier.onnx"
    wrong = runner.invoke(app, ["analyze", str(frame), "--drinks", str(cards)])
    assert wrong.exit_code == 2
    assert "not a drink classifier" in " ".join(wrong.output.split())


def test_mediapipe_hands_add_only_the_hands_the_detector_missed():
    """``railbird analyze`` adds the hands MediaPipe's models find (the detector learned hands from the
    simulator and finds 12% of real ones) unless a detector hand box already covers them."""
    import numpy as np

    from vision.analyze import FrameAnalyzer, SeenObject
    from vision.detections import Detections

    class TwoHands:
        def __call__(self, image):
            boxes = np.array([[10, 10, 110, 110], [400, 300, 500, 420]], np.float32)
            return [Detections(boxes, np.array([0.9, 0.8], np.float32), np.zeros(2, np.int32), ("hand",))]

    analyzer = FrameAnalyzer(load_config(DEMO), palm_hands=False)
    analyzer.hands = TwoHands()  # type: ignore[assignment]
    image = np.zeros((720, 1280, 3), np.uint8)
    known = [SeenObject(cls="hand", box=(15.0, 12.0, 112.0, 108.0), confidence=0.5)]
    more = analyzer._more_hands(image, known)
    assert [(m.cls, m.box, m.confidence) for m in more] == [("hand", (400.0, 300.0, 500.0, 420.0), 0.8)]
    assert more[0].zone == analyzer._zone(450 / 1280, 360 / 720)
    assert FrameAnalyzer(load_config(DEMO), palm_hands=False)._more_hands(image, known) == []


def test_a_missing_hand_model_is_a_clear_error(tmp_path, monkeypatch):
    import vision.analyze
    from vision.hand_landmarks import PalmHands

    monkeypatch.setattr(vision.analyze, "PalmHands", lambda: PalmHands(palm_model=tmp_path / "palm.tflite"))
    result = runner.invoke(app, ["analyze", str(tmp_path / "x.png")])
    assert result.exit_code == 2
    assert "palm.tflite: hand model missing" in " ".join(result.output.split())
