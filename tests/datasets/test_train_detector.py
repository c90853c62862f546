"""The detector's training path end to end, tiny: simulator images -> one epoch -> ONNX -> a prediction.

It exists so the training recipe cannot rot; the real training run is `railbird train detector`.
"""

from pathlib import Path

import numpy as np
import pytest

from datasets.sim.dataset import DatasetSpec, generate
from datasets.sim.objects import DET_CLASSES
from datasets.train.detector import DetectorRecipe, train_detector
from vision.detector import ModelError, OnnxDetector


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


def test_missing_and_corrupt_models_are_clear_errors(tmp_path: Path):
    with pytest.raises(ModelError, match="model file not found"):
        OnnxDetector(tmp_path / "nope.onnx")
    bad = tmp_path / "bad.onnx"
    bad.write_bytes(b"not an onnx file")
    with pytest.raises(ModelError, match="not a loadable ONNX model"):
        OnnxDetector(bad)
