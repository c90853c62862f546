"""How well the drink reader tells what a drink, phone or protector box holds, on fresh tables and on
rendered video.

    python -m datasets.eval_drinks [RENDERS ...] [--tables 200] [--seed 977] [--step 0.5] [--json OUT]

Two measurements, both on pixels the classifier never trained on:
- **fresh tables**: ``--tables`` random tables (``datasets.train.drinks.render_crops`` with a seed
  the training never used; every table's objects, and the hands, stacks and cards cut as "none", from
  their exact boxes after a JPEG round trip);
- **video**: in each rendered scenario of RENDERS whose renderer drew a drink, a phone or a protector,
  every one at least 60% in view is cut from its own box in the decoded H.264 frame, one frame every
  ``--step`` seconds, as the pipeline cuts a detector box. Few scenarios hold one, so these frames come
  from few objects.

Reported: the share read right (the likelier class), the share read surely (at the model's threshold)
and how many sure readings are wrong; per class as well; and the milliseconds per crop of one batched
call on 2 threads.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import cv2
import numpy as np

from datasets.eval_pipeline import find_folders
from vision.camera_config import load_camera_config
from vision.drinks import READINGS, DrinkReader, drink_crops

CLASSES = READINGS  # the training's class order (datasets.train.drinks.CLASSES)


def _label(obj: dict[str, object]) -> int | None:
    """The class index of an annotated object, or None for any other object."""
    if obj["class"] == "drink":
        return 0 if str(obj["id"]).startswith("drink_capped") else 1
    if obj["class"] in ("phone", "card_protector"):
        return CLASSES.index(str(obj["class"]))
    return None


def video_crops(folder: Path, step_s: float) -> tuple[np.ndarray, np.ndarray]:
    """(crops, labels) of the drinks, phones and protectors the renderer drew in ``folder``'s video,
    every ``step_s`` s."""
    fps = load_camera_config(folder / "camera.yaml").fps
    wanted: dict[int, list[tuple[list[float], int]]] = {}
    with (folder / "annotations.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            record = json.loads(line)
            drinks = [
                (o["box"], label)
                for o in record["objects"]
                if (label := _label(o)) is not None and o["visible"] >= 0.6
            ]
            if drinks and record["frame"] % max(1, round(step_s * fps)) == 0:
                wanted[record["frame"]] = drinks
    crops, labels = [], []
    if not wanted:
        return np.zeros((0, 32, 32, 3), np.uint8), np.zeros(0, np.int64)
    capture = cv2.VideoCapture(str(folder / "video.mp4"))
    index = 0
    while index <= max(wanted):
        ok, frame = capture.read()
        if not ok:
            break
        for box, label in wanted.get(index, []):
            crops.append(drink_crops(frame, np.array([box]))[0])
            labels.append(label)
        index += 1
    capture.release()
    return np.array(crops, np.uint8).reshape(-1, 32, 32, 3), np.array(labels, np.int64)


def score(reader: DrinkReader, crops: np.ndarray, labels: np.ndarray) -> dict[str, object]:
    if not len(crops):
        return {"crops": 0}
    start = time.perf_counter()
    p = reader.probs(crops)
    ms = (time.perf_counter() - start) * 1000 / len(crops)
    best = np.array([CLASSES.index(reader.classes[k]) for k in p.argmax(axis=1)])
    sure = p.max(axis=1) >= reader.threshold
    right = best == labels
    out: dict[str, object] = {
        "crops": len(crops),
        "right": round(float(right.mean()), 4),
        "sure": round(float(sure.mean()), 4),
        "sure_wrong": int((sure & ~right).sum()),
        "ms_per_crop": round(ms, 4),  # one batched call, 2 threads
    }
    for k, name in enumerate(CLASSES):
        mine = labels == k
        if mine.any():
            out[name] = {
                "crops": int(mine.sum()),
                "right": round(float(right[mine].mean()), 4),
                "sure": round(float(sure[mine].mean()), 4),
            }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("renders", type=Path, nargs="*", help="rendered scenario folders, or folders of them")
    parser.add_argument("--tables", type=int, default=200, help="fresh random tables (0: none)")
    parser.add_argument("--seed", type=int, default=977, help="the fresh tables' seed (training used 0)")
    parser.add_argument("--step", type=float, default=0.5, help="seconds between video frames read")
    parser.add_argument("--model", type=Path, default=None, help="a drink classifier (default: shipped)")
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    reader = DrinkReader() if args.model is None else DrinkReader(args.model)
    report: dict[str, object] = {"threshold": reader.threshold}
    if args.tables:
        from datasets.train.drinks import render_crops

        _, fresh = render_crops(args.seed, range(args.tables), shots=4, all_exact=True)
        report["fresh_tables"] = {"tables": args.tables, "seed": args.seed} | score(
            reader, fresh.images, fresh.labels
        )
    folders = find_folders(args.renders)
    if folders:
        parts = [video_crops(f, args.step) for f in folders]
        with_drinks = [f.name for f, (c, _) in zip(folders, parts, strict=True) if len(c)]
        crops = np.concatenate([c for c, _ in parts]) if parts else np.zeros((0, 32, 32, 3), np.uint8)
        labels = np.concatenate([lab for _, lab in parts]) if parts else np.zeros(0, np.int64)
        report["video"] = {"scenarios": with_drinks, "step_s": args.step} | score(reader, crops, labels)
    print(json.dumps(report, indent=1))
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
