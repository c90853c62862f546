"""How the detector trained on synthetic tables does on real photos (``../shared/real-samples``).

- edje_cards test split: card detection recall (a face-up or face-down card box with IoU >= 0.5
  against each labelled card) and precision of card boxes.
- hands_rf_v2 test split: hand recall (IoU >= 0.5 against the axis-aligned box of each labelled
  oriented box). ``--hands mediapipe`` measures it also for MediaPipe's palm and landmark models
  (``vision/hand_landmarks.py``), the hand detector trained on real photos.

These photos are for measuring only; nothing here trains on them. Run:
``python -m datasets.eval_real --model models/detector.onnx [--failures docs/detector_real_failures.png]``.
``--failures`` draws the first photos of each set with an object missed: the labels in red, the
detector's boxes (every class) in green.
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

from vision.detections import Detections, box_iou
from vision.detector import OnnxDetector

REAL = Path(__file__).resolve().parents[2] / "shared" / "real-samples"
EDJE_TEST = REAL / "edje_cards" / "images" / "test"
HANDS_TEST = REAL / "hands_rf_v2" / "HandDetect" / "hands.v2i.yolov8-obb" / "test"
CARD_CLASSES = ("card_up", "card_down")
TILE_W, TILE_H, FAILURES_PER_SET = 400, 324, 4

Failure = tuple[Path, np.ndarray, np.ndarray, Detections, int]  # photo, image, labels, output, missed


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
    failures: list[Failure] | None = None,
) -> RecallReport:
    """Recall and precision of ``classes`` boxes; photos with a labelled object missed are added to
    ``failures`` (up to ``FAILURES_PER_SET``) when it is given."""
    images = objects = found = dets = correct = 0
    kept = 0
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
        hits = int((overlap.max(axis=1) >= threshold).sum()) if overlap.size else 0
        found += hits
        if failures is not None and hits < len(truth) and kept < FAILURES_PER_SET:
            failures.append((path, img, truth, result, len(truth) - hits))
            kept += 1
        dets += len(pred)
        correct += int((overlap.max(axis=0) >= threshold).sum()) if overlap.size else 0
    return RecallReport(images, objects, found, dets, correct)


def _tile(failure: Failure) -> np.ndarray:
    path, img, truth, result, missed = failure
    im = img.copy()
    width = max(2, im.shape[1] // 300)
    for box in truth.astype(int):
        cv2.rectangle(im, tuple(box[:2]), tuple(box[2:]), (0, 0, 255), width)
    for box, name, score in zip(
        result.xyxy.astype(int), result.class_names(), result.confidence, strict=True
    ):
        cv2.rectangle(im, tuple(box[:2]), tuple(box[2:]), (0, 255, 0), width)
        cv2.putText(
            im, f"{name} {score:.2f}", (box[0], max(20, box[1] - 5)), 0, im.shape[1] / 900, (0, 255, 0), width
        )
    scale = min(TILE_W / im.shape[1], (TILE_H - 24) / im.shape[0])
    im = cv2.resize(im, (round(im.shape[1] * scale), round(im.shape[0] * scale)))
    tile = np.full((TILE_H, TILE_W, 3), 255, np.uint8)
    tile[24 : 24 + im.shape[0], : im.shape[1]] = im
    cv2.putText(tile, f"{path.name[:24]}: {missed} of {len(truth)} missed", (4, 17), 0, 0.5, (0, 0, 0), 1)
    return tile


def failure_sheet(failures: list[Failure], dest: Path) -> None:
    """Write the failures as a grid of tiles, four a row."""
    tiles = [_tile(f) for f in failures] or [np.full((TILE_H, TILE_W, 3), 255, np.uint8)]
    tiles += [np.full_like(tiles[0], 255)] * (-len(tiles) % 4)
    rows = [np.hstack(tiles[i : i + 4]) for i in range(0, len(tiles), 4)]
    dest.parent.mkdir(parents=True, exist_ok=True)
    if not cv2.imwrite(str(dest), np.vstack(rows)):
        raise OSError(f"{dest}: could not be written")


def main(argv: list[str] | None = None) -> dict[str, dict[str, float]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="models/detector.onnx")
    parser.add_argument("--conf", type=float, default=0.25)
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    parser.add_argument("--failures", type=Path, default=None, help="a PNG of photos with objects missed")
    parser.add_argument(
        "--hands",
        choices=("detector", "mediapipe"),
        default="detector",
        help="mediapipe: measure the real photos' hands also with vision/hand_landmarks.py",
    )
    args = parser.parse_args(argv)
    detector = OnnxDetector(args.model, conf=args.conf)
    failures: list[Failure] | None = [] if args.failures else None
    cards = measure(detector, ((p, b) for p, b, _ in edje_samples()), CARD_CLASSES, failures=failures)
    hands = measure(detector, hand_samples(), ("hand",), failures=failures)
    report = {
        "edje_cards_test": asdict(cards) | {"recall": cards.recall, "precision": cards.precision},
        "hands_rf_v2_test": asdict(hands) | {"recall": hands.recall, "precision": hands.precision},
    }
    if args.hands == "mediapipe":
        from vision.hand_landmarks import PalmHands

        palm = measure(PalmHands(), hand_samples(), ("hand",))  # type: ignore[arg-type]
        report["hands_rf_v2_test_mediapipe"] = asdict(palm) | {
            "recall": palm.recall,
            "precision": palm.precision,
        }
    print(json.dumps(report, indent=2))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2), encoding="utf-8")
    if args.failures and failures is not None:
        failure_sheet(failures, args.failures)
    return report


if __name__ == "__main__":
    main()
