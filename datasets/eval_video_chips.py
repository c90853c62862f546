"""How well the chip reader values the chips of rendered camera video, at its bars and others.

    python -m datasets.eval_video_chips RENDERS [--every 4] [--step 2.0] [--calibrate] [--detector]
                                                [--json OUT]

The PokeVisor photos and the large renders of ``datasets.eval_chips`` show chips 20-50 px across. A
1280x720 ceiling camera shows them about 16 px across, through H.264. This tool measures the reader
there. For every ``--every``-th scenario, it takes one frame every ``--step`` seconds. Each chip
stack the renderer drew at least 90% in view is cropped from the decoded frame, from its own box, as
the pipeline crops a detector box (oblique: the top face). It is then read against the camera
config's chip set. The answer is the stack's top chip.

Reported for each pair of bars (``min_confidence``, ``max_cost``):
- "read": the share given a value;
- "right": the share of those read whose value is right;
- "wrong": how many were read wrong.

The reader's defaults are 0.05 and 24 (set on 20-50 px photos); the pipeline reads video at 0.10 and
28 (``service.pipeline.VIDEO_CHIP_BARS``, chosen on this tool's figures for seed + 33000:
docs/video_chips_s33000.json). An unread chip adds no value to a push (the chip action is marked not
counted); a wrong one misvalues the bet. Also reported: the share of stacks holding more than one
chip. From overhead, only the top chip shows, so such a stack's value is undercounted.

``--detector``: the crops are the shipped detector's chip boxes (the pipeline's ``ModelPerception``,
close look included) that overlap a stack's own box by ``MATCHED_IOU`` or more, valued by that
stack's top chip. This is what the pipeline reads: a detector's box is a pixel or three looser than
the renderer's at 16 px, which the renderer's boxes do not show (seed + 41000, every third render, at
the pipeline's bars, with the reader before ``vision.chips.BOX_SLACK_PX``: 55 of 5,045 stacks read
wrong on the detector's boxes, 14 of 6,127 on the renderer's; 8 on the detector's with it).

``--calibrate``: the chip set is first calibrated (``vision.chips.calibrate_chips``) on the uniform
stacks of each scenario's first frame. This is what an operator's `railbird calibrate chips` does
with a photo from the same camera.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np

from datasets.eval_pipeline import find_folders
from service.pipeline import ModelPerception
from vision.camera_config import load_camera_config
from vision.chips import ChipClassifier, calibrate_chips, top_face_crop
from vision.detections import box_iou
from vision.source import Frame

MIN_CONFIDENCE = (0.05, 0.1, 0.2)
MAX_COST = (24.0, 26.0, 28.0, 32.0, 1e9)
MIN_VISIBLE = 0.9
MATCHED_IOU = 0.5  # a detector box overlapping a stack's box this much is that stack's


def frames_with_chips(
    folder: Path, fps: float, step_s: float
) -> Iterator[tuple[int, np.ndarray, list[dict]]]:
    """(frame index, decoded frame, the renderer's chip objects in it) every ``step_s`` seconds."""
    wanted: dict[int, list[dict]] = {}
    with (folder / "annotations.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            record = json.loads(line)
            wanted[record["frame"]] = [
                o
                for o in record["objects"]
                if o["class"] == "chip" and o["visible"] >= MIN_VISIBLE and o["chips"]
            ]
    every = max(1, round(step_s * fps))
    capture = cv2.VideoCapture(str(folder / "video.mp4"))
    if not capture.isOpened():
        raise OSError(f"{folder / 'video.mp4'}: cannot be opened")
    index = 0
    try:
        while True:
            ok, frame = capture.read()
            if not ok:
                return
            if index % every == 0 and wanted.get(index):
                yield index, frame, wanted[index]
            index += 1
    finally:
        capture.release()


def detector_boxes(
    perception: ModelPerception, fps: float, index: int, frame: np.ndarray, chips: list[dict]
) -> list[dict]:
    """``chips`` with each box replaced by the detector's chip box that overlaps it most (at least
    ``MATCHED_IOU``); stacks the detector did not box are left out."""
    dets = perception(Frame(index, index / fps, frame))
    boxes = dets.xyxy[dets.of_class("chip")]
    if not len(boxes) or not chips:
        return []
    overlap = box_iou(np.array([o["box"] for o in chips], float), boxes)
    best = overlap.argmax(1)
    return [
        {**o, "box": boxes[j].tolist()}
        for o, j, row in zip(chips, best, overlap, strict=True)
        if row[j] >= MATCHED_IOU
    ]


def measure(folders: list[Path], step_s: float, calibrate: bool, detector: bool = False) -> dict[str, object]:
    rows: list[tuple[bool, float, float]] = []  # (best is right, best cost, confidence)
    stacked = total = 0
    sides: list[int] = []
    for folder in folders:
        config = load_camera_config(folder / "camera.yaml")
        oblique = config.view == "oblique"
        reader = ChipClassifier(config.chips)
        values = [c.value for c in config.chips.chips]
        perception = ModelPerception(config) if detector else None
        for index, frame, chips in frames_with_chips(folder, config.fps, step_s):
            if perception is not None and not (calibrate and index == 0):
                chips = detector_boxes(perception, config.fps, index, frame, chips)
            crops = [(top_face_crop(frame, o["box"], oblique), o) for o in chips]
            if calibrate and index == 0:
                samples = [
                    (c, o["chips"][-1]) for c, o in crops if c is not None and len(set(o["chips"])) == 1
                ]
                if samples:
                    reader = ChipClassifier(calibrate_chips(samples, config.chips))
                continue
            for crop, obj in crops:
                if crop is None:
                    continue
                index, best, confidence = reader.ranked(crop)
                rows.append((values[index] == obj["chips"][-1], best, confidence))
                total += 1
                sides.append(min(crop.shape[:2]))
                stacked += len(obj["chips"]) > 1
    table = np.asarray(rows, float).reshape(-1, 3)
    grid = []
    for min_conf in MIN_CONFIDENCE:
        for max_cost in MAX_COST:
            read = (table[:, 1] <= max_cost) & (table[:, 2] >= min_conf)
            right = table[:, 0].astype(bool)
            grid.append(
                {
                    "min_confidence": min_conf,
                    "max_cost": max_cost if max_cost < 1e8 else None,
                    "read": round(float(read.mean()), 3) if len(table) else 0.0,
                    "right": round(float(right[read].mean()), 3) if read.any() else 0.0,
                    "wrong": int((read & ~right).sum()),
                }
            )
    return {
        "scenarios": len(folders),
        "stacks": total,
        "median_side_px": float(np.median(sides)) if sides else None,
        "best_is_right": round(float(table[:, 0].mean()), 3) if len(table) else 0.0,
        "stacks_of_more_than_one_chip": round(stacked / total, 3) if total else 0.0,
        "calibrated": calibrate,
        "boxes": "detector" if detector else "renderer",
        "bars": grid,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("renders", type=Path, nargs="+", help="rendered scenario folders, or folders of them")
    parser.add_argument("--every", type=int, default=4, help="every N-th scenario")
    parser.add_argument("--step", type=float, default=2.0, help="seconds between frames read")
    parser.add_argument("--calibrate", action="store_true", help="calibrate on each scenario's first frame")
    parser.add_argument(
        "--detector", action="store_true", help="read the detector's boxes, not the renderer's"
    )
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    folders = find_folders(args.renders)[:: max(1, args.every)]
    if not folders:
        parser.error(f"no rendered scenarios (folders with events.json and camera.yaml) in {args.renders}")
    report = measure(folders, args.step, args.calibrate, args.detector)
    print(
        f"{report['stacks']} chip stacks ({report['boxes']}'s boxes) in {report['scenarios']} scenarios; "
        f"the cheapest colour is right "
        f"for {report['best_is_right']:.1%}; {report['stacks_of_more_than_one_chip']:.1%} hold more than one"
    )
    print("min_conf  max_cost  read   right  wrong")
    for row in report["bars"]:  # type: ignore[attr-defined]
        cost = "none" if row["max_cost"] is None else f"{row['max_cost']:.0f}"
        bars = f"{row['min_confidence']:8.2f}  {cost:>8}"
        print(f"{bars}  {row['read']:.3f}  {row['right']:.3f}  {row['wrong']:5d}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
