"""Labelled card corners cut from the licensed real photos (the Roboflow "Black Jack" set and the edje
tutorial cards' train split), for the card classifier; ``extract_real`` writes them as crop folders.
The edje test split is never read here: it is the real-photo measurement (``datasets.eval_cards``)."""

from __future__ import annotations

import glob
import hashlib
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

from datasets.train.card_data import (
    EDJE_RANKS,
    NONE,
    RANKS,
    REAL_SAMPLES,
    SUITS,
    middle_and_edge_crops,
    off_corners,
    warp_region,
    write_crop,
)
from vision.card_crops import (
    CARD_CM,
    INDEX_CM,
    corner_crops,
    find_card_quad,
    index_crops,
    orient_quad,
    warp_card,
)

BLACKJACK_NAMES = (
    "10 of clubs",
    "10 of diamonds",
    "10 of hearts",
    "10 of spades",
    "2 of clubs",
    "2 of diamonds",
    "2 of hearts",
    "2 of spades",
    "3 of clubs",
    "3 of diamonds",
    "3 of hearts",
    "3 of spades",
    "4 of clubs",
    "4 of diamonds",
    "4 of hearts",
    "4 of spades",
    "5 of clubs",
    "5 of diamonds",
    "5 of hearts",
    "5 of spades",
    "6 of clubs",
    "6 of diamonds",
    "6 of hearts",
    "6 of spades",
    "7 of clubs",
    "7 of diamonds",
    "7 of hearts",
    "7 of spades",
    "8 of clubs",
    "8 of diamonds",
    "8 of hearts",
    "8 of spades",
    "9 of clubs",
    "9 of diamonds",
    "9 of hearts",
    "9 of spades",
    "Ace of clubs",
    "Ace of diamonds",
    "Ace of hearts",
    "Ace of spades",
    "Jack of clubs",
    "Jack of diamonds",
    "Jack of hearts",
    "Jack of spades",
    "Joker",
    "King of clubs",
    "King of diamonds",
    "King of hearts",
    "King of spades",
    "Queen of clubs",
    "Queen of diamonds",
    "Queen of hearts",
    "Queen of spades",
    "black chip",
    "blue chip",
    "card back",
    "chips",
    "green chip",
    "red chip",
    "white chip",
)  # data.yaml of blackjack_v13_train, in order


def blackjack_card(name: str) -> str | None:
    """'10 of clubs' -> 'Tc', 'Ace of spades' -> 'As'; None for jokers, backs and chips."""
    parts = name.split(" of ")
    if len(parts) != 2:
        return None
    rank = {"10": "T", "Ace": "A", "Jack": "J", "Queen": "Q", "King": "K"}.get(parts[0], parts[0])
    suit = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}.get(parts[1])
    return rank + suit if rank in RANKS and suit else None


def polygon_quad(points: np.ndarray) -> np.ndarray | None:
    """(4, 2) float32 card corners from a card's outline polygon (n, 2) pixels: the four-sided fit
    (approxPolyDP, or the min-area rectangle) that best overlaps it; None when none overlaps it
    well (a card partly hidden or bent)."""
    hull = cv2.convexHull(points.astype(np.float32))
    area = float(cv2.contourArea(hull))
    if area < 100:
        return None
    cands = [cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float32)]
    peri = cv2.arcLength(hull, True)
    for eps in (0.02, 0.04, 0.06):
        poly = cv2.approxPolyDP(hull, eps * peri, True)
        if len(poly) == 4:
            cands.append(poly.reshape(4, 2).astype(np.float32))
            break
    lo = hull.reshape(-1, 2).min(axis=0) - 5
    size = (hull.reshape(-1, 2).max(axis=0) - lo + 10).astype(int)
    blob = (
        cv2.fillConvexPoly(np.zeros((size[1], size[0]), np.uint8), np.round(hull - lo).astype(np.int32), 1)
        > 0
    )
    best, best_iou = None, 0.0
    for c in cands:
        shape = cv2.fillConvexPoly(np.zeros_like(blob, np.uint8), np.round(c - lo).astype(np.int32), 1) > 0
        iou = float((shape & blob).sum()) / max(float((shape | blob).sum()), 1.0)
        if iou > best_iou:
            best, best_iou = c, iou
    if best is None or best_iou < 0.9:
        return None
    q = orient_quad(best)
    sides = np.linalg.norm(q - np.roll(q, -1, axis=0), axis=1)
    aspect = (sides[1] + sides[3]) / max(sides[0] + sides[2], 1e-6)
    return q if 1.0 <= aspect < 2.5 else None  # the 640x640 photos were stretched: aspect is loose


def ink(corner: np.ndarray) -> float:
    """Share of dark or coloured pixels in the index column of a (48, 32, 3) corner crop."""
    col = corner[2:38, 1:18]
    hsv = cv2.cvtColor(col, cv2.COLOR_BGR2HSV)
    paper = float(np.percentile(hsv[..., 2], 90))
    marked = (hsv[..., 2] < paper * 0.6) | (hsv[..., 1] > 90)
    return float(marked.mean())


def unmirror(card_img: np.ndarray) -> tuple[np.ndarray, bool] | None:
    """The upright card as printed, and whether it had to be flipped: a photo flipped left-right
    shows its indices at the top-right and bottom-left corners. None when undecidable."""
    on, off = corner_crops(card_img), off_corners(card_img)
    a, b = ink(on[0]) + ink(on[1]), ink(off[0]) + ink(off[1])
    if a > 1.4 * b + 0.01:
        return card_img, False
    if b > 1.4 * a + 0.01:
        return np.ascontiguousarray(card_img[:, ::-1]), True
    return None


def source_split(key: str, val_fraction: float = 0.1) -> str:
    """The split ("train" or "val") of a photo, by a hash of its name: the same in every run."""
    h = int(hashlib.sha1(key.encode()).hexdigest()[:8], 16) / 0xFFFFFFFF
    return "val" if h < val_fraction else "train"


Teacher = Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]]  # crops -> rank (n, 14), suit (n, 4) probs


def _orientation(
    img: np.ndarray, quad: np.ndarray, card: str, teacher: Teacher | None
) -> tuple[np.ndarray, bool] | None:
    """The card of ``quad`` warped upright as printed, and whether it was flipped back (Roboflow
    mirrored some photos). With a ``teacher``, the one of four readings (either side as the top,
    flipped or not; the stretched 640x640 photos can make a card look square) in which it reads
    ``card`` clearly best (None when it cannot tell); without one, the ink heuristic on the quad as fitted."""
    upright = warp_card(img, quad)
    if teacher is not None:
        variants = []
        for roll in (0, 1):
            base = upright if roll == 0 else warp_card(img, np.roll(quad, 1, axis=0))  # the other side up
            variants += [(base, False), (np.ascontiguousarray(base[:, ::-1]), True)]
        rank, suit = teacher(np.concatenate([corner_crops(v) for v, _ in variants]))
        p = (
            (rank[:, RANKS.index(card[0])] * suit[:, SUITS.index(card[1])])
            .reshape(len(variants), 2)
            .max(axis=1)
        )
        order = np.argsort(-p)
        if p[order[0]] >= 0.05 and p[order[0]] >= 3 * p[order[1]]:
            return variants[int(order[0])]
        return None
    return unmirror(upright)


def extract_blackjack(
    out: Path,
    src: Path = REAL_SAMPLES / "blackjack_v13_train",
    val_fraction: float = 0.1,
    limit: int | None = None,
    teacher: Teacher | None = None,
) -> dict[str, int]:
    """Index corners of every well-outlined card in the Roboflow Black Jack v13 train split (CC BY
    4.0), both corners labelled with the card (after flipping back the photos Roboflow mirrored);
    the two other corners and card backs as "none". Photos go to val by a hash of their source
    name (all augmented copies of one photo together)."""
    counts: dict[str, int] = {"cards": 0, "skipped": 0, "mirrored": 0, "undecided": 0, "none": 0}
    files = sorted((src / "train" / "images").glob("*.jpg"))[:limit]
    for f in files:
        label_file = src / "train" / "labels" / (f.stem + ".txt")
        if not label_file.is_file():
            continue
        img = cv2.imread(str(f), cv2.IMREAD_COLOR)
        if img is None:
            continue
        h, w = img.shape[:2]
        split = source_split(f.name.split("_jpg")[0], val_fraction)
        for k, line in enumerate(label_file.read_text().splitlines()):
            parts = line.split()
            if len(parts) < 7:
                continue
            cls = int(parts[0])
            name = BLACKJACK_NAMES[cls] if cls < len(BLACKJACK_NAMES) else ""
            card = blackjack_card(name)
            if card is None and name != "card back":
                continue
            pts = np.array(parts[1:], np.float32).reshape(-1, 2) * (w, h)
            quad = polygon_quad(pts)
            if quad is None or quad.min() < -2 or quad[:, 0].max() > w + 2 or quad[:, 1].max() > h + 2:
                counts["skipped"] += 1
                continue
            stem = f"bj_{f.stem[:40]}_{k}"
            if card is None:  # a back: both corners are negatives
                for j, c in enumerate(corner_crops(warp_card(img, quad))):
                    write_crop(out, split, NONE, f"{stem}_{j}", c)
                    counts["none"] += 1
                continue
            fixed = _orientation(img, quad, card, teacher)
            if fixed is None:
                counts["undecided"] += 1
                continue
            upright, flipped = fixed
            counts["mirrored"] += int(flipped)
            for j, c in enumerate(corner_crops(upright)):
                write_crop(out, split, card, f"{stem}_{j}", c)
            for j, c in enumerate([*off_corners(upright), *middle_and_edge_crops(img, quad)]):
                write_crop(out, split, NONE, f"{stem}_off{j}", c)
                counts["none"] += 1
            counts["cards"] += 1
    return counts


def edje_boxes(xml_path: Path) -> list[tuple[str, tuple[float, float, float, float]]]:
    """(rank class name, box xyxy) of each object in a Pascal VOC file of edje_cards."""
    out = []
    for obj in ET.parse(xml_path).getroot().iter("object"):
        bb = obj.find("bndbox")
        name = obj.findtext("name", "")
        if bb is None:
            continue
        box = tuple(float(bb.findtext(k, "0")) for k in ("xmin", "ymin", "xmax", "ymax"))
        out.append((name, box))
    return out  # type: ignore[return-value]


def edje_image(xml_path: Path) -> np.ndarray | None:
    for ext in (".JPG", ".jpg", ".jpeg", ".png"):
        p = xml_path.with_suffix(ext)
        if p.is_file():
            return cv2.imread(str(p), cv2.IMREAD_COLOR)
    return None


def _background_patches(
    rng: np.random.Generator, img: np.ndarray, boxes: list[tuple[float, float, float, float]], n: int
) -> list[np.ndarray]:
    """Up to ``n`` index-shaped "none" patches of ``img`` that touch none of ``boxes`` (xyxy), at
    the scale of the cards in the photo (0.6-1.6x), any angle."""
    if not boxes:
        return []
    h, w = img.shape[:2]
    short = float(np.median([min(b[2] - b[0], b[3] - b[1]) for b in boxes]))
    out: list[np.ndarray] = []
    for _ in range(n * 10):
        pw = short * INDEX_CM[0] / CARD_CM[0] * rng.uniform(0.6, 1.6)
        ph = pw * INDEX_CM[1] / INDEX_CM[0]
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        r = 0.6 * ph
        if any(cx + r > b[0] and cx - r < b[2] and cy + r > b[1] and cy - r < b[3] for b in boxes):
            continue
        quad = cv2.boxPoints(((cx, cy), (pw, ph), float(rng.uniform(0, 360))))
        out.append(warp_region(img, orient_quad(quad)))
        if len(out) >= n:
            break
    return out


def extract_edje_train(
    out: Path,
    src: Path = REAL_SAMPLES / "edje_cards" / "images" / "train",
    val_fraction: float = 0.1,
    teacher: Teacher | None = None,
) -> dict[str, int]:
    """Index corners of every labelled card of edje_cards' train split (Apache-2.0), cut as the reader
    cuts them (``vision.card_crops.index_crops`` on the labelled box: two from a fitted outline, up to eight
    box hypotheses), labelled with the rank, and "none" patches of the photos away from the cards.

    With a ``teacher``: a crop where it reads the right rank with P >= 0.5 is kept (with the suit it
    reads when P >= 0.9: a pseudo-label, edje labels no suits); a fitted outline's corner it calls
    "none" (P >= 0.5) is kept as "none" (a corner hidden under another card: teaching the rank
    there would teach it on the wrong picture); anything else is left out, box hypotheses the
    teacher cannot read included (some show the index off-centre or turned, which the model should
    learn to read, not to call "none"). A teacher that reads a blank as a rank would otherwise pass
    its bias on."""
    if src.name == "test":
        raise ValueError("edje_cards/images/test is the measurement set; never train on it")
    counts = {
        "cards": 0,
        "fitted": 0,
        "corners": 0,
        "dropped": 0,
        "none": 0,
        "background": 0,
        "suit_pseudo_labels": 0,
    }
    rng = np.random.default_rng(17)
    for xml_path in sorted(Path(p) for p in glob.glob(str(src / "*.xml"))):
        img = edje_image(xml_path)
        if img is None:
            continue
        split = source_split(xml_path.stem, val_fraction)
        boxes = edje_boxes(xml_path)
        for j, c in enumerate(_background_patches(rng, img, [b for _, b in boxes], 4)):
            write_crop(out, split, NONE, f"edje_{xml_path.stem}_bg{j}", c)
            counts["background"] += 1
        for k, (name, box) in enumerate(boxes):
            rank = EDJE_RANKS.get(name)
            found = index_crops(img, box) if rank else None
            if found is None or rank is None:
                continue
            crops, fitted = found
            if fitted:
                quad = find_card_quad(img, box)
                for j, c in enumerate(middle_and_edge_crops(img, quad) if quad is not None else []):
                    write_crop(out, split, NONE, f"edje_{xml_path.stem}_{k}_mid{j}", c)
                    counts["background"] += 1
            keep = np.ones(len(crops), bool)
            labels = [rank] * len(crops)
            if teacher is not None:
                pr, ps = teacher(crops)
                r = RANKS.index(rank)
                # read surely (P >= 0.5), not a lucky guess on a blank
                right = (pr[:, :-1].argmax(1) == r) & (pr[:, r] >= 0.5)
                # "none" only on a fitted outline's corner (hidden under another card); a box
                # hypothesis the teacher cannot read may still show the index, cut off-centre or
                # turned: calling it "none" would teach the model to miss exactly those
                hidden = (pr[:, -1] >= 0.5) & ~right & fitted
                keep = right | hidden
                for i in np.flatnonzero(right & (ps.max(1) >= 0.9)).tolist():
                    labels[i] = rank + SUITS[int(ps[i].argmax())]
                    counts["suit_pseudo_labels"] += 1
                for i in np.flatnonzero(hidden).tolist():
                    labels[i] = NONE
                    counts["none"] += 1
            for j, c in enumerate(crops):
                if keep[j]:
                    write_crop(out, split, labels[j], f"edje_{xml_path.stem}_{k}_{j}", c)
            counts["cards"] += 1
            counts["fitted"] += int(fitted)
            counts["corners"] += int(keep.sum())
            counts["dropped"] += int((~keep).sum())
    return counts


def extract_real(out: Path, teacher_path: str | Path | None = None) -> dict[str, dict[str, int]]:
    """Both real sources into ``out/{train,val}/<label>``; a trained classifier as teacher if given."""
    teacher: Teacher | None = None
    if teacher_path is not None:
        from vision.cards import CardReader

        teacher = CardReader(teacher_path).classify
    return {
        "blackjack_v13_train": extract_blackjack(out / "blackjack", teacher=teacher),
        "edje_train": extract_edje_train(out / "edje", teacher=teacher),
    }
