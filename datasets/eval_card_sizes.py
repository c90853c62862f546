"""How well the card reader reads cards in rendered video, by the size of the card's box.

    python -m datasets.eval_card_sizes RENDERS [--every 5] [--frames-every 15] [--json OUT]

For every ``--every``-th scenario folder under RENDERS (``railbird synth library`` output: a video,
its camera config and ``annotations.jsonl``), every ``--frames-every``-th frame is decoded and each
face-up card the renderer shows at least 90% of is read on its true box, with the size gate off.
Cards are grouped by their box's short side (3 px bins): how many were shown, how many got an answer
(not "unreadable"), and how many answers were right, plus the confidences of right and wrong
answers. This is the measurement behind ``vision.cards.MIN_READ_PX``.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np

from datasets.eval_pipeline import find_folders
from vision.camera_config import load_camera_config
from vision.cards import DEFAULT_MODEL, UNREADABLE, CardReader
from vision.source import FrameSource

BIN_PX = 3
MIN_VISIBLE = 0.9


def card_sizes(
    renders: Path,
    every: int = 5,
    frames_every: int = 15,
    second_look: bool = True,
    model: Path = DEFAULT_MODEL,
) -> dict:
    reader = CardReader(model)
    reader.min_read_px = 0.0  # read everything: the gate is what is being measured
    reader.second_look = second_look
    bins: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])  # shown, answered, right
    confidences: Counter[tuple[float, bool]] = Counter()
    folders = find_folders([renders])[::every]
    if not folders:
        raise SystemExit(f"{renders}: no rendered scenarios in it (see `railbird synth library`)")
    for folder in folders:
        config = load_camera_config(folder / "camera.yaml")
        wanted = {}
        with (folder / "annotations.jsonl").open(encoding="utf-8") as lines:
            for line in lines:
                record = json.loads(line)
                if record["frame"] % frames_every == 0:
                    wanted[record["frame"]] = record["objects"]
        with FrameSource(config.source, expected_size=(config.width, config.height)) as frames:
            for frame in frames:
                cards = [
                    o
                    for o in wanted.get(frame.index, [])
                    if o["class"] == "card_up" and o["card"] and o["visible"] >= MIN_VISIBLE
                ]
                if not cards:
                    continue
                boxes = np.array([o["box"] for o in cards], np.float32)
                answers = reader.read_many(frame.image, boxes)
                for card, (answer, confidence) in zip(cards, answers, strict=True):
                    x0, y0, x1, y1 = card["box"]
                    tally = bins[int(min(x1 - x0, y1 - y0)) // BIN_PX * BIN_PX]
                    tally[0] += 1
                    if answer != UNREADABLE:
                        tally[1] += 1
                        tally[2] += answer == card["card"]
                        confidences[(round(confidence, 1), answer == card["card"])] += 1
    return {
        "renders": str(renders),
        "scenarios": len(folders),
        "second_look": second_look,
        "model": str(model),
        "by_short_side_px": {
            f"{px}-{px + BIN_PX - 1}": {"cards": n, "answered": a, "right": r}
            for px, (n, a, r) in sorted(bins.items())
        },
        "answers_by_confidence": {
            f"{c:.1f}": {"right": confidences[(c, True)], "wrong": confidences[(c, False)]}
            for c in sorted({c for c, _ in confidences})
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("renders", type=Path, help="folder of rendered scenarios")
    parser.add_argument("--every", type=int, default=5, help="use every Nth scenario folder")
    parser.add_argument("--frames-every", type=int, default=15, help="use every Nth frame")
    parser.add_argument(
        "--no-second-look", action="store_true", help="first look only (as the video pipeline reads)"
    )
    parser.add_argument("--model", type=Path, default=DEFAULT_MODEL, help="the card classifier to measure")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    figures = card_sizes(args.renders, args.every, args.frames_every, not args.no_second_look, args.model)
    print(f"{figures['scenarios']} scenarios under {figures['renders']}")
    print(f"{'short side px':>14} {'cards':>6} {'answered':>9} {'right':>6} {'right of answered':>18}")
    for bin_name, t in figures["by_short_side_px"].items():
        share = f"{t['right'] / t['answered']:.2f}" if t["answered"] else "-"
        print(f"{bin_name:>14} {t['cards']:>6} {t['answered']:>9} {t['right']:>6} {share:>18}")
    print("answers by confidence (right / wrong):")
    for c, t in figures["answers_by_confidence"].items():
        print(f"  {c}: {t['right']} / {t['wrong']}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
