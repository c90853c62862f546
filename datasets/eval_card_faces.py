"""How well a card's pixels tell its face from its back: the white share of each card box's ring.

    python -m datasets.eval_card_faces RENDERS [--model models/detector.onnx] [--every 6]

Two measurements behind ``vision.card_faces.MIN_WHITE``:
- rendered video: the detector runs on every ``--frames-every``-th frame (30) of every ``--every``-th
  scenario; each of its card boxes is matched to the renderer's card (IoU >= 0.3) and the white share
  of its ring (where the detector's other card boxes leave it in view, as the pipeline reads it) is
  tallied by (detector's class, true class; "@board" for cards on the board, where
  ``BOARD_MIN_WHITE`` is the bar): what the face check would turn, right and wrong, with the colours
  corrected for the light as the pipeline corrects them (a ``LightMeter`` reading every frame;
  ``--no-light``: as they are);
- real photos: edje_cards' test split, every labelled (face-up) card box: how many a threshold
  would take for a back.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

import numpy as np

from datasets.eval_cards import EDJE_TEST
from datasets.eval_pipeline import find_folders
from datasets.train.card_real import edje_boxes, edje_image
from vision.camera_config import load_camera_config
from vision.card_faces import LightMeter, beside, light_gains, white_share
from vision.detections import box_iou
from vision.detector import OnnxDetector
from vision.source import FrameSource

THRESHOLDS = (0.02, 0.05, 0.10, 0.15, 0.20, 0.25, 0.3, 0.35, 0.4)
CARDS = ("card_up", "card_down")


def rendered(
    renders: Path, model: Path, every: int = 6, frames_every: int = 30, light: bool = True
) -> dict[str, list[float]]:
    """White shares of the detector's card boxes on rendered video, by "called/true" class; ``light``:
    with the colours corrected for the light's by a ``LightMeter`` reading every frame, as the
    pipeline's face check reads them."""
    detector = OnnxDetector(model, conf=0.3)
    shares: dict[str, list[float]] = defaultdict(list)
    folders = find_folders([renders])[::every]
    if not folders:
        raise SystemExit(f"{renders}: no rendered scenarios in it (see `railbird synth library`)")
    for folder in folders:
        config = load_camera_config(folder / "camera.yaml")
        truth: dict[int, list[dict]] = {}
        with (folder / "annotations.jsonl").open(encoding="utf-8") as lines:
            for line in lines:
                record = json.loads(line)
                if record["frame"] % frames_every == 0:
                    truth[record["frame"]] = [
                        o for o in record["objects"] if o["class"] in CARDS and o["visible"] >= 0.5
                    ]
        meter = LightMeter()  # as the pipeline's: every frame read
        with FrameSource(config.source, expected_size=(config.width, config.height)) as frames:
            for frame in frames:
                gains = meter(frame.image) if light else None
                if frame.index not in truth:
                    continue
                cards = truth[frame.index]
                if not cards:
                    continue
                dets = detector(frame.image)[0]
                overlap = box_iou(dets.xyxy, np.array([o["box"] for o in cards], np.float32))
                boxed = np.flatnonzero(np.isin(dets.class_names(), CARDS))
                for i, (name, box, row) in enumerate(
                    zip(dets.class_names(), dets.xyxy, overlap, strict=True)
                ):
                    if name not in CARDS or row.max() < 0.3:
                        continue
                    share = white_share(frame.image, box, gains, beside(dets.xyxy, i, boxed))
                    if share is not None:
                        card = cards[int(row.argmax())]
                        where = "@board" if card.get("zone") == "board" else ""
                        shares[f"{name}/{card['class']}{where}"].append(share)
    return shares


def real_photos(folder: Path = EDJE_TEST, light: bool = True) -> list[float]:
    """White shares of every labelled (face-up) card box of the edje test photos; ``light``: each
    photo corrected for its own light (``light_gains``), as ``railbird analyze`` reads one image."""
    out = []
    for xml_path in sorted(folder.glob("*.xml")):
        image = edje_image(xml_path)
        if image is None:
            raise FileNotFoundError(f"{xml_path}: no image beside it")
        gains = light_gains(image) if light else None
        for _, box in edje_boxes(xml_path):
            share = white_share(image, box, gains)
            if share is not None:
                out.append(share)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("renders", type=Path, help="folder of rendered scenarios")
    parser.add_argument("--model", type=Path, default=Path("models/detector.onnx"))
    parser.add_argument("--every", type=int, default=6, help="use every Nth scenario folder")
    parser.add_argument("--frames-every", type=int, default=30, help="use every Nth frame of each")
    parser.add_argument(
        "--no-light", action="store_true", help="read the colours as they are, not corrected for the light's"
    )
    args = parser.parse_args()
    shares = rendered(args.renders, args.model, args.every, args.frames_every, light=not args.no_light)
    print(f"rendered video ({args.renders}, detector {args.model}): share of boxes below each threshold")
    print(f"{'called/true':>26} {'boxes':>6} " + " ".join(f"{t:>6.2f}" for t in THRESHOLDS))
    for key in sorted(shares):
        v = np.array(shares[key])
        print(f"{key:>26} {len(v):>6} " + " ".join(f"{(v < t).mean():>6.3f}" for t in THRESHOLDS))
    real = np.array(real_photos(light=not args.no_light))
    print(f"real photos (edje_cards test, {len(real)} face-up cards): count below each threshold")
    print(" ".join(f"{t:.2f}: {int((real < t).sum())}" for t in THRESHOLDS))


if __name__ == "__main__":
    main()
