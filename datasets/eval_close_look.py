"""How many chips in the bet and stack zones, and hands over them, the close look adds to the whole frame's.

    python -m datasets.eval_close_look RENDERS [--every 4] [--step 1.0] [--zoom 2.0] [--json OUT]

A lone chip in a bet zone, or a stack on the rail far from the camera, is small to a detector fed the
whole frame (`vision.close_look`). For every
``--every``-th rendered scenario, one frame every ``--step`` seconds, this tool runs the shipped
detector on the whole frame at the camera configs' bar, then the close look over it. The renderer's
chips whose centres lie in a bet zone are the truth (and, counted apart, those in a stack zone). A
chip is found by a detected chip with IoU >= 0.3 (a chip is 16 px across; a box a few pixels off is
still that chip). A detected chip in such a zone over no rendered chip at all is a false one. Hands
are counted the same way: the rendered hands whose box middles lie in a bet zone's look box (the
looks that add hands), and detected hands there over no rendered hand. The whole frame is kept at the
configs' bars (``conf``; ``hand_conf`` for hands), as the pipeline keeps it. Also timed: the
whole-frame call and the close look (the close look reuses a zone's last look while its pixels hold
still, as it does on video).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from datasets.eval_pipeline import find_folders, sampled_frames
from datasets.sim.oracle import OraclePerception
from vision.camera_config import DetectorConfig, ZoneKind, load_camera_config
from vision.close_look import TWIN_SCORE, CloseLook
from vision.detections import Detections, box_iou
from vision.detector import OnnxDetector
from vision.table import TableGeometry

MODEL = Path(__file__).resolve().parents[1] / "models" / "detector.onnx"
FOUND_IOU = 0.3
OVER_NOTHING_IOU = 0.1


def _in_zones(dets: Detections, geometry: TableGeometry, kind: ZoneKind) -> Detections:
    """The chips of ``dets`` whose footprints lie in a zone of ``kind``."""
    chips = dets.select(dets.of_class("chip"))
    feet = geometry.footprint(chips.xyxy)
    zones = [z for z in geometry.zones if z.kind is kind]
    inside = np.array([any(z.contains(float(x), float(y)) for z in zones) for x, y in feet], bool)
    return chips.select(inside.reshape(-1))


def _tally(truth: Detections, all_truth: Detections, seen: Detections) -> tuple[int, int]:
    """(truth found, seen over nothing of ``all_truth``)."""
    found = int((box_iou(truth.xyxy, seen.xyxy).max(axis=1) >= FOUND_IOU).sum()) if len(seen) else 0
    if not len(all_truth):
        return found, len(seen)
    false = int((box_iou(seen.xyxy, all_truth.xyxy).max(axis=1) < OVER_NOTHING_IOU).sum()) if len(seen) else 0
    return found, false


def _hands_in(dets: Detections, boxes: np.ndarray) -> Detections:
    """The hands of ``dets`` whose middles lie in one of ``boxes``."""
    hands = dets.select(dets.of_class("hand"))
    cx, cy = (hands.xyxy[:, 0] + hands.xyxy[:, 2]) / 2, (hands.xyxy[:, 1] + hands.xyxy[:, 3]) / 2
    b = boxes
    inside = (
        (cx[:, None] >= b[None, :, 0])
        & (cx[:, None] <= b[None, :, 2])
        & (cy[:, None] >= b[None, :, 1])
        & (cy[:, None] <= b[None, :, 3])
    )
    return hands.select(inside.any(axis=1))


def evaluate(folders: list[Path], detector: OnnxDetector, zoom: float, step: float) -> dict[str, object]:
    settings = DetectorConfig()
    conf, hand_conf = settings.conf, settings.hand_conf
    detector.conf = min(conf, hand_conf, TWIN_SCORE)  # as the pipeline runs it: its own bars after
    counts = {"chips": 0, "whole": 0, "close": 0, "whole_false": 0, "close_false": 0}
    counts |= {"stack_chips": 0, "stack_whole": 0, "stack_close": 0}
    counts |= {"stack_whole_false": 0, "stack_close_false": 0}
    counts |= {"hands": 0, "hands_whole": 0, "hands_close": 0, "hands_whole_false": 0, "hands_close_false": 0}
    ms: dict[str, list[float]] = {"whole": [], "close": []}
    frames_seen = looks = 0
    for folder in folders:
        config = load_camera_config(folder / "camera.yaml")
        geometry = TableGeometry(config, config.width, config.height)
        oracle = OraclePerception(folder / "annotations.jsonl", config.chips)
        close = CloseLook(detector, geometry, zoom, conf, hand_conf)
        for frame in sampled_frames(config, step):
            frames_seen += 1
            rendered = oracle(frame)
            all_chips = rendered.select(rendered.of_class("chip"))
            t0 = time.perf_counter()
            whole = detector(frame.image)[0]
            whole = whole.select(
                (whole.confidence >= conf) | (whole.of_class("hand") & (whole.confidence >= hand_conf))
            )
            t1 = time.perf_counter()
            closer = close(frame.image, whole)
            ms["whole"].append((t1 - t0) * 1e3)
            ms["close"].append((time.perf_counter() - t1) * 1e3)
            for kind, key in ((ZoneKind.BET, ""), (ZoneKind.STACK, "stack_")):
                truth = _in_zones(rendered, geometry, kind)
                counts[f"{key}chips"] += len(truth)
                for name, seen in (("whole", whole), ("close", closer)):
                    in_zones = _in_zones(_as(seen, rendered.names), geometry, kind)
                    found, false = _tally(truth, all_chips, in_zones)
                    counts[f"{key}{name}"] += found
                    counts[f"{key}{name}_false"] += false
            bet_boxes = close.boxes[np.asarray(close.finds_hands, bool)]  # the looks that add hands
            hands = _hands_in(rendered, bet_boxes)
            counts["hands"] += len(hands)
            for name, seen in (("whole", whole), ("close", closer)):
                found, false = _tally(hands, hands, _hands_in(seen, bet_boxes))
                counts[f"hands_{name}"] += found
                counts[f"hands_{name}_false"] += false
        looks += close.looks
    return {
        "scenarios": len(folders),
        "frames": frames_seen,
        "zoom": zoom,
        **counts,
        "whole_recall": round(counts["whole"] / max(counts["chips"], 1), 4),
        "close_recall": round(counts["close"] / max(counts["chips"], 1), 4),
        "stack_whole_recall": round(counts["stack_whole"] / max(counts["stack_chips"], 1), 4),
        "stack_close_recall": round(counts["stack_close"] / max(counts["stack_chips"], 1), 4),
        "hands_whole_recall": round(counts["hands_whole"] / max(counts["hands"], 1), 4),
        "hands_close_recall": round(counts["hands_close"] / max(counts["hands"], 1), 4),
        "zones_looked_at_per_frame": round(looks / max(frames_seen, 1), 2),
        "ms_p50": {k: round(float(np.median(v)), 1) for k, v in ms.items() if v},
        "ms_p95": {k: round(float(np.percentile(v, 95)), 1) for k, v in ms.items() if v},
    }


def _as(dets: Detections, names: tuple[str, ...]) -> Detections:
    """``dets``' chips with the class ids of ``names`` (the renderer's order)."""
    chips = dets.select(dets.of_class("chip"))
    ids = np.full(len(chips), names.index("chip"), np.int32)
    return Detections(chips.xyxy, chips.confidence, ids, names)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("renders", type=Path, nargs="+", help="rendered scenario folders, or folders of them")
    parser.add_argument("--every", type=int, default=4, help="every n-th scenario (default 4)")
    parser.add_argument("--step", type=float, default=1.0, help="seconds between frames looked at")
    parser.add_argument("--zoom", type=float, default=DetectorConfig().bet_zoom)
    parser.add_argument("--model", type=Path, default=MODEL)
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args(argv)
    folders = find_folders(args.renders)[:: args.every]
    if not folders:
        parser.error(
            f"no rendered scenarios (events.json + camera.yaml) under {', '.join(map(str, args.renders))}"
        )
    detector = OnnxDetector(args.model, conf=DetectorConfig().conf)
    report = evaluate(folders, detector, args.zoom, args.step)
    print(f"{report['scenarios']} scenarios, {report['frames']} frames, {report['chips']} chips in bet zones")
    print(f"whole frame: found {report['whole_recall']:.3f}, {report['whole_false']} false")
    print(
        f"close look (zoom {args.zoom:g}): found {report['close_recall']:.3f}, {report['close_false']} false"
    )
    print(
        f"{report['stack_chips']} chips in stack zones: whole frame {report['stack_whole_recall']:.3f}"
        f" ({report['stack_whole_false']} false), with the close look {report['stack_close_recall']:.3f}"
        f" ({report['stack_close_false']} false)"
    )
    print(
        f"hands in the bet zones' look boxes: {report['hands']};"
        f" whole frame {report['hands_whole_recall']:.3f}"
        f" ({report['hands_whole_false']} false), with the close look {report['hands_close_recall']:.3f}"
        f" ({report['hands_close_false']} false)"
    )
    print(f"zones looked at again per frame: {report['zones_looked_at_per_frame']}")
    print("ms p50:", report["ms_p50"], "p95:", report["ms_p95"])
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
