"""How the detector trained on synthetic tables does on real photos (``../shared/real-samples``).

- edje_cards test split: card detection recall (a face-up or face-down card box with IoU >= 0.5
  against each labelled card) and precision of card boxes.
- hands_rf_v2 test split: hand recall (IoU >= 0.5 against the axis-aligned box of each labelled
  oriented box).

These photos are for measuring only; nothing here trains on them. Run:
``python -m datasets.eval_real --model models/detector.onnx``.
"""

from __future__ import annotations

import argparse
import json
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.detections import box_iou
from vision.detector import OnnxDetector

REAL = Path(__file__).resolve().parents[2] / "shared" / "real-samples"
EDJE_TEST = REAL / "edje_cards" / "images" / "test"
HANDS_TEST = REAL / "hands_rf_v2" / "HandDetect" / "hands.v2i.yolov8-obb" / "test"
CARD_CLASSES = ("card_up", "card_down")


@dataclass(frozen=True, slots=True)
class RecallReport:
    images: int
    objects: int
    found: int
    detections: int
    correct_detections: int

    @property
    def recall(self) -> float:
        return self.found / self.objects if self.objects else 0.0

    @property
    def precision(self) -> float:
        return self.correct_detections / self.detections if self.detections else 0.0


def edje_samples(folder: Path = EDJE_TEST) -> Iterator[tuple[Path, np.ndarray, list[str]]]:
    """(image path, (n, 4) xyxy card boxes, rank names) for each labelled photo."""
    for xml in sorted(folder.glob("*.xml")):
        root = ET.parse(xml).getroot()
        image = folder / (root.findtext("filename") or xml.with_suffix(".JPG").name)
        boxes, ranks = [], []
        for obj in root.iter("object"):
            bb = obj.find("bndbox")
            assert bb is not None
            boxes.append([float(bb.findtext(k) or 0) for k in ("xmin", "ymin", "xmax", "ymax")])
            ranks.append(obj.findtext("name") or "")
        yield image, np.array(boxes, dtype=np.float64).reshape(-1, 4), ranks


def hand_samples(folder: Path = HANDS_TEST) -> Iterator[tuple[Path, np.ndarray]]:
    """(image path, (n, 4) xyxy pixel boxes around each labelled oriented hand box)."""
    for image in sorted((folder / "images").glob("*.jpg")):
        label = folder / "labels" / (image.stem + ".txt")
        img = cv2.imread(str(image))
        if img is None or not label.exists():
            continue
        h, w = img.shape[:2]
        boxes = []
        for line in label.read_text().splitlines():
            parts = [float(v) for v in line.split()[1:]]
            if len(parts) != 8:
                continue
            xs, ys = np.array(parts[0::2]) * w, np.array(parts[1::2]) * h
            boxes.append([xs.min(), ys.min(), xs.max(), ys.max()])
        yield image, np.array(boxes, dtype=np.float64).reshape(-1, 4)


def measure(
    detector: OnnxDetector,
    samples: Iterator[tuple[Path, np.ndarray]],
    classes: tuple[str, ...],
    threshold: float = 0.5,
) -> RecallReport:
    images = objects = found = dets = correct = 0
    for path, truth in samples:
        img = cv2.imread(str(path))
        if img is None:
            continue
        images += 1
        result = detector(img)[0]
        mask = np.isin(np.array(result.class_names(), dtype=object), classes)
        pred = result.xyxy[mask].astype(np.float64)
        overlap = box_iou(truth, pred)
        objects += len(truth)
        found += int((overlap.max(axis=1) >= threshold).sum()) if overlap.size else 0
        dets += len(pred)
        correct += int((overlap.max(axis=0) >= threshold).sum()) if overlap.size else 0
    return RecallReport(images, objects, found, dets, correct)


def main(argv: list[str] | None = None) -> dict[str, dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="models/detector.onnx")
    parser.add_argument("--conf", type=float, default=0.25)
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args(argv)
    detector = OnnxDetector(args.model, conf=args.conf)
    cards = measure(detector, ((p, b) for p, b, _ in edje_samples()), CARD_CLASSES)
    hands = measure(detector, hand_samples(), ("hand",))
    report = {
        "edje_cards_test": asdict(cards) | {"recall": cards.recall, "precision": cards.precision},
        "hands_rf_v2_test": asdict(hands) | {"recall": hands.recall, "precision": hands.precision},
    }
    print(json.dumps(report, indent=2))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2), encoding="utf-8")
    return report


if __name__ == "__main__":
    main()
