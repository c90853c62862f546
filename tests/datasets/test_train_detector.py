"""The detector's training path end to end, tiny: simulator images -> one epoch -> ONNX -> a prediction.

It exists so the training recipe cannot rot; the real training run is `railbird train detector`.
"""

from pathlib import Path

import numpy as np
import pytest

from datasets.sim.dataset import DatasetSpec, generate
from datasets.sim.objects import DET_CLASSES
from datasets.train.detector import DetectorRecipe, train_detector, widen_classes
from vision.detector import ModelError, OnnxDetector

SHIPPED = Path(__file__).resolve().parents[2] / "models" / "detector.onnx"


@pytest.mark.slow
def test_tiny_training_exports_a_model_onnx_runtime_can_run(tmp_path: Path):
    data = tmp_path / "data"
    generate(DatasetSpec(images=8, seed=3, size=160, val_fraction=0.25), data)
    run = train_detector(
        DetectorRecipe(str(data / "data.yaml"), epochs=1, imgsz=160, batch=4, workers=0, seed=0),
        tmp_path / "models",
        name="tiny",
    )
    assert run.onnx.is_file() and run.card.is_file()
    assert "mAP50" in run.card.read_text()
    detector = OnnxDetector(run.onnx, conf=0.0)
    assert detector.names == tuple(c.value for c in DET_CLASSES)
    assert detector.imgsz == 160
    frame = np.zeros((720, 1280, 3), np.uint8)
    (result,) = detector(frame)
    assert result.xyxy.shape[1] == 4 and len(result) > 0
    assert (result.xyxy[:, 2] <= 1280).all() and (result.xyxy[:, 3] <= 720).all()
    # exported with dynamic shapes: a 16:9 frame is fed at its own aspect, padded to the stride
    assert detector.input_hw is None and detector.input_shape((720, 1280)) == (96, 160)
    wide, tall = detector([frame, np.zeros((400, 300, 3), np.uint8)])
    assert (wide.xyxy[:, 2] <= 1280).all() and (tall.xyxy[:, 2] <= 300).all()
    assert (tall.xyxy[:, 3] <= 400).all()
    # continuing on a dataset with one class more keeps every learned class row
    import torch

    best = tmp_path / "models" / "runs" / "tiny" / "weights" / "best.pt"
    names = [c.value for c in DET_CLASSES]
    widened = widen_classes(best, [*names, "extra"], tmp_path / "wide.pt")
    trained = torch.load(best, weights_only=False)
    old = (trained.get("ema") or trained["model"]).float().state_dict()
    new = torch.load(widened, weights_only=False)["model"].state_dict()
    key = next(k for k in new if k.endswith("cv3.0.2.bias"))
    assert new[key].shape[0] == len(names) + 1 and torch.equal(new[key][:-1], old[key])
    assert widen_classes(best, names, tmp_path / "same.pt") == best
    with pytest.raises(ValueError, match="not the start of"):
        widen_classes(best, ["player", *names], tmp_path / "bad.pt")
    # weights trained elsewhere (a GPU machine) are exported and carded here by `railbird train export`
    from typer.testing import CliRunner

    from service.cli import app

    export = ["train", "export", str(best), "--data", str(data / "data.yaml"), "--imgsz", "160"]
    elsewhere = ["--trained-on", "cuda:0 (H200), 6.8 min"]
    result = CliRunner().invoke(
        app, [*export, "--out", str(tmp_path / "exported"), "--epochs", "17", *elsewhere]
    )
    assert result.exit_code == 0, result.output
    assert OnnxDetector(tmp_path / "exported" / "detector.onnx").imgsz == 160
    card = (tmp_path / "exported" / "detector.md").read_text()
    assert "epochs 17" in card and "trained on another machine: cuda:0 (H200), 6.8 min" in card
    missing = CliRunner().invoke(app, ["train", "export", str(tmp_path / "nope.pt"), "--data", str(data)])
    # the message wraps at the terminal's width, which depends on how long the temporary path is
    assert missing.exit_code == 2 and "no such weights file" in " ".join(missing.output.split())


def test_the_shipped_detector_takes_a_camera_frame_at_its_own_aspect():
    detector = OnnxDetector(SHIPPED)
    assert detector.imgsz == 640  # trained at 640 on a GPU (models/detector.md)
    assert detector.input_shape((720, 1280)) == (384, 640)
    assert detector.input_shape((1080, 1920)) == (384, 640)
    assert detector.input_shape((480, 640)) == (480, 640)
    assert OnnxDetector(SHIPPED, imgsz=320).input_shape((720, 1280)) == (192, 320)
    tensor, (box,) = detector.preprocess([np.zeros((720, 1280, 3), np.uint8)])
    assert tensor.shape == (1, 3, 384, 640) and box.scale == 0.5 and box.pad == (0, 12)


def test_missing_and_corrupt_models_are_clear_errors(tmp_path: Path):
    with pytest.raises(ModelError, match="model file not found"):
        OnnxDetector(tmp_path / "nope.onnx")
    bad = tmp_path / "bad.onnx"
    bad.write_bytes(b"not an onnx file")
    with pytest.raises(ModelError, match="not a loadable ONNX model"):
        OnnxDetector(bad)
