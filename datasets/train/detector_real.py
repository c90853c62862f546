"""Real photos for the table detector's training, beside the simulator's frames.

    python -m datasets.train.detector_real OUT --synthetic SYNTH/data.yaml [--max-side 960]

Writes ``OUT/images/train``, ``OUT/labels/train`` (YOLO boxes in the detector's classes) from the two
real sets that may be trained on (``../shared/real-samples/README.md``):

- ``blackjack_v13_train`` (Roboflow Universe "Black Jack" v13, CC BY 4.0): 2,221 photos of cards on
  tables with whole-card outlines. The 52 cards and the joker become ``card_up``, a card back
  ``card_down``, the chip classes ``chip``.
- ``edje_cards/images/train`` (EdjeElectronics, Apache-2.0): 296 photos of cards with whole-card
  boxes, every rank class becoming ``card_up``. ``edje_cards/images/test`` is the real-photo
  measurement (``datasets.eval_real``) and is refused here.

and ``OUT/data.yaml``: training on the synthetic dataset's train split plus these photos, validating
on the synthetic val split (the real test sets are measured apart), in the synthetic dataset's classes.
Photos are scaled down to ``max_side`` pixels on their long side (the detector trains at 320-640; a
12 MP phone photo would cost most of a CPU epoch in JPEG decoding). The hands and the other objects
the detector knows are not labelled in these photos, so they teach cards and chips only.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import cv2
import numpy as np
import yaml

from datasets.train.card_real import BLACKJACK_NAMES, REAL_SAMPLES, edje_boxes, edje_image

CHIP_NAMES = {"black chip", "blue chip", "chips", "green chip", "red chip", "white chip"}


def blackjack_class(name: str) -> str | None:
    """The detector class of a Black Jack v13 label name (None: not a class the detector has)."""
    if name == "card back":
        return "card_down"
    if name in CHIP_NAMES:
        return "chip"
    if " of " in name or name == "Joker":
        return "card_up"
    return None


def polygon_box(values: list[float]) -> tuple[float, float, float, float] | None:
    """A YOLO label's normalised box (x0, y0, x1, y1, clipped to 0-1) from a polygon (x y x y ...)
    or a plain ``cx cy w h`` box; None for a degenerate one."""
    if len(values) == 4:
        cx, cy, w, h = values
        x0, y0, x1, y1 = cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2
    elif len(values) >= 6 and len(values) % 2 == 0:
        pts = np.asarray(values, np.float64).reshape(-1, 2)
        (x0, y0), (x1, y1) = pts.min(axis=0), pts.max(axis=0)
    else:
        return None
    x0, y0, x1, y1 = (float(min(max(v, 0.0), 1.0)) for v in (x0, y0, x1, y1))
    return (x0, y0, x1, y1) if x1 - x0 > 1e-3 and y1 - y0 > 1e-3 else None


def yolo_line(class_id: int, box: tuple[float, float, float, float]) -> str:
    x0, y0, x1, y1 = box
    return f"{class_id} {(x0 + x1) / 2:.6f} {(y0 + y1) / 2:.6f} {x1 - x0:.6f} {y1 - y0:.6f}"


def _write(out: Path, stem: str, image: np.ndarray, lines: list[str], max_side: int) -> None:
    h, w = image.shape[:2]
    scale = max_side / max(h, w)
    if scale < 1.0:
        image = cv2.resize(image, (round(w * scale), round(h * scale)), interpolation=cv2.INTER_AREA)
    cv2.imwrite(str(out / "images" / "train" / f"{stem}.jpg"), image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    (out / "labels" / "train" / f"{stem}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def write_blackjack(out: Path, names: list[str], src: Path, max_side: int) -> dict[str, int]:
    counts = {"images": 0, "boxes": 0, "dropped_labels": 0}
    for f in sorted((src / "train" / "images").glob("*.jpg")):
        label_file = src / "train" / "labels" / f"{f.stem}.txt"
        image = cv2.imread(str(f), cv2.IMREAD_COLOR)
        if image is None or not label_file.is_file():
            continue
        lines = []
        for row in label_file.read_text(encoding="utf-8").splitlines():
            parts = row.split()
            if not parts:
                continue
            k = int(parts[0])
            cls = blackjack_class(BLACKJACK_NAMES[k]) if k < len(BLACKJACK_NAMES) else None
            box = polygon_box([float(v) for v in parts[1:]])
            if cls is None or cls not in names or box is None:
                counts["dropped_labels"] += 1
                continue
            lines.append(yolo_line(names.index(cls), box))
        if lines:
            _write(out, f"bj_{f.stem[:60]}", image, lines, max_side)
            counts["images"] += 1
            counts["boxes"] += len(lines)
    return counts


def write_edje_train(out: Path, names: list[str], src: Path, max_side: int) -> dict[str, int]:
    if src.name == "test":
        raise ValueError(f"{src}: edje_cards/images/test is the measurement set; never train on it")
    counts = {"images": 0, "boxes": 0}
    for xml in sorted(src.glob("*.xml")):
        image = edje_image(xml)
        if image is None:
            continue
        h, w = image.shape[:2]
        lines = []
        for _, (x0, y0, x1, y1) in edje_boxes(xml):
            box = polygon_box([(x0 + x1) / 2 / w, (y0 + y1) / 2 / h, (x1 - x0) / w, (y1 - y0) / h])
            if box is not None:
                lines.append(yolo_line(names.index("card_up"), box))
        if lines:
            _write(out, f"edje_{xml.stem}", image, lines, max_side)
            counts["images"] += 1
            counts["boxes"] += len(lines)
    return counts


def build(out: Path, synthetic: Path, real: Path = REAL_SAMPLES, max_side: int = 960) -> dict[str, object]:
    """Write the real photos and ``out/data.yaml`` (see the module docstring); returns the counts."""
    spec = yaml.safe_load(synthetic.read_text(encoding="utf-8"))
    root = Path(spec.get("path") or synthetic.parent)
    names = list(spec["names"].values()) if isinstance(spec["names"], dict) else list(spec["names"])
    for needed in ("card_up", "card_down", "chip"):
        if needed not in names:
            raise ValueError(f"{synthetic}: class '{needed}' missing from names {names}")
    for sub in ("images", "labels"):
        (out / sub / "train").mkdir(parents=True, exist_ok=True)
    counts: dict[str, object] = {
        "blackjack_v13_train": write_blackjack(out, names, real / "blackjack_v13_train", max_side),
        "edje_cards_train": write_edje_train(out, names, real / "edje_cards" / "images" / "train", max_side),
    }
    data = {
        "path": str(out.resolve()),
        "train": [str((root / spec["train"]).resolve()), str((out / "images" / "train").resolve())],
        "val": str((root / spec["val"]).resolve()),
        "nc": len(names),
        "names": names,
    }
    (out / "data.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    (out / "manifest.json").write_text(
        json.dumps({"synthetic": str(synthetic), "max_side": max_side, "counts": counts}, indent=1) + "\n",
        encoding="utf-8",
    )
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--synthetic", type=Path, required=True, help="data.yaml of a synthetic dataset")
    parser.add_argument("--real", type=Path, default=REAL_SAMPLES, help="the real-samples folder")
    parser.add_argument("--max-side", type=int, default=960)
    args = parser.parse_args()
    if not args.synthetic.is_file():
        raise SystemExit(f"{args.synthetic}: no such data.yaml (make one with `railbird synth dataset`)")
    print(json.dumps(build(args.out, args.synthetic, args.real, args.max_side), indent=1))


if __name__ == "__main__":
    main()
