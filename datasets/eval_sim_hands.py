"""How MediaPipe's hand models (``vision/hand_landmarks.py``) do on the simulator's overhead tables.

They were trained on real photos, and find 98% of the real hands in ``hands_rf_v2`` (``python -m
datasets.eval_real --hands mediapipe``), where the table detector finds 12%. Before they go into the
video pipeline, this measures whether they see the simulator's hands from the ceiling camera at all,
the way a close look would show them (``vision/close_look.py``): a square crop ``CONTEXT`` times the
hand's box across, centred on a hand of the render's answer key (at least ``VISIBLE`` of it in view),
scaled to ``CROP_PX``. A hand is found when a box overlaps its answer-key box by ``MATCH_IOU`` or more
(the key boxes a hand with some forearm; the landmarks box the hand alone). Every ``EVERY``-th frame.

Run: ``python -m datasets.eval_sim_hands RENDER_DIR [RENDER_DIR ...] [--json OUT]`` on renders made by
``railbird synth library``. Prints the recall per render and over all, and the time per crop.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import av
import cv2
import numpy as np

from vision.detections import box_iou
from vision.hand_landmarks import PalmHands

CONTEXT = 3.0
CROP_PX = 256
VISIBLE = 0.6
MATCH_IOU = 0.3
EVERY = 20


def key_hands(folder: Path) -> dict[int, list[np.ndarray]]:
    """Frame -> the answer key's hand boxes in view, every ``EVERY``-th frame."""
    path = folder / "annotations.jsonl"
    if not path.is_file():
        raise FileNotFoundError(f"{path}: not a render (make one with `railbird synth library --out DIR`)")
    hands: dict[int, list[np.ndarray]] = {}
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            record = json.loads(line)
            frame, objects = int(record["frame"]), record["objects"]
        except (ValueError, KeyError, TypeError) as e:
            raise ValueError(f"{path}, line {n}: not an annotation record ({e}); render it again") from e
        if frame % EVERY == 0:
            boxes = [
                np.array(o["box"], np.float64)
                for o in objects
                if o["class"] == "hand" and o["visible"] >= VISIBLE
            ]
            if boxes:
                hands[frame] = boxes
    return hands


def measure(folder: Path, hands: PalmHands) -> tuple[int, int, float]:
    """(hands, found, seconds spent in the hand models) for one render."""
    wanted = key_hands(folder)
    total = found = 0
    spent = 0.0
    with av.open(str(folder / "video.mp4")) as container:
        for i, frame in enumerate(container.decode(video=0)):
            if i not in wanted:
                continue
            image = frame.to_ndarray(format="bgr24")
            for box in wanted[i]:
                cx, cy = (box[:2] + box[2:]) / 2
                half = CONTEXT * float(max(box[2:] - box[:2])) / 2
                x0, y0 = int(max(0, cx - half)), int(max(0, cy - half))
                crop = image[y0 : int(cy + half), x0 : int(cx + half)]
                scale = CROP_PX / max(crop.shape[:2])
                crop = np.asarray(cv2.resize(crop, None, fx=scale, fy=scale), np.uint8)
                start = time.perf_counter()
                dets = hands(crop)[0]
                spent += time.perf_counter() - start
                key = (box - [x0, y0, x0, y0]) * scale
                total += 1
                found += bool(
                    len(dets) and box_iou(key[None], dets.xyxy.astype(np.float64)).max() >= MATCH_IOU
                )
    return total, found, spent


def main(argv: list[str] | None = None) -> dict[str, object]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("renders", type=Path, nargs="+")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    hands = PalmHands()
    total = found = 0
    spent = 0.0
    per_render = {}
    for folder in args.renders:
        n, k, s = measure(folder, hands)
        total, found, spent = total + n, found + k, spent + s
        per_render[folder.name] = {"hands": n, "found": k}
        print(f"{folder.name}: {k} of {n} hands", flush=True)
    report: dict[str, object] = {
        "hands": total,
        "found": found,
        "recall": found / total if total else 0.0,
        "ms_per_crop": 1000 * spent / total if total else 0.0,
        "renders": per_render,
    }
    print(json.dumps({k: v for k, v in report.items() if k != "renders"}, indent=2))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2), encoding="utf-8")
    return report


if __name__ == "__main__":
    main()
