"""``python -m datasets.eval_real --failures PNG``: the photos with an object missed, drawn."""

from pathlib import Path

import cv2
import numpy as np

from datasets.eval_real import TILE_H, TILE_W, failure_sheet
from vision.detections import Detections


def test_the_failure_sheet_draws_each_missed_photo_four_a_row(tmp_path: Path) -> None:
    image = np.full((600, 800, 3), 90, np.uint8)
    truth = np.array([[100.0, 100.0, 200.0, 250.0]])
    output = Detections(
        xyxy=np.array([[500.0, 300.0, 600.0, 450.0]], np.float32),
        confidence=np.array([0.8], np.float32),
        class_id=np.array([0], np.int32),
        names=("card_up", "card_down"),
    )
    failures = [(tmp_path / f"photo{i}.jpg", image, truth, output, 1) for i in range(5)]
    failure_sheet(failures, tmp_path / "sheet.png")
    sheet = cv2.imread(str(tmp_path / "sheet.png"))
    assert sheet.shape == (2 * TILE_H, 4 * TILE_W, 3)
    first = sheet[:TILE_H, :TILE_W]
    red = (first[:, :, 2] > 200) & (first[:, :, 1] < 60) & (first[:, :, 0] < 60)
    green = (first[:, :, 1] > 200) & (first[:, :, 2] < 60) & (first[:, :, 0] < 60)
    assert red.any() and green.any()  # the missed label in red, the detector's box in green
    assert (sheet[TILE_H:, TILE_W:] == 255).all()  # the fifth photo alone on the second row
