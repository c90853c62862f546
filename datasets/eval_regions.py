"""Whether the detector finds as much in a part of a frame as in the whole frame (region detection).

    python -m datasets.eval_regions RENDERS [--every 4] [--step 3.0] [--shares 0.1 0.2 0.35 0.5] [--json OUT]

Region detection (`vision.regions`) looks only at the moving part of a frame between whole-frame
detector calls. It pays only if the detector finds, in a part, what it finds in the whole. For every
``--every``-th rendered scenario, one frame every ``--step`` seconds, this tool runs the shipped
detector on the whole frame and on one randomly placed part of each share of the frame. It counts the
renderer's objects (chips, cards, hands) whose centres lie inside the part, 20 px from its edges, that
each found: a detection of the same class with IoU >= 0.5. It also times both calls. The parts are
placed by a fixed seed, so runs compare.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict
from pathlib import Path

import numpy as np

from datasets.eval_pipeline import find_folders, sampled_frames
from datasets.sim.oracle import OraclePerception
from vision.camera_config import DetectorConfig, load_camera_config
from vision.detections import Detections, box_iou
from vision.detector import OnnxDetector

SHARES = (0.1, 0.2, 0.35, 0.5)
CLASSES = ("chip", "card_up", "card_down", "hand")
MARGIN_PX = 20
MODEL = Path(__file__).resolve().parents[1] / "models" / "detector.onnx"


def _found(truth: Detections, seen: Detections) -> int:
    """How many of ``truth`` a detection of the same class overlaps with IoU >= 0.5."""
    if not len(truth) or not len(seen):
        return 0
    iou = box_iou(truth.xyxy, seen.xyxy) * (truth.class_id[:, None] == seen.class_id[None, :])
    return int((iou.max(axis=1) >= 0.5).sum())


def evaluate(
    folders: list[Path], detector: OnnxDetector, shares: tuple[float, ...], step: float, seed: int = 0
) -> dict[str, object]:
    rng = np.random.default_rng(seed)
    found: dict[float, dict[str, int]] = defaultdict(lambda: {"objects": 0, "whole": 0, "part": 0})
    ms: dict[str, list[float]] = defaultdict(list)
    frames_seen = 0
    for folder in folders:
        config = load_camera_config(folder / "camera.yaml")
        oracle = OraclePerception(folder / "annotations.jsonl", config.chips)
        for frame in sampled_frames(config, step):
            frames_seen += 1
            truth = oracle(frame)
            names = np.array(truth.class_names())
            truth = truth.select(np.isin(names, CLASSES))
            truth = Detections(truth.xyxy, truth.confidence, truth.class_id, truth.names)
            t0 = time.perf_counter()
            whole = detector(frame.image)[0]
            ms["whole"].append((time.perf_counter() - t0) * 1e3)
            whole = _renamed(whole, truth.names)
            h, w = frame.image.shape[:2]
            centres = (truth.xyxy[:, :2] + truth.xyxy[:, 2:]) / 2
            for share in shares:
                pw, ph = w * np.sqrt(share), h * np.sqrt(share)
                x0, y0 = rng.uniform(0, w - pw), rng.uniform(0, h - ph)
                t0 = time.perf_counter()
                part, looked = detector.detect_in(frame.image, np.array([x0, y0, x0 + pw, y0 + ph]))
                ms[f"part {share:g}"].append((time.perf_counter() - t0) * 1e3)
                inside = (
                    (centres[:, 0] > looked[0] + MARGIN_PX)
                    & (centres[:, 0] < looked[2] - MARGIN_PX)
                    & (centres[:, 1] > looked[1] + MARGIN_PX)
                    & (centres[:, 1] < looked[3] - MARGIN_PX)
                )
                objects = truth.select(inside)
                tally = found[share]
                tally["objects"] += len(objects)
                tally["whole"] += _found(objects, whole)
                tally["part"] += _found(objects, _renamed(part, truth.names))
    return {
        "frames": frames_seen,
        "shares": {
            f"{share:g}": t
            | {
                "whole_recall": round(t["whole"] / max(t["objects"], 1), 3),
                "part_recall": round(t["part"] / max(t["objects"], 1), 3),
            }
            for share, t in sorted(found.items())
        },
        "ms_p50": {k: round(float(np.median(v)), 1) for k, v in ms.items()},
    }


def _renamed(dets: Detections, names: tuple[str, ...]) -> Detections:
    """``dets`` with class ids in ``names`` (the renderer's order); classes it lacks are dropped."""
    own = dets.class_names()
    keep = np.array([n in names for n in own], bool)
    ids = np.array([names.index(n) for n, k in zip(own, keep, strict=True) if k], np.int32)
    return Detections(dets.xyxy[keep], dets.confidence[keep], ids.reshape(-1), names)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("renders", type=Path, nargs="+", help="rendered scenario folders, or folders of them")
    parser.add_argument("--every", type=int, default=4, help="every n-th scenario (default 4)")
    parser.add_argument("--step", type=float, default=3.0, help="seconds between frames looked at")
    parser.add_argument("--shares", type=float, nargs="+", default=list(SHARES))
    parser.add_argument("--model", type=Path, default=MODEL)
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args(argv)
    folders = find_folders(args.renders)[:: args.every]
    if not folders:
        parser.error(
            f"no rendered scenarios (events.json + camera.yaml) under {', '.join(map(str, args.renders))}"
        )
    detector = OnnxDetector(args.model, conf=DetectorConfig().conf)  # the camera configs' bar
    report = evaluate(folders, detector, tuple(args.shares), args.step)
    print(f"{len(folders)} scenarios, {report['frames']} frames")
    print("share of frame | objects | found, whole frame | found, part only")
    for share, t in report["shares"].items():  # type: ignore[attr-defined]
        print(f"{share} | {t['objects']} | {t['whole_recall']:.3f} | {t['part_recall']:.3f}")
    print("detector ms p50:", report["ms_p50"])
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
