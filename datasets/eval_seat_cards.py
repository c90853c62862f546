"""How many hole cards the detector finds at each seat: at its bar, with one box per card, and lower.

    python -m datasets.eval_seat_cards RENDERS [--model models/detector.onnx] [--every 3] [--until 14]

The detector runs on every 15th frame of the first ``--until`` seconds (the deal and the first
actions) of every ``--every``-th rendered scenario, scoring down to the lowest bar tried, and its
face-up boxes go through the face check as in the pipeline. For each seat's card zone in each frame,
the renderer's count of hole cards there (at least 30% in view) is compared with the count of card
boxes whose place is that zone:
- ``bar X``: boxes scoring at least X (0.3 is the detector's bar);
- ``bar X, one box``: the same after ``vision.card_boxes.one_box_per_card`` (the pipeline: X = 0.3).
Reported per rule: frames counted right, under (a card missed), over (a duplicate or a phantom),
"none seen" (cards there, none counted: what makes a seat look dealt out) and "phantom" (no card
there, some counted: what makes a card look dealt to an empty seat).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from datasets.eval_pipeline import find_folders
from vision.camera_config import ZoneKind, load_camera_config
from vision.card_boxes import CARDS, one_box_per_card
from vision.card_faces import verify_faces
from vision.detections import Detections
from vision.detector import OnnxDetector
from vision.source import FrameSource
from vision.table import TableGeometry

BARS = (0.3, 0.2, 0.1)
FRAMES_EVERY = 15


def seat_counts(dets: Detections, geometry: TableGeometry) -> Counter[str]:
    """Card boxes per seat card zone (by the same footprint the table scene uses)."""
    feet = geometry.footprint(dets.xyxy)
    counts: Counter[str] = Counter()
    for name, (x, y) in zip(dets.class_names(), feet, strict=True):
        zone = geometry.by_name.get(geometry.place_of(float(x), float(y)))
        if name in CARDS and zone is not None and zone.kind is ZoneKind.CARDS:
            counts[zone.name] += 1
    return counts


def tally(renders: Path, model: Path, every: int = 3, until: float = 14.0) -> dict[str, Counter[str]]:
    if not renders.is_dir():
        raise SystemExit(f"{renders}: no such folder (render scenarios with `railbird synth library`)")
    folders = find_folders([renders])[::every]
    if not folders:
        raise SystemExit(f"{renders}: no rendered scenarios in it (see `railbird synth library`)")
    detector = OnnxDetector(model, conf=min(BARS))
    results: dict[str, Counter[str]] = {}
    for folder in folders:
        config = load_camera_config(folder / "camera.yaml")
        geometry = TableGeometry(config, config.width, config.height)
        zones = [z.name for z in geometry.zones if z.kind is ZoneKind.CARDS]
        truth: dict[int, Counter[str]] = {}
        with (folder / "annotations.jsonl").open(encoding="utf-8") as lines:
            for line in lines:
                record = json.loads(line)
                if record["frame"] % FRAMES_EVERY == 0 and record["t"] <= until:
                    truth[record["frame"]] = Counter(
                        o["zone"] for o in record["objects"] if o["class"] in CARDS and o["visible"] >= 0.3
                    )
        with FrameSource(config.source, expected_size=(config.width, config.height)) as frames:
            for frame in frames:
                if frame.index not in truth:
                    continue
                dets = verify_faces(frame.image, detector(frame.image)[0])
                rules = {}
                for bar in BARS:
                    rules[f"bar {bar}"] = dets.select(dets.confidence >= bar)
                    rules[f"bar {bar}, one box"] = one_box_per_card(rules[f"bar {bar}"])
                for rule, chosen in rules.items():
                    counts, score = seat_counts(chosen, geometry), results.setdefault(rule, Counter())
                    for zone in zones:
                        want, got = truth[frame.index][zone], counts[zone]
                        score["right" if got == want else "under" if got < want else "over"] += 1
                        score["none seen"] += bool(want and not got)
                        score["phantom"] += bool(got and not want)
                        score["with cards"] += bool(want)
                        score["zone frames"] += 1
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("renders", type=Path, help="folder of rendered scenarios")
    parser.add_argument("--model", type=Path, default=Path("models/detector.onnx"))
    parser.add_argument("--every", type=int, default=3, help="use every Nth scenario folder")
    parser.add_argument("--until", type=float, default=14.0, help="seconds of each video to use")
    args = parser.parse_args()
    results = tally(args.renders, args.model, args.every, args.until)
    first = next(iter(results.values()))
    print(
        f"{args.renders} (detector {args.model}): {first['zone frames']} seat-zone frames, "
        f"{first['with cards']} holding cards"
    )
    columns = ("right", "under", "over", "none seen", "phantom")
    print(f"{'rule':>20} " + " ".join(f"{c:>10}" for c in columns))
    for rule, score in results.items():
        print(f"{rule:>20} " + " ".join(f"{score[c]:>10}" for c in columns))


if __name__ == "__main__":
    main()
